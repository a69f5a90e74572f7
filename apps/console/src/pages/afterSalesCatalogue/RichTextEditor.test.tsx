// The guide editor in jsdom: it shows the HTML it is given, its toolbar formats the selection and
// reports the new HTML, a link takes only an https address, and an emptied document is no content.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import RichTextEditor from './RichTextEditor';

// ProseMirror scrolls the selection into view with the layout jsdom does not compute: a range
// answers empty rectangles, as an unlaid-out element does.
Object.assign(Range.prototype, {
  getBoundingClientRect: () => new DOMRect(0, 0, 0, 0),
  getClientRects: () => Object.assign([] as DOMRect[], { item: () => null }),
});
Object.assign(document, { elementFromPoint: () => null });

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <RichTextEditor
        value={value}
        onChange={(html) => {
          seen.push(html);
          setValue(html);
        }}
      />
    </App>
  );
}

async function show(initial: string) {
  const seen: string[] = [];
  render(<Harness initial={initial} seen={seen} />);
  const area = await screen.findByRole('textbox', { name: '正文' });
  return { seen, area };
}

/** Selects the whole document, as a person would with Ctrl+A. */
function selectAll(area: HTMLElement) {
  act(() => area.focus());
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(area);
  selection?.removeAllRanges();
  selection?.addRange(range);
  act(() => {
    document.dispatchEvent(new Event('selectionchange'));
  });
}

describe('RichTextEditor', () => {
  it('shows the guide it is given as formatted text', async () => {
    const { area } = await show(
      '<h2>开机</h2><p>长按<strong>电源键</strong>三秒。</p><ul><li><p>插入试纸</p></li></ul>',
    );
    expect(area.querySelector('h2')?.textContent).toBe('开机');
    expect(area.querySelector('strong')?.textContent).toBe('电源键');
    expect(area.querySelector('li')?.textContent).toBe('插入试纸');
  });

  it('makes the selected text bold and reports the new HTML', async () => {
    const { seen, area } = await show('<p>采血前洗手</p>');
    selectAll(area);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '加粗' })));
    await waitFor(() => expect(seen.at(-1)).toBe('<p><strong>采血前洗手</strong></p>'));
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('turns a paragraph into a numbered list, and the item into a heading of its own', async () => {
    const { seen, area } = await show('<p>第一步</p>');
    selectAll(area);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '有序列表' })));
    await waitFor(() => expect(seen.at(-1)).toMatch(/^<ol><li><p>第一步<\/p><\/li><\/ol>/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '小标题' })));
    await waitFor(() => expect(seen.at(-1)).toMatch(/^<h3>第一步<\/h3>/));
  });

  it('links the selection only to an https address', async () => {
    const { seen, area } = await show('<p>官方说明</p>');
    selectAll(area);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '链接' })));
    const address = await screen.findByRole('textbox', { name: '链接地址' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    expect(await screen.findByText('链接须以 https:// 开头')).toBeTruthy();
    expect(seen.some((html) => html.includes('<a'))).toBe(false);
    fireEvent.change(address, { target: { value: 'https://example.com/guide' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(seen.at(-1)).toContain('href="https://example.com/guide"'));
  });

  it('shows a value set from outside (another guide opened) without reporting a change', async () => {
    const seen: string[] = [];
    const { rerender } = render(
      <App>
        <RichTextEditor value="<p>旧内容</p>" onChange={(html) => seen.push(html)} />
      </App>,
    );
    const area = await screen.findByRole('textbox', { name: '正文' });
    rerender(
      <App>
        <RichTextEditor value="<p>新内容</p>" onChange={(html) => seen.push(html)} />
      </App>,
    );
    await waitFor(() => expect(area.textContent).toBe('新内容'));
    expect(seen).toEqual([]);
  });
});
