import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import type { ReadingSource } from './readings.events';

/**
 * Whether a caller may act for a patient (record a reading as theirs). Health owns the question;
 * the follow context (social) answers it — an accepted follow — and registers its answer in
 * `apps/api/src/composition.ts`, so health never imports social (docs/adr/0011).
 */
export interface ActingForPolicy {
  /** Throws (40300 with the policy's own message) unless `callerId` may act for `patientId`. */
  assertMayActFor(db: Db, callerId: string, patientId: string): Promise<void>;
}

/** Until a policy is registered nobody acts for anybody else. */
const NOBODY: ActingForPolicy = {
  assertMayActFor: () => Promise.reject(forbidden('无权为该用户记录')),
};

let policy: ActingForPolicy = NOBODY;

export function setActingForPolicy(next: ActingForPolicy): void {
  policy = next;
}

/**
 * Whose reading a save records (the form's `followerId`, `testType`): the caller's own, or — with
 * `followerId`, the patient's customer id — a patient the policy lets the caller act for.
 * testType '2' without a person is 40000 请选择亲友.
 */
export async function readingOwner(
  db: Db,
  callerId: string,
  input: { followerId?: string; testType?: '1' | '2' },
): Promise<{ customerId: string; source: Extract<ReadingSource, 'self' | 'relative'> }> {
  const other =
    input.followerId !== undefined && input.followerId !== '' && input.followerId !== callerId
      ? input.followerId
      : null;
  if (other === null) {
    if (input.testType === '2' && (input.followerId === undefined || input.followerId === '')) {
      throw new AppError(ErrorCodes.badRequest, '请选择亲友');
    }
    return { customerId: callerId, source: 'self' };
  }
  await policy.assertMayActFor(db, callerId, other);
  return { customerId: other, source: 'relative' };
}
