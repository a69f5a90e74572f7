import type { Schema } from '@glucoguard/sdk';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { showError } from '../../session/errors';

/** The record's option lists by field name (the health-info dictionary, spec 2 §7). */
export type HealthOptions = Schema<'HealthInfoDictionary'>;

let cache: Promise<HealthOptions> | null = null;

/** The lists, loaded once per page load (a failed load is tried again next time). */
export function loadHealthOptions(): Promise<HealthOptions> {
  cache ??= api()
    .GET('/dictionary/v1/healthInfoDic')
    .catch((error: unknown) => {
      cache = null;
      throw error;
    });
  return cache;
}

/** The lists; `null` while loading. A failure toasts the server's message (spec 2 §8). */
export function useHealthOptions(): HealthOptions | null {
  const [options, setOptions] = useState<HealthOptions | null>(null);
  useEffect(() => {
    let alive = true;
    loadHealthOptions().then(
      (loaded) => alive && setOptions(loaded),
      (error: unknown) => alive && showError(error),
    );
    return () => {
      alive = false;
    };
  }, []);
  return options;
}

/** For tests: load the lists again. */
export function resetHealthOptions(): void {
  cache = null;
}
