import { defineEntity, p } from '@mikro-orm/core';

/**
 * One record of a patient's medication diary (spec 3 §2.4, §3 "Medication record"): which medicine,
 * when it was taken (China time as the patient chose it, kept as an instant), one dose and the
 * usage and frequency (item keys of `medicine_usaged` and `medicine_rate`). The medicine's names,
 * specification and units are copied in when saved, so the diary keeps saying what was taken even if
 * the catalogue changes (docs/adr/0160-medication-diary-in-care.md).
 */
export const MedicationRecordSchema = defineEntity({
  name: 'MedicationRecord',
  tableName: 'medication_record',
  indexes: [{ properties: ['customerId', 'recordTime'] }, { properties: ['customerId', 'updatedAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    medicineId: p.integer(),
    productName: p.string().length(64),
    medicineName: p.string().length(64),
    specification: p.string().length(64),
    dosageUnit: p.string().length(8),
    packingUnit: p.string().length(8),
    recordTime: p.datetime(),
    dosage: p.string().length(10),
    usaged: p.string().length(8),
    rate: p.string().length(8),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class MedicationRecord extends MedicationRecordSchema.class {}
MedicationRecordSchema.setClass(MedicationRecord);
