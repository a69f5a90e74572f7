import { defineEntity, p } from '@mikro-orm/core';

/**
 * An Idempotency-Key a client sent with a write for one patient (docs/adr/0222-idempotency-keys.md), kept 24 hours:
 * the request's fingerprint (SHA-256 of the operation and the canonical body) and, once the write
 * has committed, its answer. The row is inserted in the write's own transaction, so a second
 * request with the same key waits on the first's row lock and then sees either its answer or
 * nothing (the first rolled back). A cleanup job deletes expired rows.
 */
export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'open_idempotency_key',
  indexes: [{ properties: ['expiresAt'] }],
  properties: {
    clientId: p.string().length(100).primary(),
    /**
     * The patient the key's request acted for (the token's grant); a key is one client's for one
     * patient, so two patients' writes never share an answer. The nil uuid for a token without a
     * patient (client credentials).
     */
    customerId: p.uuid().primary(),
    key: p.string().length(255).primary(),
    fingerprint: p.string().length(64),
    /** The answer's envelope data, as first sent; null only inside the first request's own transaction. */
    response: p.json<unknown>().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});

export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);

/** Which client provisioned a meter through POST /open/v1/devices. */
export const ProvisionedDeviceSchema = defineEntity({
  name: 'ProvisionedDevice',
  tableName: 'open_provisioned_device',
  indexes: [{ properties: ['clientId'] }],
  properties: {
    imei: p.string().length(15).primary(),
    clientId: p.string().length(100),
    createdAt: p.datetime(),
  },
});

export class ProvisionedDevice extends ProvisionedDeviceSchema.class {}
ProvisionedDeviceSchema.setClass(ProvisionedDevice);
