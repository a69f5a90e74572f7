import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EntryGrid, paginate } from './entry-grid';
import type { EntryTile } from './entry-grid';

function makeTiles(count: number): EntryTile[] {
  return Array.from({ length: count }, (_, index) => ({
    key: `t${index + 1}`,
    title: `入口${index + 1}`,
    icon: <svg />,
  }));
}

describe('paginate', () => {
  it('splits into full pages and a shorter last page', () => {
    expect(paginate([1, 2, 3, 4, 5, 6, 7, 8], 6)).toEqual([
      [1, 2, 3, 4, 5, 6],
      [7, 8],
    ]);
    expect(paginate([1, 2, 3, 4, 5, 6], 6)).toEqual([[1, 2, 3, 4, 5, 6]]);
    expect(paginate([], 6)).toEqual([]);
  });

  it('refuses a page size below 1', () => {
    expect(() => paginate([1], 0)).toThrow(RangeError);
  });
});

describe('EntryGrid', () => {
  it('shows up to six tiles on a single page without a carousel', () => {
    render(<EntryGrid tiles={makeTiles(6)} onSelect={() => undefined} />);
    expect(screen.getAllByRole('button')).toHaveLength(6);
    expect(screen.getByTestId('entry-grid-page-1')).toBeTruthy();
    expect(screen.queryByTestId('carousel')).toBeNull();
  });

  it('puts the seventh tile on a second swipeable page', () => {
    render(<EntryGrid tiles={makeTiles(8)} onSelect={() => undefined} />);
    expect(screen.getByTestId('carousel')).toBeTruthy();
    expect(screen.getByTestId('entry-grid-page-1').querySelectorAll('button')).toHaveLength(6);
    const second = screen.getByTestId('entry-grid-page-2');
    expect(second.querySelectorAll('button')).toHaveLength(2);
    expect(second.textContent).toContain('入口7');
    expect(second.textContent).toContain('入口8');
  });

  it('hands the tapped tile to onSelect', () => {
    const onSelect = vi.fn();
    const tiles = makeTiles(3);
    render(<EntryGrid tiles={tiles} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: '入口2' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith(tiles[1]);
  });
});
