import { defineEntity, p } from '@mikro-orm/core';

/**
 * A service a doctor offers for online consultation (spec 3 §3 Doctor services): one single
 * consultation (`serviceType` 1, `serviceInterval` 0) and any number of interval services
 * (`serviceType` 2) running `serviceInterval` days from the doctor's acceptance. Prices are in
 * cents; `status` 1 is on offer, 0 withdrawn (kept, as consultations keep a snapshot of it anyway).
 */
export const DoctorServiceSchema = defineEntity({
  name: 'DoctorService',
  tableName: 'doctor_service',
  uniques: [{ properties: ['doctorId', 'serviceType', 'serviceInterval'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    doctorId: p.integer().index(),
    serviceType: p.smallint(),
    serviceName: p.string().length(32),
    /** Days of an interval service; 0 for the single consultation. */
    serviceInterval: p.integer().default(0),
    servicePrice: p.integer(),
    /** The service introduction of the service detail page. */
    intro: p.text().default(''),
    status: p.smallint().default(1),
    sort: p.integer().default(0),
  },
});

export class DoctorService extends DoctorServiceSchema.class {}
DoctorServiceSchema.setClass(DoctorService);
