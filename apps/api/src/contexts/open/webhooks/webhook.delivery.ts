import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  nextWebhookAttemptAt,
  openDateTime,
  openReadingId,
  WEBHOOK_ATTEMPT_TIMEOUT_MS,
  webhookAttemptError,
  webhookDisabledNotice,
  webhookShouldDisable,
  type WebhookEventType,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inTransaction, type Db } from '../../../lib/db';
import { scheduleJob } from '../../platform';
import type { ReadingDeleted, ReadingRecorded, RecordedReading } from '../../health';
import { openReadingOf } from '../open-data/openReading';
import { WebhookRepository, type NewDelivery } from './webhook.repository';
import { newWebhookEventId, webhookHeaders } from './webhook.signing';
import { deliveryRefusal, webhookClientContact } from './webhook.clients';
import { scheduleWebhookNotice } from './webhook.notice';
import {
  guardedLookup,
  PRIVATE_TARGET_REFUSAL,
  PrivateTargetError,
  refusedLiteral,
  webhookTargetPolicy,
  type WebhookTargetPolicy,
} from './webhook.targets';

// Deliveries (docs/adr/0223-webhook-deliveries.md): an event heard inside the writing transaction
// becomes one delivery per subscription that hears it, each with the job of its first attempt,
// committed with the change. Each attempt is a durable job that POSTs the signed payload, records
// the attempt in the delivery log and, on failure, schedules the next attempt by the domain's
// schedule; the last failure fails the delivery and may switch the subscription off.

/** The durable job of one attempt; its key is `${deliveryId}:${chain}:${attemptNo}`. */
export const WEBHOOK_ATTEMPT_JOB = 'open.webhooks.attempt';

export interface WebhookAttemptPayload {
  deliveryId: string;
  chain: number;
  attemptNo: number;
}

type WebhookEvent = Schema<'WebhookEvent'>;

/** One event to fan out: to the patient's granted clients, or (consent.revoked) to one client. */
interface Outgoing {
  audience: { customerId: string } | { clientId: string };
  event: WebhookEvent;
}

/** Stores a delivery per hearing subscription for each event and schedules each first attempt, in `tx`. */
export async function enqueueWebhooks(tx: Db, outgoing: readonly Outgoing[], now: Date): Promise<number> {
  const repo = new WebhookRepository(tx);
  const rows: NewDelivery[] = [];
  for (const { audience, event } of outgoing) {
    const type: WebhookEventType = event.type;
    const hearing =
      'clientId' in audience
        ? await repo.hearingClient(audience.clientId, type)
        : await repo.hearingPatient(audience.customerId, type);
    if (hearing.length === 0) {
      continue;
    }
    const eventId = newWebhookEventId();
    const body = JSON.stringify(event);
    // Whose data it carries: every attempt and replay checks that patient's grant is still live.
    const customerId = 'customerId' in audience ? audience.customerId : null;
    for (const { id: subscriptionId } of hearing) {
      rows.push({ id: randomUUID(), subscriptionId, customerId, eventId, eventType: type, body });
    }
  }
  await repo.insertDeliveries(rows, now);
  for (const row of rows) {
    await scheduleAttempt(tx, { deliveryId: row.id, chain: 1, attemptNo: 1 }, now);
  }
  return rows.length;
}

function scheduleAttempt(tx: Db, attempt: WebhookAttemptPayload, dueAt: Date): Promise<boolean> {
  return scheduleJob(
    tx,
    WEBHOOK_ATTEMPT_JOB,
    `${attempt.deliveryId}:${attempt.chain}:${attempt.attemptNo}`,
    dueAt,
    attempt,
  );
}

/**
 * Enqueues one outgoing event for each heard event, its timestamp the event's time in China time
 * (+08:00); the deliveries' first attempts are due at the first event's time.
 */
async function enqueueHeard<E extends { at: Date }>(
  tx: Db,
  events: readonly E[],
  outgoing: (e: E, timestamp: string) => Outgoing,
): Promise<void> {
  await enqueueWebhooks(
    tx,
    events.map((e) => outgoing(e, openDateTime(e.at))),
    events[0]?.at ?? new Date(),
  );
}

/** readingEvents' ReadingRecorded: `reading.created` to the patient's granted clients. */
export function webhooksOnReadingRecorded(tx: Db, events: readonly ReadingRecorded[]): Promise<void> {
  return enqueueHeard(tx, events, (e, timestamp) => ({
    audience: { customerId: e.customerId },
    event: {
      type: 'reading.created',
      timestamp,
      data: { patientId: e.customerId, reading: openReadingOf(e.reading, e.customerId, e.source, e.meter) },
    },
  }));
}

