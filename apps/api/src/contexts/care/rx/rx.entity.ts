import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A medicine line as written, with the catalogue's and the dictionaries' names copied in: a
 * prescription is a record of what the doctor wrote that day, so later catalogue edits leave it as
 * it was (docs/adr/0153).
 */
export interface RxMedicineSnapshot {
  medicineId: number;
  medicineName: string;
  specification: string;
  packingUnit: string;
  dosageUnit: string;
  number: number;
  dosage: string;
  usaged: string;
  usagedName: string;
  rate: string;
  rateName: string;
  time: number;
  timeUnit: number;
}

/**
 * An electronic prescription (spec 3 §3): written by the consultation's doctor (a linked directory
 * doctor with eleRxStatus 1), reviewed by a pharmacist, then dispensed once against its QR seal or
 * expired (domain `nextRxStatus`). `requestKey` makes a double submit one prescription.
 */
export const PrescriptionSchema = defineEntity({
  name: 'Prescription',
  tableName: 'prescription',
  uniques: [{ properties: ['staffId', 'requestKey'] }],
  indexes: [
    { properties: ['customerId', 'createdAt'] },
    { properties: ['status', 'createdAt'] },
    { properties: ['consultId'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    rxCode: p.string().length(24).unique(),
    /** The patient's number on the prescription (a per-customer code). */
    patientNo: p.string().length(16),
    consultId: p.string().length(64),
    sessionId: p.uuid().nullable(),
    customerId: p.uuid(),
    doctorId: p.integer(),
    staffId: p.uuid(),
    requestKey: p.string().length(64),
    rxCategory: p.string().length(8),
    status: p.smallint(),
    content: p.text(),
    medicines: p.json<RxMedicineSnapshot[]>(),
    createdAt: p.datetime(),
    reviewedAt: p.datetime().nullable(),
    reviewerId: p.uuid().nullable(),
    reviewReason: p.string().length(200).nullable(),
    /** When an approved prescription expires unused (approval + RX_UNUSED_DAYS). */
    expiresAt: p.datetime().nullable(),
    usedAt: p.datetime().nullable(),
    usedBy: p.uuid().nullable(),
  },
});
export class Prescription extends PrescriptionSchema.class {}
PrescriptionSchema.setClass(Prescription);

/** A doctor's medication advice (spec 3 §2.2 /proposal): content and the medicines it names. */
export const RxAdviceSchema = defineEntity({
  name: 'RxAdvice',
  tableName: 'rx_advice',
  uniques: [{ properties: ['staffId', 'requestKey'] }],
  indexes: [{ properties: ['customerId', 'createdAt'] }, { properties: ['consultId'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    consultId: p.string().length(64),
    sessionId: p.uuid().nullable(),
    customerId: p.uuid(),
    doctorId: p.integer(),
    staffId: p.uuid(),
    requestKey: p.string().length(64),
    content: p.text(),
    medicines: p.json<RxMedicineSnapshot[]>(),
    createdAt: p.datetime(),
  },
});
export class RxAdvice extends RxAdviceSchema.class {}
RxAdviceSchema.setClass(RxAdvice);
