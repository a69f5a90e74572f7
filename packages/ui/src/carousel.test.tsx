import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, slideAt } from './carousel';

describe('slideAt', () => {
  it('names the slide nearest the scroll position, within the slides', () => {
    expect(slideAt(0, 300, 3)).toBe(0);
    expect(slideAt(140, 300, 3)).toBe(0);
    expect(slideAt(160, 300, 3)).toBe(1);
    expect(slideAt(600, 300, 3)).toBe(2);
    expect(slideAt(900, 300, 3)).toBe(2);
    expect(slideAt(-20, 300, 3)).toBe(0);
    expect(slideAt(100, 0, 3)).toBe(0);
  });
});

/** The track of the carousel, as wide as a phone's card (jsdom lays nothing out). */
function track(width = 300): HTMLElement {
  const element = screen.getByTestId('carousel').firstElementChild as HTMLElement;
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
  return element;
}

function dots(): string {
  const indicator = screen.getByTestId('carousel').lastElementChild as HTMLElement;
  return [...indicator.children].map((dot) => (dot.classList.length > 1 ? '●' : '·')).join('');
}

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every slide in the row and an indicator that follows the scroll position', () => {
    render(
      <Carousel>
        <p key="a">一</p>
        <p key="b">二</p>
        <p key="c">三</p>
      </Carousel>,
    );
    expect(screen.getByText('一')).toBeTruthy();
    expect(screen.getByText('三')).toBeTruthy();
    expect(dots()).toBe('●··');
    const row = track();
    row.scrollLeft = 600;
    fireEvent.scroll(row);
    expect(dots()).toBe('··●');
  });

  it('moves on by itself, back to the first after the last when looping, and not while touched', () => {
    render(
      <Carousel autoplayMs={3000} loop>
        <p key="a">一</p>
        <p key="b">二</p>
      </Carousel>,
    );
    const row = track();
    vi.advanceTimersByTime(3000);
    expect(row.scrollLeft).toBe(300);
    vi.advanceTimersByTime(3000);
    expect(row.scrollLeft).toBe(0);
    fireEvent.touchStart(row);
    vi.advanceTimersByTime(6000);
    expect(row.scrollLeft).toBe(0);
    fireEvent.touchEnd(row);
    vi.advanceTimersByTime(3000);
    expect(row.scrollLeft).toBe(300);
  });

  it('stops at the last slide without looping, and has no indicator for a single slide', () => {
    const { unmount } = render(
      <Carousel autoplayMs={3000}>
        <p key="a">一</p>
        <p key="b">二</p>
      </Carousel>,
    );
    const row = track();
    vi.advanceTimersByTime(9000);
    expect(row.scrollLeft).toBe(300);
    unmount();
    render(
      <Carousel autoplayMs={3000}>
        <p>只有一张</p>
      </Carousel>,
    );
    expect(screen.getByTestId('carousel').children).toHaveLength(1);
  });
});
