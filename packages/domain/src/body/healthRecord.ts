import { drinkingChoice, isHealthOption, smokingChoice } from './healthInfo';
import type { HealthOptionField } from './healthInfo';
import type { Instant } from '../shared/time';
import { isValidIdCard, parseIdCard } from '../shared/idCard';
import { isMobilePhone } from '../shared/phone';
import { isBirthDateInRange } from '../shared/plausibleDates';
import { PROFILE_FIELD_LIMITS, heightCheck, weightKgCheck } from './profileFields';
import {
  charCount,
  emojiCheck,
  fail,
  failWhen,
  firstFailure,
  isBlank,
  maxLengthCheck,
  tooLongMessage,
} from '../shared/validator';
import type { Check, ValidationResult } from '../shared/validator';
import { HEALTH_RECORD_MESSAGES, HEALTH_RECORD_EXTRA_MESSAGES } from './labels';
import { HEALTH_OPTION_LABELS } from './labels';

/** The emergency contact's name, in characters (the spec gives no limit; a name is short). */
export const EMERGENCY_CONTACT_MAX = 20;

/**
 * Health record limits. The name and the address are the profile's ({@link PROFILE_FIELD_LIMITS}):
 * at most 10 and 50 characters, as in registration; the counts are 'under' their limit.
 */