/** readingEvents' ReadingDeleted: `reading.deleted` (a tombstone) to the patient's granted clients. */
export function webhooksOnReadingDeleted(tx: Db, events: readonly ReadingDeleted[], now: Date): Promise<void> {
  const heard = events.map((e) => ({ ...e, at: now }));
  return enqueueHeard(tx, heard, (e, timestamp) => ({
    audience: { customerId: e.customerId },
    event: {
      type: 'reading.deleted',
      timestamp,
      data: { patientId: e.customerId, id: openReadingId(e.kind, e.readingId), kind: e.kind },
    },
  }));
}

/** readingEvents' ReadingUpdated: `reading.updated` with the reading as it now is. */
export function webhooksOnReadingUpdated(
  tx: Db,
  events: readonly { reading: RecordedReading; customerId: string; source: 'self' | 'relative'; at: Date }[],
): Promise<void> {
  return enqueueHeard(tx, events, (e, timestamp) => ({
    audience: { customerId: e.customerId },
    event: {
      type: 'reading.updated',
      timestamp,
      data: { patientId: e.customerId, reading: openReadingOf(e.reading, e.customerId, e.source) },
    },
  }));
}

/**
 * deviceEvents' DeviceBound: `device.bound` to the patient's granted clients. Typed by its shape:
 * devices' CLI imports every entity, so importing devices here would close a cycle of folders.
 */
export function webhooksOnDeviceBound(
  tx: Db,
  events: readonly { device: { imei: string }; customerId: string; at: Date }[],
): Promise<void> {
  return enqueueHeard(tx, events, (e, timestamp) => ({
    audience: { customerId: e.customerId },
    event: { type: 'device.bound', timestamp, data: { patientId: e.customerId, imei: e.device.imei } },
  }));
}

/** A patient's grant to a client was revoked: `consent.revoked` to that client's subscriptions. */
export function webhooksOnGrantRevoked(
  tx: Db,
  events: readonly { clientId: string; grantId: string; customerId: string; at: Date }[],
): Promise<void> {
  return enqueueHeard(tx, events, (e, timestamp) => ({
    audience: { clientId: e.clientId },
    event: { type: 'consent.revoked', timestamp, data: { patientId: e.customerId, grantId: e.grantId } },
  }));
}

/** An attempt as the delivery log stores it. */
type AttemptRow = Parameters<WebhookRepository['recordAttempt']>[0];

type Failure = { statusCode: number } | { timeout: true } | { network: string } | { internal: true };

interface PostResult {
  ok: boolean;
  failure?: Failure;
  statusCode: number | null;
}

/**
 * POSTs once, connecting only to an address the policy allows (an IP literal is checked here, a
 * name in the connection's own lookup); the receiver's status, or why no answer came. The answer's
 * body is not read, and redirects are not followed.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: WebhookTargetPolicy,
): Promise<PostResult> {
  return new Promise<PostResult>((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, statusCode: null, failure: { network: 'invalid URL' } });
      return;
    }
    if (refusedLiteral(target, policy)) {
      resolve({ ok: false, statusCode: null, failure: { internal: true } });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(WEBHOOK_ATTEMPT_TIMEOUT_MS),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.destroy();
        const ok = status >= 200 && status < 300;
        resolve({ ok, statusCode: status, ...(!ok && { failure: { statusCode: status } }) });
      },
    );
    request.on('error', (error: Error & { code?: string; cause?: { code?: string } }) => {
      if (error instanceof PrivateTargetError || error.code === 'WEBHOOK_PRIVATE_TARGET') {
        resolve({ ok: false, statusCode: null, failure: { internal: true } });
      } else if (error.name === 'TimeoutError' || error.name === 'AbortError') {
        resolve({ ok: false, statusCode: null, failure: { timeout: true } });
      } else {
        const code = error.code ?? error.cause?.code ?? error.message ?? 'unknown';
        resolve({ ok: false, statusCode: null, failure: { network: String(code).slice(0, 60) } });
      }
    });
    request.end(body);
  });
}

function attemptError(failure: Failure): string {
  return 'internal' in failure ? PRIVATE_TARGET_REFUSAL : webhookAttemptError(failure);
}

/**
 * Runs one attempt (the job's handler). Not atomic: the POST happens outside any transaction, then
 * the attempt, the delivery's new state and the next attempt's job commit together. A rerun of an
 * attempt already recorded (its process died before the job completed) changes nothing; the
 * receiver may then have the event twice, under one webhook-id.
 *
 * Before it POSTs, the client must not be switched off (停用) and, for a patient's data, the
 * patient's grant with readings.read must still be live; otherwise the delivery fails at once with
 * the reason in the log, sends nothing, and does not count toward switching the subscription off.
 */
