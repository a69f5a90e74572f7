import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { WebhookEventType } from '@glucoguard/domain';
import { nativeQuery } from '../../../lib/db';
import { WebhookAttempt, WebhookDelivery, WebhookSubscription } from './webhook.entity';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A delivery to store: `customerId` is the patient whose data it carries (null for consent.revoked). */
export interface NewDelivery {
  id: string;
  subscriptionId: string;
  customerId: string | null;
  eventId: string;
  eventType: string;
  body: string;
}

/** Subscriptions, deliveries and their attempts (the delivery log). */
export class WebhookRepository {
  constructor(private readonly em: EntityManager) {}

  async insertSubscription(row: Omit<WebhookSubscription, 'consecutiveFailures'>): Promise<void> {
    await this.em.insert(WebhookSubscription, { ...row, consecutiveFailures: 0 });
  }

  subscription(id: string): Promise<WebhookSubscription | null> {
    return this.em.findOne(WebhookSubscription, { id }, { disableIdentityMap: true });
  }

  /** Locks the subscription's row for the rest of the transaction (counting failures one at a time). */
  async lockSubscription(id: string): Promise<WebhookSubscription | null> {
    return this.em.findOne(
      WebhookSubscription,
      { id },
      { disableIdentityMap: true, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }

  subscriptionsOfClient(clientId: string): Promise<WebhookSubscription[]> {
    return this.em.find(
      WebhookSubscription,
      { clientId },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], disableIdentityMap: true },
    );
  }

  /** Takes the client's transaction-scoped advisory lock (its subscription count checked one at a time). */
  async lockClient(clientId: string): Promise<void> {
    await nativeQuery(this.em, "select pg_advisory_xact_lock(hashtext('open.webhooks:' || $1))", [clientId]);
  }

  countOfClient(clientId: string): Promise<number> {
    return this.em.count(WebhookSubscription, { clientId });
  }

