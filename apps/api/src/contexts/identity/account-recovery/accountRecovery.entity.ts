import { defineEntity, p } from '@mikro-orm/core';

/**
 * One account moved to a new sign-in (getting an account back, issue 15 D): which account, from
 * which openid to which, the visitor account whose sign-in it took, and where the request came
 * from. Kept for support and for abuse reviews; the moves of the last 24 hours also limit how
 * often an account can change hands.
 */
export const AccountRecoverySchema = defineEntity({
  name: 'AccountRecovery',
  tableName: 'account_recovery',
  indexes: [{ properties: ['customerId', 'createdAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** The account that moved (it keeps its id, phone and data). */
    customerId: p.uuid(),
    /** The sign-in it had, signed out by the move. */
    fromOpenid: p.string().length(64),
    /** The sign-in it has now (the caller's). */
    toOpenid: p.string().length(64),
    /** The caller's own visitor account, retired because its openid moved. */
    retiredCustomerId: p.uuid(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
    createdAt: p.datetime(),
  },
});

export class AccountRecovery extends AccountRecoverySchema.class {}
AccountRecoverySchema.setClass(AccountRecovery);
