import { inTransaction, type Db } from '../../../lib/db';
import type { Schema } from '@glucoguard/sdk';
import {
  HEALTH_INFO_OPTIONS,
  HEALTH_RECORD_MESSAGES,
  canChooseDoctor,
  clearHiddenHealthFields,
  doctorModifyType,
  parseIdCard,
  roundTo,
  validateHealthRecordFields,
  type HealthRecordFields,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { regionFromCode } from '../../../providers/geocoder/regions';
import { type Customer, registeredCustomer } from '../../identity';
import { recordWeighing } from '../weight/weight.service';
import { CareDirectoryRepository, DictionaryRepository, type Workplace } from '../../platform';
import type { SessionContext } from '../../../lib/session-context';
import type { HealthRecord } from './healthRecord.entity';
import { HealthRecordRepository } from './healthRecord.repository';
import { doctorLinkOf, healthInfoVo, type LinkedDoctor } from './healthRecord.view';

/** Messages of this module's own checks (docs/adr/0064-health-record-shares-the-profile.md). */
export const HEALTH_RECORD_API_ERRORS = {
  region: '请选择正确的省市区',
  diabetesType: '请选择正确的糖尿病类型',
  bloodPressureType: '请选择正确的高血压类型',
  doctorGone: '医生不存在',
  doctorChanged: '医生信息已变更，请重新选择',
} as const;

/** The record's fields with the profile fields it shares, as one flat form. */
export type Fields = { -readonly [K in keyof HealthRecordFields]: HealthRecordFields[K] } & {
  province?: string | null;
  city?: string | null;
  district?: string | null;
  diabetesType?: string | null;
  bloodPressureType?: string | null;
  /** Ethnic group (nation dictionary key): asked by the prescription's patient information only. */
  national?: string | null;
};

type Input = Schema<'HealthInfoInput'>;

const num = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

function currentFields(c: Customer, r: HealthRecord | null): Fields {
  return {
    patientName: r?.patientName ?? null,
    idCard: r?.idCard ?? null,
    national: r?.national ?? null,
    birthday: c.birthday ?? null,
    sex: c.sex === 1 || c.sex === 2 ? c.sex : null,
    maritalStatus: r?.maritalStatus ?? null,
    job: r?.job ?? null,
    emergencyContact: r?.emergencyContact ?? null,
    emergencyPhone: r?.emergencyPhone ?? null,
    province: c.province ?? null,
    city: c.city ?? null,
    district: c.district ?? null,
    address: c.address ?? null,
    diabetesType: c.diabetesType ?? null,
    ensureDate: r?.ensureDate ?? null,
    height: num(c.heightCm),
    weight: num(c.weightKg),
    complications: r?.complications ?? [],
    complicationsRemark: r?.complicationsRemark ?? null,
    bloodPressureType: c.bloodPressureType ?? null,
    bloodPressureEnsureDate: r?.bloodPressureEnsureDate ?? null,
    treatmentTypeStr: r?.treatmentTypeStr ?? null,
    labourIntensity: r?.labourIntensity ?? null,
    exerciseFrequency: r?.exerciseFrequency ?? null,
    sleepStatus: r?.sleepStatus ?? null,
    peacetimeEmotion: r?.peacetimeEmotion ?? null,
    foodHabit: r?.foodHabit ?? null,
    smokingStatus: r?.smokingStatus ?? null,
    smokingDaily: r?.smokingDaily ?? null,
    smokingRemark: r?.smokingRemark ?? null,
    drinkingStatus: r?.drinkingStatus ?? null,
    drinkingType: r?.drinkingType ?? null,
    drinkingDaily: r?.drinkingDaily ?? null,
  };
}

/** The fields the body sets: texts trimmed (blank is null), the ID in capitals, complications once each. */
export function changesOf(input: Record<string, unknown>): Fields {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') {
      const text = value.trim();
      changes[key] = text === '' ? null : text;
    } else if (Array.isArray(value)) {
      changes[key] = [...new Set(value.map((item) => String(item).trim()))];
    } else if (value !== undefined) {
      changes[key] = value;
    }
  }
  if (typeof changes.idCard === 'string') {
    changes.idCard = changes.idCard.toUpperCase();
  }
  return changes;
}

/**
 * The saved record with the body's changes. The region is one field: sending any of its codes
 * replaces all three. A valid new ID number brings its birthday and sex unless the body gives them.
 */
