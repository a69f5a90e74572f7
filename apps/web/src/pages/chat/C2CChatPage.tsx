import {
  CHAT_MESSAGES,
  CONSULT_FOLLOW_UP_LABELS,
  CONSULT_STATUS,
  REGISTER_PATH,
  UPLOAD_BUSINESS_CODE,
  UPLOAD_FAILED_MESSAGE,
  consultChatView,
  consultStatusAfterMessage,
  formatChinaTime,
  validateClientChatMessage,
} from '@glucoguard/domain';
import { isApiError, type Schema } from '@glucoguard/sdk';
import { compressWithCanvas, EmptyState, prepareImage } from '@glucoguard/ui';
import type { ChatClientPayload, ChatEntry, ChatSendOutcome } from '@glucoguard/ui/chat';
import { Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { toast } from '../../ui/toast';
import { isRegistered, useSession } from '../../store/session';
import {
  FIND_DOCTOR_PATH,
  consultDetailsPath,
  consultMorePath,
  doctorDetailPath,
  subConsultPath,
} from './consultPaths';
import { rxMessageLink } from '../recipe/rxPaths';
import { useChatSession } from './useChatSession';
import { useConsultCancel } from './useConsultCancel';
import { startVoiceRecording, VoiceUnavailable, type RecordedClip, type VoiceRecording } from './voiceRecorder';
import styles from './C2CChatPage.module.css';

/** How long a press must last before the voice button records (spec 3 §2.1: long press 400 ms). */
const LONG_PRESS_MS = 400;
/** The spec's message for a setup failure it does not name. */
const UNKNOWN_ERROR = '未知错误';
const IMAGE_UPLOAD_FAILED = '图片上传失败';

/** Where a stored upload is served. */
const fileUrl = (path: string) => `/api/files/${path}`;

/** The consultation's status after a message: the server's approveConsult, end-consult and cancel change it. */
function statusAfter(entry: ChatEntry, status: number): number {
  return entry.payload.type === 'custom' ? consultStatusAfterMessage(status, entry.payload.data) : status;
}

/** How many of the messages changed the consultation's status: a new one reads the consultation again. */
function statusChanges(entries: readonly ChatEntry[]): number {
  return entries.filter((entry) => statusAfter(entry, -1) !== -1).length;
}

type Consult = Schema<'ConsultSession'>;

/** The consultation's doctor and the ways to its details and its more page (spec 3 §2.1). */
function ConsultHeader({ consult, sessionId }: { consult: Consult | null; sessionId: string }) {
  const doctor = consult?.doctor;
  return (
    <header className={styles.header}>
      <span className={styles.doctor}>
        <span className={styles.doctorName}>{doctor?.nickName ?? ''}</span>
        {doctor?.professionalLevelName ? (
          <span className={styles.doctorLevel}>{doctor.professionalLevelName}</span>
        ) : null}
      </span>
      <Link to={consultDetailsPath(sessionId)} className={styles.headerLink}>
        咨询详情
      </Link>
      <Link to={consultMorePath(sessionId)} className={styles.headerLink} aria-label="更多">
        更多
      </Link>
    </header>
  );
}

/** Where the consultation stands, over the messages; a running interval service says until when. */
function StatusBanner({ status, consult }: { status: number; consult: Consult | null }) {
  const view = consultChatView(status);
  const until =
    status === CONSULT_STATUS.inConsultation && consult?.sessionType === 2 && consult.endTime !== null
      ? `，服务至 ${formatChinaTime(consult.endTime, 'YYYY-MM-DD HH:mm')}`
      : '';
  return (
    <p role="status" className={styles.statusBanner} data-status={status}>
      {view.banner}
      {until}
    </p>
  );
}

/**
 * What replaces the input bar outside status 2: why, and the next step — the illness description
 * (1), a cancel (3), 购买服务 after an end (0) or 找医生 after a cancel (4), spec 3 §4.
 */
function ConsultFooter({
  status,
  consult,
  busy,
  onCancel,
}: {
  status: number;
  consult: Consult | null;
  busy: boolean;
  onCancel: () => void;
}) {
  const view = consultChatView(status);
  return (
    <div className={styles.ended}>
      <p className={styles.endedNote}>{view.note}</p>
      {view.describe && consult !== null ? (
        <Link to={subConsultPath(consult)} className={styles.action}>
          填写病情描述
        </Link>
      ) : null}
      {view.cancel ? (
        <button type="button" className={styles.cancel} disabled={busy} onClick={onCancel}>
          取消咨询
        </button>
      ) : null}
      {view.followUp === 'buyService' && consult !== null ? (
        <Link to={doctorDetailPath(consult.doctor.doctorId)} className={styles.action}>
          {CONSULT_FOLLOW_UP_LABELS.buyService}
        </Link>
      ) : null}
      {view.followUp === 'findDoctor' ? (
        <Link to={FIND_DOCTOR_PATH} className={styles.action}>
          {CONSULT_FOLLOW_UP_LABELS.findDoctor}
        </Link>
      ) : null}
    </div>
  );
}

function VoiceBubble({ url, seconds }: { url: string; seconds: number }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    // The address is signed for this viewer and renewed with the history (ADR 0142): play the latest.
    if (audio.current?.dataset.url !== url) {
      audio.current = new Audio(fileUrl(url));
      audio.current.dataset.url = url;
    }
    const player = audio.current;
    player.onended = () => setPlaying(false);
    if (playing) {
      player.pause();
      player.currentTime = 0;
      setPlaying(false);
    } else {
      void player.play().then(
        () => setPlaying(true),
        () => toast('语音无法播放'),
      );
    }
  };
  return (
    <button
      type="button"
      className={styles.voiceButton}
      onClick={toggle}
      aria-label={`语音 ${seconds} 秒，点击${playing ? '停止' : '播放'}`}
    >
      <span aria-hidden="true" className={playing ? styles.voiceIconPlaying : styles.voiceIcon}>
        {playing ? '■' : '▶'}
      </span>
      <span>{seconds}″</span>
    </button>
  );
}

