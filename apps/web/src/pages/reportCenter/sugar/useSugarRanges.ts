import type { SugarDictionaryEntry } from '@glucoguard/domain';
import { useEffect, useState } from 'react';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';

/**
 * The user's sugar dictionary (their own targets over the defaults): slot hours and the four
 * thresholds per time type. `null` while loading.
 */
export function useSugarRanges(): readonly SugarDictionaryEntry[] | null {
  const [ranges, setRanges] = useState<readonly SugarDictionaryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .GET('/customer/v1/querySugarDic')
      .then((data) => {
        if (live) {
          setRanges(data);
        }
      })
      .catch((error: unknown) => {
        if (live) {
          setRanges([]);
          showError(error);
        }
      });
    return () => {
      live = false;
    };
  }, []);
  return ranges;
}
