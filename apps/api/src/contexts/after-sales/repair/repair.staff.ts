import type { Db } from '../../../lib/db';
import type { StaffContext } from '../../../lib/staff-context';
import { staffHolding } from '../../identity';

/** The staff members who work the after-sales service desk (permission `aftersales.service`). */
export function serviceStaff(db: Db) {
  return staffHolding(db, 'aftersales.service');
}

/** The name a staff member's steps are shown under: their display name, else their username. */
export async function serviceStaffName(db: Db, staff: StaffContext): Promise<string> {
  const found = (await serviceStaff(db)).find((s) => s.id === staff.staffId);
  return (found?.name ?? staff.username).slice(0, 32);
}
