import {
  bmiFromKg,
  classifyBmi,
  formatChinaTime,
  jinToKg,
  kgToJin,
  parseChinaDateTime,
  roundTo,
  validateMeasurementTime,
  validateWeightRecord,
} from '@glucoguard/domain';
import type { BodyOf } from '../../../lib/contract';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import type { WeightRecord } from '../readings/weight.entity';
import { deleteReading, recordReading } from '../readings/recordReading';
import { CustomerRepository } from '../../identity';
import { inTransaction, type Db } from '../../../lib/db';
import { WeightRepository } from './weight.repository';

/** A weighing as the form sends it (the contract's type): jin, cm (the customer's own height when absent). */
export type WeightEntryInput = BodyOf<'addWeight'>;

/** A record as the API shows it: kg as stored, jin as shown, BMI with its class by the domain's rule. */
export function weightVo(r: WeightRecord) {
  const bmiClass = classifyBmi(r.bmi);
  return {
    weightId: r.id,
    weight: r.weightKg,
    weightJin: roundTo(kgToJin(r.weightKg), 1),
    height: r.heightCm,
    bmi: r.bmi,
    bmiCode: bmiClass.code,
    bmiLabel: bmiClass.label,
    createTime: formatChinaTime(r.measuredAt),
  };
}

/** The caller's own record, or null when it does not exist or belongs to somebody else. */
async function ownRecord(db: Db, customerId: string, weightId: string): Promise<WeightRecord | null> {
  const record = await new WeightRepository(db).findById(weightId);
  return record && record.customerId === customerId ? record : null;
}

function measuredAtOf(createTimeStr: string | undefined, now: Date): Date {
  if (createTimeStr === undefined) {
    return now;
  }
  const at = parseChinaDateTime(createTimeStr);
  assertValid(validateMeasurementTime(at, now));
  return at as Date;
}

/** The row of a weighing: kg rounded to 0.01, cm to 0.1, the BMI from both. */
function weighingRow(customerId: string, weightKg: number, heightCm: number, measuredAt: Date, now: Date) {
  return { customerId, weightKg, heightCm, bmi: bmiFromKg(weightKg, heightCm) ?? 0, measuredAt, createdAt: now };
}

/**
 * Records a weighing for the caller (spec: POST /weight/v1/add). The weight comes in jin and is
 * stored in kg; the BMI is computed here. When it is the caller's latest record, the profile's
 * weight and height follow it (a first height is kept in any case).
 */
export async function addWeight(db: Db, customerId: string, input: WeightEntryInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const customer = await new CustomerRepository(tx).get(customerId);
    const knownHeight =
      customer.heightCm !== null && customer.heightCm !== undefined && customer.heightCm > 0 ? customer.heightCm : null;
    assertValid(
      validateWeightRecord({ heightCm: input.height, weightJin: input.weight }, { heightKnown: knownHeight !== null }),
    );
    const measuredAt = measuredAtOf(input.createTimeStr, now);
    const heightCm = roundTo(input.height ?? knownHeight ?? 0, 1);
    const weightKg = roundTo(jinToKg(roundTo(input.weight ?? 0, 1)), 2);
    const previousLatest = await new WeightRepository(tx).latest(customerId);
    if (!previousLatest || previousLatest.measuredAt.getTime() <= measuredAt.getTime()) {
      customer.weightKg = weightKg;
      customer.heightCm = heightCm;
    } else if (knownHeight === null) {
      customer.heightCm = heightCm;
    }
    // Storing the record also writes the profile's change, in this transaction.
    const record = await recordReading(
      tx,
      'weight',
      weighingRow(customerId, weightKg, heightCm, measuredAt, now),
      { customerId, recordedBy: customerId, source: 'self' },
      now,
    );
    return weightVo(record!);
  });
}

/**
 * A weighing typed elsewhere than the weight page (the health record): recorded at `now` so that
 * 体重管理 shows it as the latest record, with the BMI of the given height. The caller has already
 * checked both values (domain `weightKgCheck`, `heightCheck`) and set the profile's own fields.
 */
export async function recordWeighing(
  db: Db,
  customerId: string,
  weighing: { weightKg: number; heightCm: number },
  now: Date,
): Promise<void> {
  const row = weighingRow(customerId, roundTo(weighing.weightKg, 2), roundTo(weighing.heightCm, 1), now, now);
  await recordReading(db, 'weight', row, { customerId, recordedBy: customerId, source: 'self' }, now);
}

/**
 * Deletes one of the caller's records (spec: POST /weight/v1/delete). Deleting the latest one
 * moves the profile's weight to the new latest record; the height is left as it is.
 */
export async function deleteWeight(db: Db, customerId: string, weightId: string) {
  return inTransaction(db, async (tx) => {
    const repo = new WeightRepository(tx);
    const wasLatest = (await repo.latest(customerId))?.id === weightId;
    // Another user's record answers exactly like a missing one (该数据已被删除).
    await deleteReading(tx, 'weight', weightId, customerId);
    if (wasLatest) {
      const latest = await repo.latest(customerId);
      if (latest) {
        const customers = new CustomerRepository(tx);
        (await customers.get(customerId)).weightKg = latest.weightKg;
        await customers.save();
      }
    }
    return { ok: true as const };
  });
}

/** One record (spec: GET /weight/v1/getById): existsFlag false for a missing or foreign one. */
export async function getWeight(db: Db, customerId: string, weightId: string) {
  const record = await ownRecord(db, customerId, weightId);
  return record ? { existsFlag: true, weightVo: weightVo(record) } : { existsFlag: false, weightVo: null };
}

/** The caller's records, newest first (spec: GET /weight/v1/queryList). */
export async function pageWeight(db: Db, customerId: string, pageNo: number, pageSize: number) {
  const [rows, total] = await new WeightRepository(db).page(customerId, pageNo, pageSize);
  return pageOf(rows.map(weightVo), total, pageNo, pageSize);
}

/** The caller's latest record, or null (spec: GET /weight/v1/getLastRecord). */
export async function lastWeight(db: Db, customerId: string) {
  const record = await new WeightRepository(db).latest(customerId);
  return record ? weightVo(record) : null;
}

/** The caller's record just before a time, or null: the page's comparison for the active record. */
export async function previousWeight(db: Db, customerId: string, createTimeStr: string) {
  const at = parseChinaDateTime(createTimeStr);
  if (!at) {
    throw new AppError(ErrorCodes.badRequest, '时间格式不正确');
  }
  const record = await new WeightRepository(db).before(customerId, at);
  return record ? weightVo(record) : null;
}
