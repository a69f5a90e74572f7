// The doctor's voice clip (docs/adr/0141): 录音 starts the browser's recorder (shared with the
// patient's app), 停止并发送 sends it, 取消 throws it away; it stops and sends by itself at 60 s.
import { App, Button, Space } from 'antd';
import { AudioOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import {
  recordFromMicrophone,
  VoiceUnavailable,
  type MicrophoneClip,
  type MicrophoneRecording,
} from '@glucoguard/ui/chat';

export function VoiceButton({ disabled, onClip }: { disabled: boolean; onClip: (clip: MicrophoneClip) => void }) {
  const { message } = App.useApp();
  const recording = useRef<MicrophoneRecording | null>(null);
  const [active, setActive] = useState(false);
  const [starting, setStarting] = useState(false);
  const [seconds, setSeconds] = useState(0);

  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setActive(false);
    const clip = await current?.stop();
    if (clip) {
      onClip(clip);
    }
  };
  const stopRef = useRef(stop);
  stopRef.current = stop;

  const start = async () => {
    setStarting(true);
    try {
      recording.current = await recordFromMicrophone(() => void stopRef.current());
      setSeconds(0);
      setActive(true);
    } catch (error) {
      void message.error(
        error instanceof VoiceUnavailable && error.reason === 'denied'
          ? '请允许浏览器使用麦克风后再录音'
          : '当前浏览器不支持录音',
      );
    } finally {
      setStarting(false);
    }
  };

  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setActive(false);
  };

  // The running length while recording; a recording left by closing the conversation is thrown away.
  useEffect(() => {
    if (!active) {
      return;
    }
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
  useEffect(() => () => recording.current?.cancel(), []);

  if (active) {
    return (
      <Space.Compact>
        <Button danger type="primary" size="large" icon={<AudioOutlined />} onClick={() => void stop()}>
          停止并发送 {seconds}″
        </Button>
        <Button size="large" onClick={cancel}>
          取消
        </Button>
      </Space.Compact>
    );
  }
  return (
    <Button size="large" icon={<AudioOutlined />} loading={starting} disabled={disabled} onClick={() => void start()}>
      录音
    </Button>
  );
}
