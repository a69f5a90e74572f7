// The patient's medication diary (spec 3 §2.4, §7; docs/adr/0160-medication-diary-in-care.md): records
// of medicines taken, named from the care catalogue and the medicine dictionaries, the patient's own only.
import {
  chinaDateKey,
  formatChinaTime,
  MEDICATION_MESSAGES,
  MEDICATION_RECENT_MAX,
  MEDICINE_PAGE_SIZE,
  medicationRange,
  medicationTime,
  validateMedication,
} from '@glucoguard/domain';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { Medicine } from '../pharmacy/pharmacy.entity';
import type { MedicationRecord } from './medication.entity';
import { MedicationRepository, type MedicationLabels } from './medication.repository';

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);

/** A catalogue medicine as the diary lists it; a medicine without a product name shows its generic name. */
function medicineView(m: Medicine) {
  return {
    medicineId: String(m.id),
    productName: m.productName || m.genericName,
    medicineName: m.genericName,
    specification: m.specification,
    dosageUnit: m.dosageUnit,
    packingUnit: m.packingUnit,
  };
}

/** A record as the diary, the report and the doctor's console show it (MedicationRecordVo). */
function recordView(r: MedicationRecord, labels: MedicationLabels) {
  return {
    recordId: r.id,
    medicineId: String(r.medicineId),
    recordTime: formatChinaTime(r.recordTime),
    dosage: r.dosage,
    usaged: r.usaged,
    usagedName: labels.usaged.get(r.usaged) ?? '',
    rate: r.rate,
    rateName: labels.rate.get(r.rate) ?? '',
    dosageUnit: r.dosageUnit,
    productName: r.productName || r.medicineName,
    medicineName: r.medicineName,
    specification: r.specification,
  };
}

/** GET /customer/v1/queryMedicine: the catalogue in pages of 10, by generic name. */
export async function queryMedicine(db: Db, q: QueryOf<'queryMedicine'>) {
  const currentPage = q.currentPage ?? 1;
  const pageSize = MEDICINE_PAGE_SIZE;
  const [rows, total] = await new MedicationRepository(db).pageMedicines(
    (q.keyWord ?? '').trim(),
    (currentPage - 1) * pageSize,
    pageSize,
  );
  return { items: rows.map(medicineView), currentPage, totalPage: Math.ceil(total / pageSize), totalNum: total };
}

/** GET /customer/v1/queryMedicineRecord: the caller's records of the China days asked, by record time. */
export async function queryMedicineRecord(db: Db, customerId: string, q: QueryOf<'queryMedicineRecord'>) {
  const range = medicationRange(q.recordStartDate, q.recordEndDate);
  if (!range.ok) {
    throw badRequest(range.message);
  }
  return { items: await medicationRecordsBetween(db, customerId, range.start, range.end) };
}

/**
 * The customer's records taken in `[start, end)` as MedicationRecordVo, by record time: the diary's
 * query and the doctor's consultation window (consult-desk) read them alike.
 */
export async function medicationRecordsBetween(db: Db, customerId: string, start: Date, end: Date) {
  const repo = new MedicationRepository(db);
  const [rows, labels] = await Promise.all([repo.recordsBetween(customerId, start, end), repo.labels()]);
  return rows.map((r) => recordView(r, labels));
}

/** The China day (`YYYY-MM-DD`) of each of the customer's records in `[start, end)`, one per record. */
export async function medicationDatesOf(db: Db, customerId: string, start: Date, end: Date): Promise<string[]> {
  const rows = await new MedicationRepository(db).recordsBetween(customerId, start, end);
  return rows.map((r) => chinaDateKey(r.recordTime));
}

type RecordInput = BodyOf<'addMedicineRecord'>;

/**
 * The form's fields checked in the spec's order (domain validateMedication), a medicine, usage or
 * frequency that does not exist counting as none chosen, then the record's time.
 */
async function checkedInput(repo: MedicationRepository, input: RecordInput, now: Date) {
  const id = input.medicineId.trim();
  const [medicine, labels] = await Promise.all([
    /^\d{1,9}$/.test(id) ? repo.medicine(Number(id)) : Promise.resolve(null),
    repo.labels(),
  ]);
  const usaged = input.usaged.trim();
  const rate = input.rate.trim();
  const form = validateMedication({
    medicineId: medicine ? medicine.id : null,
    usaged: labels.usaged.has(usaged) ? usaged : null,
    rate: labels.rate.has(rate) ? rate : null,
    dosage: input.dosage,
  });
  if (!form.ok || !medicine) {
    throw badRequest(form.ok ? MEDICATION_MESSAGES.medicine : form.message);
  }
  const time = medicationTime(input.recordTime, now);
  if (!time.ok) {
    throw badRequest(time.message);
  }
  return {
    labels,
    fields: {
      medicineId: medicine.id,
      productName: medicine.productName,
      medicineName: medicine.genericName,
      specification: medicine.specification,
      dosageUnit: medicine.dosageUnit,
      packingUnit: medicine.packingUnit,
      recordTime: time.at,
      dosage: input.dosage.trim(),
      usaged,
      rate,
    },
  };
}

/** POST /customer/v1/addMedicineRecord. */
export async function addMedicineRecord(db: Db, customerId: string, input: RecordInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new MedicationRepository(tx);
    const { labels, fields } = await checkedInput(repo, input, now);
    const record = repo.create({ customerId, ...fields, createdAt: now, updatedAt: now });
    await repo.save(record);
    return recordView(record, labels);
  });
}

/** POST /customer/v1/updateMedicineRecord: one of the caller's records; another's is not found. */
export async function updateMedicineRecord(
  db: Db,
  customerId: string,
  input: BodyOf<'updateMedicineRecord'>,
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const repo = new MedicationRepository(tx);
    const record = await repo.ownRecord(customerId, input.recordId);
    if (!record) {
      throw notFound(MEDICATION_MESSAGES.recordNotFound);
    }
    const { labels, fields } = await checkedInput(repo, input, now);
    Object.assign(record, fields, { updatedAt: now });
    await repo.save(record);
    return recordView(record, labels);
  });
}

/** POST /customer/v1/medicineRecordDel: one of the caller's records; another's is not found. */
export async function deleteMedicineRecord(db: Db, customerId: string, recordId: string) {
  if (!(await new MedicationRepository(db).deleteOwn(customerId, recordId))) {
    throw notFound(MEDICATION_MESSAGES.recordNotFound);
  }
  return null;
}

/** POST /customer/v1/medicineRecordLast: the medicines the caller saved most recently, each once (最近使用). */
export async function recentMedicines(db: Db, customerId: string) {
  const repo = new MedicationRepository(db);
  const ids = await repo.recentMedicineIds(customerId, MEDICATION_RECENT_MAX);
  const byId = new Map((await repo.medicines(ids)).map((m) => [m.id, m]));
  return { items: ids.flatMap((id) => (byId.has(id) ? [medicineView(byId.get(id) as Medicine)] : [])) };
}
