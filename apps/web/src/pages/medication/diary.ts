import { formatChinaTime } from '@glucoguard/domain';
import { create } from 'zustand';

/** A medicine as the form holds it (from the catalogue, the recent list or the record being edited). */
export interface ChosenMedicine {
  medicineId: string;
  productName: string;
  medicineName: string;
  specification: string;
  dosageUnit: string;
}

/** What the medication form holds while the drug chooser is open. */
export interface MedicationDraftValues {
  medicine: ChosenMedicine | null;
  usaged: string;
  rate: string;
  dosage: string;
  /** 'HH:mm' of the record's day. */
  clock: string;
}

interface MedicationDraftState {
  /** Which form the values belong to: {@link formKey} of its address. */
  key: string | null;
  values: MedicationDraftValues | null;
  keep: (key: string, values: MedicationDraftValues) => void;
  choose: (key: string, medicine: ChosenMedicine) => void;
  clear: () => void;
}

const EMPTY: MedicationDraftValues = { medicine: null, usaged: '', rate: '', dosage: '', clock: '' };

/**
 * The form of /addMedication kept while /selectDrug is open (ADR 0162): the chooser writes the
 * medicine here and goes back, and the form, mounted again, takes up what the user had filled in.
 */
export const useMedicationDraft = create<MedicationDraftState>()((set, get) => ({
  key: null,
  values: null,
  keep: (key, values) => set({ key, values }),
  choose: (key, medicine) => {
    const current = get().key === key ? (get().values ?? EMPTY) : EMPTY;
    set({ key, values: { ...current, medicine } });
  },
  clear: () => set({ key: null, values: null }),
}));

/** Which form a draft belongs to: add or edit, the day, and the record edited. */
export function formKey(params: URLSearchParams): string {
  return [
    params.get('name') ?? 'add',
    params.get('year') ?? '',
    params.get('time') ?? '',
    params.get('recordId') ?? '',
  ].join('|');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in China time, 'YYYY-MM-DD'. */
export function chinaToday(now: Date = new Date()): string {
  return formatChinaTime(now, 'YYYY-MM-DD');
}

/**
 * The diary's day from the query (ADR 0162): `year` 'YYYY' and `time` 'MM-DD' (a full
 * 'YYYY-MM-DD' in `time` is taken as it is); null when it is not a real date.
 */
export function diaryDay(year: string | null, time: string | null): string | null {
  if (time === null) {
    return null;
  }
  const full = /^\d{4}-\d{2}-\d{2}$/.test(time)
    ? time
    : /^\d{2}-\d{2}$/.test(time) && year !== null
      ? `${year}-${time}`
      : null;
  if (full === null || !/^\d{4}-/.test(full)) {
    return null;
  }
  const [y, m, d] = full.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? full : null;
}

/** The query of a day's pages: `year` and `time` ('MM-DD'). */
export function dayQuery(day: string): { year: string; time: string } {
  return { year: day.slice(0, 4), time: day.slice(5) };
}

/** The first and last day of a month, 'YYYY-MM-DD'. */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${year}-${pad(month)}-01`, last: `${year}-${pad(month)}-${pad(days)}` };
}

/** Keeps only a number's characters (digits and one point) and at most `max` of them. */
export function dosageInput(typed: string, max: number): string {
  const digits = typed.replace(/[^\d.]/g, '');
  const point = digits.indexOf('.');
  const cleaned = point < 0 ? digits : `${digits.slice(0, point + 1)}${digits.slice(point + 1).replace(/\./g, '')}`;
  return cleaned.slice(0, max);
}

/** The line under a medicine's name: the generic name when a product name is shown, and the specification. */
export function medicineDetail(medicine: { productName: string; medicineName: string; specification: string }): string {
  const named = medicine.productName !== '' && medicine.productName !== medicine.medicineName;
  return named ? `${medicine.medicineName} ${medicine.specification}` : medicine.specification;
}

/** '2026年11月3日' of 'YYYY-MM-DD'. */
export function dayTitle(day: string): string {
  return `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
}
