import { WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { noticeParam, SmsError, type SmsSender } from '../../../providers/sms/sms';
import { scheduleJob } from '../../platform';
import { webhookClientContact } from './webhook.clients';
import { WebhookNoticeRepository } from './webhookNotice.repository';

// The switch-off's notice reaching the client's contact (docs/adr/0224): the switch-off stores the
// notice and, in the same transaction, schedules one job keyed by the subscription and the
// switch-off's time; the job sends the SMS with the approved notice template to the contact phone
// stored with the notice, and records on the subscription that it was sent, that there was no
// phone, or why it failed. The console's 推送订阅 shows it.

/** The durable job of one switch-off's notice SMS; its key is `${subscriptionId}:${disabledAt ms}`. */
export const WEBHOOK_NOTICE_JOB = 'open.webhooks.notice';

/** How many times the queue runs the job; a retryable refusal before the last one tries again later. */
export const WEBHOOK_NOTICE_MAX_ATTEMPTS = 5;

export interface WebhookNoticePayload {
  subscriptionId: string;
  /** The switch-off's time (ISO 8601): a later switch-off of the same subscription is another notice. */
  disabledAt: string;
}

/** The notice template's `reason` for a switch-off after persistent failure. */
export const WEBHOOK_NOTICE_REASON = `连续${WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES}次推送失败`;

function timedOut(error: SmsError): boolean {
  const cause = error.cause;
  return cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
}

/**
 * In the switch-off's transaction `tx`: clears an earlier switch-off's SMS outcome and schedules
 * this one's SMS job, due at once. Its key makes a rerun of the switch-off schedule nothing new.
 */
export async function scheduleWebhookNotice(tx: Db, subscriptionId: string, disabledAt: Date): Promise<void> {
  await new WebhookNoticeRepository(tx).resetSms(subscriptionId);
  const payload: WebhookNoticePayload = { subscriptionId, disabledAt: disabledAt.toISOString() };
  await scheduleJob(tx, WEBHOOK_NOTICE_JOB, `${subscriptionId}:${disabledAt.getTime()}`, disabledAt, payload);
}

/**
 * The job's handler. At most once: the SMS is claimed (`sending`, committed) before it goes to the
 * provider, so a rerun after a crash sends nothing; a retryable refusal (never a time-out, after
 * which the message may have gone) gives the claim back and throws, for the queue to try again,
 * until the last attempt records `failed`. A subscription back on (or switched off again since) is
 * left alone: its own switch-off has its own job.
 */
export async function runWebhookNotice(
  db: Db,
  sms: SmsSender,
  payload: WebhookNoticePayload,
  now: Date,
  attempt: number,
): Promise<void> {
  const repo = new WebhookNoticeRepository(db);
  const disabledAt = new Date(payload.disabledAt);
  const subscription = await repo.switchedOff(payload.subscriptionId, disabledAt);
  if (!subscription || (subscription.noticeSmsStatus ?? null) !== null) {
    return;
  }
  const phone = subscription.noticePhone;
  if (!phone) {
    await repo.move(subscription.id, disabledAt, null, 'no_phone', now);
    return;
  }
  if (!(await repo.move(subscription.id, disabledAt, null, 'sending', null))) {
    return;
  }
  const contact = await webhookClientContact(db, subscription.clientId);
  try {
    await sms.sendNotice(phone, {
      app: noticeParam(contact?.name ?? subscription.clientId),
      reason: WEBHOOK_NOTICE_REASON,
    });
  } catch (error) {
    // A time-out may have left the message sent (SendSms is not idempotent): not tried again.
    const retryable = error instanceof SmsError ? error.retryable && !timedOut(error) : true;
    if (retryable && attempt < WEBHOOK_NOTICE_MAX_ATTEMPTS) {
      await repo.move(subscription.id, disabledAt, 'sending', null, null);
      throw error;
    }
    const reason = error instanceof SmsError ? `${error.providerCode}: ${error.message}` : String(error);
    await repo.move(subscription.id, disabledAt, 'sending', 'failed', now, reason.slice(0, 200));
    return;
  }
  await repo.move(subscription.id, disabledAt, 'sending', 'sent', now);
}