function MessageBody({ entry }: { entry: ChatEntry }) {
  const { payload } = entry;
  switch (payload.type) {
    case 'text':
      return <p className={styles.text}>{payload.text}</p>;
    case 'image':
      // Until the server acknowledges it, a picture has no address this viewer may open (ADR 0142).
      if (entry.state !== 'sent') {
        return <p className={styles.text}>{entry.state === 'failed' ? '[图片] 未发送' : '[图片] 发送中…'}</p>;
      }
      return (
        <a href={fileUrl(payload.url ?? '')} target="_blank" rel="noreferrer" className={styles.imageLink}>
          <img src={fileUrl(payload.url ?? '')} alt="图片消息" className={styles.image} />
        </a>
      );
    case 'voice':
      return <VoiceBubble url={payload.url ?? ''} seconds={payload.seconds ?? 1} />;
    case 'custom':
      return null;
  }
}

function MessageRow({
  entry,
  mine,
  sessionId,
  onResend,
}: {
  entry: ChatEntry;
  mine: boolean;
  sessionId: string;
  onResend: (key: string) => void;
}) {
  if (entry.payload.type === 'custom') {
    // The photos sent with the description are shown on the consultation's details page.
    const link =
      entry.payload.data === 'imgStartConsult'
        ? { to: consultDetailsPath(sessionId), label: '查看图片' }
        : rxMessageLink(entry.payload.data ?? '', entry.payload.extension);
    return (
      <li className={styles.systemRow}>
        <span className={styles.systemNote}>
          {entry.payload.description}
          {link ? (
            <Link to={link.to} className={styles.systemLink}>
              {link.label}
            </Link>
          ) : null}
        </span>
      </li>
    );
  }
  return (
    <li className={`${styles.row} ${mine ? styles.rowMine : styles.rowPeer}`} data-state={entry.state}>
      {mine && entry.state === 'failed' ? (
        <button
          type="button"
          className={styles.resend}
          aria-label="发送失败，点击重新发送"
          onClick={() => onResend(entry.key)}
        >
          !
        </button>
      ) : null}
      {mine && entry.state === 'pending' ? <span className={styles.pending}>发送中</span> : null}
      <div className={`${styles.bubble} ${mine ? styles.bubbleMine : styles.bubblePeer}`}>
        <MessageBody entry={entry} />
      </div>
    </li>
  );
}

/** The hold-to-talk button: recording starts after a 400 ms press and is sent on release. */
function HoldToTalk({ onClip }: { onClip: (clip: RecordedClip) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recording = useRef<Promise<VoiceRecording | null> | null>(null);
  const [active, setActive] = useState(false);

  const release = () => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
      if (recording.current === null) {
        toast('请按住说话');
        return;
      }
    }
    const pending = recording.current;
    recording.current = null;
    setActive(false);
    void pending?.then(async (started) => {
      const clip = await started?.stop();
      if (clip) {
        onClip(clip);
      }
    });
  };

  const press = () => {
    timer.current = setTimeout(() => {
      timer.current = null;
      setActive(true);
      recording.current = startVoiceRecording(release).catch((error: unknown) => {
        setActive(false);
        recording.current = null;
        toast(
          error instanceof VoiceUnavailable && error.reason === 'denied'
            ? '请允许使用麦克风后再录音'
            : '当前浏览器不支持录音',
        );
        return null;
      });
    }, LONG_PRESS_MS);
  };

  return (
    <button
      type="button"
      className={`${styles.holdButton} ${active ? styles.holdButtonActive : ''}`}
      onPointerDown={press}
      onPointerUp={release}
      onPointerCancel={release}
      onContextMenu={(event) => event.preventDefault()}
    >
      {active ? '松开 发送' : '按住 说话'}
    </button>
  );
}

