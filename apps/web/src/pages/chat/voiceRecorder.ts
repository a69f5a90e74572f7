// Voice clips for the chat (docs/adr/0129, 0141): inside the messaging app its JS-SDK recorder
// (wx.startRecord → stopRecord → uploadVoice, the server fetches the clip by its serverId), elsewhere
// — or where the SDK cannot be configured — the browser's MediaRecorder. A clip stops by itself at
// CHAT_VOICE_MAX_SECONDS.
import { CHAT_VOICE_MAX_SECONDS, isMessagingAppBrowser } from '@glucoguard/domain';
import { readAsDataUrl } from '@glucoguard/ui';
import { api } from '../../api';
import { wxReady } from '../../wechat/jssdk';
import { recorderSdk, startWxRecording, WxRecordRefused } from '../../wechat/record';

export interface RecordedClip {
  /** Whole seconds measured while recording, at least 1. */
  seconds: number;
  /** Stores the clip through the API: the path a voice message carries and the clip's length. */
  store(): Promise<{ path: string; seconds: number }>;
}

export interface VoiceRecording {
  /** Stops and gives the clip (null when nothing was recorded). */
  stop(): Promise<RecordedClip | null>;
  /** Stops and throws the clip away. */
  cancel(): void;
}

/** Why recording cannot start: no recorder in this browser, or the microphone refused. */
export class VoiceUnavailable extends Error {
  constructor(readonly reason: 'unsupported' | 'denied') {
    super(reason);
  }
}

/** The container the browser records in, preferring Opus in WebM, then MP4 (Safari). */
function mimeType(): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
}

/**
 * Starts recording: with the messaging app's recorder when the page runs inside the app and its SDK
 * is configured, with the browser's otherwise. `onLimit` runs when the clip reaches its longest length.
 */
export async function startVoiceRecording(onLimit: () => void): Promise<VoiceRecording> {
  const sdk = isMessagingAppBrowser(navigator.userAgent) && (await wxReady()) !== null ? recorderSdk() : null;
  return sdk === null ? startBrowserRecording(onLimit) : startAppRecording(sdk, onLimit);
}

async function startAppRecording(
  sdk: NonNullable<ReturnType<typeof recorderSdk>>,
  onLimit: () => void,
): Promise<VoiceRecording> {
  let recording;
  try {
    recording = await startWxRecording(sdk, onLimit);
  } catch (error) {
    throw new VoiceUnavailable(error instanceof WxRecordRefused && error.denied ? 'denied' : 'unsupported');
  }
  const startedAt = performance.now();
  return {
    async stop() {
      const seconds = Math.min(CHAT_VOICE_MAX_SECONDS, Math.max(1, Math.round((performance.now() - startedAt) / 1000)));
      const serverId = await recording.stop();
      if (serverId === null) {
        return null;
      }
      return {
        seconds,
        store: () => api().POST('/common/v1/uploadWechatVoice', { body: { serverId } }),
      };
    },
    cancel() {
      recording.cancel();
    },
  };
}

/** The browser's recorder: MediaRecorder over the microphone, uploaded as base64 (uploadVoice). */
async function startBrowserRecording(onLimit: () => void): Promise<VoiceRecording> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new VoiceUnavailable('unsupported');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    throw new VoiceUnavailable('denied');
  }
  const type = mimeType();
  const recorder = new MediaRecorder(stream, type === undefined ? undefined : { mimeType: type });
  const chunks: Blob[] = [];
  const startedAt = performance.now();
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) {
      chunks.push(event.data);
    }
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve()));
  recorder.start();
  const limit = setTimeout(onLimit, CHAT_VOICE_MAX_SECONDS * 1000);
  const finish = async () => {
    clearTimeout(limit);
    if (recorder.state !== 'inactive') {
      recorder.stop();
    }
    await stopped;
    for (const track of stream.getTracks()) {
      track.stop();
    }
  };
  return {
    async stop() {
      const seconds = Math.min(CHAT_VOICE_MAX_SECONDS, Math.round((performance.now() - startedAt) / 1000));
      await finish();
      if (chunks.length === 0) {
        return null;
      }
      const blob = new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' });
      const length = Math.max(1, seconds);
      return {
        seconds: length,
        store: async () => {
          const stored = await api().POST('/common/v1/uploadVoice', { body: { data: await readAsDataUrl(blob) } });
          return { path: stored.path, seconds: length };
        },
      };
    },
    cancel() {
      void finish();
    },
  };
}
