import { ASSISTANT_SEND_FAILED, REGISTER_PATH, boundHistory } from '@glucoguard/domain';
import { ChatPanel, type ChatMessage } from '@glucoguard/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toast } from '../../session/errors';
import { isRegistered, useSession } from '../../store/session';
import { AiSendError, streamAiAnswer } from './aiStream';

function Intro() {
  return (
    <div
      style={{
        margin: '4px 0 8px',
        padding: '14px 16px',
        borderRadius: 12,
        background: 'var(--adm-color-background)',
        lineHeight: 1.6,
        fontSize: 14,
        color: 'var(--adm-color-text-secondary)',
      }}
    >
      <div style={{ fontSize: 16, fontWeight: 600, color: 'var(--adm-color-text)', marginBottom: 4 }}>
        您好，我是AI健康助手
      </div>
      可以为您解答血糖、血压、饮食、运动和用药方面的常见问题。回答仅供参考，不能代替医生的诊断和治疗。
    </div>
  );
}

interface Turn extends ChatMessage {
  /** The answer failed: shown with the failure message, never sent back as history. */
  failed?: boolean;
}

let nextId = 0;
const newId = () => {
  nextId += 1;
  return `m${nextId}`;
};

/**
 * The AI assistant tab (spec 2.7): the answer streams into its bubble, which shows a loading
 * indicator until the first text; sending waits while the input is empty or an answer is still
 * arriving; every question carries the earlier turns (bounded as the server bounds them).
 */
export default function AiTab() {
  useDocumentTitle('AI助手');
  const signedIn = useSession((state) => isRegistered(state.customer) && state.token !== null);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const live = useRef<AbortController | null>(null);

  // Leaving the tab closes the stream, which stops the generation on the server.
  useEffect(() => () => live.current?.abort(), []);

  const send = (text: string) => {
    if (busy) {
      return;
    }
    const history = boundHistory(
      messages.filter((m) => m.failed !== true && m.pending !== true).map((m) => ({ role: m.role, content: m.text })),
    );
    const answerId = newId();
    setMessages((list) => [
      ...list,
      { id: newId(), role: 'user', text },
      { id: answerId, role: 'assistant', text: '', pending: true },
    ]);
    setDraft('');
    setBusy(true);
    const controller = new AbortController();
    live.current = controller;
    const update = (change: (m: Turn) => Turn) =>
      setMessages((list) => list.map((m) => (m.id === answerId ? change(m) : m)));
    streamAiAnswer(
      { msg: text, lastMsg: history },
      (chunk) => update((m) => ({ ...m, text: m.text + chunk })),
      controller.signal,
    )
      .then(
        () => update((m) => ({ ...m, pending: false })),
        (error: unknown) => {
          if (controller.signal.aborted) {
            return;
          }
          update((m) => ({ ...m, pending: false, failed: true, text: ASSISTANT_SEND_FAILED }));
          toast(
            error instanceof AiSendError && error.serverMessage !== null ? error.serverMessage : ASSISTANT_SEND_FAILED,
          );
        },
      )
      .finally(() => {
        if (live.current === controller) {
          live.current = null;
          setBusy(false);
        }
      });
  };

  const blockedNote = signedIn ? undefined : (
    <>
      AI助手需要登录后使用，请先<Link to={REGISTER_PATH}>注册登录</Link>。
    </>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', background: 'var(--adm-color-box)' }}>
      <header
        style={{
          flex: 'none',
          padding: 'calc(12px + env(safe-area-inset-top, 0px)) 16px 12px',
          textAlign: 'center',
          fontSize: 17,
          fontWeight: 600,
          background: 'var(--adm-color-background)',
          borderBottom: '1px solid var(--adm-color-border)',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 'inherit' }}>AI助手</h1>
      </header>
      <div style={{ flex: '1 1 auto', minHeight: 0 }}>
        <ChatPanel
          messages={messages}
          draft={draft}
          onDraftChange={setDraft}
          onSend={send}
          busy={busy}
          blockedNote={blockedNote}
          emptyHint={<Intro />}
        />
      </div>
    </div>
  );
}
