import type { StaffRole } from '@glucoguard/domain';

/**
 * What a console request knows about its caller once the staff token checked out (a shared-kernel
 * type like `SessionContext`: identity's staff module issues and resolves staff sessions, every
 * context's console operations read `request.staff`). Customers' sessions never carry it.
 */
export interface StaffContext {
  sessionId: string;
  staffId: string;
  username: string;
  role: StaffRole;
  /** The care directory's doctor record, for doctors. */
  doctorId: number | null;
}

/** Staff tokens start with this, so neither side's tokens are ever looked up as the other's. */
export const STAFF_TOKEN_PREFIX = 'staff.';
