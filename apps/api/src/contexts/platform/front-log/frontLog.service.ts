import type { FrontLogRepository } from './frontLog.repository';

/** Reports are kept this many days (the retention job, platform.retention.prune, deletes older ones). */
export const FRONT_LOG_KEEP_DAYS = 30;
/**
 * The largest request body a report may come in: each field has its own length limit in
 * openapi.yaml (FrontLogInput), and one report at those limits, even all in Chinese, fits.
 */
export const FRONT_LOG_MAX_BODY_BYTES = 32 * 1024;

export interface FrontLogReport {
  customerId?: string | null;
  url: string;
  funName?: string;
  errName: string;
  errMessage?: string;
}

export interface FrontLogContext {
  sessionCustomerId: string | null;
  requestId: string;
  appCode: string | undefined;
  userAgent: string | undefined;
}

/** Records a client's error report; the customer comes from the session, the body's id is only a claim. */
export async function recordFrontLog(
  repo: FrontLogRepository,
  report: FrontLogReport,
  context: FrontLogContext,
): Promise<{ id: string }> {
  const id = await repo.insert({
    sessionCustomerId: context.sessionCustomerId,
    claimedCustomerId: report.customerId ?? null,
    url: report.url,
    funName: report.funName ?? null,
    errName: report.errName,
    errMessage: report.errMessage ?? '',
    requestId: context.requestId,
    appCode: context.appCode?.slice(0, 32) ?? null,
    userAgent: context.userAgent?.slice(0, 512) ?? null,
  });
  return { id };
}

/** How many of a customer's own reports the development read answers. */
const OWN_REPORTS_SHOWN = 20;

/** The caller's own reports, newest first (GET /dev/v1/frontLog, development only). */
export async function ownFrontLogs(repo: FrontLogRepository, sessionCustomerId: string) {
  const rows = await repo.latestOf(sessionCustomerId, OWN_REPORTS_SHOWN);
  return rows.map((row) => ({
    id: String(row.id),
    url: row.url,
    funName: row.funName ?? null,
    errName: row.errName,
    errMessage: row.errMessage,
    claimedCustomerId: row.claimedCustomerId ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
