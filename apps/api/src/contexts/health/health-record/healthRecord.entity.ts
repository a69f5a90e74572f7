import { defineEntity, p } from '@mikro-orm/core';

/**
 * The customer's health record (spec 2 §3 "Health record"), one per customer. Fields the profile
 * already holds — sex, birthday, region and address, diabetes and blood-pressure type, height and
 * weight — stay on `customer` and are not repeated here, so the profile, the weight page and the
 * record always agree. The doctor is `customer.doctorId`.
 */
export const HealthRecordSchema = defineEntity({
  name: 'HealthRecord',
  tableName: 'health_record',
  properties: {
    customerId: p.uuid().primary(),
    /** Locked once saved (spec 2 §4). */
    patientName: p.string().length(16).nullable(),
    idCard: p.string().length(18).nullable(),
    /** Ethnic group, a key of the `nation` dictionary (the prescription's patient information, spec 3 §3). */
    national: p.string().length(8).nullable(),
    maritalStatus: p.string().length(8).nullable(),
    job: p.string().length(8).nullable(),
    emergencyContact: p.string().length(20).nullable(),
    emergencyPhone: p.string().length(11).nullable(),
    /** Diabetes diagnosed on. */
    ensureDate: p.string().columnType('date').nullable(),
    /** Keys of the complications list; '0' is 'other' with `complicationsRemark`. */
    complications: p.json<string[]>(),
    complicationsRemark: p.string().length(20).nullable(),
    bloodPressureEnsureDate: p.string().columnType('date').nullable(),
    treatmentTypeStr: p.string().length(200).nullable(),
    labourIntensity: p.string().length(8).nullable(),
    exerciseFrequency: p.string().length(8).nullable(),
    sleepStatus: p.string().length(8).nullable(),
    peacetimeEmotion: p.string().length(8).nullable(),
    foodHabit: p.string().length(8).nullable(),
    smokingStatus: p.string().length(8).nullable(),
    /** Cigarettes a day, over 0 and under 999. */
    smokingDaily: p.smallint().nullable(),
    smokingRemark: p.string().length(50).nullable(),
    drinkingStatus: p.string().length(8).nullable(),
    drinkingType: p.string().length(8).nullable(),
    /** Millilitres a day, over 0 and under 9999. */
    drinkingDaily: p.smallint().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class HealthRecord extends HealthRecordSchema.class {}
HealthRecordSchema.setClass(HealthRecord);
