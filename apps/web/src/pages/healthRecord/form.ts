import { numericOrCleared, parseIdCard } from '@glucoguard/domain';
import type { HealthRecordFields } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { create } from 'zustand';
import type { Region } from '../../components/RegionPicker';

type HealthInfo = Schema<'HealthInfo'>;

/** The three tabs of the record (spec 2 §2.12). */
export const HEALTH_TABS = [
  { key: 'basic', title: '基本信息' },
  { key: 'medical', title: '病历信息' },
  { key: 'lifestyle', title: '生活方式' },
] as const;
export type HealthTab = (typeof HEALTH_TABS)[number]['key'];

/** The form as typed: texts as typed (numbers too, until sent), choices as dictionary keys. */
export interface HealthForm {
  patientName: string;
  idCard: string;
  birthday: string | null;
  sex: 1 | 2 | null;
  maritalStatus: string | null;
  job: string | null;
  emergencyContact: string;
  emergencyPhone: string;
  region: Region | null;
  address: string;
  diabetesType: string | null;
  ensureDate: string | null;
  height: string;
  weight: string;
  complications: string[];
  complicationsRemark: string;
  bloodPressureType: string | null;
  bloodPressureEnsureDate: string | null;
  treatmentTypeStr: string;
  labourIntensity: string | null;
  exerciseFrequency: string | null;
  sleepStatus: string | null;
  peacetimeEmotion: string | null;
  foodHabit: string | null;
  smokingStatus: string | null;
  smokingDaily: string;
  smokingRemark: string;
  drinkingStatus: string | null;
  drinkingType: string | null;
  drinkingDaily: string;
}

/** What the server says about the record beyond its fields. */
export interface HealthMeta {
  /** The saved name, locked (spec 2 §4); null until saved. */
  savedName: string | null;
  modifyType: '0' | '1';
  doctor: { name: string; place: string } | null;
}

const text = (value: string | null) => value ?? '';
const numberText = (value: number | null) => (value === null ? '' : String(value));

/** The form of a record as the API answers it. */
export function formOf(info: HealthInfo): HealthForm {
  return {
    patientName: text(info.patientName),
    idCard: text(info.idCard),
    birthday: info.birthday,
    sex: info.sex === 0 ? null : info.sex,
    maritalStatus: info.maritalStatus,
    job: info.job,
    emergencyContact: text(info.emergencyContact),
    emergencyPhone: text(info.emergencyPhone),
    region:
      info.province !== null && info.city !== null
        ? { province: info.province, city: info.city, district: info.district }
        : null,
    address: text(info.address),
    diabetesType: info.diabetesType,
    ensureDate: info.ensureDate,
    height: numberText(info.height),
    weight: numberText(info.weight),
    complications: [...info.complications],
    complicationsRemark: text(info.complicationsRemark),
    bloodPressureType: info.bloodPressureType,
    bloodPressureEnsureDate: info.bloodPressureEnsureDate,
    treatmentTypeStr: text(info.treatmentTypeStr),
    labourIntensity: info.labourIntensity,
    exerciseFrequency: info.exerciseFrequency,
    sleepStatus: info.sleepStatus,
    peacetimeEmotion: info.peacetimeEmotion,
    foodHabit: info.foodHabit,
    smokingStatus: info.smokingStatus,
    smokingDaily: numberText(info.smokingDaily),
    smokingRemark: text(info.smokingRemark),
    drinkingStatus: info.drinkingStatus,
    drinkingType: info.drinkingType,
    drinkingDaily: numberText(info.drinkingDaily),
  };
}

/** The server's facts beside the fields. */
export function metaOf(info: HealthInfo): HealthMeta {
  const place = [info.doctorOrganizationName, info.doctorDepartmentName]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return {
    savedName: info.nameLocked ? info.patientName : null,
    modifyType: info.modifyType,
    doctor: info.doctorName === null ? null : { name: info.doctorName, place },
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** A count as typed: a whole number is sent as such, anything else as typed so the rule reports it. */
const count = (value: string): number | null => numericOrCleared(value);

/** Birthday and sex as sent: a valid ID number's (the page shows those), else the chosen ones. */
function birthdayAndSex(form: HealthForm): { birthday: string | null; sex: 1 | 2 | null } {
  const fromId = parseIdCard(form.idCard);
  return fromId === null ? { birthday: form.birthday, sex: form.sex } : fromId;
}

/** The fields as the domain's rules and the API read them. */
export function fieldsOf(form: HealthForm): HealthRecordFields {
  return {
    patientName: orNull(form.patientName),
    idCard: orNull(form.idCard),
    ...birthdayAndSex(form),
    maritalStatus: form.maritalStatus,
    job: form.job,
    emergencyContact: orNull(form.emergencyContact),
    emergencyPhone: orNull(form.emergencyPhone),
    address: orNull(form.address),
    ensureDate: form.ensureDate,
    height: numericOrCleared(form.height),
    weight: numericOrCleared(form.weight),
    complications: form.complications,
    complicationsRemark: orNull(form.complicationsRemark),
    bloodPressureEnsureDate: form.bloodPressureEnsureDate,
    treatmentTypeStr: orNull(form.treatmentTypeStr),
    labourIntensity: form.labourIntensity,
    exerciseFrequency: form.exerciseFrequency,
    sleepStatus: form.sleepStatus,
    peacetimeEmotion: form.peacetimeEmotion,
    foodHabit: form.foodHabit,
    smokingStatus: form.smokingStatus,
    smokingDaily: count(form.smokingDaily),
    smokingRemark: orNull(form.smokingRemark),
    drinkingStatus: form.drinkingStatus,
    drinkingType: form.drinkingType,
    drinkingDaily: count(form.drinkingDaily),
  };
}

/** The save body: every field, the region as codes; a locked name is not sent again. */
export function bodyOf(form: HealthForm, meta: HealthMeta): Schema<'HealthInfoInput'> {
  const { patientName, ...fields } = fieldsOf(form);
  return {
    ...(meta.savedName === null ? { patientName } : {}),
    ...fields,
    sex: birthdayAndSex(form).sex,
    complications: [...form.complications],
    province: form.region?.province ?? null,
    city: form.region?.city ?? null,
    district: form.region?.district ?? null,
    diabetesType: form.diabetesType,
    bloodPressureType: form.bloodPressureType,
  };
}

interface DraftState {
  form: HealthForm | null;
  meta: HealthMeta | null;
  tab: HealthTab;
  /** Set while the treatment picker is open, so the record page keeps the unsaved form on return. */
  returning: boolean;
  /** A treatment chosen on /treatment opened without the record page; applied when the record loads. */
  pendingTreatment: string | null;
}

/**
 * The record being edited, kept while the user visits /treatment (a page of its own, spec 2 §2.12)
 * and comes back. It is dropped when the record page is opened afresh.
 */
export const useHealthDraft = create<DraftState>(() => ({
  form: null,
  meta: null,
  tab: 'basic',
  returning: false,
  pendingTreatment: null,
}));

/** Changes some fields of the draft. */
export function patchForm(patch: Partial<HealthForm>): void {
  useHealthDraft.setState((state) => (state.form === null ? state : { form: { ...state.form, ...patch } }));
}

/** For tests: forget the draft. */
export function resetHealthDraft(): void {
  useHealthDraft.setState({ form: null, meta: null, tab: 'basic', returning: false, pendingTreatment: null });
}
