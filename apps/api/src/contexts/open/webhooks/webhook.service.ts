import { randomUUID } from 'node:crypto';
import { WEBHOOK_SUBSCRIPTIONS_PER_CLIENT, webhookUrlProblem, type WebhookEventType } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { BodyOf } from '../../../lib/contract';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { recordAudit, recordPageRead, scheduleJob, type AuditActor } from '../../platform';
import { WEBHOOK_ATTEMPT_JOB } from './webhook.delivery';
import type { WebhookAttempt, WebhookDelivery, WebhookSubscription } from './webhook.entity';
import { WebhookRepository, type DeliveryStatus } from './webhook.repository';
import { newWebhookSecret, WEBHOOK_PREVIOUS_SECRET_HOURS } from './webhook.signing';
import { DELIVERY_REFUSALS, deliveryRefusal } from './webhook.clients';
import { idempotent } from '../open-data/idempotency.service';
import { webhookTargetProblem } from './webhook.targets';

// Subscriptions and their delivery log (docs/adr/0223-webhook-deliveries.md): a client manages its
// own with its client-credentials token; the console (open.clients, admin) sees every client's and
// replays a delivery.

type SubscriptionView = Schema<'WebhookSubscription'>;
type DeliveryView = Schema<'WebhookDelivery'>;

/** Who calls an open operation: what webhooks need of lane OAUTH's ClientContext. */
export interface WebhookCaller {
  clientId: string;
  grantId: string | null;
}

export interface WebhookRules {
  /**
   * Loopback receivers are allowed, over plain http:// too (development and tests, never
   * production). Private, link-local, CGNAT, unique-local and multicast addresses never are.
   */
  allowLoopbackHttp: boolean;
}

const NOT_FOUND = '推送订阅不存在';

function subscriptionView(row: WebhookSubscription, now: Date): SubscriptionView {
  return {
    subscriptionId: row.id,
    clientId: row.clientId,
    url: row.url,
    events: row.events,
    description: row.description ?? null,
    enabled: row.enabled,
    disabledReason: (row.disabledReason as SubscriptionView['disabledReason']) ?? null,
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now.getTime()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    notice: row.noticeAt
      ? {
          text: row.noticeText ?? '',
          phone: row.noticePhone ?? null,
          email: row.noticeEmail ?? null,
          at: row.noticeAt.toISOString(),
          sms: {
            status:
              row.noticeSmsStatus === 'sent' || row.noticeSmsStatus === 'no_phone' || row.noticeSmsStatus === 'failed'
                ? row.noticeSmsStatus
                : 'pending',
            at: row.noticeSmsAt ? row.noticeSmsAt.toISOString() : null,
            error: row.noticeSmsError ?? null,
          },
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function deliveryView(row: WebhookDelivery, attempts: readonly WebhookAttempt[]): DeliveryView {
  return {
    deliveryId: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    status: row.status as DeliveryStatus,
    chain: row.chain,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    payload: JSON.parse(row.body) as DeliveryView['payload'],
    attempts: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        chain: a.chain,
        attemptNo: a.attemptNo,
        startedAt: a.startedAt.toISOString(),
        statusCode: a.statusCode ?? null,
        durationMs: a.durationMs,
        error: a.error ?? null,
      })),
  };
}

/** Subscriptions are managed with the client's own token, never one a patient granted. */
function requireClientToken(caller: WebhookCaller): void {
  if (caller.grantId !== null) {
    throw forbidden('请使用应用自身的令牌（client_credentials）管理推送订阅');
  }
}

function checkUrl(url: string, rules: WebhookRules): string {
  const trimmed = url.trim();
  const problem =
    webhookUrlProblem(trimmed, rules) ?? webhookTargetProblem(trimmed, { allowLoopback: rules.allowLoopbackHttp });
  if (problem) {
    throw new AppError(ErrorCodes.badRequest, problem);
  }
  return trimmed;
}

async function ownSubscription(repo: WebhookRepository, caller: WebhookCaller, id: string) {
  const row = await repo.subscription(id);
  if (!row || row.clientId !== caller.clientId) {
    throw notFound(NOT_FOUND);
  }
  return row;
}

export async function listWebhooks(db: Db, caller: WebhookCaller, now: Date): Promise<SubscriptionView[]> {
  requireClientToken(caller);
  return (await new WebhookRepository(db).subscriptionsOfClient(caller.clientId)).map((row) =>
    subscriptionView(row, now),
  );
}

