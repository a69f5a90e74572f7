import { useCallback, useEffect, useRef, useState } from 'react';

/** What a read depends on: it runs again when this changes (compared by value). */
export type ApiDataKey = string | number | boolean | null | readonly (string | number | boolean | null | undefined)[];

/** The state of data read from the API: loading (`data` null), loaded, or failed. */
export interface ApiData<T> {
  data: T | null;
  failed: boolean;
  /** The failure of the last read, `undefined` after a success (tell a 40400 from the rest). */
  error: unknown;
  /** A read is under way. */
  loading: boolean;
  /** Reads again (keeps showing the old data until the new answer arrives, unless `clear`). */
  reload: () => void;
  /** Replaces the data held, e.g. with what a save answered; a read under way is dropped. */
  mutate: (next: T | null | ((current: T | null) => T | null)) => void;
}

export interface ApiDataOptions<T = unknown> {
  /** `false`: nothing is read (a parameter is not known yet); `data` stays as it is. */
  enabled?: boolean;
  /**
   * `true`: every read starts from `null` (the page shows its loader again) instead of keeping
   * the previous answer on screen until the new one arrives.
   */
  clear?: boolean;
  /** Runs with the answer of the current read only (to hand it on, e.g. to a form's store). */
  onLoad?: (value: T) => void;
  /** Runs on a failure of the current read only (never after unmounting or a newer read). */
  onError?: (error: unknown) => void;
}

interface Held<T> {
  key: string;
  data: T | null;
  error: unknown;
  failed: boolean;
  loading: boolean;
}

function keyText(key: ApiDataKey): string {
  return typeof key === 'object' && key !== null ? JSON.stringify(key) : String(key);
}

/**
 * The one way a page reads data: with `load` when the component mounts and whenever `key`
 * changes. Answers that arrive after unmounting, or after a newer read started, are dropped,
 * so no page hand-rolls its own fetch effect with a still-mounted flag.
 */
export function useApiData<T>(
  load: () => Promise<T>,
  key: ApiDataKey = '',
  options: ApiDataOptions<T> = {},
): ApiData<T> {
  const { enabled = true, clear = false } = options;
  const text = keyText(key);
  const [held, setHeld] = useState<Held<T>>({
    key: text,
    data: null,
    error: undefined,
    failed: false,
    loading: enabled,
  });
  const generation = useRef(0);
  const latest = useRef({ load, onLoad: options.onLoad, onError: options.onError, text, clear });
  latest.current = { load, onLoad: options.onLoad, onError: options.onError, text, clear };

  const reload = useCallback(() => {
    generation.current += 1;
    const mine = generation.current;
    const { load: read, text: readKey, clear: fresh } = latest.current;
    setHeld((current) =>
      fresh
        ? { key: readKey, data: null, error: undefined, failed: false, loading: true }
        : { ...current, key: readKey, loading: true },
    );
    read().then(
      (value) => {
        if (mine === generation.current) {
          setHeld({ key: readKey, data: value, error: undefined, failed: false, loading: false });
          latest.current.onLoad?.(value);
        }
      },
      (error: unknown) => {
        if (mine === generation.current) {
          setHeld((current) => ({ ...current, key: readKey, error, failed: true, loading: false }));
          latest.current.onError?.(error);
        }
      },
    );
  }, []);

  const mutate = useCallback((next: T | null | ((current: T | null) => T | null)) => {
    generation.current += 1;
    setHeld((current) => ({
      ...current,
      data: typeof next === 'function' ? (next as (current: T | null) => T | null)(current.data) : next,
      loading: false,
    }));
  }, []);

  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload, text, enabled]);

  // With `clear`, the answer for an older key is never shown while the new key's read starts.
  const current = !clear || held.key === text;
  return {
    data: current ? held.data : null,
    failed: current && held.failed,
    error: current ? held.error : undefined,
    loading: enabled && (!current || held.loading),
    reload,
    mutate,
  };
}
