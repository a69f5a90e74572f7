import type { Db } from '../../../lib/db';

/** What the warranty needs of devices: a meter by IMEI, its kind and the customer it is bound to (null when unknown). */
export type MeterLookup = (db: Db, imei: string) => Promise<{ kind: string; customerId: string | null } | null>;

let lookUpMeter: MeterLookup = async () => null;

/**
 * Wires the meter lookup (devices' `meterOfImei`, in composition.ts). Devices' CLI opens the
 * database and so imports every entity: importing devices here would close a cycle of folders.
 */
export function setWarrantyDevices(lookup: MeterLookup): void {
  lookUpMeter = lookup;
}

/** The meter devices knows under this IMEI, through the wired lookup. */
export function meterOfImei(db: Db, imei: string) {
  return lookUpMeter(db, imei);
}
