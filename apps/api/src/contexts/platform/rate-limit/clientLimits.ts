import type { operations } from '@glucoguard/sdk';
import type { RateWindow } from './rateLimit.service';

export interface ClientRateLimit {
  /** The name its events are counted under. */
  bucket: string;
  windows: readonly RateWindow[];
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Limits per client (its address, `request.ip`, as TRUST_PROXY resolves it) of the operations
 * anyone may call that write: checked before the body is read, counted in the database so they hold
 * across API processes (plugins/client-rate-limit.ts). SMS codes have their own caps per phone and
 * per address, counted on the codes themselves (contexts/identity/sms); signed-in writes are limited per
 * customer where they need it. Why these numbers:
 * docs/adr/0084-rate-limits-retention-and-trust-proxy.md; the after-sales writes visitors may send
 * (warranty registration, dealer enquiries): docs/adr/0216-visitor-after-sales-writes-limited-per-address.md.
 */
export const CLIENT_RATE_LIMITS: Partial<Record<keyof operations, ClientRateLimit>> = {
  getHtmlAccessToken: {
    bucket: 'signin',
    windows: [{ max: 30, windowMs: 10 * MINUTE, message: '登录过于频繁，请稍后再试' }],
  },
  reportFrontLog: {
    bucket: 'frontLog',
    windows: [
      { max: 20, windowMs: MINUTE, message: '错误报告过于频繁，请稍后再试' },
      { max: 300, windowMs: 24 * 60 * MINUTE, message: '今日错误报告次数已达上限，请明天再试' },
    ],
  },
  productPurchaseAdd: {
    bucket: 'warrantyRegistration',
    windows: [{ max: 20, windowMs: HOUR, message: '登记过于频繁，请1小时后再试' }],
  },
  dealerAdd: {
    bucket: 'dealerEnquiryAddress',
    windows: [{ max: 10, windowMs: HOUR, message: '提交过于频繁，请1小时后再试' }],
  },
};

/**
 * Failed console sign-ins per client address, on top of each account's lockout (5 in a row → 15
 * minutes): one address cannot try passwords across many accounts. Only failures count, so an office
 * whose staff share one address is never held up by their own sign-ins
 * (docs/adr/0133-console-sign-in-limited-per-address.md).
 */
export const CONSOLE_SIGN_IN_FAILURES: ClientRateLimit = {
  bucket: 'consoleSignInFailure',
  windows: [
    { max: 20, windowMs: 10 * MINUTE, message: '此网络登录失败次数过多，请 10 分钟后再试' },
    { max: 100, windowMs: 24 * 60 * MINUTE, message: '此网络今日登录失败次数过多，请明天再试' },
  ],
};
