// The console's one data hook: loads on mount and on reload(), aborts a load the page no longer
// needs, and shows a failure as a message (a 40100 has already signed out: nothing to show).
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isSessionEnd, messageOf } from './api';

export interface ConsoleData<T> {
  data: T | undefined;
  loading: boolean;
  reload: () => void;
  /** Shows a failure of an action of the page the same way as a failed load. */
  fail: (error: unknown) => void;
}

export function useConsoleData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[] = [],
): ConsoleData<T> {
  const { message } = App.useApp();
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fail = useCallback(
    (error: unknown) => {
      if (!isSessionEnd(error)) {
        void message.error(messageOf(error));
      }
    },
    [message],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) {
          setData(value);
          setLoading(false);
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setLoading(false);
          fail(error);
        }
      },
    );
    return () => controller.abort();
  }, [round, fail, ...deps]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, loading, reload, fail };
}
