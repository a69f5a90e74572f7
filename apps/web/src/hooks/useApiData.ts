import { useCallback, useEffect, useRef, useState } from 'react';

/** The state of data read from the API: loading (`data` null), loaded, or failed. */
export interface ApiData<T> {
  data: T | null;
  failed: boolean;
  /** Reads again (keeps showing the old data until the new answer arrives). */
  reload: () => void;
}

/**
 * Reads data with `load` when the component mounts and whenever `key` changes; answers that
 * arrive after unmounting, or after a newer read started, are dropped.
 */
export function useApiData<T>(load: () => Promise<T>, key: string | number = ''): ApiData<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    generation.current += 1;
    const mine = generation.current;
    loadRef.current().then(
      (value) => {
        if (mine === generation.current) {
          setData(value);
          setFailed(false);
        }
      },
      () => {
        if (mine === generation.current) {
          setFailed(true);
        }
      },
    );
  }, []);

  useEffect(() => {
    reload();
    return () => {
      generation.current += 1;
    };
  }, [reload, key]);

  return { data, failed, reload };
}
