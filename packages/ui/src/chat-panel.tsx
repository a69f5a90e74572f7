import { Button, DotLoading, TextArea } from 'antd-mobile';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './chat-panel.module.css';

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
    <section aria-label="对话" className={styles.chatPanelSection}>
      <ol aria-label="消息列表" aria-live="polite" className={styles.chatPanelList}>
        {messages.length === 0 && emptyHint !== undefined ? <li>{emptyHint}</li> : null}
        {messages.map((message) => {
          const mine = message.role === 'user';
          return (
            <li key={message.id} className={`${styles.chatPanelItem} ${mine ? styles.mineItem : styles.replyItem}`}>
              <div
                data-role={message.role}
                className={`${styles.chatPanelBox} ${mine ? styles.mineBubble : styles.replyBubble}`}
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
        className={styles.chatPanelForm}
      >
        {blocked ? (
          <p role="note" className={styles.chatPanelText}>
            {blockedNote}
          </p>
        ) : null}
        <div className={styles.chatPanelBox2}>
          <div className={styles.chatPanelBox3}>
            <label htmlFor={inputId} className={styles.visuallyHidden}>
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
          <Button type="submit" color="primary" disabled={!sendable} className={styles.chatPanelButton}>
            发送
          </Button>
        </div>
      </form>
    </section>
  );
}
