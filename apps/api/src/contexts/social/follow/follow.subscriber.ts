import type { AccountClosed, Subscriber } from '../../identity';
import { ShareLinkRepository } from '../share/shareLink.repository';
import { FollowRepository } from './follow.repository';

/**
 * A closed account (注销) is no longer followed nor following, and its share links stop working,
 * in the closing transaction (wired in composition.ts; docs/adr/0171-account-closure.md).
 */
export const socialOnAccountClosed: Subscriber<AccountClosed> = async (tx, events) => {
  for (const event of events) {
    await new FollowRepository(tx).endAllOf(event.customerId, event.at);
    await new ShareLinkRepository(tx).revokeAllOf(event.customerId, event.at);
  }
};
