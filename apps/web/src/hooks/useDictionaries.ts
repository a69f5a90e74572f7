import type { DictionaryOption } from '@glucoguard/domain';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { showError } from '../session/errors';

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

/** The dictionaries, loaded once per page load; `null` while loading, empty lists after a failure. */
export function useDictionaries(): ProfileDictionaries | null {
  const [value, setValue] = useState<ProfileDictionaries | null>(null);
  useEffect(() => {
    let alive = true;
    load().then(
      (data) => {
        if (alive) {
          setValue(data);
        }
      },
      (error: unknown) => {
        if (alive) {
          showError(error);
          setValue({ sex: [], diabetesType: [], bloodPressureType: [] });
        }
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return value;
}

/** For tests: load the dictionaries again. */
export function resetDictionaries(): void {
  cache = null;
}

/** The label of a code in a dictionary. */
export function labelOf(options: readonly DictionaryOption[], key: string | null | undefined): string | undefined {
  return options.find((option) => option.itemKey === key)?.itemValue;
}
