import { EMOJI_MESSAGE } from '@glucoguard/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from './antd-render';
import { GuardedInput, GuardedTextArea, formatCharCounter } from './guarded-input';

beforeAll(() => {
  installAntdMobileRender();
});

afterEach(() => {
  act(() => Toast.clear());
  vi.restoreAllMocks();
});

function Controlled({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Labelled label="问题描述" id="desc">
      <GuardedTextArea
        id="desc"
        value={value}
        maxLength={200}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    </Labelled>
  );
}

// antd-mobile copies aria-label onto its wrapper as well, so the fields are named by a <label>.
function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
    </>
  );
}

describe('GuardedInput', () => {
  it('keeps ordinary text', () => {
    const onChange = vi.fn();
    render(
      <Labelled label="姓名" id="f">
        <GuardedInput id="f" onChange={onChange} />
      </Labelled>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('姓名');
    fireEvent.change(input, { target: { value: '张三' } });
    expect(input.value).toBe('张三');
    expect(onChange).toHaveBeenLastCalledWith('张三');
    expect(screen.queryByText(EMOJI_MESSAGE)).toBeNull();
  });

  it('clears the field and shows 请不要输入表情 for 2 s in the middle when an emoji is typed', async () => {
    const show = vi.spyOn(Toast, 'show');
    const onChange = vi.fn();
    render(
      <Labelled label="姓名" id="f">
        <GuardedInput id="f" defaultValue="张" onChange={onChange} />
      </Labelled>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('姓名');
    fireEvent.change(input, { target: { value: '张😀' } });
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    expect(show).toHaveBeenCalledWith({
      content: EMOJI_MESSAGE,
      position: 'center',
      duration: 2000,
      maskClassName: 'gg-emoji-toast',
    });
  });

  it('closes its 请不要输入表情 when the field goes away, but not a toast shown since', async () => {
    const field = () => (
      <Labelled label="姓名" id="f">
        <GuardedInput id="f" />
      </Labelled>
    );
    const first = render(field());
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '😀' } });
    expect(await screen.findByText(EMOJI_MESSAGE)).toBeTruthy();
    // The closing animation is not waited for: the effect is antd-mobile's Toast.clear.
    const clear = vi.spyOn(Toast, 'clear');
    first.unmount();
    expect(clear).toHaveBeenCalledTimes(1);

    const second = render(field());
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '😀' } });
    act(() => {
      Toast.show({ content: '保存成功' });
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
    second.unmount();
    expect(clear).toHaveBeenCalledTimes(1);
    expect(screen.getByText('保存成功')).toBeTruthy();
  });

  it('catches emoji built from several code points (keycap, flag)', async () => {
    render(
      <Labelled label="昵称" id="f">
        <GuardedInput id="f" />
      </Labelled>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('昵称');
    fireEvent.change(input, { target: { value: '1️⃣' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: '中🇨🇳' } });
    expect(input.value).toBe('');
    expect(await screen.findByText(EMOJI_MESSAGE)).toBeTruthy();
  });
});

describe('GuardedTextArea', () => {
  it('clears a controlled value and tells the page', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('问题描述');
    fireEvent.change(area, { target: { value: '血糖仪坏了' } });
    expect(area.value).toBe('血糖仪坏了');
    fireEvent.change(area, { target: { value: '血糖仪坏了👍' } });
    expect(area.value).toBe('');
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(await screen.findByText(EMOJI_MESSAGE)).toBeTruthy();
  });

  it('counts characters as {n}/200 and stops at the limit', () => {
    const { container } = render(<Controlled onValue={() => undefined} />);
    const counter = () => container.querySelector('.adm-text-area-count')?.textContent;
    expect(counter()).toBe('0/200');
    const area = screen.getByLabelText<HTMLTextAreaElement>('问题描述');
    fireEvent.change(area, { target: { value: '测量结果偏高' } });
    expect(counter()).toBe('6/200');
    fireEvent.change(area, { target: { value: '长'.repeat(205) } });
    expect(area.value).toBe('长'.repeat(200));
    expect(counter()).toBe('200/200');
  });

  it('shows no counter without a limit unless asked', () => {
    const plain = render(<GuardedTextArea />);
    expect(plain.container.querySelector('.adm-text-area-count')).toBeNull();
    const counted = render(<GuardedTextArea showCount defaultValue="你好" />);
    expect(counted.container.querySelector('.adm-text-area-count')?.textContent).toBe('2');
  });
});

describe('formatCharCounter', () => {
  it('counts symbols outside the basic plane once, as the domain does', () => {
    expect(formatCharCounter('𠮷野家', 200)).toBe('3/200');
    expect(formatCharCounter('', undefined)).toBe('0');
  });
});
