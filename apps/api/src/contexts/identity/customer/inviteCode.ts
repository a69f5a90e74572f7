import { invitationClaimable } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { inTransaction, type Db } from '../../../lib/db';
import type { Customer } from './customer.entity';
import { CustomerRepository } from './customer.repository';
import { customerEvents, type InvitationAccepted } from './customer.events';
import { identityHash } from './identityHash';
import { ClosedAccountRepository } from './closedAccount.repository';

/**
 * Records an invite code on a customer: a doctor's links the doctor; a customer's records the
 * inviter. Answers the `InvitationAccepted` to publish when this is a registering customer's first
 * code and it is another (open) customer's (docs/invitation.md); null otherwise.
 */
export async function applyInviteCode(
  db: Db,
  customer: Customer,
  code: string,
  context: { now: Date; secret: string },
): Promise<InvitationAccepted | null> {
  const repo = new CustomerRepository(db);
  const normalised = code.trim().toUpperCase();
  const doctor = await repo.findDoctorByInviteCode(normalised);
  const inviter = doctor ? null : await repo.findByInviteCode(normalised);
  if (!doctor && (!inviter || inviter.id === customer.id)) {
    throw new AppError(ErrorCodes.badRequest, '请输入正确的邀请码');
  }
  const first = customer.usedInviteCode === null;
  customer.usedInviteCode = normalised;
  customer.doctorId = doctor?.id ?? customer.doctorId;
  if (!inviter || !first || !customer.registeredAt || !customer.phone) {
    return null;
  }
  if (!invitationClaimable(customer.registeredAt, context.now)) {
    return null;
  }
  const phoneHash = identityHash(context.secret, 'phone', customer.phone);
  const openidHash = identityHash(context.secret, 'openid', customer.openid);
  const knownPerson =
    inviter.phone === customer.phone ||
    inviter.openid === customer.openid ||
    (await new ClosedAccountRepository(db).knownHashes(phoneHash, openidHash));
  return {
    type: 'InvitationAccepted',
    inviterId: inviter.id,
    inviteeId: customer.id,
    inviteeNickname: customer.nickname,
    phoneHash,
    openidHash,
    knownPerson,
    at: context.now,
  };
}

/**
 * Saves a customer's changes; with an accepted invitation, in one transaction with its
 * publication, so the inviter's strips are credited exactly when the registration commits.
 */
export async function saveCustomerWithInvitation(db: Db, invitation: InvitationAccepted | null): Promise<void> {
  if (!invitation) {
    await new CustomerRepository(db).save();
    return;
  }
  const after = await inTransaction(db, async (tx) => {
    await new CustomerRepository(tx).save();
    return customerEvents.publish(tx, 'InvitationAccepted', [invitation]);
  });
  after.forEach((then) => then());
}
