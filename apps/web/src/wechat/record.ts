// The messaging app's JS-SDK recorder (docs/adr/0141): wx.startRecord / wx.stopRecord record inside
// the app (its own recording sheet, no browser microphone prompt), wx.uploadVoice leaves the clip on
// the app's servers and answers a serverId, which our API fetches and stores as MP3 (ADR 0140).
// Called only once the SDK is configured (`wxReady` in wechat/jssdk.ts).

interface WxResult {
  errMsg?: string;
}

/** The JS-SDK's recording calls this app uses. */
interface RecorderSdk {
  startRecord(options: { success?: () => void; fail?: (error: WxResult) => void; cancel?: () => void }): void;
  stopRecord(options: { success?: (result: { localId: string }) => void; fail?: (error: WxResult) => void }): void;
  onVoiceRecordEnd(options: { complete: (result: { localId: string }) => void }): void;
  uploadVoice(options: {
    localId: string;
    isShowProgressTips: 0 | 1;
    success?: (result: { serverId: string }) => void;
    fail?: (error: WxResult) => void;
  }): void;
}

/** The calls wx.config must list for recording. */
export const RECORD_JS_API_LIST = ['startRecord', 'stopRecord', 'onVoiceRecordEnd', 'uploadVoice'];

/** The configured SDK's recorder, or null where the SDK is absent or lacks it. */
export function recorderSdk(): RecorderSdk | null {
  const candidate = (globalThis as { wx?: Partial<RecorderSdk> }).wx;
  return typeof candidate?.startRecord === 'function' &&
    typeof candidate.stopRecord === 'function' &&
    typeof candidate.uploadVoice === 'function' &&
    typeof candidate.onVoiceRecordEnd === 'function'
    ? (candidate as RecorderSdk)
    : null;
}

/** A recording under way in the messaging app. */
export interface WxRecording {
  /** Stops (or takes the clip the app stopped at 60 s) and uploads it: the serverId, null when nothing was recorded. */
  stop(): Promise<string | null>;
  /** Stops and throws the clip away. */
  cancel(): void;
}

/** Why the app's recorder refused: the user denied the microphone, or anything else. */
export class WxRecordRefused extends Error {
  constructor(readonly denied: boolean) {
    super(denied ? 'denied' : 'failed');
  }
}

const upload = (sdk: RecorderSdk, localId: string) =>
  new Promise<string | null>((resolve) => {
    sdk.uploadVoice({
      localId,
      isShowProgressTips: 0,
      success: (result) => resolve(result.serverId || null),
      fail: () => resolve(null),
    });
  });

/**
 * Starts the app's recorder. `onLimit` runs when the app ends the recording by itself (60 s); the
 * caller then calls `stop()`, which uploads the clip the app kept.
 */
export function startWxRecording(sdk: RecorderSdk, onLimit: () => void): Promise<WxRecording> {
  return new Promise((resolve, reject) => {
    let endedLocalId: string | null = null;
    sdk.onVoiceRecordEnd({
      complete: (result) => {
        endedLocalId = result.localId;
        onLimit();
      },
    });
    const recording: WxRecording = {
      stop() {
        if (endedLocalId !== null) {
          return upload(sdk, endedLocalId);
        }
        return new Promise((done) => {
          sdk.stopRecord({
            success: (result) => void upload(sdk, result.localId).then(done),
            fail: () => done(null),
          });
        });
      },
      cancel() {
        if (endedLocalId === null) {
          sdk.stopRecord({});
        }
      },
    };
    sdk.startRecord({
      success: () => resolve(recording),
      fail: (error) => reject(new WxRecordRefused(/auth|deny|denied|permission/i.test(error.errMsg ?? ''))),
      cancel: () => reject(new WxRecordRefused(true)),
    });
  });
}
