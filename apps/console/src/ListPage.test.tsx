// The list pages' filter row (ListFilters) in jsdom: the keyword search hands back the trimmed text
// or undefined once cleared, and the select hands back the chosen value, undefined for its 'all'
// option, starting at the page's default or showing the value the page holds; after either the page
// is asked to go back to its first page.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { ListFilters } from './ListPage';

const STATES = [
  { value: 'all', label: '全部状态' },
  { value: 0, label: '启用中' },
  { value: 1, label: '已停用' },
] as const;

const shown = (ui: React.ReactNode) =>
  render(
    <ConfigProvider button={{ autoInsertSpace: false }} theme={{ token: { motion: false } }}>
      {ui}
    </ConfigProvider>,
  );

/** What the select named `label` shows as chosen. */
const showing = (label: string) => screen.getByLabelText(label).closest('.ant-select-content')?.getAttribute('title');

/** Opens the select named `label` and picks the option titled `option`. */
async function pick(label: string, option: string) {
  await act(async () => fireEvent.mouseDown(screen.getByLabelText(label)));
  fireEvent.click(await screen.findByTitle(option));
}

describe('ListFilters', () => {
  it('hands back the trimmed keyword, or undefined once the search is cleared, then asks for the first page', () => {
    const heard: unknown[] = [];
    shown(
      <ListFilters
        keyword={{ label: '应用名称', onSearch: (keyword) => heard.push(keyword) }}
        onFilter={() => heard.push('first page')}
      />,
    );
    const box = screen.getByRole('searchbox', { name: '应用名称' });
    fireEvent.change(box, { target: { value: ' 随访 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(heard).toEqual(['随访', 'first page', undefined, 'first page']);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('starts at 全部 unless the page gives a default, and hands back a state, or undefined for 全部', async () => {
    const heard: unknown[] = [];
    const { unmount } = shown(
      <ListFilters
        choice={{ label: '应用状态', options: STATES, onChange: (value) => heard.push(value) }}
        onFilter={() => heard.push('first page')}
      />,
    );
    expect(showing('应用状态')).toBe('全部状态');
    expect(screen.queryByRole('searchbox')).toBeNull();
    await pick('应用状态', '已停用');
    expect(showing('应用状态')).toBe('已停用');
    await pick('应用状态', '全部状态');
    expect(heard).toEqual([1, 'first page', undefined, 'first page']);
    unmount();

    shown(
      <ListFilters
        choice={{ label: '处理状态', options: STATES, defaultValue: 0, onChange: () => undefined }}
        onFilter={() => undefined}
      />,
    );
    expect(showing('处理状态')).toBe('启用中');
  });

  it('shows the value the page holds when it gives one', async () => {
    const heard: unknown[] = [];
    shown(
      <ListFilters
        choice={{ label: '投递状态', options: STATES, value: 1, onChange: (value) => heard.push(value) }}
        onFilter={() => heard.push('first page')}
      />,
    );
    expect(showing('投递状态')).toBe('已停用');
    await pick('投递状态', '启用中');
    expect(heard).toEqual([0, 'first page']);
    // Held by the page, which has not changed it: the select still shows 已停用.
    expect(showing('投递状态')).toBe('已停用');
  });
});
