// One conversation: the messages (text, image, voice, the server's custom steps), older pages on
// demand, failed sends with their mark and 重发, and the input while the consultation runs.
import { Alert, Button, Empty, Input, Spin, Tag, Tooltip, Typography, Upload, App } from 'antd';
import { ExclamationCircleFilled, PictureOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import {
  CHAT_MESSAGES,
  CHAT_TEXT_MAX,
  CONSULT_MESSAGES,
  CONSULT_STATUS,
  CONSULT_STATUS_LABELS,
  type ConsultStatus,
} from '@glucoguard/domain';
import type { ChatEntry, ChatMessage } from '@glucoguard/ui/chat';
import { api, isSessionEnd, messageOf } from '../../api';
import { formatTime } from '../../format';
import type { ConsoleChatSession } from './sessionList';
import { useDoctorChat } from './useDoctorChat';
import { VoiceButton } from './VoiceButton';
import styles from './ChatPage.module.css';

type Session = ConsoleChatSession;

/** A file's or a recording's bytes as base64 (what the upload operations take). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}

/** Where a stored upload is served (the same path the patient's app reads). */
const fileUrl = (path: string) => `/api/files/${path}`;

function Body({ entry }: { entry: ChatEntry }) {
  const { payload } = entry;
  // Until the server acknowledges it, a picture or clip has no address this viewer may open (ADR 0142).
  if ((payload.type === 'image' || payload.type === 'voice') && entry.state !== 'sent') {
    const what = payload.type === 'image' ? '[图片]' : '[语音]';
    return <span className={styles.text}>{entry.state === 'failed' ? `${what} 未发送` : `${what} 发送中…`}</span>;
  }
  switch (payload.type) {
    case 'text':
      return <span className={styles.text}>{payload.text}</span>;
    case 'image':
      return (
        <a href={fileUrl(payload.url ?? '')} target="_blank" rel="noreferrer">
          <img src={fileUrl(payload.url ?? '')} alt="图片消息" className={styles.image} />
        </a>
      );
    case 'voice':
      return (
        <span className={styles.voice}>
          <audio controls preload="none" src={fileUrl(payload.url ?? '')} aria-label="语音消息" />
          <span>{payload.seconds ?? 0}″</span>
        </span>
      );
    case 'custom':
      return null;
  }
}

function Line({ entry, mine, onResend }: { entry: ChatEntry; mine: boolean; onResend: () => void }) {
  if (entry.payload.type === 'custom') {
    return (
      <div className={styles.system} data-testid="chat-system">
        {entry.payload.description}
      </div>
    );
  }
  return (
    <div className={mine ? styles.lineMine : styles.line} data-testid="chat-line" data-state={entry.state}>
      <div className={mine ? styles.bubbleMine : styles.bubble}>
        <Body entry={entry} />
      </div>
      <div className={styles.meta}>
        {entry.state === 'pending' && <Spin size="small" />}
        {entry.state === 'failed' && (
          <Tooltip title={entry.error?.errMsg ?? CHAT_MESSAGES.resendFailed}>
            <span className={styles.failed}>
              <ExclamationCircleFilled aria-label="发送失败" />
              <Button type="link" size="small" onClick={onResend}>
                重发
              </Button>
            </span>
          </Tooltip>
        )}
        <span>{formatTime(new Date(entry.time).toISOString())}</span>
      </div>
    </div>
  );
}

/** The open session's conversation. */
export function Conversation({ session, onMessage }: { session: Session; onMessage: (message: ChatMessage) => void }) {
  const { message } = App.useApp();
  const { store, state } = useDoctorChat(session.sessionId, onMessage);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const newest = state.entries.at(-1)?.key;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  // The consultation's status moves with the server's custom steps as they arrive.
  const status = state.entries.reduce<number>((current, entry) => {
    if (entry.payload.type !== 'custom') {
      return current;
    }
    if (entry.payload.data === 'approveConsult') {
      return CONSULT_STATUS.inConsultation;
    }
    return entry.payload.data === 'end-consult' ? CONSULT_STATUS.finished : current;
  }, session.status);
  const running = status === CONSULT_STATUS.inConsultation;

  const send = async () => {
    if (!store) {
      return;
    }
    if (text.trim() === '') {
      void message.warning(CONSULT_MESSAGES.chatEmpty);
      return;
    }
    const outcome = await store.send({ type: 'text', text });
    if (outcome === 'throttled') {
      void message.warning('发送太快了，请稍后再发');
      return;
    }
    setText('');
  };

  // A picture: stored by the upload rules first, then sent as an image message with its path.
  const [uploading, setUploading] = useState(false);
  const sendPicture = async (file: File) => {
    if (!store) {
      return;
    }
    setUploading(true);
    try {
      const { path } = await api.POST('/console/v1/chat/uploadImage', { body: { data: await base64Of(file) } });
      if ((await store.send({ type: 'image', url: path })) === 'throttled') {
        void message.warning('发送太快了，请稍后再发');
      }
    } catch (error) {
      if (!isSessionEnd(error)) {
        void message.error(messageOf(error));
      }
    } finally {
      setUploading(false);
    }
  };

  // A voice clip: stored by the patient's voice upload rules, then sent as a voice message with its length.
  const sendVoice = async (clip: { blob: Blob; seconds: number }) => {
    if (!store) {
      return;
    }
    setUploading(true);
    try {
      const { path } = await api.POST('/console/v1/chat/uploadVoice', { body: { data: await base64Of(clip.blob) } });
      if ((await store.send({ type: 'voice', url: path, seconds: clip.seconds })) === 'throttled') {
        void message.warning('发送太快了，请稍后再发');
      }
    } catch (error) {
      if (!isSessionEnd(error)) {
        void message.error(messageOf(error));
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className={styles.conversation} aria-label="聊天记录">
      <header className={styles.header}>
        <Typography.Title level={4} className={styles.title}>
          {session.patient?.nickname || '患者'}
        </Typography.Title>
        <Tag color={running ? 'green' : 'default'}>{CONSULT_STATUS_LABELS[status as ConsultStatus] ?? '—'}</Tag>
        {state.status !== 'open' && !state.kicked && <Tag color="orange">连接中…</Tag>}
      </header>
      {state.kicked && <Alert type="warning" showIcon message={CHAT_MESSAGES.kicked} className={styles.alert} />}
      {state.setupError && <Alert type="error" showIcon message={state.setupError.errMsg} className={styles.alert} />}
      <div className={styles.messages} data-testid="chat-messages">
        {state.hasMore && (
          <div className={styles.older}>
            <Button size="small" loading={state.loadingOlder} onClick={() => void store?.loadOlder()}>
              查看更早的消息
            </Button>
          </div>
        )}
        {!state.loaded && <Spin className={styles.loading} />}
        {state.loaded && state.entries.length === 0 && <Empty description="还没有消息" />}
        {state.entries.map((entry) => (
          <Line
            key={entry.key}
            entry={entry}
            mine={entry.from === state.me}
            onResend={() => void store?.resend(entry.key)}
          />
        ))}
        <div ref={bottom} />
      </div>
      {running ? (
        <div className={styles.composer}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
            maxLength={CHAT_TEXT_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="输入回复，Enter 发送，Shift+Enter 换行"
            aria-label="回复内容"
          />
          <Upload
            accept="image/jpeg,image/png,image/gif,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              void sendPicture(file);
              return false;
            }}
          >
            <Button size="large" icon={<PictureOutlined />} loading={uploading} disabled={!store}>
              图片
            </Button>
          </Upload>
          <VoiceButton disabled={!store || uploading} onClip={(clip) => void sendVoice(clip)} />
          <Button type="primary" size="large" onClick={() => void send()} disabled={!store}>
            发送
          </Button>
        </div>
      ) : (
        <div className={styles.closed}>
          {status === CONSULT_STATUS.finished || status === CONSULT_STATUS.cancelled
            ? CONSULT_MESSAGES.consultEnded
            : '接诊后才能回复'}
        </div>
      )}
    </section>
  );
}
