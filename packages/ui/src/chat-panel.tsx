import { Button, DotLoading, TextArea } from 'antd-mobile';
import { useId } from 'react';
import type { CSSProperties, ReactNode } from 'react';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** The reply is still arriving: the bubble shows a loading indicator until text comes. */
  pending?: boolean;
}

export interface ChatPanelProps {
  messages: readonly ChatMessage[];
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (text: string) => void;
  /** A request is running or the last answer has not ended: sending waits. */
  busy?: boolean;
  /** When set, sending is impossible and this note says why (e.g. sign-in needed). */
  blockedNote?: ReactNode;
  /** Shown in the message list while it is empty. */
  emptyHint?: ReactNode;
  placeholder?: string;
}

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** Whether a chat message can be sent now (spec 2.7). */
export function canSendChat(draft: string, busy: boolean, blocked: boolean): boolean {
  return !blocked && !busy && draft.trim() !== '';
}

/** A chat layout for phones: a scrolling message list above an input bar. */
export function ChatPanel({
  messages,
  draft,
  onDraftChange,
  onSend,
  busy = false,
  blockedNote,
  emptyHint,
  placeholder = '请输入您的问题',
}: ChatPanelProps) {
  const inputId = useId();
  const blocked = blockedNote !== undefined && blockedNote !== null;
  const sendable = canSendChat(draft, busy, blocked);
  return (
    <section aria-label="对话" style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ol
        aria-label="消息列表"
        aria-live="polite"
        style={{
          flex: '1 1 auto',
          minHeight: 0,
          overflowY: 'auto',
          margin: 0,
          padding: '12px 12px 4px',
          listStyle: 'none',
        }}
      >
        {messages.length === 0 && emptyHint !== undefined ? <li>{emptyHint}</li> : null}
        {messages.map((message) => {
          const mine = message.role === 'user';
          return (
            <li
              key={message.id}
              style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '8px 0' }}
            >
              <div
                data-role={message.role}
                style={{
                  maxWidth: '78%',
                  padding: '10px 12px',
                  borderRadius: 12,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  lineHeight: 1.5,
                  fontSize: 15,
                  background: mine ? 'var(--adm-color-primary)' : 'var(--adm-color-background)',
                  color: mine ? '#fff' : 'var(--adm-color-text)',
                }}
              >
                {message.pending === true && message.text === '' ? <DotLoading aria-label="正在回复" /> : message.text}
              </div>
            </li>
          );
        })}
      </ol>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (sendable) {
            onSend(draft.trim());
          }
        }}
        style={{
          flex: 'none',
          padding: '8px 12px calc(8px + env(safe-area-inset-bottom, 0px))',
          background: 'var(--adm-color-background)',
          borderTop: '1px solid var(--adm-color-border)',
        }}
      >
        {blocked ? (
          <p role="note" style={{ margin: '0 0 8px', fontSize: 13, color: 'var(--adm-color-weak)' }}>
            {blockedNote}
          </p>
        ) : null}
        <div style={{ display: 'flex', alignItems: 'flex-end', gap: 8 }}>
          <div style={{ flex: 1, padding: '6px 10px', borderRadius: 8, background: 'var(--adm-color-fill-content)' }}>
            <label htmlFor={inputId} style={visuallyHidden}>
              消息
            </label>
            <TextArea
              id={inputId}
              value={draft}
              onChange={onDraftChange}
              placeholder={placeholder}
              disabled={blocked}
              autoSize={{ minRows: 1, maxRows: 4 }}
            />
          </div>
          <Button type="submit" color="primary" disabled={!sendable} style={{ flex: 'none' }}>
            发送
          </Button>
        </div>
      </form>
    </section>
  );
}
