import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LineTabs, activeLinePlacement } from './line-tabs';

const TABS = [
  { key: '1', title: '饮食' },
  { key: '2', title: '运动' },
  { key: '3', title: '监测' },
];

function Controlled() {
  const [active, setActive] = useState('1');
  return (
    <>
      <LineTabs tabs={TABS} activeKey={active} onChange={setActive} />
      <p>当前：{active}</p>
    </>
  );
}

describe('activeLinePlacement', () => {
  it('puts the line under the tab and scrolls the row to centre it, within the row', () => {
    expect(activeLinePlacement({ left: 300, width: 40 }, { width: 200, scrollWidth: 600 })).toEqual({
      x: 300,
      width: 40,
      scrollLeft: 220,
    });
    // Near the start the row stays at its start; near the end it stops at its end.
    expect(activeLinePlacement({ left: 20, width: 40 }, { width: 200, scrollWidth: 600 }).scrollLeft).toBe(0);
    expect(activeLinePlacement({ left: 560, width: 40 }, { width: 200, scrollWidth: 600 }).scrollLeft).toBe(400);
    // A row that fits does not scroll.
    expect(activeLinePlacement({ left: 100, width: 40 }, { width: 400, scrollWidth: 400 }).scrollLeft).toBe(0);
  });
});

describe('LineTabs', () => {
  it('is a tablist whose tapped tab becomes the selected one', () => {
    render(<Controlled />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '饮食' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '运动' }));
    expect(screen.getByText('当前：2')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '运动' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '饮食' }).getAttribute('aria-selected')).toBe('false');
  });

  it('moves between tabs with the arrow keys, round the ends, keeping focus on the selected tab', () => {
    render(<Controlled />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByText('当前：3')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '监测' }));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByText('当前：1')).toBeTruthy();
    // Only the selected tab is in the tab order.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });
});