/**
 * /findDoctor/C2CChat (spec 3 §2.1; query toId, toName, sessionId, status, type): the patient's chat
 * with a doctor — text, image and voice; the input bar only while the consultation runs (status 2);
 * a failed message keeps its mark and a resend; older messages page in by ten. Above, the doctor,
 * 咨询详情 and 更多, and where the consultation stands; the status follows the server's
 * approveConsult, end-consult and cancel messages as they arrive. Outside status 2 the bar gives way
 * to the next step: describe the illness (1), cancel (3), 购买服务 (0) or 找医生 (4).
 */
export default function C2CChatPage() {
  const [query] = useSearchParams();
  const toName = query.get('toName') ?? '';
  const sessionId = query.get('sessionId') ?? '';
  const registered = useSession((state) => isRegistered(state.customer) && state.token !== null);
  const { store, state } = useChatSession(sessionId, registered);
  const [draft, setDraft] = useState('');
  const [voiceMode, setVoiceMode] = useState(false);
  const [uploading, setUploading] = useState(false);
  const list = useRef<HTMLOListElement | null>(null);
  const firstKey = useRef<string | undefined>(undefined);

  // The consultation as the server has it, read again whenever a message changes its status (the
  // end time of an accepted interval service, the cancel reason); until it arrives, the query's status.
  const changes = statusChanges(state.entries);
  const consult = useApiData(
    () => api().GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId } } }),
    [sessionId, changes],
    { enabled: registered && sessionId !== '' },
  );
  useDocumentTitle(toName !== '' ? toName : (consult.data?.doctor.nickName ?? '在线问诊'));
  const { busy: cancelling, cancel } = useConsultCancel();
  const initialStatus = consult.data?.status ?? Number(query.get('status') ?? CONSULT_STATUS.inConsultation);
  const status = state.entries.reduce((current, entry) => statusAfter(entry, current), initialStatus);
  const cancelConsult = () =>
    cancel(sessionId, {
      cancelled: (answer) => consult.mutate(answer),
      // 50008: the doctor accepted meanwhile; the chat stays open and its input bar comes.
      accepted: () => consult.reload(),
    });

  // Keep the newest messages in sight when any arrive (ours, the doctor's, a catch-up after a
  // reconnect), but not when an older page loads above them.
  const count = state.entries.length;
  const oldest = state.entries[0]?.key;
  useEffect(() => {
    const olderPage = oldest !== firstKey.current && firstKey.current !== undefined;
    firstKey.current = oldest;
    if (count > 0 && !olderPage) {
      list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
    }
  }, [count, oldest]);

  useEffect(() => {
    if (state.kicked) {
      void Dialog.alert({ content: CHAT_MESSAGES.kicked, confirmText: '知道了' });
    }
  }, [state.kicked]);

  if (!registered) {
    return (
      <section aria-label="在线问诊" className={styles.page}>
        <p className={styles.note}>
          请先<Link to={REGISTER_PATH}>注册或登录</Link>后再咨询医生
        </p>
      </section>
    );
  }

  // No consultation to chat in (no id, or one that is not the caller's): no input bar, no status.
  const unknownConsult =
    sessionId === '' ||
    (consult.failed && isApiError(consult.error) && [400, 403, 404].includes(consult.error.status ?? 0));
  if (unknownConsult) {
    return <EmptyState title="未找到该咨询" description="请从问诊消息列表重新进入" />;
  }

  const outcome = (result: ChatSendOutcome) => {
    if (result === 'throttled') {
      toast(CHAT_MESSAGES.tooFast);
    }
    return result;
  };

  const send = async (payload: ChatClientPayload) => {
    const verdict = validateClientChatMessage({ payload, status });
    if (!verdict.ok) {
      toast(verdict.message);
      return 'failed' as const;
    }
    return outcome((await store?.send(payload)) ?? 'failed');
  };

  const sendText = async () => {
    // The box empties as soon as the message is on its way; a refused or failed one stays in the
    // list with its mark and resend, so nothing typed is lost.
    const text = draft;
    const verdict = validateClientChatMessage({ payload: { type: 'text', text }, status });
    if (!verdict.ok) {
      toast(verdict.message);
      return;
    }
    setDraft('');
    if ((await send({ type: 'text', text })) === 'throttled') {
      setDraft(text);
    }
  };

  const upload = async (task: () => Promise<string>, failure: string, make: (path: string) => ChatClientPayload) => {
    setUploading(true);
    let path: string;
    try {
      path = await task();
    } catch (error) {
      toast(isApiError(error) && error.errMsg !== '' ? error.errMsg : failure);
      return;
    } finally {
      setUploading(false);
    }
    await send(make(path));
  };

  const chooseImage = (file: File | undefined) => {
    if (file === undefined) {
      return;
    }
    void upload(
      async () => {
        const prepared = await prepareImage(file, compressWithCanvas);
        const stored = await api().POST('/common/v1/uploadImage', {
          body: { data: prepared.base64, businessCode: UPLOAD_BUSINESS_CODE.chat },
        });
        return stored.path;
      },
      IMAGE_UPLOAD_FAILED,
      (url) => ({ type: 'image', url }),
    );
  };

  const sendClip = (clip: RecordedClip) => {
    // The length the server measured when it has one (a JS-SDK clip), the recorder's otherwise.
    let seconds = clip.seconds;
    void upload(
      async () => {
        const stored = await clip.store();
        seconds = stored.seconds;
        return stored.path;
      },
      UPLOAD_FAILED_MESSAGE,
      (url) => ({ type: 'voice', url, seconds }),
    );
  };

  const resend = (key: string) => {
    void store?.resend(key).then((result) => {
      if (result === 'failed') {
        toast(CHAT_MESSAGES.resendFailed);
      }
    });
  };

  const setupError = state.setupError;
  return (
    <section aria-label="在线问诊" className={styles.page}>
      <ConsultHeader consult={consult.data} sessionId={sessionId} />
      <StatusBanner status={status} consult={consult.data} />
      {state.status !== 'open' && state.loaded && !state.kicked ? (
        <p role="status" className={styles.banner}>
          网络已断开，正在重新连接…
        </p>
      ) : null}
      {state.kicked ? (
        <p role="alert" className={styles.banner}>
          {CHAT_MESSAGES.kicked}
        </p>
      ) : null}
      {setupError ? (
        <p role="alert" className={styles.note}>
          {setupError.code > 0 && setupError.errMsg !== '' ? setupError.errMsg : UNKNOWN_ERROR}
        </p>
      ) : null}
      {state.hasMore ? (
        <button
          type="button"
          className={styles.more}
          disabled={state.loadingOlder}
          onClick={() => void store?.loadOlder()}
        >
          {state.loadingOlder ? '正在加载…' : '查看更早的消息'}
        </button>
      ) : null}
      <ol ref={list} aria-label="聊天记录" aria-live="polite" className={styles.list}>
        {state.entries.map((entry) => (
          <MessageRow
            key={entry.key}
            entry={entry}
            mine={entry.from === state.me}
            sessionId={sessionId}
            onResend={resend}
          />
        ))}
      </ol>
      {state.kicked ? null : status === CONSULT_STATUS.inConsultation ? (
        <form
          className={styles.bar}
          onSubmit={(event) => {
            event.preventDefault();
            void sendText();
          }}
        >
          <button
            type="button"
            className={styles.toolButton}
            aria-label={voiceMode ? '切换到文字输入' : '切换到语音输入'}
            onClick={() => setVoiceMode(!voiceMode)}
          >
            {voiceMode ? '文字' : '语音'}
          </button>
          {voiceMode ? (
            <HoldToTalk onClip={sendClip} />
          ) : (
            <textarea
              aria-label="消息"
              className={styles.input}
              rows={1}
              value={draft}
              placeholder="请输入消息"
              onChange={(event) => setDraft(event.target.value)}
            />
          )}
          <label className={styles.toolButton} aria-label="发送图片">
            图片
            <input
              type="file"
              accept="image/*"
              className={styles.fileInput}
              disabled={uploading}
              onChange={(event) => {
                chooseImage(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
          {voiceMode ? null : (
            <button type="submit" className={styles.send}>
              发送
            </button>
          )}
        </form>
      ) : (
        <ConsultFooter status={status} consult={consult.data} busy={cancelling} onCancel={cancelConsult} />
      )}
    </section>
  );
}
