import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown: `start(n)` counts down to 0 once a second. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const running = secondsLeft > 0;
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const timer = setInterval(() => {
      setSecondsLeft((left) => (left <= 1 ? 0 : left - 1));
    }, 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((seconds: number) => setSecondsLeft(Math.max(0, Math.floor(seconds))), []);
  return { secondsLeft, start };
}
