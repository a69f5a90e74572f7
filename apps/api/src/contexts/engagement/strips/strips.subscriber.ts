import type { AccountClosed, InvitationAccepted, Subscriber } from '../../identity';
import { creditInvitation, revokeInvitation } from './strips.service';

/** Identity announced an accepted invitation: the inviter's strips (wired in composition.ts). */
export const stripsOnInvitationAccepted: Subscriber<InvitationAccepted> = async (tx, events) => {
  for (const event of events) {
    await creditInvitation(tx, event);
  }
};

/** Identity announced a closed account: an invitation's strips are taken back within 7 days. */
export const stripsOnAccountClosed: Subscriber<AccountClosed> = async (tx, events) => {
  for (const event of events) {
    await revokeInvitation(tx, event);
  }
};
