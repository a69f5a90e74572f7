import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A person using the app. The row is created at first sign-in (a visitor, userType 0) and
 * becomes a registered customer (userType 1, isAuth 1) once a phone number is bound.
 */
export const CustomerSchema = defineEntity({
  name: 'Customer',
  tableName: 'customer',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** The messaging-app (or local provider) identity this customer signs in with. */
    openid: p.string().length(64).unique(),
    unionid: p.string().length(64).nullable(),
    /** The brand the customer came from: 3 health brand, 4 medical brand. */
    sourceId: p.smallint().default(4),
    nickname: p.string().length(32).default(''),
    headimgurl: p.string().length(512).default(''),
    /** 0 unknown, 1 male, 2 female. */
    sex: p.smallint().default(0),
    phone: p.string().length(11).nullable().unique(),
    /** 1 patient, 2 relative. */
    roleType: p.smallint().default(1),
    diabetesType: p.string().length(8).nullable(),
    bloodPressureType: p.string().length(8).nullable(),
    birthday: p.string().columnType('date').nullable(),
    province: p.string().length(12).nullable(),
    city: p.string().length(12).nullable(),
    district: p.string().length(12).nullable(),
    address: p.string().length(100).nullable(),
    /** The last location the customer saved (spec 1 §3 Location), degrees; the region codes above are set with it. */
    longitude: p.decimal('number').precision(9).scale(6).nullable(),
    latitude: p.decimal('number').precision(8).scale(6).nullable(),
    isFamilyMember: p.boolean().default(false),
    /** This customer's own code for inviting others. */
    inviteCode: p.string().length(6).unique(),
    /** The invite code entered at registration (a doctor's or another customer's). */
    usedInviteCode: p.string().length(6).nullable(),
    doctorId: p.integer().nullable(),
    givePaper: p.integer().default(0),
    customerScore: p.integer().default(0),
    /**
     * When the customer's service package (服务包) ends; null when never opened. Its state (0 not
     * opened, 1 active, 2 expired) is read from it (domain termState), so nothing has to expire it.
     */
    serviceExpireDate: p.datetime().nullable(),
    /** 2 means the third-party account must be re-authorised on the registration page. */
    thirdAuthCode: p.smallint().default(1),
    heightCm: p.decimal('number').precision(5).scale(1).nullable(),
    /** kg; two decimals so a weight entered in jin (one decimal) is kept exactly (120.5 jin = 60.25 kg). */
    weightKg: p.decimal('number').precision(5).scale(2).nullable(),
    /** Personal measurement message notices (settings). */
    msgReceive: p.boolean().default(true),
    /** Reminders when a day passes without a measurement (settings). */
    msgNoTestReceive: p.boolean().default(true),
    registeredAt: p.datetime().nullable(),
    /**
     * The version of the legal texts (user agreement and privacy policy, `LEGAL_TEXTS_VERSION`) the
     * customer consented to by registering; null before registration.
     */
    legalVersion: p.string().length(10).nullable(),
    /**
     * When the customer closed (注销) the account: the profile is cleared and the phone and openid
     * freed (contexts/identity/account-closure); null while open.
     */
    closedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // A session says who its caller is (openid) and whether they registered; API processes cache
  // sessions (session.cache.ts), so a change of either, or a removed customer, is announced.
  triggers: [
    {
      name: 'customer_identity_changed',
      timing: 'after',
      events: ['update', 'delete'],
      body: `if tg_op = 'DELETE' or old.openid is distinct from new.openid or old.registered_at is distinct from new.registered_at then perform pg_notify('session_changed', 'c:' || old.id::text); end if; return null;`,
    },
  ],
});

export class Customer extends CustomerSchema.class {}
CustomerSchema.setClass(Customer);
