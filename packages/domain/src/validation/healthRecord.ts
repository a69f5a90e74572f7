import { HEIGHT_CM_MAX, HEIGHT_CM_MIN, WEIGHT_KG_MAX, WEIGHT_KG_MIN } from '../weight';
import { isValidIdCard } from './idCard';
import { isMobilePhone } from './phone';
import { charCount, emojiCheck, failWhen, firstFailure, isBlank, maxLengthCheck, tooLongMessage } from './validator';
import type { Check, ValidationResult } from './validator';

/** Health record messages, in the spec's words. */
export const HEALTH_RECORD_MESSAGES = {
  nameRequired: '请输入姓名',
  nameTooLong: '姓名应少于10个字',
  addressTooLong: '家庭详细地址应少于50个字',
  emergencyPhone: '请填写正确的紧急联系人电话',
  idCard: '请输入正确的身份证号',
  height: '身高应在20~240cm之间',
  weight: '体重应在5~200Kg之间',
  quitSmokingRemark: '请填写戒烟前吸烟情况',
  smokingDaily: '请填写每日吸烟数量',
  drinking: '请填饮酒类型和饮酒量',
  complicationOther: '请填写其他糖尿病并发症',
  doctorLocked: '无法选择就诊医生',
} as const;

/** Health record limits: texts are 'under' their limit (fewer characters than it), counts likewise. */
export const HEALTH_RECORD_LIMITS = {
  nameUnder: 10,
  addressUnder: 50,
  smokingDailyUnder: 999,
  drinkingDailyUnder: 9999,
  complicationRemarkMax: 20,
  smokingRemarkMax: 50,
  treatmentMax: 200,
} as const;

/** The complication key of 'other', which asks for a text. */
export const COMPLICATION_OTHER_KEY = '0';

/**
 * The record as typed. Smoking and drinking are given by meaning (`smoking`, `drinking`) because
 * their dictionary codes belong to the server's health-info dictionary.
 */
export type HealthRecordInput = {
  readonly patientName?: string | null;
  readonly address?: string | null;
  readonly emergencyPhone?: string | null;
  readonly idCard?: string | null;
  readonly height?: number | string | null;
  readonly weight?: number | string | null;
  readonly smoking?: 'smoking' | 'quit' | 'other' | null;
  readonly smokingRemark?: string | null;
  readonly smokingDaily?: number | string | null;
  readonly drinking?: 'never' | 'drinks' | null;
  readonly drinkingType?: string | null;
  readonly drinkingDaily?: number | string | null;
  readonly complications?: readonly (string | number)[] | null;
  readonly complicationsRemark?: string | null;
  readonly treatmentTypeStr?: string | null;
};

function numberWithin(value: number | string | null | undefined, min: number, max: number): boolean {
  const n = Number(value);
  return !isBlank(value) && Number.isFinite(n) && n >= min && n <= max;
}

function strictlyBetween(value: number | string | null | undefined, low: number, high: number): boolean {
  const n = Number(value);
  return !isBlank(value) && Number.isFinite(n) && n > low && n < high;
}

function optional(value: unknown, check: () => ValidationResult | undefined): ValidationResult | undefined {
  return isBlank(value) ? undefined : check();
}

/** Which dependent fields the form shows for the current choices. */
export function healthRecordVisibility(input: Pick<HealthRecordInput, 'smoking' | 'drinking' | 'complications'>): {
  readonly smokingRemark: boolean;
  readonly smokingDaily: boolean;
  readonly drinkingDetails: boolean;
  readonly complicationsRemark: boolean;
} {
  return {
    smokingRemark: input.smoking === 'quit',
    smokingDaily: input.smoking === 'smoking',
    drinkingDetails: input.drinking === 'drinks',
    complicationsRemark: (input.complications ?? []).map(String).includes(COMPLICATION_OTHER_KEY),
  };
}

/**
 * The health record on submit, in the spec's order. The name is required only until it has been
 * saved (it is locked afterwards); optional fields are checked only when filled.
 */
export function validateHealthRecord(input: HealthRecordInput, options: { readonly nameSaved: boolean }): ValidationResult {
  const m = HEALTH_RECORD_MESSAGES;
  const l = HEALTH_RECORD_LIMITS;
  const shown = healthRecordVisibility(input);
  const checks: Check[] = [
    () => failWhen(!options.nameSaved && isBlank(input.patientName), 'patientName', m.nameRequired),
    () => emojiCheck('patientName', input.patientName),
    () => failWhen(charCount((input.patientName ?? '').trim()) >= l.nameUnder, 'patientName', m.nameTooLong),
    () => emojiCheck('address', input.address),
    () => failWhen(charCount(input.address ?? '') >= l.addressUnder, 'address', m.addressTooLong),
    () => optional(input.emergencyPhone, () => failWhen(!isMobilePhone(input.emergencyPhone ?? ''), 'emergencyPhone', m.emergencyPhone)),
    () => optional(input.idCard, () => failWhen(!isValidIdCard(input.idCard ?? ''), 'idCard', m.idCard)),
    () => optional(input.height, () => failWhen(!numberWithin(input.height, HEIGHT_CM_MIN, HEIGHT_CM_MAX), 'height', m.height)),
    () => optional(input.weight, () => failWhen(!numberWithin(input.weight, WEIGHT_KG_MIN, WEIGHT_KG_MAX), 'weight', m.weight)),
    () => failWhen(shown.smokingRemark && isBlank(input.smokingRemark), 'smokingRemark', m.quitSmokingRemark),
    () => (shown.smokingRemark ? emojiCheck('smokingRemark', input.smokingRemark) : undefined),
    () => (shown.smokingRemark ? maxLengthCheck('smokingRemark', input.smokingRemark, l.smokingRemarkMax, tooLongMessage('戒烟前吸烟情况', l.smokingRemarkMax)) : undefined),
    () => failWhen(shown.smokingDaily && !strictlyBetween(input.smokingDaily, 0, l.smokingDailyUnder), 'smokingDaily', m.smokingDaily),
    () => failWhen(shown.drinkingDetails && (isBlank(input.drinkingType) || !strictlyBetween(input.drinkingDaily, 0, l.drinkingDailyUnder)), 'drinkingDaily', m.drinking),
    () => failWhen(shown.complicationsRemark && isBlank(input.complicationsRemark), 'complicationsRemark', m.complicationOther),
    () => (shown.complicationsRemark ? emojiCheck('complicationsRemark', input.complicationsRemark) : undefined),
    () => (shown.complicationsRemark ? maxLengthCheck('complicationsRemark', input.complicationsRemark, l.complicationRemarkMax, tooLongMessage('其他糖尿病并发症', l.complicationRemarkMax)) : undefined),
    () => emojiCheck('treatmentTypeStr', input.treatmentTypeStr),
    () => maxLengthCheck('treatmentTypeStr', input.treatmentTypeStr, l.treatmentMax, tooLongMessage('治疗方式', l.treatmentMax)),
  ];
  return firstFailure(checks);
}

/** Whether the user may choose the doctor (`modifyType` '1'); otherwise the form toasts {@link HEALTH_RECORD_MESSAGES.doctorLocked}. */
export function canChooseDoctor(modifyType: string | number | null | undefined): boolean {
  return String(modifyType) === '1';
}

/** A blank or non-numeric height or weight is cleared rather than sent. */
export function numericOrCleared(value: string | number | null | undefined): number | null {
  if (isBlank(value)) {
    return null;
  }
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

