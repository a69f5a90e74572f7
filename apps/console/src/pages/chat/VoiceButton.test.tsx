// The doctor's 录音 button in jsdom with a stand-in recorder: start, the running seconds, 停止并发送
// hands the clip over, 取消 throws it away, and a browser without a recorder says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { VoiceButton } from './VoiceButton';

class FakeRecorder extends EventTarget {
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType = 'audio/webm;codecs=opus';
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob(['opus-bytes']) }));
    this.dispatchEvent(new Event('stop'));
  }
}

function withMicrophone() {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: () => undefined }] }) },
  });
}

const show = (onClip = vi.fn()) => {
  render(
    <App>
      <VoiceButton disabled={false} onClip={onClip} />
    </App>,
  );
  return onClip;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('VoiceButton', () => {
  it('records, counts the seconds and sends the clip on 停止并发送', async () => {
    withMicrophone();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'performance'] });
    const onClip = show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /录音/ })));
    await act(async () => vi.advanceTimersByTime(3000));
    const stop = screen.getByRole('button', { name: /停止并发送 3″/ });
    await act(async () => fireEvent.click(stop));
    expect(onClip).toHaveBeenCalledTimes(1);
    expect(onClip.mock.calls[0]?.[0]).toMatchObject({ seconds: 3 });
    expect(screen.getByRole('button', { name: /录音/ })).toBeTruthy();
  });

  it('throws the clip away on 取消', async () => {
    withMicrophone();
    const onClip = show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /录音/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取 消' })));
    expect(onClip).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /录音/ })).toBeTruthy();
  });

  it('says so where the browser cannot record', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /录音/ })));
    expect(await screen.findByText('当前浏览器不支持录音')).toBeTruthy();
  });
});