function merge(current: Fields, changes: Fields): Fields {
  const merged: Fields = { ...current, ...changes };
  if ('province' in changes || 'city' in changes || 'district' in changes) {
    merged.province = changes.province ?? null;
    merged.city = changes.city ?? null;
    merged.district = changes.district ?? null;
  }
  const fromId = typeof changes.idCard === 'string' ? parseIdCard(changes.idCard) : null;
  if (fromId) {
    merged.birthday = changes.birthday === undefined ? fromId.birthday : merged.birthday;
    merged.sex = changes.sex === undefined ? fromId.sex : merged.sex;
  }
  return merged;
}

/** Province and city are both needed, and the codes must nest (the district is optional). */
function regionIsValid(fields: Fields): boolean {
  const { province = null, city = null, district = null } = fields;
  if (province === null && city === null && district === null) {
    return true;
  }
  const region = province && city ? regionFromCode(district ?? city) : null;
  return region !== null && region.province === province && region.city === city && region.district === district;
}

async function checkCodes(em: Db, merged: Fields, changes: Fields): Promise<void> {
  if (('province' in changes || 'city' in changes || 'district' in changes) && !regionIsValid(merged)) {
    throw new AppError(ErrorCodes.badRequest, HEALTH_RECORD_API_ERRORS.region);
  }
  const dictionary = new DictionaryRepository(em);
  for (const [field, typeCode, message] of [
    ['diabetesType', 'diabetes_type', HEALTH_RECORD_API_ERRORS.diabetesType],
    ['bloodPressureType', 'bloodPressure_type', HEALTH_RECORD_API_ERRORS.bloodPressureType],
  ] as const) {
    const key = changes[field];
    if (typeof key === 'string' && !(await dictionary.findByType(typeCode)).some((item) => item.itemKey === key)) {
      throw new AppError(ErrorCodes.badRequest, message);
    }
  }
}

function write(customer: Customer, record: HealthRecord, fields: Fields, now: Date): void {
  const f = clearHiddenHealthFields(fields);
  record.patientName = f.patientName ?? null;
  record.idCard = f.idCard ?? null;
  record.national = f.national ?? null;
  record.maritalStatus = f.maritalStatus ?? null;
  record.job = f.job ?? null;
  record.emergencyContact = f.emergencyContact ?? null;
  record.emergencyPhone = f.emergencyPhone ?? null;
  record.ensureDate = f.ensureDate ?? null;
  record.complications = [...(f.complications ?? [])];
  record.complicationsRemark = f.complicationsRemark ?? null;
  record.bloodPressureEnsureDate = f.bloodPressureEnsureDate ?? null;
  record.treatmentTypeStr = f.treatmentTypeStr ?? null;
  record.labourIntensity = f.labourIntensity ?? null;
  record.exerciseFrequency = f.exerciseFrequency ?? null;
  record.sleepStatus = f.sleepStatus ?? null;
  record.peacetimeEmotion = f.peacetimeEmotion ?? null;
  record.foodHabit = f.foodHabit ?? null;
  record.smokingStatus = f.smokingStatus ?? null;
  record.smokingDaily = f.smokingDaily ?? null;
  record.smokingRemark = f.smokingRemark ?? null;
  record.drinkingStatus = f.drinkingStatus ?? null;
  record.drinkingType = f.drinkingType ?? null;
  record.drinkingDaily = f.drinkingDaily ?? null;
  record.updatedAt = now;
  // The profile's own fields: the weight page and the profile read the same values.
  customer.sex = f.sex ?? 0;
  customer.birthday = f.birthday ?? null;
  customer.province = f.province ?? null;
  customer.city = f.city ?? null;
  customer.district = f.district ?? null;
  customer.address = f.address ?? null;
  customer.diabetesType = f.diabetesType ?? null;
  customer.bloodPressureType = f.bloodPressureType ?? null;
  customer.heightCm = f.height === null || f.height === undefined ? null : roundTo(f.height, 1);
  customer.weightKg = f.weight === null || f.weight === undefined ? null : roundTo(f.weight, 2);
}

async function linkedDoctor(em: Db, customer: Customer): Promise<LinkedDoctor | null> {
  const repo = new CareDirectoryRepository(em);
  const doctor = customer.doctorId ? await repo.findDoctor(customer.doctorId) : null;
  return doctor ? { doctor, place: (await repo.workplacesOf([doctor])).get(doctor.id) as Workplace } : null;
}

/** Spec: get customer info (height, weight, health record data) — the caller's own only. */
export async function getHealthInfo(em: Db, session: SessionContext): Promise<Schema<'HealthInfo'>> {
  const customer = await registeredCustomer(em, session);
  return healthInfoVo(
    customer,
    await new HealthRecordRepository(em).find(customer.id),
    await linkedDoctor(em, customer),
  );
}

