import type { StaffContext } from '../../../lib/staff-context';
import type { Db } from '../../../lib/db';
import { forbidden, notFound } from '../../../lib/errors';
import { RxRepository } from './rx.repository';

/** What prescriptions need of a consultation. */
export interface RxConsult {
  consultId: string;
  sessionId: string | null;
  customerId: string;
  doctorId: number;
  status: number;
}

const CONSULT_NOT_FOUND = '咨询不存在';

/**
 * The one place prescriptions ask who a consultation belongs to (docs/adr/0153): the consultation
 * of `consultId` when the staff member's linked directory doctor is its doctor; 404 when there is
 * none, 403 when it is another doctor's.
 */
export async function rxConsultOfDoctor(db: Db, consultId: string, staff: StaffContext): Promise<RxConsult> {
  const consult = await new RxRepository(db).consult(consultId);
  if (!consult) {
    throw notFound(CONSULT_NOT_FOUND);
  }
  if (staff.doctorId === null || staff.doctorId !== consult.doctorId) {
    throw forbidden();
  }
  return consult;
}
