/**
 * Webhooks' business rules (issue 23, docs/adr/0223-webhook-deliveries.md): the events a client can
 * subscribe to, when a failed delivery is tried again, when a subscription is switched off, and which
 * URLs may receive deliveries.
 */

/** The events a subscription can hear. */
export const WEBHOOK_EVENT_TYPES = [
  'reading.created',
  'reading.updated',
  'reading.deleted',
  'consent.revoked',
  'device.bound',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Seconds from a failed attempt to the next one: after attempt 1 fails, 5 s; after attempt 2, 5 min;
 * … Eight attempts over about 27 hours (more than the 24 hours integrators are promised).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** How long the receiver has to answer an attempt. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;

/** Deliveries failed in a row (each after all its attempts) that switch a subscription off. */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 20;

/** Subscriptions one client may have. */
export const WEBHOOK_SUBSCRIPTIONS_PER_CLIENT = 10;

/**
 * How long the delivery log keeps a finished (succeeded or failed) delivery, in days, counted from
 * the end of its last chain (docs/adr/0233-change-feed-retention.md); a pending one stays until it
 * ends. The console says so under the log.
 */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/**
 * When the next attempt of a chain is due after attempt `attemptNo` (1-based) failed at `failedAt`;
 * null when it was the last one and the delivery has failed.
 */
export function nextWebhookAttemptAt(attemptNo: number, failedAt: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attemptNo - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay * 1000);
}

/** Whether a failed delivery that made `consecutiveFailures` in a row switches its subscription off. */
export function webhookShouldDisable(consecutiveFailures: number): boolean {
  return consecutiveFailures >= WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// scheme://authority path-and-query #fragment, without whitespace (the domain has no URL class).
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)([^#\s]*)(#\S*)?$/i;

/**
 * Why a subscription's URL is refused (the Chinese message for the integrator), or null when it is
 * fine: `https://`, no user name or password in it, no fragment; plain `http://` only to a loopback
 * address and only where `allowLoopbackHttp` (development and tests).
 */
export function webhookUrlProblem(url: string, options: { allowLoopbackHttp: boolean }): string | null {
  const parts = URL_PARTS.exec(url);
  if (!parts) {
    return '推送地址格式不正确';
  }
  const [, scheme = '', authority = '', , fragment] = parts;
  if (authority.includes('@') || fragment !== undefined) {
    return '推送地址不能包含用户名、密码或 # 片段';
  }
  const protocol = scheme.toLowerCase();
  if (protocol === 'https') {
    return null;
  }
  const host = (
    authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0]!
  ).toLowerCase();
  if (protocol === 'http' && options.allowLoopbackHttp && LOOPBACK_HOSTS.has(host)) {
    return null;
  }
  return '推送地址必须以 https:// 开头';
}

/** The delivery log's words for a failed attempt (shown to integrators and in the console). */
export function webhookAttemptError(failure: { statusCode: number } | { timeout: true } | { network: string }): string {
  if ('statusCode' in failure) {
    return `接收方返回 HTTP ${failure.statusCode}`;
  }
  if ('timeout' in failure) {
    return `接收方 ${WEBHOOK_ATTEMPT_TIMEOUT_MS / 1000} 秒内没有应答`;
  }
  return `连接接收方失败（${failure.network}）`;
}

/** The notice the client's contact gets when a subscription is switched off after persistent failure. */
export function webhookDisabledNotice(clientName: string, url: string): string {
  return `【糖护开放平台】您的应用「${clientName}」的推送地址 ${url} 连续 ${WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES} 次推送失败，已暂停推送。请修复接收服务后在推送订阅中重新启用，并通过变更订阅接口补取期间的数据。`;
}
