import { EventBus } from '../../../lib/event-bus';

/**
 * Identity's domain events and their bus. Identity publishes inside the transaction of the change
 * and knows none of its subscribers: the strip ledger (engagement) registers in
 * `apps/api/src/composition.ts`, as points hear readings (docs/adr/0010).
 */

/**
 * A registering customer entered another customer's invite code (on the one-page form, or on the
 * second step of the two-step form shortly after the first; domain `invitationClaimable`).
 * Published once per customer: only the first code a customer enters is announced.
 */
export interface InvitationAccepted {
  type: 'InvitationAccepted';
  inviterId: string;
  inviteeId: string;
  /** The invitee's nickname now (the ledger keeps it masked). */
  inviteeNickname: string;
  /** Salted hashes (`identityHash`) of the invitee's phone and openid: one person, whatever account. */
  phoneHash: string;
  openidHash: string;
  /**
   * The invitee's phone or openid belonged to a registered account closed before, or to the
   * inviter: not a new person for the scheme (docs/invitation.md).
   */
  knownPerson: boolean;
  at: Date;
}

/** A customer closed (注销) their own account. Published in the closing transaction. */
export interface AccountClosed {
  type: 'AccountClosed';
  customerId: string;
  /** When the account had registered; null for a visitor. */
  registeredAt: Date | null;
  at: Date;
}

export interface CustomerEvents {
  InvitationAccepted: InvitationAccepted;
  AccountClosed: AccountClosed;
}

export const customerEvents = new EventBus<CustomerEvents>();
