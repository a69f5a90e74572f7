// The browser's voice recorder for chat clips (docs/adr/0129, 0141), shared by the patient's app and
// the doctor's console: MediaRecorder over the microphone, the clip's length measured while
// recording, a stop of its own at CHAT_VOICE_MAX_SECONDS.
import { CHAT_VOICE_MAX_SECONDS } from '@glucoguard/domain';

export interface MicrophoneClip {
  blob: Blob;
  /** Whole seconds, at least 1. */
  seconds: number;
}

export interface MicrophoneRecording {
  /** Stops and gives the clip (null when nothing was recorded). */
  stop(): Promise<MicrophoneClip | null>;
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

/** Starts recording from the microphone; `onLimit` runs when the clip reaches its longest length. */
export async function recordFromMicrophone(onLimit: () => void): Promise<MicrophoneRecording> {
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
      return {
        blob: new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' }),
        seconds: Math.max(1, seconds),
      };
    },
    cancel() {
      void finish();
    },
  };
}
