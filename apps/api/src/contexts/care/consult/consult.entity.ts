import { defineEntity, p } from '@mikro-orm/core';

/**
 * An online consultation (spec 3 §2.1, §3, §4; docs/consultation.md): a patient bought one of a
 * doctor's services. The service is copied as it was bought (name, type, interval, price), so a
 * doctor changing prices later changes nothing here. `status` is the domain's CONSULT_STATUS, or
 * -1 (CONSULT_UNPAID) until its payment intent settles; `sessionId` is its chat session, chosen at
 * purchase and opened on payment. The times record each step; `endsAt` is when a running interval
 * service ends by itself.
 */
export const ConsultSchema = defineEntity({
  name: 'Consult',
  tableName: 'consult',
  indexes: [{ properties: ['customerId', 'doctorId', 'createdAt'] }, { properties: ['doctorId', 'status'] }],
  properties: {
    id: p.uuid().primary(),
    customerId: p.uuid(),
    doctorId: p.integer(),
    serviceId: p.integer(),
    serviceName: p.string().length(32),
    /** 1 a single consultation, 2 an interval service (domain DOCTOR_SERVICE_TYPE). */
    serviceType: p.smallint(),
    /** Days of an interval service; null for a single consultation. */
    serviceInterval: p.integer().nullable(),
    priceCents: p.integer(),
    status: p.smallint().default(-1),
    sessionId: p.uuid().unique(),
    intentId: p.uuid().nullable(),
    createdAt: p.datetime(),
    paidAt: p.datetime().nullable(),
    submittedAt: p.datetime().nullable(),
    acceptedAt: p.datetime().nullable(),
    /** The staff member (a doctor linked to `doctorId`) who accepted it. */
    acceptedBy: p.uuid().nullable(),
    endsAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.string().length(120).nullable(),
    /** `{desc, imgList}` as the patient submitted it. */
    diagnosticInfo: p.json<{ desc: string; imgList: string[] }>().nullable(),
    /** `{items, detail}`: item keys of the `allergic_history` dictionary and the 'other' detail. */
    allergicHistory: p.json<{ items: string[]; detail: string }>().nullable(),
    /** The pharmacy chosen for a prescription (care/pharmacy). */
    drugStoreId: p.integer().nullable(),
  },
});

export class Consult extends ConsultSchema.class {}
ConsultSchema.setClass(Consult);
