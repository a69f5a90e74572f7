// What a doctor reads beside a consultation in the console: the patient's readings and medication diary
// of the window the domain allows (docs/adr/0156-consult-readings-window.md), audited, and the medicine
// catalogue the prescription and advice forms pick from.
import { consultReadingsAccess } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { forbidden } from '../../../lib/errors';
import type { StaffContext } from '../../../lib/staff-context';
import { readingsForCare } from '../../health';
import { recordAudit, type AuditActor } from '../../platform';
import { consultOfDoctor, consultPatientName } from '../consult/consult.service';
import { medicationRecordsBetween } from '../medication/medication.service';
import { ConsultDeskRepository } from './consultDesk.repository';

/**
 * GET /console/v1/consults/{consultId}/readings: only the consultation's own doctor (404/403 from
 * consultOfDoctor), only once accepted (403 with the reason otherwise). The read is recorded before
 * the data leaves the API.
 */
export async function consultReadings(db: Db, consultId: string, staff: StaffContext, actor: AuditActor, now: Date) {
  const consult = await consultOfDoctor(db, consultId, staff);
  const access = consultReadingsAccess(
    { status: consult.status, acceptedAt: consult.acceptedAt ?? null, endedAt: consult.endedAt ?? null },
    now,
  );
  if (!access.allowed) {
    throw forbidden(access.message);
  }
  const window = { from: access.from, to: access.to };
  const [readings, medication, name] = await Promise.all([
    readingsForCare(db, consult.customerId, window),
    medicationRecordsBetween(db, consult.customerId, window.from, window.to),
    consultPatientName(db, consult.customerId),
  ]);
  await recordAudit(
    db,
    actor,
    {
      action: 'consult.readings',
      patientId: consult.customerId,
      target: consult.id,
      detail: {
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        glucose: readings.glucose.length,
        pressure: readings.pressure.length,
        medication: medication.length,
      },
    },
    now,
  );
  return {
    consultId: consult.id,
    patient: { customerId: consult.customerId, name },
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    finished: access.finished,
    ...readings,
    medication,
  };
}

/** GET /console/v1/rx/medicines: the whole catalogue as the prescription form lists it. */
export async function medicineCatalogue(db: Db) {
  const medicines = await new ConsultDeskRepository(db).medicines();
  return {
    items: medicines.map((m) => ({
      medicineId: m.id,
      genericName: m.genericName,
      productName: m.productName,
      specification: m.specification,
      packingUnit: m.packingUnit,
      dosageUnit: m.dosageUnit,
      rxCategory: m.rxCategory,
    })),
  };
}
