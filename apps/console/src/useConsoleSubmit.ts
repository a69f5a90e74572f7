// The console's one submit guard: a second submit while one is in flight is ignored (a double click
// sends one request), the last error is cleared when a new one starts, and a failure is shown as a
// message (a 40100 has already signed out: nothing to show).
import { useCallback, useRef, useState } from 'react';
import { isSessionEnd, messageOf } from './api';

export interface ConsoleSubmit {
  busy: boolean;
  /** The failure to show, or a local validation message set with setError. */
  error: string | null;
  setError: (error: string | null) => void;
  /**
   * Runs one submit and answers its value, or undefined when it failed or another was in flight.
   * onFailure follows a failure that is shown (not the session's end), after the message is set.
   */
  run: <T>(task: () => Promise<T>, onFailure?: (failure: unknown) => void) => Promise<T | undefined>;
}

export function useConsoleSubmit(): ConsoleSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not `busy`: two clicks in one render both see busy === false.
  const inFlight = useRef(false);

  const run = useCallback(async <T>(task: () => Promise<T>, onFailure?: (failure: unknown) => void) => {
    if (inFlight.current) {
      return undefined;
    }
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      return await task();
    } catch (failure) {
      if (!isSessionEnd(failure)) {
        setError(messageOf(failure));
        onFailure?.(failure);
      }
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
