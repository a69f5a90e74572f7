import { defineEntity, p } from '@mikro-orm/core';

/** A verification code sent by SMS. Only a hash of the code is kept. */
export const SmsCodeSchema = defineEntity({
  name: 'SmsCode',
  tableName: 'sms_code',
  indexes: [{ properties: ['phone', 'createdAt'] }, { properties: ['clientIp', 'createdAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    phone: p.string().length(11),
    /** What the code may be used for: register, updatePhone. */
    purpose: p.string().length(16),
    codeHash: p.string().length(64),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    failedAttempts: p.smallint().default(0),
    consumedAt: p.datetime().nullable(),
    voidedAt: p.datetime().nullable(),
    clientIp: p.string().length(64).nullable(),
  },
});

export class SmsCode extends SmsCodeSchema.class {}
SmsCodeSchema.setClass(SmsCode);
