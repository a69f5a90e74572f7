import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabBarList, TabShell } from './tab-shell';
import type { TabShellTab } from './tab-shell';

type Key = 'home' | 'ai' | 'mine';

function tabs(unread: number): TabShellTab<Key>[] {
  return [
    { key: 'home', title: '健康' },
    { key: 'ai', title: 'AI助手' },
    { key: 'mine', title: '我的', unread },
  ];
}

function Harness({ unread = 0, onChange }: { unread?: number; onChange?: (key: Key) => void }) {
  const [active, setActive] = useState<Key>('home');
  return (
    <TabShell
      tabs={tabs(unread)}
      activeKey={active}
      onChange={(key) => {
        onChange?.(key);
        setActive(key);
      }}
    >
      <p>内容：{active}</p>
    </TabShell>
  );
}

function tabItem(title: string): HTMLElement {
  const item = screen.getByText(title).closest<HTMLElement>('[role="tab"]');
  if (!item) {
    throw new Error(`no tab item titled ${title}`);
  }
  return item;
}

describe('TabShell', () => {
  it('renders every tab and the active content, marking the active tab', () => {
    render(<Harness />);
    expect(screen.getByText('内容：home')).toBeTruthy();
    expect(tabItem('健康').getAttribute('aria-current')).toBe('page');
    expect(tabItem('AI助手').getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
  });

  it('reports a tap on another tab and shows its content', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('AI助手'));
    expect(onChange).toHaveBeenCalledWith('ai');
    expect(screen.getByText('内容：ai')).toBeTruthy();
    expect(tabItem('AI助手').getAttribute('aria-current')).toBe('page');
    expect(tabItem('健康').getAttribute('aria-current')).toBeNull();
  });

  it('does not report a tap on the tab that is already active', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByText('健康'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('puts a capped unread badge on a tab', () => {
    render(<Harness unread={120} />);
    expect(tabItem('我的').textContent).toContain('99+');
  });

  it('gives every item the tab role, its selected state and a name that includes the unread count', () => {
    render(<Harness unread={3} />);
    const list = screen.getByRole('tablist', { name: '主导航' });
    const items = screen.getAllByRole('tab');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['健康', 'AI助手', '我的，3条未读消息']);
    expect(items.every((item) => list.contains(item) && item.tagName === 'BUTTON')).toBe(true);
    expect(screen.getByRole('tab', { name: '健康' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'AI助手' }).getAttribute('aria-selected')).toBe('false');
  });

  it('shows no badge for 0 unread', () => {
    const { container } = render(<Harness unread={0} />);
    expect(container.querySelector('.adm-badge')).toBeNull();
    expect(tabItem('我的').textContent).toBe('我的');
  });
});

describe('TabBarList', () => {
  it('is a named tablist of title-only tabs that reports a tap on another one', () => {
    const onChange = vi.fn();
    render(
      <TabBarList
        label="数据视图"
        tabs={[
          { key: 'table', title: '数据' },
          { key: 'chart', title: '趋势' },
        ]}
        activeKey="table"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('tablist', { name: '数据视图' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '数据' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '趋势' }));
    expect(onChange).toHaveBeenCalledWith('chart');
    fireEvent.click(screen.getByRole('tab', { name: '数据' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
