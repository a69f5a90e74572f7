import type { StaffContext } from '../../../lib/staff-context';
import type { Db } from '../../../lib/db';
import { consultOfDoctor } from '../consult/consult.service';

/** What prescriptions need of a consultation. */
export interface RxConsult {
  consultId: string;
  sessionId: string | null;
  customerId: string;
  doctorId: number;
  status: number;
}

/**
 * The one place prescriptions ask who a consultation belongs to (docs/adr/0153), through the
 * consultation module's own membership check `consultOfDoctor`: the paid consultation of the staff
 * member's linked directory doctor; 404 when there is none, 403 when it is another doctor's or the
 * account is linked to no doctor.
 */
export async function rxConsultOfDoctor(db: Db, consultId: string, staff: StaffContext): Promise<RxConsult> {
  const consult = await consultOfDoctor(db, consultId, staff);
  return {
    consultId: consult.id,
    sessionId: consult.sessionId,
    customerId: consult.customerId,
    doctorId: consult.doctorId,
    status: consult.status,
  };
}
