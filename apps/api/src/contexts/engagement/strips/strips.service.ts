import {
  ORDER_MESSAGES,
  STRIPS_PER_INVITATION,
  STRIP_REASON_TEXTS,
  invitationRevocable,
  invitedDisplayName,
  stripsToRevoke,
  type StripReason,
} from '@glucoguard/domain';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type { AccountClosed, InvitationAccepted } from '../../identity';
import { StripsRepository } from './strips.repository';

/**
 * Appends one ledger entry and moves the balance with it under the customer's advisory lock, so
 * concurrent movements are counted one after another; a key already in the ledger moves nothing.
 */
async function move(
  db: Db,
  customerId: string,
  entry: { reason: StripReason; key: string; invitedName: string | null; at: Date },
  delta: (balance: number) => number,
): Promise<number> {
  return withSubjectLock(db, `strips:${customerId}`, async (tx) => {
    const repo = new StripsRepository(tx);
    const amount = delta(await repo.balance(customerId));
    if (amount === 0) {
      return 0;
    }
    const appended = await repo.append({
      customerId,
      delta: amount,
      reason: entry.reason,
      idemKey: `${entry.reason}:${entry.key}`,
      invitedName: entry.invitedName,
      at: entry.at,
    });
    return appended ? amount : 0;
  });
}

/**
 * An invited person registered with a customer's code: the inviter earns 5 strips, once per
 * person — not when the person is known (a closed account's phone or openid, or the inviter's
 * own), and not when their phone or openid was invited before (the unique hashes decide, also
 * between racing registrations). Answers the strips credited.
 */
export async function creditInvitation(db: Db, event: InvitationAccepted): Promise<number> {
  if (event.knownPerson || event.inviterId === event.inviteeId) {
    return 0;
  }
  const recorded = await new StripsRepository(db).recordInvitation({
    inviteeId: event.inviteeId,
    inviterId: event.inviterId,
    phoneHash: event.phoneHash,
    openidHash: event.openidHash,
    at: event.at,
  });
  if (!recorded) {
    return 0;
  }
  const invitedName = invitedDisplayName(event.inviteeNickname);
  return move(
    db,
    event.inviterId,
    { reason: 'invitation', key: event.inviteeId, invitedName, at: event.at },
    () => STRIPS_PER_INVITATION,
  );
}

/**
 * An account closed: if it was an invitation rewarded and it closed within 7 days of registering,
 * the inviter's strips are taken back — what is left of them, never below zero (domain
 * `stripsToRevoke`). The invited person stays recorded, so registering again earns nobody anything.
 */
export async function revokeInvitation(db: Db, event: AccountClosed): Promise<number> {
  if (!event.registeredAt || !invitationRevocable(event.registeredAt, event.at)) {
    return 0;
  }
  const repo = new StripsRepository(db);
  const inviterId = await repo.revokeInvitation(event.customerId, event.at);
  if (!inviterId) {
    return 0;
  }
  const earned = await repo.invitedName(inviterId, event.customerId);
  return move(
    db,
    inviterId,
    { reason: 'invitationRevoked', key: event.customerId, invitedName: earned, at: event.at },
    (balance) => -stripsToRevoke(balance),
  );
}

/** The customer's strip balance. */
export function stripBalance(db: Db, customerId: string): Promise<number> {
  return new StripsRepository(db).balance(customerId);
}

/** Spends strips on a paper good's order (the order module's ledger port): 试纸不足 when short; idempotent by key. */
export async function spendOrderStrips(db: Db, customerId: string, amount: number, key: string, at: Date) {
  const strips = Math.abs(amount);
  await move(db, customerId, { reason: 'exchange', key, invitedName: null, at }, (balance) => {
    if (balance < strips) {
      throw new AppError(ErrorCodes.conflict, ORDER_MESSAGES.stripsShort, 409);
    }
    return -strips;
  });
}

/** Gives an order's strips back (a cancel or a time-out; idempotent by key). */
export async function returnOrderStrips(db: Db, customerId: string, amount: number, key: string, at: Date) {
  await move(db, customerId, { reason: 'exchangeReturned', key, invitedName: null, at }, () => Math.abs(amount));
}

/** The strip ledger, newest first, with the balance (openapi.yaml paperRecords). */
export async function paperRecords(db: Db, customerId: string, pageNo: number, pageSize: number) {
  const repo = new StripsRepository(db);
  const [{ lines, total }, balance] = await Promise.all([
    repo.page(customerId, pageNo, pageSize),
    repo.balance(customerId),
  ]);
  const items = lines.map((l) => ({
    id: l.id,
    delta: l.delta,
    reason: l.reason as StripReason,
    reasonText: STRIP_REASON_TEXTS[l.reason as StripReason] ?? l.reason,
    invitedName: l.invitedName,
    createTime: l.createTime,
  }));
  return { ...pageOf(items, total, pageNo, pageSize), totalNum: total, balance };
}
