import { defineEntity, p } from '@mikro-orm/core';

/**
 * A provisioned cellular meter (spec 2 §3 "Device"). Its secret and bind code are shown once at
 * provisioning; only salted hashes are kept (@glucoguard/ingestion secret.ts). `customerId` is the patient it is bound to, if any.
 */
export const DeviceSchema = defineEntity({
  name: 'Device',
  tableName: 'device',
  indexes: [{ properties: ['customerId'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    imei: p.string().length(15).unique(),
    /** What it measures: `glucose` or `bp` (the spec's deviceKind 0 and 1). */
    kind: p.string().length(8),
    model: p.string().length(32).default(''),
    /** `$7$iterations$salt$hash` (Mosquitto's PBKDF2-SHA512 format), or an older `scrypt$N$r$p$salt$hash` (@glucoguard/ingestion secret.ts). */
    secretHash: p.string().length(160),
    /**
     * The bind code printed on the meter's label and in its QR code (domain `makeBindCode`), hashed
     * like the secret (@glucoguard/ingestion secret.ts). Null for a meter provisioned before bind codes: it cannot
     * be bound until `npm run device -- bind-code` issues one
     * (docs/adr/0091-bind-code.md).
     */
    bindCodeHash: p.string().length(160).nullable(),
    /** The SIM card, when known (spec: iccid). */
    iccid: p.string().length(20).nullable(),
    /** When the SIM card's data plan ends (spec: flowExpireTime); null while none was bought. Renewed by a paid data-plan order (dataPlan.service.ts). */
    flowExpireTime: p.datetime().nullable(),
    /** The name the patient gave it, at most 10 characters (spec: deviceName). */
    name: p.string().length(10).nullable(),
    customerId: p.uuid().nullable(),
    boundAt: p.datetime().nullable(),
    /** When it was last unbound: readings received before then never go to a later binder. */
    unboundAt: p.datetime().nullable(),
    lastSeenAt: p.datetime().nullable(),
    /** Percent, from the meter's last message that reported it. */
    battery: p.smallint().nullable(),
    /** dBm, from the meter's last message that reported it. */
    signal: p.smallint().nullable(),
    createdAt: p.datetime(),
  },
});

export class Device extends DeviceSchema.class {}
DeviceSchema.setClass(Device);

/**
 * Every reading a meter delivered, exactly once: `(imei, readingId)` is the primary key (the
 * spec's synckey for meters; no surrogate id, which would cost every stored reading a sequence
 * call and a second index entry). `recordId` is the sugar_test or blood_pressure_test row it
 * became for `customerId`; both stay null while the meter is not bound.
 */
export const MeterReadingSchema = defineEntity({
  name: 'MeterReading',
  tableName: 'meter_reading',
  // The only lookup by meter is of readings no record was made of yet (a bind attaches them), so
  // the index holds just those: readings of bound meters, nearly all of them, cost no entry.
  indexes: [
    {
      name: 'meter_reading_unattached_index',
      expression:
        'create index "meter_reading_unattached_index" on "meter_reading" ("imei", "measured_at") where "record_id" is null',
    },
  ],
  properties: {
    /** Compared bytewise (collation C), as are reading ids: the key's index compares them on every insert. */
    imei: p.string().length(15).primary().collation('C'),
    /** The meter's own id of the reading, 1–64 printable characters. */
    readingId: p.string().length(64).primary().collation('C'),
    kind: p.string().length(8),
    /** Glucose as sent (`value` in `unit`) and in mmol/L. */
    value: p.decimal('number').precision(7).scale(2).nullable(),
    unit: p.string().length(8).nullable(),
    sugar: p.decimal('number').precision(4).scale(1).nullable(),
    /** The slot the meter gave, if it gave one. */
    timeType: p.smallint().nullable(),
    sbp: p.smallint().nullable(),
    dbp: p.smallint().nullable(),
    hr: p.smallint().nullable(),
    measuredAt: p.datetime(),
    receivedAt: p.datetime(),
    /** `low` or `high` when the value lies outside what manual entry accepts (a meter's LO/HI). */
    outOfRange: p.string().length(4).nullable(),
    customerId: p.uuid().nullable(),
    recordId: p.bigint('string').nullable(),
  },
});

export class MeterReading extends MeterReadingSchema.class {}
MeterReadingSchema.setClass(MeterReading);
