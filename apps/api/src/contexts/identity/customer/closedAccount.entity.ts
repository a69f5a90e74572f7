import { defineEntity, p } from '@mikro-orm/core';

/**
 * What is kept of a closed (注销) account: its id (its readings stay under it, de-identified), when
 * it registered and closed, and salted hashes of its phone and openid (`identityHash`) — never the
 * identifiers themselves — so the invitation scheme recognises the same person registering again.
 */
export const ClosedAccountSchema = defineEntity({
  name: 'ClosedAccount',
  tableName: 'closed_account',
  properties: {
    customerId: p.uuid().primary(),
    phoneHash: p.string().length(64).nullable().index(),
    openidHash: p.string().length(64).index(),
    registeredAt: p.datetime().nullable(),
    closedAt: p.datetime(),
  },
});

export class ClosedAccount extends ClosedAccountSchema.class {}
ClosedAccountSchema.setClass(ClosedAccount);
