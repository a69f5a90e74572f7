import { ASSISTANT_SEND_FAILED, REGISTER_PATH, boundHistory } from '@glucoguard/domain';
import { ChatPanel, type ChatMessage } from '@glucoguard/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toast } from '../../ui/toast';
import { isRegistered, useSession } from '../../store/session';
import { AiSendError, streamAiAnswer } from './aiStream';
import styles from './AiTab.module.css';

function Intro() {
  return (
    <div className={styles.introBox}>
      <div className={styles.introBox2}>您好，我是AI健康助手</div>
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
  // One question at a time; the pending answer shows the wait.
  const { busy, run } = useSubmitGuard({ loader: false });
  const live = useRef<AbortController | null>(null);

  // Leaving the tab closes the stream, which stops the generation on the server.
  useEffect(() => () => live.current?.abort(), []);

  const send = (text: string) => {
    void run(async () => {
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
      const controller = new AbortController();
      live.current = controller;
      const update = (change: (m: Turn) => Turn) =>
        setMessages((list) => list.map((m) => (m.id === answerId ? change(m) : m)));
      await streamAiAnswer(
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
              error instanceof AiSendError && error.serverMessage !== null
                ? error.serverMessage
                : ASSISTANT_SEND_FAILED,
            );
          },
        )
        .finally(() => {
          if (live.current === controller) {
            live.current = null;
          }
        });
      return undefined;
    });
  };

  const blockedNote = signedIn ? undefined : (
    <>
      AI助手需要登录后使用，请先<Link to={REGISTER_PATH}>注册登录</Link>。
    </>
  );

  return (
    <div className={styles.aiTabBox}>
      <header className={styles.aiTabHeader}>
        <h1 className={styles.aiTabTitle}>AI助手</h1>
      </header>
      <div className={styles.aiTabBox2}>
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
