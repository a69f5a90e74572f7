import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatPanel, canSendChat } from './chat-panel';
import type { ChatMessage, ChatPanelProps } from './chat-panel';

function Harness(props: Partial<ChatPanelProps> & { initialDraft?: string }) {
  const [draft, setDraft] = useState(props.initialDraft ?? '');
  return (
    <ChatPanel
      messages={props.messages ?? []}
      draft={draft}
      onDraftChange={setDraft}
      onSend={props.onSend ?? (() => undefined)}
      busy={props.busy}
      blockedNote={props.blockedNote}
      emptyHint={props.emptyHint}
    />
  );
}

const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '发送' });

describe('canSendChat', () => {
  it('needs text, no running request and no block', () => {
    expect(canSendChat('你好', false, false)).toBe(true);
    expect(canSendChat('   ', false, false)).toBe(false);
    expect(canSendChat('你好', true, false)).toBe(false);
    expect(canSendChat('你好', false, true)).toBe(false);
  });
});

describe('ChatPanel', () => {
  it('keeps send disabled while the input is empty and sends the trimmed text', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('消息'), { target: { value: '  空腹血糖多少算正常？ ' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('空腹血糖多少算正常？');
  });

  it('waits while the last answer is still coming', () => {
    render(<Harness initialDraft="你好" busy />);
    expect(sendButton().disabled).toBe(true);
  });

  it('blocks sending with a visible note and a disabled input', () => {
    const onSend = vi.fn();
    render(<Harness initialDraft="你好" blockedNote="登录后才能使用AI助手" onSend={onSend} />);
    expect(screen.getByRole('note').textContent).toBe('登录后才能使用AI助手');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('消息').disabled).toBe(true);
    const form = sendButton().closest('form');
    expect(form).not.toBeNull();
    fireEvent.submit(form!);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('lists messages by role and shows a loading indicator for a reply without text yet', () => {
    const messages: ChatMessage[] = [
      { id: '1', role: 'user', text: '你好' },
      { id: '2', role: 'assistant', text: '', pending: true },
    ];
    const { container } = render(<Harness messages={messages} emptyHint="还没有对话" />);
    expect(screen.queryByText('还没有对话')).toBeNull();
    expect(container.querySelector('[data-role="user"]')?.textContent).toBe('你好');
    expect(container.querySelector('[data-role="assistant"] .adm-dot-loading')).not.toBeNull();
  });

  it('shows the hint while there are no messages', () => {
    render(<Harness emptyHint="还没有对话" />);
    expect(screen.getByText('还没有对话')).toBeTruthy();
  });
});
