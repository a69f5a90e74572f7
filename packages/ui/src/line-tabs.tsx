import { useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import styles from './line-tabs.module.css';

export interface LineTab {
  key: string;
  title: string;
}

export interface LineTabsProps {
  tabs: readonly LineTab[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
}

/** Where the active line sits and how far the row scrolls to centre the active tab (as antd-mobile's Tabs does). */
export function activeLinePlacement(
  tab: { left: number; width: number },
  row: { width: number; scrollWidth: number },
): { x: number; width: number; scrollLeft: number } {
  const most = Math.max(0, row.scrollWidth - row.width);
  const centred = tab.left - (row.width - tab.width) / 2;
  return { x: tab.left, width: tab.width, scrollLeft: Math.min(most, Math.max(0, centred)) };
}

/**
 * A row of tabs over content, in the look of antd-mobile's Tabs (a line under the active title that
 * slides to the tapped one, the row scrolling sideways with faded edges when it is wider than the
 * screen), drawn with CSS transitions instead of an animation library. A `tablist` of `button
 * role="tab"`; the arrow keys move between tabs.
 */
export function LineTabs({ tabs, activeKey, onChange, className }: LineTabsProps) {
  const row = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const placed = useRef(false);
  const [edges, setEdges] = useState({ left: false, right: false });
  // The row is measured again when the active tab or the titles change, not on every render.
  const titles = tabs.map((tab) => `${tab.key}:${tab.title}`).join('\n');

  const updateEdges = () => {
    const element = row.current;
    if (element !== null) {
      const left = element.scrollLeft > 0;
      const right = element.scrollLeft + element.offsetWidth < element.scrollWidth;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    }
  };

  useLayoutEffect(() => {
    const element = row.current;
    const active = element?.querySelector<HTMLElement>('[aria-selected="true"]') ?? null;
    if (element === null || line.current === null || active === null) {
      return;
    }
    const place = activeLinePlacement(
      { left: active.offsetLeft, width: active.offsetWidth },
      { width: element.offsetWidth, scrollWidth: element.scrollWidth },
    );
    // The first placement is immediate; later ones slide (the line's CSS transition).
    line.current.dataset.moving = placed.current ? 'true' : 'false';
    line.current.style.width = `${place.width}px`;
    line.current.style.transform = `translateX(${place.x}px)`;
    placed.current = true;
    element.scrollLeft = place.scrollLeft;
    updateEdges();
  }, [activeKey, titles]);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const index = (tabs.findIndex((tab) => tab.key === activeKey) + step + tabs.length) % tabs.length;
    const next = tabs[index];
    if (step !== 0 && next !== undefined) {
      event.preventDefault();
      onChange(next.key);
      row.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
    }
  };

  return (
    <div className={`${styles.lineTabs}${className ? ` ${className}` : ''}`}>
      <div aria-hidden="true" className={`${styles.mask} ${styles.maskLeft}`} data-shown={edges.left} />
      <div aria-hidden="true" className={`${styles.mask} ${styles.maskRight}`} data-shown={edges.right} />
      <div ref={row} role="tablist" className={styles.row} onScroll={updateEdges} onKeyDown={onKeyDown}>
        <div ref={line} aria-hidden="true" className={styles.line} />
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <div key={tab.key} className={styles.wrapper}>
              <button
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                className={active ? `${styles.tab} ${styles.active}` : styles.tab}
                onClick={() => {
                  if (!active) {
                    onChange(tab.key);
                  }
                }}
              >
                {tab.title}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
