// Voice clips for the chat (docs/adr/0129, 0141): inside the messaging app its JS-SDK recorder
// (wx.startRecord → stopRecord → uploadVoice, the server fetches the clip by its serverId), elsewhere
// — or where the SDK cannot be configured — the browser's MediaRecorder. A clip stops by itself at
// CHAT_VOICE_MAX_SECONDS.
import { CHAT_VOICE_MAX_SECONDS, isMessagingAppBrowser } from '@glucoguard/domain';
import { readAsDataUrl } from '@glucoguard/ui';
import { recordFromMicrophone, VoiceUnavailable } from '@glucoguard/ui/chat';
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

export { VoiceUnavailable };

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

/** The browser's recorder (shared with the console), uploaded as base64 (uploadVoice). */
async function startBrowserRecording(onLimit: () => void): Promise<VoiceRecording> {
  const recording = await recordFromMicrophone(onLimit);
  return {
    async stop() {
      const clip = await recording.stop();
      if (clip === null) {
        return null;
      }
      return {
        seconds: clip.seconds,
        store: async () => {
          const data = await readAsDataUrl(clip.blob);
          const stored = await api().POST('/common/v1/uploadVoice', { body: { data } });
          return { path: stored.path, seconds: clip.seconds };
        },
      };
    },
    cancel() {
      recording.cancel();
    },
  };
}
