// The dictionaries the doctor's pages name keys with (allergies, prescription categories, usage and
// frequency), read once per page from the public dictionary call.
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';

export const CONSULT_DICTIONARIES = ['allergic_history', 'rx_category', 'medicine_usaged', 'medicine_rate'] as const;
export type ConsultDictionary = (typeof CONSULT_DICTIONARIES)[number];

export interface DictionaryOption {
  value: string;
  label: string;
}

export function useDictionaries() {
  const loaded = useConsoleData((signal) =>
    api.GET('/dictionary/v1/getByCodes', { params: { query: { codes: CONSULT_DICTIONARIES.join(',') } }, signal }),
  );
  const options = (code: ConsultDictionary): DictionaryOption[] =>
    (loaded.data?.[code] ?? []).map((item) => ({ value: item.itemKey, label: item.itemValue }));
  const name = (code: ConsultDictionary, key: string): string =>
    loaded.data?.[code]?.find((item) => item.itemKey === key)?.itemValue ?? key;
  return { options, name };
}
