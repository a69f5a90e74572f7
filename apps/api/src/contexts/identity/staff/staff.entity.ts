import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A member of staff who signs in to the console (docs/adr/0118-staff-accounts-in-identity.md):
 * separate from customers. The password is stored only as its argon2id hash (PHC string); the
 * TOTP secret (base32), when set, is asked for at every sign-in.
 */
export const StaffSchema = defineEntity({
  name: 'Staff',
  tableName: 'staff',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    username: p.string().length(32).unique(),
    displayName: p.string().length(32).default(''),
    passwordHash: p.string().length(255),
    /** doctor | pharmacist | operator | admin (`STAFF_ROLES` in @glucoguard/domain). */
    role: p.string().length(16),
    /** The care directory's doctor record patients see; set for doctors only. */
    doctorId: p.integer().nullable().index(),
    totpSecret: p.string().length(64).nullable(),
    /** The password was set by someone else (created, reset) and should be changed. */
    mustChangePassword: p.boolean().default(true),
    failedSignIns: p.smallint().default(0),
    lockedUntil: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSignInAt: p.datetime().nullable(),
  },
});

export class Staff extends StaffSchema.class {}
StaffSchema.setClass(Staff);

/** A console sign-in. Like customers' sessions, only the token's SHA-256 is stored. */
export const StaffSessionSchema = defineEntity({
  name: 'StaffSession',
  tableName: 'staff_session',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tokenHash: p.string().length(64).unique(),
    staffId: p.uuid().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(512).nullable(),
  },
});

export class StaffSession extends StaffSessionSchema.class {}
StaffSessionSchema.setClass(StaffSession);