  page(clientId: string | undefined, offset: number, limit: number): Promise<[WebhookSubscription[], number]> {
    return this.em.findAndCount(WebhookSubscription, clientId ? { clientId } : {}, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      offset,
      limit,
      disableIdentityMap: true,
    });
  }

  async updateSubscription(id: string, fields: Partial<WebhookSubscription>): Promise<void> {
    await this.em.nativeUpdate(WebhookSubscription, { id }, fields);
  }

  /** A delivery succeeded: the failures in a row start again (no write, so no row lock, when there were none). */
  async resetFailures(id: string): Promise<void> {
    await this.em.nativeUpdate(
      WebhookSubscription,
      { id, consecutiveFailures: { $gt: 0 } },
      { consecutiveFailures: 0 },
    );
  }

  /** Deletes a subscription with its deliveries and their attempts; their pending jobs find nothing and end. */
  async deleteSubscription(id: string): Promise<void> {
    await nativeQuery(
      this.em,
      'delete from open_webhook_attempt where delivery_id in (select id from open_webhook_delivery where subscription_id = $1)',
      [id],
    );
    await this.em.nativeDelete(WebhookDelivery, { subscriptionId: id });
    await this.em.nativeDelete(WebhookSubscription, { id });
  }

  /**
   * The enabled subscriptions to `eventType` of every client not switched off (停用) that the
   * patient has a live grant to including readings.read (the grants are lane OAUTH's oauth_grant rows).
   */
  async hearingPatient(customerId: string, eventType: WebhookEventType): Promise<{ id: string }[]> {
    return nativeQuery<{ id: string }>(
      this.em,
      `select s.id from open_webhook_subscription s
         join oauth_client c on c.id = s.client_id and not c.disabled
        where s.enabled and jsonb_exists(s.events, $2)
          and exists (select 1 from oauth_grant g
                       where g.client_id = s.client_id and g.customer_id = $1
                         and g.revoked_at is null and jsonb_exists(g.scopes, 'readings.read'))`,
      [customerId, eventType],
      { name: 'open_webhooks_hearing_patient' },
    );
  }

  /** The enabled subscriptions to `eventType` of one client, none when the client is switched off (停用). */
  async hearingClient(clientId: string, eventType: WebhookEventType): Promise<{ id: string }[]> {
    return nativeQuery<{ id: string }>(
      this.em,
      `select s.id from open_webhook_subscription s
         join oauth_client c on c.id = s.client_id and not c.disabled
        where s.client_id = $1 and s.enabled and jsonb_exists(s.events, $2)`,
      [clientId, eventType],
    );
  }

  /** Stores deliveries in one statement, whatever their number (a meter's batch). */
  async insertDeliveries(rows: readonly NewDelivery[], now: Date): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await nativeQuery(
      this.em,
      `insert into open_webhook_delivery (id, subscription_id, customer_id, event_id, event_type, body, status, chain, next_attempt_at, created_at, updated_at)
       select d.id, d.subscription_id, d.customer_id, d.event_id, d.event_type, d.body, 'pending', 1, $7, $7, $7
         from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[])
              as d(id, subscription_id, customer_id, event_id, event_type, body)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.subscriptionId),
        rows.map((r) => r.customerId),
        rows.map((r) => r.eventId),
        rows.map((r) => r.eventType),
        rows.map((r) => r.body),
        now,
      ],
    );
  }

  delivery(id: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { id }, { disableIdentityMap: true });
  }

  /** Whether the delivery's row is there now (a statement of its own: it sees deletes committed since). */
  async deliveryExists(id: string): Promise<boolean> {
    const rows = await nativeQuery<{ id: string }>(this.em, 'select id from open_webhook_delivery where id = $1', [id]);
    return rows.length === 1;
  }

  deliveries(
    subscriptionId: string,
    status: DeliveryStatus | undefined,
    offset: number,
    limit: number,
  ): Promise<[WebhookDelivery[], number]> {
    return this.em.findAndCount(
      WebhookDelivery,
      { subscriptionId, ...(status && { status }) },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit, disableIdentityMap: true },
    );
  }

  attemptsOf(deliveryIds: readonly string[]): Promise<WebhookAttempt[]> {
    if (deliveryIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.em.find(
      WebhookAttempt,
      { deliveryId: { $in: [...deliveryIds] } },
      { orderBy: [{ chain: 'asc' }, { attemptNo: 'asc' }], disableIdentityMap: true },
    );
  }

  /** Records an attempt once; false when this (delivery, chain, attempt) was already recorded (a rerun). */
  async recordAttempt(row: Omit<WebhookAttempt, 'id'>): Promise<boolean> {
    const inserted = await nativeQuery<{ id: number }>(
      this.em,
      `insert into open_webhook_attempt (delivery_id, chain, attempt_no, started_at, status_code, duration_ms, error)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict on constraint open_webhook_attempt_once do nothing returning id`,
      [row.deliveryId, row.chain, row.attemptNo, row.startedAt, row.statusCode, row.durationMs, row.error],
    );
    return inserted.length > 0;
  }

  /** Moves a pending delivery of chain `chain` on; false when it is not (any more) that. */
  async settle(
    id: string,
    chain: number,
    status: DeliveryStatus,
    nextAttemptAt: Date | null,
    now: Date,
  ): Promise<boolean> {
    const updated = await this.em.nativeUpdate(
      WebhookDelivery,
      { id, chain, status: 'pending' },
      { status, nextAttemptAt, updatedAt: now },
    );
    return updated > 0;
  }

  /** Starts a new chain for a delivery that is not pending; the new chain's number, or null. */
  async startChain(id: string, now: Date): Promise<number | null> {
    const [row] = await nativeQuery<{ chain: number }>(
      this.em,
      `update open_webhook_delivery set chain = chain + 1, status = 'pending', next_attempt_at = $2, updated_at = $2
        where id = $1 and status <> 'pending' returning chain`,
      [id, now],
    );
    return row ? Number(row.chain) : null;
  }
}
