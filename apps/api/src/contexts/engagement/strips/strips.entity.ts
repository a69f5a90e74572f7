import { defineEntity, p } from '@mikro-orm/core';

/**
 * One line of the test-strip ledger (试纸; docs/invitation.md). Append-only, like the points
 * ledger: `idemKey` is unique per customer, so an event heard twice moves nothing the second time.
 * The balance is kept on `customer.give_paper` in the same transaction (docs/adr/0170-strip-ledger.md).
 */
export const StripEntrySchema = defineEntity({
  name: 'StripEntry',
  tableName: 'strip_entry',
  indexes: [{ properties: ['customerId', 'createdAt'] }],
  uniques: [{ properties: ['customerId', 'idemKey'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    customerId: p.uuid(),
    /** Strips added (negative when taken back or exchanged). */
    delta: p.integer(),
    /** Domain `STRIP_REASONS`. */
    reason: p.string().length(24),
    /** e.g. `invitation:{inviteeId}`, `invitationRevoked:{inviteeId}`. */
    idemKey: p.string().length(100),
    /** The invited person's masked nickname, for the invitation reasons (kept masked: the account may be closed later). */
    invitedName: p.string().length(40).nullable(),
    createdAt: p.datetime(),
  },
});

export class StripEntry extends StripEntrySchema.class {}
StripEntrySchema.setClass(StripEntry);

/**
 * One invited person, rewarded at most once ever: the unique hashes of their phone and openid make a
 * second registration of the same person (another account, after closing one, racing requests)
 * earn nothing, whichever code it uses.
 */
export const StripInvitationSchema = defineEntity({
  name: 'StripInvitation',
  tableName: 'strip_invitation',
  properties: {
    inviteeId: p.uuid().primary(),
    inviterId: p.uuid().index(),
    phoneHash: p.string().length(64).unique(),
    openidHash: p.string().length(64).unique(),
    createdAt: p.datetime(),
    /** When the invitee closed the account within 7 days and the strips were taken back. */
    revokedAt: p.datetime().nullable(),
  },
});

export class StripInvitation extends StripInvitationSchema.class {}
StripInvitationSchema.setClass(StripInvitation);
