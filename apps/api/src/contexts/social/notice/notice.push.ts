import { MONITORING_PLAN_PATH, opensMonitoringPlan, type ReadingPushFields } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { PushError, type NoticePusher } from '../../../providers/push/push';
import { NoticeRepository } from './notice.repository';

/** How long a claimed notice stays with the instance sending it before another may take it over. */
const LEASE_MS = 60_000;
/** Attempts before a notice is given up. */
export const MAX_PUSH_ATTEMPTS = 5;
const BATCH = 20;

/** Waits after a retryable failure: 30 s, then 1, 2 and 4 minutes. */
export const pushBackoffMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

export interface PushRun {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/**
 * Sends the reading notices waiting for the messaging app (the notice table is the outbox). Rows
 * are claimed with SKIP LOCKED under a lease, so several API instances never send one twice and a
 * crashed sender's rows are taken over once the lease ends. At send time the recipient's settings
 * switch (`msgReceive`, or `msgNoTestReceive` for a monitoring reminder) and the patient's consent
 * are checked again: turning either off stops messages still queued.
 */
export async function dispatchNoticePushes(db: Db, pusher: NoticePusher, now: Date): Promise<PushRun> {
  const repo = new NoticeRepository(db);
  // UPDATE … RETURNING gives no order: sent in the order they were queued (a repair's 已受理 before its 已完成).
  const claimed = (await repo.claimPushes(now, new Date(now.getTime() + LEASE_MS), BATCH)).sort((a, b) =>
    BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0,
  );
  const run: PushRun = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (const notice of claimed) {
    // `live`: the notice is still there (deleting its reading withdraws it, even while claimed here).
    const recipient = await repo.pushRecipient(notice);
    const finish = (
      status: 'sent' | 'skipped' | 'failed' | 'pending',
      error: string | null,
      nextAt: Date | null = null,
    ) => repo.finishPush(notice.id, status, error, nextAt, now);
    const fields =
      typeof notice.push_data === 'string' ? (JSON.parse(notice.push_data) as ReadingPushFields) : notice.push_data;
    // A monitoring reminder follows the 未测量提醒 switch; every other notice the 测量消息 one.
    const switchedOff =
      notice.kind === 'monitorRemind'
        ? recipient && !recipient.msg_no_test_receive && 'unmeasured reminders switched off'
        : recipient && !recipient.msg_receive && 'measurement messages switched off';
    const why = !recipient
      ? 'no such customer'
      : !recipient.live
        ? 'reading deleted'
        : switchedOff
          ? switchedOff
          : !recipient.granted
            ? 'consent withdrawn'
            : !fields
              ? 'nothing to send'
              : !pusher.canReach(recipient.openid)
                ? 'not reachable through the messaging app'
                : null;
    if (why !== null || !recipient || !fields) {
      await finish('skipped', why);
      run.skipped += 1;
      continue;
    }
    try {
      await pusher.send({
        noticeId: notice.id,
        openid: recipient.openid,
        title: notice.title,
        text: notice.text,
        urgent: notice.urgent,
        fields,
        path: notice.link ?? (opensMonitoringPlan(notice.kind) ? MONITORING_PLAN_PATH : '/notice/noticeList'),
      });
      await finish('sent', null);
      run.sent += 1;
    } catch (error) {
      const retry = error instanceof PushError && error.retryable && notice.push_attempts < MAX_PUSH_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await finish(
        retry ? 'pending' : 'failed',
        message,
        retry ? new Date(now.getTime() + pushBackoffMs(notice.push_attempts)) : null,
      );
      run[retry ? 'retried' : 'failed'] += 1;
    }
  }
  return run;
}
