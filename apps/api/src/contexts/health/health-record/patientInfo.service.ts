import type { Schema } from '@glucoguard/sdk';
import { isPatientInfoComplete, validatePatientInfo } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import type { SessionContext } from '../../../lib/session-context';
import { type Customer, registeredCustomer } from '../../identity';
import { DictionaryRepository } from '../../platform';
import type { HealthRecord } from './healthRecord.entity';
import { HealthRecordRepository } from './healthRecord.repository';
import { changesOf, saveRecordChanges } from './healthRecord.service';

/** The dictionary of ethnic groups the form's `national` picks from. */
export const NATION_DICTIONARY = 'nation';

/** Message of a `national` that is not in the dictionary. */
export const PATIENT_INFO_API_ERRORS = { national: '请选择正确的民族' } as const;

async function nationName(em: Db, key: string | null): Promise<string | null> {
  if (key === null) {
    return null;
  }
  const items = await new DictionaryRepository(em).findByType(NATION_DICTIONARY);
  return items.find((item) => item.itemKey === key)?.itemValue ?? null;
}

function sexOf(customer: Customer): 0 | 1 | 2 {
  const sex = Number(customer.sex);
  return sex === 1 || sex === 2 ? sex : 0;
}

/**
 * The patient information of spec 3 §3, read from where it already lives: the health record (name,
 * ID number, ethnic group, diagnosis dates) and the profile (sex, birthday, phone, the two types).
 */
async function patientInfoVo(em: Db, customer: Customer, record: HealthRecord | null): Promise<Schema<'PatientInfo'>> {
  const info = {
    patientName: record?.patientName ?? null,
    idCard: record?.idCard ?? null,
    sex: sexOf(customer),
    birthday: customer.birthday ?? null,
    national: record?.national ?? null,
  };
  return {
    ...info,
    nationalName: await nationName(em, info.national),
    diabetesType: customer.diabetesType ?? null,
    ensureDate: record?.ensureDate ?? null,
    bloodPressureType: customer.bloodPressureType ?? null,
    bloodPressureEnsureDate: record?.bloodPressureEnsureDate ?? null,
    phone: customer.phone ?? null,
    nameLocked: (record?.patientName ?? '').trim() !== '',
    complete: isPatientInfoComplete({ ...info, sex: info.sex === 0 ? null : info.sex }),
  };
}

/** Spec: GET /patient/v1/get — the caller's own. */
export async function getPatientInfo(em: Db, session: SessionContext): Promise<Schema<'PatientInfo'>> {
  const customer = await registeredCustomer(em, session);
  return patientInfoVo(em, customer, await new HealthRecordRepository(em).find(customer.id));
}

/** Spec: GET /patient/v1/checkPatientInfo — 1 when the five fields of the form are all there and valid. */
export async function checkPatientInfo(em: Db, session: SessionContext): Promise<0 | 1> {
  return (await getPatientInfo(em, session)).complete ? 1 : 0;
}

/**
 * Spec: POST /patient/v1/add. The form's own checks first (all five required, a valid ID number),
 * then the health record's (locked name, ID against birthday and sex, dates), as one save of the record.
 */
export async function addPatientInfo(
  em: Db,
  session: SessionContext,
  input: Schema<'PatientInfoInput'>,
  now: Date,
): Promise<Schema<'PatientInfo'>> {
  return saveRecordChanges(
    em,
    session,
    changesOf(input),
    now,
    (tx, customer, record) => patientInfoVo(tx, customer, record),
    async (tx, merged) => {
      assertValid(validatePatientInfo(merged));
      if ((await nationName(tx, merged.national ?? null)) === null) {
        throw new AppError(ErrorCodes.badRequest, PATIENT_INFO_API_ERRORS.national);
      }
    },
  );
}
