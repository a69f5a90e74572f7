// The open platform pages' own words and small helpers (应用接入, 推送订阅): the events, delivery
// states and subscription states as an admin reads them, and the form's redirect URI list. The rules
// (scopes and their texts, grant types, which settings go together) are the domain's.
import { OPEN_SCOPE_TEXTS, type OpenScope } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { formatTime } from '../../format';

export type OAuthClient = Schema<'OAuthClient'>;
export type OAuthClientListItem = Schema<'OAuthClientListItem'>;
export type Subscription = Schema<'WebhookSubscription'>;
export type Delivery = Schema<'WebhookDelivery'>;
export type DeliveryStatus = Schema<'WebhookDeliveryStatus'>;
export type WebhookEventType = Schema<'WebhookEventType'>;

/** What each event tells the integrator, in a few words. */
export const EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'reading.created': '新增测量',
  'reading.updated': '修改测量',
  'reading.deleted': '删除测量',
  'consent.revoked': '取消授权',
  'device.bound': '绑定设备',
};

/** A delivery's state as a tag. */
export const DELIVERY_STATUS: Readonly<Record<DeliveryStatus, { label: string; colour: string }>> = {
  pending: { label: '投递中', colour: 'blue' },
  succeeded: { label: '已送达', colour: 'green' },
  failed: { label: '投递失败', colour: 'red' },
};

export const DELIVERY_STATUS_OPTIONS = [
  { value: 'all', label: '全部状态' },
  { value: 'pending', label: DELIVERY_STATUS.pending.label },
  { value: 'succeeded', label: DELIVERY_STATUS.succeeded.label },
  { value: 'failed', label: DELIVERY_STATUS.failed.label },
] as const;

/** Where a switch-off notice's SMS to the contact stands (docs/adr/0224). */
export function noticeSmsText(sms: NonNullable<Subscription['notice']>['sms']): string {
  switch (sms.status) {
    case 'sent':
      return `已短信通知 ${formatTime(sms.at)}`;
    case 'no_phone':
      return '未登记手机号，未发短信';
    case 'failed':
      return `短信未发出：${sms.error ?? '原因不明'}`;
    case 'pending':
      return '短信发送中';
  }
}

/** A subscription's state: 推送中, or why it is off. */
export function subscriptionState(subscription: Subscription): { label: string; colour: string } {
  if (subscription.enabled) {
    return { label: '推送中', colour: 'green' };
  }
  return subscription.disabledReason === 'failures'
    ? { label: '连续失败已停用', colour: 'red' }
    : { label: '应用已关闭', colour: 'default' };
}

/**
 * While a rotated-out secret still signs the subscription's deliveries (docs/adr/0232): the hours it
 * has left, rounded up; null when only the current secret signs.
 */
export function previousSecretHours(subscription: Subscription, now: Date): number | null {
  const left = subscription.previousSecretExpiresAt
    ? new Date(subscription.previousSecretExpiresAt).getTime() - now.getTime()
    : 0;
  return left > 0 ? Math.ceil(left / 3_600_000) : null;
}

/** A client's state filter: 全部, 启用中 (disabled=0), 已停用 (disabled=1). */
export const CLIENT_STATE_OPTIONS = [
  { value: 'all', label: '全部状态' },
  { value: 0, label: '启用中' },
  { value: 1, label: '已停用' },
] as const;

/** A scope's consent text (what the patient is told the app may do). */
export const scopeText = (scope: string): string => OPEN_SCOPE_TEXTS[scope as OpenScope] ?? scope;

/** The redirect URIs typed one a line: each line trimmed, empty lines dropped, kept in order. */
export function redirectUrisOf(text: string | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** An attempt's answer as a short text: HTTP 200 · 35 ms, or the error. */
export function attemptOutcome(attempt: Schema<'WebhookAttempt'>): string {
  const status = attempt.statusCode === null ? '无应答' : `HTTP ${attempt.statusCode}`;
  return `${status} · ${attempt.durationMs} ms${attempt.error ? ` · ${attempt.error}` : ''}`;
}

/** The day of a time as staff in China read it: 2026/11/27. */
export const formatDay = (iso: string): string =>
  new Date(iso).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