export async function createWebhook(
  db: Db,
  caller: WebhookCaller,
  input: BodyOf<'openCreateWebhook'>,
  rules: WebhookRules,
  now: Date,
): Promise<Schema<'WebhookSubscriptionCreated'>> {
  requireClientToken(caller);
  const url = checkUrl(input.url, rules);
  const secret = newWebhookSecret();
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    const repo = new WebhookRepository(tx);
    // One client's creations one at a time, so the limit holds under concurrent requests.
    await repo.lockClient(caller.clientId);
    if ((await repo.countOfClient(caller.clientId)) >= WEBHOOK_SUBSCRIPTIONS_PER_CLIENT) {
      throw new AppError(ErrorCodes.badRequest, `最多 ${WEBHOOK_SUBSCRIPTIONS_PER_CLIENT} 个订阅`);
    }
    await repo.insertSubscription({
      id,
      clientId: caller.clientId,
      url,
      events: [...new Set(input.events)],
      description: input.description?.trim() || null,
      secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      noticeText: null,
      noticePhone: null,
      noticeEmail: null,
      noticeAt: null,
      noticeSmsStatus: null,
      noticeSmsAt: null,
      noticeSmsError: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  const row = (await new WebhookRepository(db).subscription(id))!;
  return { ...subscriptionView(row, now), secret };
}

export async function updateWebhook(
  db: Db,
  caller: WebhookCaller,
  subscriptionId: string,
  patch: BodyOf<'openUpdateWebhook'>,
  rules: WebhookRules,
  now: Date,
): Promise<SubscriptionView> {
  requireClientToken(caller);
  const repo = new WebhookRepository(db);
  const row = await ownSubscription(repo, caller, subscriptionId);
  const fields: Partial<WebhookSubscription> = { updatedAt: now };
  if (patch.url !== undefined) {
    fields.url = checkUrl(patch.url, rules);
  }
  if (patch.events !== undefined) {
    fields.events = [...new Set(patch.events)];
  }
  if (patch.description !== undefined) {
    fields.description = patch.description.trim() || null;
  }
  if (patch.enabled === true && !row.enabled) {
    Object.assign(fields, { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 });
  } else if (patch.enabled === false && row.enabled) {
    Object.assign(fields, { enabled: false, disabledReason: 'client', disabledAt: now });
  }
  await repo.updateSubscription(row.id, fields);
  return subscriptionView((await repo.subscription(row.id))!, now);
}

/**
 * Gives a subscription a new secret, answered once (docs/adr/0232). For the next 24 hours every
 * attempt is signed with the new and the previous secret, then with the new one only. Rotating
 * again within those hours replaces the previous secret with the one current until now: the one
 * before stops signing at once. So a retry must not rotate again: with an `Idempotency-Key` the
 * same request within 24 hours answers the first answer (`replayed`) and rotates nothing.
 */
export async function rotateWebhookSecret(
  db: Db,
  caller: WebhookCaller,
  subscriptionId: string,
  now: Date,
  idempotencyKey?: string,
): Promise<{ answer: Schema<'WebhookSubscriptionCreated'>; replayed: boolean }> {
  requireClientToken(caller);
  // The key is the client's own (no patient); the subscription is part of the request, so the same
  // key sent for another subscription is refused rather than answered with this one's secret.
  return idempotent(
    db,
    { clientId: caller.clientId, customerId: null },
    idempotencyKey,
    { operation: 'openRotateWebhookSecret', body: { subscriptionId } },
    now,
    async (tx) => {
      const repo = new WebhookRepository(tx);
      // Locked: two rotations at once each keep, as previous, the secret the other replaced.
      const row = await repo.lockSubscription(subscriptionId);
      if (!row || row.clientId !== caller.clientId) {
        throw notFound(NOT_FOUND);
      }
      const secret = newWebhookSecret();
      await repo.updateSubscription(row.id, {
        secret,
        previousSecret: row.secret,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000),
        updatedAt: now,
      });
      return { ...subscriptionView((await repo.subscription(row.id))!, now), secret };
    },
  );
}

export async function deleteWebhook(db: Db, caller: WebhookCaller, subscriptionId: string): Promise<null> {
  requireClientToken(caller);
  await inTransaction(db, async (tx) => {
    const repo = new WebhookRepository(tx);
    const row = await ownSubscription(repo, caller, subscriptionId);
    await repo.deleteSubscription(row.id);
  });
  return null;
}

async function deliveryPage(
  repo: WebhookRepository,
  subscriptionId: string,
  query: { status?: DeliveryStatus; pageNo: number; pageSize: number },
) {
  const [rows, total] = await repo.deliveries(
    subscriptionId,
    query.status,
    (query.pageNo - 1) * query.pageSize,
    query.pageSize,
  );
  const attempts = await repo.attemptsOf(rows.map((r) => r.id));
  return {
    rows,
    answer: {
      ...pageOf(
        rows.map((r) => deliveryView(r, attempts)),
        total,
        query.pageNo,
        query.pageSize,
      ),
      total,
    },
  };
}

export async function clientWebhookDeliveries(
  db: Db,
  caller: WebhookCaller,
  subscriptionId: string,
  query: { status?: DeliveryStatus; page: number; pageSize: number },
) {
  requireClientToken(caller);
  const repo = new WebhookRepository(db);
  await ownSubscription(repo, caller, subscriptionId);
  const page = await deliveryPage(repo, subscriptionId, {
    status: query.status,
    pageNo: query.page,
    pageSize: query.pageSize,
  });
  return page.answer;
}

export async function consoleWebhooks(
  db: Db,
  query: { clientId?: string; pageNo: number; pageSize: number },
  now: Date,
) {
  const [rows, total] = await new WebhookRepository(db).page(
    query.clientId?.trim() || undefined,
    (query.pageNo - 1) * query.pageSize,
    query.pageSize,
  );
  return {
    ...pageOf(
      rows.map((row) => subscriptionView(row, now)),
      total,
      query.pageNo,
      query.pageSize,
    ),
    total,
  };
}

/**
 * The patient whose data a delivery carries: its `customerId`, or for `consent.revoked` (which has
 * none, so attempts are not refused for the revoked grant) the patient named in its payload.
 */
function deliveryPatient(row: WebhookDelivery): string | null {
  if (row.customerId) {
    return row.customerId;
  }
  const payload = JSON.parse(row.body) as { data?: { patientId?: unknown } };
  return typeof payload.data?.patientId === 'string' ? payload.data.patientId : null;
}

/**
 * A page of a subscription's delivery log for staff (docs/adr/0234-delivery-log-reads-audited.md).
 * The payloads carry patients' data, so the read is recorded before the page leaves: one
 * `open.delivery.list` event per distinct patient on the page (with how many of the page's
 * deliveries were theirs), or one without a patient when the page holds none.
 */
export async function consoleWebhookDeliveries(
  db: Db,
  actor: AuditActor,
  subscriptionId: string,
  query: { status?: DeliveryStatus; pageNo: number; pageSize: number },
  now: Date,
) {
  const repo = new WebhookRepository(db);
  const subscription = await repo.subscription(subscriptionId);
  if (!subscription) {
    throw notFound(NOT_FOUND);
  }
  const page = await deliveryPage(repo, subscriptionId, query);
  const perPatient = new Map<string | null, { deliveries: number }>();
  for (const row of page.rows) {
    const patientId = deliveryPatient(row);
    perPatient.set(patientId, { deliveries: (perPatient.get(patientId)?.deliveries ?? 0) + 1 });
  }
  if (perPatient.size === 0) {
    perPatient.set(null, { deliveries: 0 });
  }
  const detail = { clientId: subscription.clientId, pageNo: query.pageNo, status: query.status ?? null };
  await recordPageRead(
    db,
    actor,
    { action: 'open.delivery.list', target: `subscription:${subscriptionId}`, detail },
    perPatient,
    now,
  );
  return page.answer;
}

/**
 * Sends a delivery again from the console: a new chain (same payload, same webhook-id) whose first
 * attempt is due now, retried on the same schedule. Audited. Refused when the client is switched
 * off or the patient whose data it carries has revoked the grant since.
 */
export async function replayDelivery(db: Db, actor: AuditActor, deliveryId: string, now: Date): Promise<DeliveryView> {
  await inTransaction(db, async (tx) => {
    const repo = new WebhookRepository(tx);
    const delivery = await repo.delivery(deliveryId);
    if (!delivery) {
      throw notFound('投递记录不存在');
    }
    const subscription = await repo.subscription(delivery.subscriptionId);
    if (!subscription?.enabled) {
      throw new AppError(ErrorCodes.conflict, '订阅已停用', 409);
    }
    const refusal = await deliveryRefusal(tx, subscription.clientId, delivery.customerId ?? null);
    if (refusal) {
      const why = refusal === DELIVERY_REFUSALS.grantRevoked ? '患者已撤销授权' : '应用已停用';
      throw new AppError(ErrorCodes.conflict, why, 409);
    }
    const chain = await repo.startChain(deliveryId, now);
    if (chain === null) {
      // Not started: the delivery is pending, or retention deleted it since it was read above.
      if (!(await repo.deliveryExists(deliveryId))) {
        throw notFound('投递记录不存在');
      }
      throw new AppError(ErrorCodes.conflict, '投递进行中，请稍后再重发', 409);
    }
    await scheduleJob(tx, WEBHOOK_ATTEMPT_JOB, `${deliveryId}:${chain}:1`, now, { deliveryId, chain, attemptNo: 1 });
    await recordAudit(
      tx,
      actor,
      {
        action: 'open.delivery.replay',
        patientId: deliveryPatient(delivery),
        target: `delivery:${deliveryId}`,
        detail: { chain, subscriptionId: delivery.subscriptionId },
      },
      now,
    );
  });
  const repo = new WebhookRepository(db);
  const row = (await repo.delivery(deliveryId))!;
  return deliveryView(row, await repo.attemptsOf([row.id]));
}
