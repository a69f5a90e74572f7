import { maskPatientName } from '../shared/display';
import { STRIPS_PER_INVITATION } from './points';

/**
 * The test-strip ledger's rules (spec 3 §9; docs/invitation.md): an invitation earns the inviter
 * strips once per invited person, an invited account closed soon after registering takes them
 * back, and the balance never goes below zero.
 */

/**
 * Why strips moved. `invitationRevoked` takes an invitation's strips back; `exchange` pays a paper
 * good's order and `exchangeReturned` gives them back when that order is cancelled; `adjustment` is a
 * correction by the staff.
 */
export const STRIP_REASONS = ['invitation', 'invitationRevoked', 'exchange', 'exchangeReturned', 'adjustment'] as const;
export type StripReason = (typeof STRIP_REASONS)[number];

/** The reasons as the strip history shows them. */
export const STRIP_REASON_TEXTS: Record<StripReason, string> = {
  invitation: '邀请好友注册',
  invitationRevoked: '好友注销账号，扣回奖励',
  exchange: '兑换试纸',
  exchangeReturned: '订单取消，退回试纸',
  adjustment: '客服调整',
};

/** An invited account closed within this many days of its registration takes the inviter's strips back. */
export const INVITATION_REVOKE_DAYS = 7;

/**
 * An invite code earns strips only when it is entered as part of registering: on the one-page form,
 * or on the second step of the two-step form within this many hours of the first.
 */
export const INVITATION_CLAIM_HOURS = 24;

const HOUR_MS = 3600 * 1000;

/** Whether an invite code entered at `appliedAt` still counts for a registration completed at `registeredAt`. */
export function invitationClaimable(registeredAt: Date, appliedAt: Date): boolean {
  const elapsed = appliedAt.getTime() - registeredAt.getTime();
  return elapsed >= 0 && elapsed <= INVITATION_CLAIM_HOURS * HOUR_MS;
}

/** Whether an invited account closed at `closedAt` is within the 7 days that take the inviter's strips back. */
export function invitationRevocable(registeredAt: Date, closedAt: Date): boolean {
  const elapsed = closedAt.getTime() - registeredAt.getTime();
  return elapsed >= 0 && elapsed < INVITATION_REVOKE_DAYS * 24 * HOUR_MS;
}

/**
 * How many strips a revoked invitation takes back: what it earned, but never more than the
 * inviter still holds (strips already exchanged stay exchanged; the balance never goes negative).
 */
export function stripsToRevoke(balance: number, earned = STRIPS_PER_INVITATION): number {
  return Math.max(0, Math.min(Math.floor(balance), earned));
}

/** The invited person's name as the inviter's strip history shows it (`张三` → `张*`). */
export function invitedDisplayName(nickname: string): string {
  return maskPatientName(nickname);
}
