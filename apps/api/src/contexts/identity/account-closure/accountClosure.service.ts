import { inTransaction, type Db } from '../../../lib/db';
import { notFound } from '../../../lib/errors';
import type { SessionContext } from '../../../lib/session-context';
import { CustomerRepository } from '../customer/customer.repository';
import { customerEvents } from '../customer/customer.events';
import { identityHash } from '../customer/identityHash';
import { SessionRepository } from '../session/session.repository';
import type { SessionCache } from '../session/session.cache';
import { ClosedAccountRepository } from '../customer/closedAccount.repository';

/**
 * Closes (注销) the caller's own account (docs/adr/0171-account-closure.md), in one transaction:
 * the salted hashes of its phone and openid are kept, the profile is cleared, the phone and openid
 * are freed, every session ends, and `AccountClosed` is published (the strip ledger takes an
 * invitation's strips back). Readings stay under the de-identified id, which no sign-in reaches.
 * Other API processes drop cached sessions on the customer trigger's notification; this one now.
 */
export async function closeAccount(
  em: Db,
  secret: string,
  session: SessionContext,
  now: Date,
  cache?: SessionCache,
): Promise<null> {
  const after = await inTransaction(em, async (tx) => {
    const customer = await new CustomerRepository(tx).get(session.customerId);
    if (customer.closedAt !== null) {
      throw notFound('账号已注销');
    }
    const closure = new ClosedAccountRepository(tx);
    if (!(await closure.deIdentify(customer.id, now))) {
      throw notFound('账号已注销');
    }
    await closure.record({
      customerId: customer.id,
      phoneHash: customer.phone ? identityHash(secret, 'phone', customer.phone) : null,
      openidHash: identityHash(secret, 'openid', customer.openid),
      registeredAt: customer.registeredAt ?? null,
      closedAt: now,
    });
    await new SessionRepository(tx).revokeAllOf([customer.id], now);
    return customerEvents.publish(tx, 'AccountClosed', [
      { type: 'AccountClosed', customerId: customer.id, registeredAt: customer.registeredAt ?? null, at: now },
    ]);
  });
  after.forEach((then) => then());
  cache?.changed(`c:${session.customerId}`);
  return null;
}
