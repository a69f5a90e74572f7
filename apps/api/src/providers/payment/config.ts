import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config';
import { LocalPaymentProvider } from './local';
import type { PaymentProvider } from './payment';
import { DEFAULT_WECHATPAY_BASE, WechatPayProvider } from './wechatpay';

type Env = Record<string, string | undefined>;

/** The path of the notify endpoint under the app's origin. */
export const PAYMENT_NOTIFY_PATH = '/api/payment/v1/notify';

function readKey(
  name: string,
  path: string | undefined,
  kind: 'private' | 'public',
  problems: string[],
): KeyObject | null {
  if (!path) {
    problems.push(`${name} is required when PAYMENT_PROVIDER=wechatpay.`);
    return null;
  }
  try {
    const pem = readFileSync(path, 'utf8');
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (error) {
    problems.push(`${name}: cannot read a PEM ${kind} key from "${path}" (${(error as Error).message}).`);
    return null;
  }
}

/**
 * The payment provider from the environment: PAYMENT_PROVIDER=local (the default, the embedded
 * stand-in) or wechatpay, which needs WECHATPAY_MCH_ID, WECHATPAY_APP_ID (else WECHAT_APP_ID),
 * WECHATPAY_MCH_SERIAL, WECHATPAY_MCH_KEY_PATH, WECHATPAY_API_V3_KEY (32 characters),
 * WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_PUBLIC_KEY_PATH, and a notify URL (WECHATPAY_NOTIFY_URL, else
 * PUBLIC_BASE_URL + /api/payment/v1/notify); WECHATPAY_API_BASE points it elsewhere (a fake).
 * Throws ConfigError listing every problem.
 */
export function paymentProviderFromEnv(
  env: Env,
  clock: () => Date,
  fetchImpl: (input: string, init?: RequestInit) => Promise<Response> = fetch,
): PaymentProvider {
  const kind = env.PAYMENT_PROVIDER || 'local';
  if (kind === 'local') {
    // In production the local provider takes no money: nothing can be paid through it there.
    return new LocalPaymentProvider(clock, env.NODE_ENV !== 'production');
  }
  if (kind !== 'wechatpay') {
    throw new ConfigError([`PAYMENT_PROVIDER must be "local" (the default) or "wechatpay", got "${kind}".`]);
  }
  const problems: string[] = [];
  const required = (name: string, value: string | undefined): string => {
    if (!value) {
      problems.push(`${name} is required when PAYMENT_PROVIDER=wechatpay.`);
    }
    return value ?? '';
  };
  const mchid = required('WECHATPAY_MCH_ID', env.WECHATPAY_MCH_ID);
  const appId = required('WECHATPAY_APP_ID', env.WECHATPAY_APP_ID || env.WECHAT_APP_ID);
  const merchantSerial = required('WECHATPAY_MCH_SERIAL', env.WECHATPAY_MCH_SERIAL);
  const platformSerial = required('WECHATPAY_PUBLIC_KEY_ID', env.WECHATPAY_PUBLIC_KEY_ID);
  const apiV3Key = required('WECHATPAY_API_V3_KEY', env.WECHATPAY_API_V3_KEY);
  if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32) {
    problems.push('WECHATPAY_API_V3_KEY must be the 32-character API v3 key.');
  }
  const merchantPrivateKey = readKey('WECHATPAY_MCH_KEY_PATH', env.WECHATPAY_MCH_KEY_PATH, 'private', problems);
  const platformPublicKey = readKey('WECHATPAY_PUBLIC_KEY_PATH', env.WECHATPAY_PUBLIC_KEY_PATH, 'public', problems);
  const notifyUrl =
    env.WECHATPAY_NOTIFY_URL ||
    (env.PUBLIC_BASE_URL ? `${env.PUBLIC_BASE_URL.replace(/\/+$/, '')}${PAYMENT_NOTIFY_PATH}` : '');
  if (!URL.canParse(notifyUrl) || new URL(notifyUrl).search !== '') {
    problems.push(
      'WECHATPAY_NOTIFY_URL (or PUBLIC_BASE_URL) must give the notify endpoint as an http(s) URL without a query.',
    );
  }
  const baseUrl = (env.WECHATPAY_API_BASE || DEFAULT_WECHATPAY_BASE).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) {
    problems.push(`WECHATPAY_API_BASE must be an http(s) URL, got "${baseUrl}".`);
  }
  if (problems.length > 0 || !merchantPrivateKey || !platformPublicKey) {
    throw new ConfigError(problems);
  }
  return new WechatPayProvider({
    appId,
    mchid,
    merchantSerial,
    merchantPrivateKey,
    platformSerial,
    platformPublicKey,
    apiV3Key,
    baseUrl,
    notifyUrl,
    fetch: fetchImpl,
    clock,
  });
}