export const HEALTH_RECORD_LIMITS = {
  nameMax: PROFILE_FIELD_LIMITS.nameMax,
  addressMax: PROFILE_FIELD_LIMITS.addressMax,
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
export function validateHealthRecord(
  input: HealthRecordInput,
  options: { readonly nameSaved: boolean },
): ValidationResult {
  const m = HEALTH_RECORD_MESSAGES;
  const l = HEALTH_RECORD_LIMITS;
  const shown = healthRecordVisibility(input);
  const checks: Check[] = [
    () => failWhen(!options.nameSaved && isBlank(input.patientName), 'patientName', m.nameRequired),
    () => emojiCheck('patientName', input.patientName),
    () => failWhen(charCount((input.patientName ?? '').trim()) > l.nameMax, 'patientName', m.nameTooLong),
    () => emojiCheck('address', input.address),
    () => failWhen(charCount((input.address ?? '').trim()) > l.addressMax, 'address', m.addressTooLong),
    () =>
      optional(input.emergencyPhone, () =>
        failWhen(!isMobilePhone(input.emergencyPhone ?? ''), 'emergencyPhone', m.emergencyPhone),
      ),
    () => optional(input.idCard, () => failWhen(!isValidIdCard(input.idCard ?? ''), 'idCard', m.idCard)),
    () => heightCheck('height', input.height),
    () => weightKgCheck('weight', input.weight),
    () => failWhen(shown.smokingRemark && isBlank(input.smokingRemark), 'smokingRemark', m.quitSmokingRemark),
    () => (shown.smokingRemark ? emojiCheck('smokingRemark', input.smokingRemark) : undefined),
    () =>
      shown.smokingRemark
        ? maxLengthCheck(
            'smokingRemark',
            input.smokingRemark,
            l.smokingRemarkMax,
            tooLongMessage('戒烟前吸烟情况', l.smokingRemarkMax),
          )
        : undefined,
    () =>
      failWhen(
        shown.smokingDaily && !strictlyBetween(input.smokingDaily, 0, l.smokingDailyUnder),
        'smokingDaily',
        m.smokingDaily,
      ),
    () =>
      failWhen(
        shown.drinkingDetails &&
          (isBlank(input.drinkingType) || !strictlyBetween(input.drinkingDaily, 0, l.drinkingDailyUnder)),
        'drinkingDaily',
        m.drinking,
      ),
    () =>
      failWhen(
        shown.complicationsRemark && isBlank(input.complicationsRemark),
        'complicationsRemark',
        m.complicationOther,
      ),
    () => (shown.complicationsRemark ? emojiCheck('complicationsRemark', input.complicationsRemark) : undefined),
    () =>
      shown.complicationsRemark
        ? maxLengthCheck(
            'complicationsRemark',
            input.complicationsRemark,
            l.complicationRemarkMax,
            tooLongMessage('其他糖尿病并发症', l.complicationRemarkMax),
          )
        : undefined,
    () => emojiCheck('treatmentTypeStr', input.treatmentTypeStr),
    () =>
      maxLengthCheck(
        'treatmentTypeStr',
        input.treatmentTypeStr,
        l.treatmentMax,
        tooLongMessage('治疗方式', l.treatmentMax),
      ),
  ];
  return firstFailure(checks);
}

/** The message for a code that is not one of the field's options: 请选择正确的婚姻状况, … */
export function healthOptionMessage(field: HealthOptionField): string {
  return `请选择正确的${HEALTH_OPTION_LABELS[field]}`;
}

/**
 * The health record as the app sends and the API stores it, by the spec's field names (§3). Height
 * is in cm and weight in kg; smoking and drinking are codes of `HEALTH_INFO_OPTIONS`.
 */
export type HealthRecordFields = {
  readonly patientName?: string | null;
  readonly idCard?: string | null;
  readonly birthday?: string | null;
  readonly sex?: number | null;
  readonly maritalStatus?: string | null;
  readonly job?: string | null;
  readonly emergencyContact?: string | null;
  readonly emergencyPhone?: string | null;
  readonly address?: string | null;
  readonly ensureDate?: string | null;
  readonly height?: number | null;
  readonly weight?: number | null;
  readonly complications?: readonly string[] | null;
  readonly complicationsRemark?: string | null;
  readonly bloodPressureEnsureDate?: string | null;
  readonly treatmentTypeStr?: string | null;
  readonly labourIntensity?: string | null;
  readonly exerciseFrequency?: string | null;
  readonly sleepStatus?: string | null;
  readonly peacetimeEmotion?: string | null;
  readonly foodHabit?: string | null;
  readonly smokingStatus?: string | null;
  readonly smokingDaily?: number | null;
  readonly smokingRemark?: string | null;
  readonly drinkingStatus?: string | null;
  readonly drinkingType?: string | null;
  readonly drinkingDaily?: number | null;
};

/** The record's fields as {@link validateHealthRecord} reads them (smoking and drinking by meaning). */
export function healthRecordInput(fields: HealthRecordFields): HealthRecordInput {
  return {
    patientName: fields.patientName,
    address: fields.address,
    emergencyPhone: fields.emergencyPhone,
    idCard: fields.idCard,
    height: fields.height,
    weight: fields.weight,
    smoking: smokingChoice(fields.smokingStatus),
    smokingRemark: fields.smokingRemark,
    smokingDaily: fields.smokingDaily,
    drinking: drinkingChoice(fields.drinkingStatus),
    drinkingType: fields.drinkingType,
    drinkingDaily: fields.drinkingDaily,
    complications: fields.complications,
    complicationsRemark: fields.complicationsRemark,
    treatmentTypeStr: fields.treatmentTypeStr,
  };
}

/** Empties the dependent fields the current choices hide, so a hidden answer is never kept (§2.12). */
export function clearHiddenHealthFields<T extends HealthRecordFields>(fields: T): T {
  const shown = healthRecordVisibility(healthRecordInput(fields));
  return {
    ...fields,
    ...(shown.smokingRemark ? {} : { smokingRemark: null }),
    ...(shown.smokingDaily ? {} : { smokingDaily: null }),
    ...(shown.drinkingDetails ? {} : { drinkingType: null, drinkingDaily: null }),
    ...(shown.complicationsRemark ? {} : { complicationsRemark: null }),
  };
}

/**
 * A valid ID number fixes the birthday and sex (§4); a record that says otherwise is refused rather
 * than silently changed. Without a valid ID number anything goes.
 */
export function idCardConsistency(
  fields: Pick<HealthRecordFields, 'idCard' | 'birthday' | 'sex'>,
): ValidationResult | undefined {
  const info = isBlank(fields.idCard) ? null : parseIdCard(fields.idCard ?? '');
  if (info === null) {
    return undefined;
  }
  return firstFailureOrUndefined([
    () =>
      failWhen(
        !isBlank(fields.birthday) && fields.birthday !== info.birthday,
        'birthday',
        HEALTH_RECORD_EXTRA_MESSAGES.birthdayNotIdCard,
      ),
    () =>
      failWhen(
        fields.sex !== null && fields.sex !== undefined && fields.sex !== info.sex,
        'sex',
        HEALTH_RECORD_EXTRA_MESSAGES.sexNotIdCard,
      ),
  ]);
}

function firstFailureOrUndefined(checks: readonly Check[]): ValidationResult | undefined {
  const result = firstFailure(checks);
  return result.ok ? undefined : result;
}

function optionCheck(
  field: HealthOptionField,
  value: string | readonly string[] | null | undefined,
): ValidationResult | undefined {
  const keys = value === null || value === undefined || value === '' ? [] : typeof value === 'string' ? [value] : value;
  return keys.every((key) => isHealthOption(field, key)) ? undefined : fail(field, healthOptionMessage(field));
}

function dateCheck(
  field: string,
  value: string | null | undefined,
  now: Instant,
  message: string,
): ValidationResult | undefined {
  return optional(value, () => failWhen(!isBirthDateInRange(value ?? '', now), field, message));
}

/**
 * The whole health record on save: the spec's checks first, in its order ({@link validateHealthRecord}),
 * then the locked name, the emergency contact, the dates, the ID number against birthday and sex, and
 * the list codes. `savedName` is the name already saved (locked), if any.
 */
export function validateHealthRecordFields(
  fields: HealthRecordFields,
  options: { readonly savedName: string | null; readonly now: Instant },
): ValidationResult {
  const saved = (options.savedName ?? '').trim();
  const m = HEALTH_RECORD_EXTRA_MESSAGES;
  const lists: readonly Exclude<HealthOptionField, 'complications' | 'treatmentType' | 'drinkingType'>[] = [
    'maritalStatus',
    'job',
    'labourIntensity',
    'exerciseFrequency',
    'sleepStatus',
    'peacetimeEmotion',
    'foodHabit',
    'smokingStatus',
    'drinkingStatus',
  ];
  return firstFailure([
    () =>
      failWhen(
        saved !== '' && fields.patientName !== undefined && (fields.patientName ?? '').trim() !== saved,
        'patientName',
        m.nameLocked,
      ),
    () => {
      const result = validateHealthRecord(healthRecordInput(fields), { nameSaved: saved !== '' });
      return result.ok ? undefined : result;
    },
    () => emojiCheck('emergencyContact', fields.emergencyContact),
    () =>
      maxLengthCheck(
        'emergencyContact',
        fields.emergencyContact,
        EMERGENCY_CONTACT_MAX,
        tooLongMessage('紧急联系人', EMERGENCY_CONTACT_MAX),
      ),
    () => dateCheck('birthday', fields.birthday, options.now, m.birthday),
    () => dateCheck('ensureDate', fields.ensureDate, options.now, m.ensureDate),
    () => dateCheck('bloodPressureEnsureDate', fields.bloodPressureEnsureDate, options.now, m.bloodPressureEnsureDate),
    () => idCardConsistency(fields),
    ...lists.map((field) => () => optionCheck(field, fields[field])),
    () => optionCheck('complications', fields.complications),
    () =>
      drinkingChoice(fields.drinkingStatus) === 'drinks' ? optionCheck('drinkingType', fields.drinkingType) : undefined,
  ]);
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
