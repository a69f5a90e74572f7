import type { DictionaryOption } from '@glucoguard/domain';
import { api } from '../api';
import { showError } from '../ui/toast';
import { useApiData } from './useApiData';

/** The three dictionaries of the registration and profile forms (spec §3). */
export interface ProfileDictionaries {
  sex: DictionaryOption[];
  diabetesType: DictionaryOption[];
  bloodPressureType: DictionaryOption[];
}

let cache: Promise<ProfileDictionaries> | null = null;

function load(): Promise<ProfileDictionaries> {
  cache ??= api()
    .GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'sex,diabetes_type,bloodPressure_type' } } })
    .then((data) => ({
      sex: data.sex ?? [],
      diabetesType: data.diabetes_type ?? [],
      bloodPressureType: data.bloodPressure_type ?? [],
    }))
    .catch((error: unknown) => {
      cache = null;
      throw error;
    });
  return cache;
}

const NO_DICTIONARIES: ProfileDictionaries = { sex: [], diabetesType: [], bloodPressureType: [] };

/** The dictionaries, loaded once per page load; `null` while loading, empty lists after a failure. */
export function useDictionaries(): ProfileDictionaries | null {
  const dictionaries = useApiData(load, '', { onError: showError });
  return dictionaries.failed ? NO_DICTIONARIES : dictionaries.data;
}

/** For tests: load the dictionaries again. */
export function resetDictionaries(): void {
  cache = null;
}

/** The label of a code in a dictionary. */
export function labelOf(options: readonly DictionaryOption[], key: string | null | undefined): string | undefined {
  return options.find((option) => option.itemKey === key)?.itemValue;
}
