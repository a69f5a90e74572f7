import type { SugarDictionaryEntry } from '@glucoguard/domain';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';

const NO_RANGES: readonly SugarDictionaryEntry[] = [];

/**
 * The user's sugar dictionary (their own targets over the defaults): slot hours and the four
 * thresholds per time type. `null` while loading.
 */
export function useSugarRanges(): readonly SugarDictionaryEntry[] | null {
  const read = useApiData(() => api().GET('/customer/v1/querySugarDic'), '', { onError: showError });
  return read.failed ? NO_RANGES : read.data;
}
