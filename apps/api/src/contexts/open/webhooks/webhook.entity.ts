import { defineEntity, p } from '@mikro-orm/core';
import type { WebhookEventType } from '@glucoguard/domain';

/**
 * A client's webhook subscription (推送订阅, docs/adr/0223-webhook-deliveries.md): where events are
 * POSTed, which events, and the secret they are signed with. The secret is kept as issued (the
 * HMAC needs it; it cannot be hashed like a client secret). `consecutiveFailures` counts
 * deliveries failed in a row; reaching the domain's limit switches it off and stores the notice
 * given to the client's contact.
 */
export const WebhookSubscriptionSchema = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'open_webhook_subscription',
  indexes: [{ properties: ['clientId', 'createdAt'] }, { properties: ['createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    clientId: p.string().length(64),
    url: p.string().length(2000),
    events: p.json<WebhookEventType[]>(),
    description: p.string().length(200).nullable(),
    secret: p.string().length(60),
    /**
     * The secret before the last rotation (docs/adr/0232): until `previousSecretExpiresAt` every
     * attempt is signed with it as well as with `secret`. A rotation inside that window replaces it.
     */
    previousSecret: p.string().length(60).nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    enabled: p.boolean(),
    /** `failures` (switched off after persistent failure) or `client` (the client switched it off). */
    disabledReason: p.string().length(10).nullable(),
    disabledAt: p.datetime().nullable(),
    consecutiveFailures: p.integer().default(0),
    /** The notice sent to the client's contact when it was switched off after persistent failure. */
    noticeText: p.string().length(500).nullable(),
    noticePhone: p.string().length(20).nullable(),
    noticeEmail: p.string().length(200).nullable(),
    noticeAt: p.datetime().nullable(),
    /**
     * The notice's SMS to noticePhone (docs/adr/0224): null until its job runs; `sending` while it
     * is with the provider, then `sent`, `no_phone` (no contact phone), or `failed`.
     */
    noticeSmsStatus: p.string().length(10).nullable(),
    /** When the SMS was accepted by the provider (or found to have no phone, or failed for good). */
    noticeSmsAt: p.datetime().nullable(),
    /** Why the SMS was not sent (the provider's refusal), for the console. */
    noticeSmsError: p.string().length(200).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class WebhookSubscription extends WebhookSubscriptionSchema.class {}
WebhookSubscriptionSchema.setClass(WebhookSubscription);

/**
 * One event for one subscription: its body (the JSON every attempt sends), its `webhook-id`
 * (`eventId`, shared by the subscriptions that got the same event), and where it stands. `chain`
 * is 1 for the first sending and grows by one per replay.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'open_webhook_delivery',
  indexes: [
    { properties: ['subscriptionId', 'createdAt'] },
    // Retention's daily delete of finished deliveries (docs/adr/0233, 0234): the oldest by updated_at,
    // never a pending one, so pending deliveries take no entry.
    {
      name: 'open_webhook_delivery_finished_index',
      expression:
        'create index "open_webhook_delivery_finished_index" on "open_webhook_delivery" ("updated_at") where "status" <> \'pending\'',
    },
  ],
  properties: {
    id: p.uuid().primary(),
    subscriptionId: p.uuid(),
    /**
     * The patient whose data the delivery carries (null for `consent.revoked`): every attempt and
     * replay checks that this patient's grant to the client is still live (docs/adr/0224).
     */
    customerId: p.uuid().nullable(),
    eventId: p.string().length(40),
    eventType: p.string().length(20),
    /** The body every attempt sends, byte for byte (the signature covers it). */
    body: p.text(),
    /** pending, succeeded or failed. */
    status: p.string().length(10),
    chain: p.smallint().default(1),
    nextAttemptAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

/** One POST of a delivery (the delivery log): when, the receiver's status, how long, and why it failed. */
export const WebhookAttemptSchema = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'open_webhook_attempt',
  uniques: [{ properties: ['deliveryId', 'chain', 'attemptNo'], name: 'open_webhook_attempt_once' }],
  properties: {
    id: p.integer().primary().autoincrement(),
    deliveryId: p.uuid(),
    chain: p.smallint(),
    attemptNo: p.smallint(),
    startedAt: p.datetime(),
    statusCode: p.smallint().nullable(),
    durationMs: p.integer(),
    error: p.string().length(200).nullable(),
  },
});

export class WebhookAttempt extends WebhookAttemptSchema.class {}
WebhookAttemptSchema.setClass(WebhookAttempt);