/** Spec: save health record. Checked as a whole after merging the changes into the saved record. */
export async function saveHealthInfo(
  em: Db,
  session: SessionContext,
  input: Input,
  now: Date,
): Promise<Schema<'HealthInfo'>> {
  return saveRecordChanges(em, session, changesOf(input), now, async (tx, customer, record) =>
    healthInfoVo(customer, record, await linkedDoctor(tx, customer)),
  );
}

/**
 * Merges `changes` into the caller's saved record and profile, checks the whole (after `extraCheck`,
 * which sees the merged fields and the saved record), writes both and answers `view` of the result.
 * The health record and the patient information of the prescription flow both save through here.
 */
export async function saveRecordChanges<T>(
  em: Db,
  session: SessionContext,
  changes: Fields,
  now: Date,
  view: (tx: Db, customer: Customer, record: HealthRecord) => Promise<T>,
  extraCheck?: (tx: Db, merged: Fields, saved: HealthRecord | null) => Promise<void>,
): Promise<T> {
  await registeredCustomer(em, session);
  return inTransaction(em, async (tx) => {
    const repo = new HealthRecordRepository(tx);
    const customer = await repo.lockCustomer(session.customerId);
    const saved = await repo.find(customer.id);
    const merged = merge(currentFields(customer, saved), changes);
    await extraCheck?.(tx, merged, saved);
    assertValid(validateHealthRecordFields(merged, { savedName: saved?.patientName ?? null, now }));
    await checkCodes(tx, merged, changes);
    const record = saved ?? repo.create(customer.id, now);
    const weightBefore = num(customer.weightKg);
    write(customer, record, merged, now);
    // A new weight typed here is a weighing: 体重管理 lists it (with the height, for its BMI).
    const weightKg = num(customer.weightKg);
    const heightCm = num(customer.heightCm);
    if (weightKg !== null && weightKg !== weightBefore && heightCm !== null) {
      await recordWeighing(tx, customer.id, { weightKg, heightCm }, now);
    }
    await repo.save();
    return view(tx, customer, record);
  });
}

/** Spec: POST /customer/v1/saveDoctor — only while the doctor may be chosen (modifyType '1'). */
export async function saveDoctor(
  em: Db,
  session: SessionContext,
  input: Schema<'SaveDoctorInput'>,
): Promise<Schema<'HealthDoctor'>> {
  await registeredCustomer(em, session);
  return inTransaction(em, async (tx) => {
    const customer = await new HealthRecordRepository(tx).lockCustomer(session.customerId);
    const current = await linkedDoctor(tx, customer);
    if (!canChooseDoctor(doctorModifyType(doctorLinkOf(customer, current?.doctor ?? null)))) {
      throw new AppError(ErrorCodes.forbidden, HEALTH_RECORD_MESSAGES.doctorLocked, 403);
    }
    const repo = new CareDirectoryRepository(tx);
    const doctor = await repo.findDoctor(input.doctorId);
    if (!doctor) {
      throw new AppError(ErrorCodes.notFound, HEALTH_RECORD_API_ERRORS.doctorGone, 404);
    }
    if (doctor.name !== input.doctorName.trim() || (doctor.roleType === 2 ? 2 : 1) !== input.roleType) {
      throw new AppError(ErrorCodes.badRequest, HEALTH_RECORD_API_ERRORS.doctorChanged);
    }
    customer.doctorId = doctor.id;
    await new HealthRecordRepository(tx).save();
    const place = (await repo.workplacesOf([doctor])).get(doctor.id) as Workplace;
    return {
      doctorId: doctor.id,
      doctorName: doctor.name,
      roleType: input.roleType,
      organizationName: place.organizationName,
      departmentName: place.departmentName,
      modifyType: doctorModifyType(doctorLinkOf(customer, doctor)),
    };
  });
}

/**
 * The health-info dictionary: every option list of the form. The lists are rules of the domain (the
 * smoking and drinking keys decide which fields show), so they are served from there, not a table.
 */
export function healthInfoDictionary(): Schema<'HealthInfoDictionary'> {
  const copy = (list: readonly { itemKey: string; itemValue: string }[]) =>
    list.map(({ itemKey, itemValue }) => ({ itemKey, itemValue }));
  const o = HEALTH_INFO_OPTIONS;
  return {
    maritalStatus: copy(o.maritalStatus),
    job: copy(o.job),
    complications: copy(o.complications),
    treatmentType: copy(o.treatmentType),
    labourIntensity: copy(o.labourIntensity),
    exerciseFrequency: copy(o.exerciseFrequency),
    sleepStatus: copy(o.sleepStatus),
    peacetimeEmotion: copy(o.peacetimeEmotion),
    foodHabit: copy(o.foodHabit),
    smokingStatus: copy(o.smokingStatus),
    drinkingStatus: copy(o.drinkingStatus),
    drinkingType: copy(o.drinkingType),
  };
}