export async function runWebhookAttempt(
  db: Db,
  attempt: WebhookAttemptPayload,
  now: Date,
  policy: WebhookTargetPolicy = webhookTargetPolicy(),
): Promise<void> {
  const repo = new WebhookRepository(db);
  const delivery = await repo.delivery(attempt.deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.chain !== attempt.chain) {
    return; // deleted, settled, or replayed since
  }
  const subscription = await repo.subscription(delivery.subscriptionId);
  if (!subscription) {
    return;
  }
  if (!subscription.enabled) {
    await repo.settle(delivery.id, delivery.chain, 'failed', null, now);
    return;
  }
  /** Logs this attempt begun at `now` with its outcome; false when a rerun had logged it already. */
  const logAttempt = (txRepo: WebhookRepository, outcome: Pick<AttemptRow, 'statusCode' | 'durationMs' | 'error'>) =>
    txRepo.recordAttempt({
      deliveryId: delivery.id,
      chain: attempt.chain,
      attemptNo: attempt.attemptNo,
      startedAt: now,
      ...outcome,
    });
  const refusal = await deliveryRefusal(db, subscription.clientId, delivery.customerId ?? null);
  if (refusal) {
    await inTransaction(db, async (tx) => {
      const txRepo = new WebhookRepository(tx);
      const recorded = await logAttempt(txRepo, { statusCode: null, durationMs: 0, error: refusal });
      if (recorded) {
        await txRepo.settle(delivery.id, attempt.chain, 'failed', null, now);
      }
    });
    return;
  }
  const body = delivery.body;
  const started = performance.now();
  const result = await post(subscription.url, webhookHeaders(subscription, delivery.eventId, now, body), body, policy);
  const durationMs = Math.round(performance.now() - started);
  const finishedAt = new Date(now.getTime() + durationMs);
  await inTransaction(db, async (tx) => {
    const txRepo = new WebhookRepository(tx);
    const recorded = await logAttempt(txRepo, {
      statusCode: result.statusCode,
      durationMs,
      error: result.failure ? attemptError(result.failure) : null,
    });
    if (!recorded) {
      return;
    }
    if (result.ok) {
      if (await txRepo.settle(delivery.id, attempt.chain, 'succeeded', null, finishedAt)) {
        await txRepo.resetFailures(subscription.id);
      }
      return;
    }
    const next = nextWebhookAttemptAt(attempt.attemptNo, finishedAt);
    if (next) {
      if (await txRepo.settle(delivery.id, attempt.chain, 'pending', next, finishedAt)) {
        await scheduleAttempt(tx, { ...attempt, attemptNo: attempt.attemptNo + 1 }, next);
      }
      return;
    }
    if (await txRepo.settle(delivery.id, attempt.chain, 'failed', null, finishedAt)) {
      await countFailedDelivery(tx, subscription.id, finishedAt);
    }
  });
}

/** One more delivery failed in a row; at the domain's limit the subscription is switched off and its contact told. */
async function countFailedDelivery(tx: Db, subscriptionId: string, now: Date): Promise<void> {
  const repo = new WebhookRepository(tx);
  const subscription = await repo.lockSubscription(subscriptionId);
  if (!subscription) {
    return;
  }
  const failures = subscription.consecutiveFailures + 1;
  if (!subscription.enabled || !webhookShouldDisable(failures)) {
    await repo.updateSubscription(subscriptionId, { consecutiveFailures: failures });
    return;
  }
  const contact = await webhookClientContact(tx, subscription.clientId);
  await repo.updateSubscription(subscriptionId, {
    consecutiveFailures: failures,
    enabled: false,
    disabledReason: 'failures',
    disabledAt: now,
    noticeText: webhookDisabledNotice(contact?.name ?? subscription.clientId, subscription.url).slice(0, 500),
    noticePhone: contact?.phone ?? null,
    noticeEmail: contact?.email ?? null,
    noticeAt: now,
    updatedAt: now,
  });
  // The notice reaches the contact's phone by SMS, once, from a job committed with the switch-off.
  await scheduleWebhookNotice(tx, subscriptionId, now);
}
