import { CHAT_VOICE_MAX_SECONDS } from '@glucoguard/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFromMicrophone, VoiceUnavailable } from './voice-recorder';

/** A stand-in MediaRecorder: gives one chunk of data when stopped, like a real one with no timeslice. */
class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = Object.assign(new Event('dataavailable'), { data: new Blob(['opus-bytes']) });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event('stop'));
  }
}

function microphone(answer: 'granted' | 'denied') {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(() => (answer === 'granted' ? Promise.resolve(stream) : Promise.reject(new Error('denied')))),
    },
  });
  return track;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('recordFromMicrophone', () => {
  it('says unsupported where the browser has no MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    await expect(recordFromMicrophone(() => undefined)).rejects.toEqual(new VoiceUnavailable('unsupported'));
  });

  it('says denied when the microphone is refused', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    microphone('denied');
    await expect(recordFromMicrophone(() => undefined)).rejects.toEqual(new VoiceUnavailable('denied'));
  });

  it('records Opus in WebM, measures whole seconds (at least 1) and lets the microphone go', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const track = microphone('granted');
    const onLimit = vi.fn();
    const recording = await recordFromMicrophone(onLimit);
    vi.advanceTimersByTime(3200);
    const clip = await recording.stop();
    expect(clip?.seconds).toBe(3);
    expect(clip?.blob.type).toBe('audio/webm;codecs=opus');
    expect(await clip?.blob.text()).toBe('opus-bytes');
    expect(track.stop).toHaveBeenCalled();
    expect(onLimit).not.toHaveBeenCalled();
  });

  it('calls onLimit at the longest length', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    microphone('granted');
    const onLimit = vi.fn();
    const recording = await recordFromMicrophone(onLimit);
    vi.advanceTimersByTime(CHAT_VOICE_MAX_SECONDS * 1000);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect((await recording.stop())?.seconds).toBe(CHAT_VOICE_MAX_SECONDS);
  });
});
