import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useApiData } from '../../hooks/useApiData';
import { showError } from '../../ui/toast';

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
  return useApiData(loadHealthOptions, '', { onError: showError }).data;
}

/** For tests: load the lists again. */
export function resetHealthOptions(): void {
  cache = null;
}
