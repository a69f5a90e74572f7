import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import { paymentProviderFromEnv } from '../../../src/providers/payment/config';
import { LocalPaymentProvider } from '../../../src/providers/payment/local';
import { PaymentProviderError } from '../../../src/providers/payment/payment';
import { WechatPayProvider } from '../../../src/providers/payment/wechatpay';

const clock = () => new Date();

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    paymentProviderFromEnv(env, clock);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.problems;
    }
    throw error;
  }
  return [];
};

describe('paymentProviderFromEnv', () => {
  it('is the local provider by default', () => {
    expect(paymentProviderFromEnv({}, clock)).toBeInstanceOf(LocalPaymentProvider);
  });

  it('takes no money in production: the local provider there prepays nothing', async () => {
    const provider = paymentProviderFromEnv({ NODE_ENV: 'production' }, clock);
    expect(provider).toBeInstanceOf(LocalPaymentProvider);
    expect((provider as LocalPaymentProvider).settles).toBe(false);
    await expect(
      provider.prepay({
        outTradeNo: 'GG1',
        description: '测试',
        amountCents: 100,
        openid: 'o1',
        expiresAt: new Date(),
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect((paymentProviderFromEnv({ NODE_ENV: 'development' }, clock) as LocalPaymentProvider).settles).toBe(true);
  });

  it('refuses an unknown provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'alipay' })).toEqual([
      'PAYMENT_PROVIDER must be "local" (the default) or "wechatpay", got "alipay".',
    ]);
  });

  it('lists every missing WeChat Pay setting at once', () => {
    const problems = problemsOf({ PAYMENT_PROVIDER: 'wechatpay' });
    for (const name of [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_SERIAL',
      'WECHATPAY_PUBLIC_KEY_ID',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_MCH_KEY_PATH',
      'WECHATPAY_PUBLIC_KEY_PATH',
      'WECHATPAY_NOTIFY_URL',
    ]) {
      expect(problems.some((problem) => problem.includes(name))).toBe(true);
    }
  });

  it('builds the WeChat Pay client from PEM files, the notify URL from PUBLIC_BASE_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wechatpay-'));
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(join(dir, 'apiclient_key.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(join(dir, 'pub_key.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }));
    const env = {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_MCH_ID: '1900000109',
      WECHAT_APP_ID: 'wxd678efh567hg6787',
      WECHATPAY_MCH_SERIAL: '5157F09EFDC096DE15EBE81A47057A72',
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0000',
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
      WECHATPAY_MCH_KEY_PATH: join(dir, 'apiclient_key.pem'),
      WECHATPAY_PUBLIC_KEY_PATH: join(dir, 'pub_key.pem'),
      PUBLIC_BASE_URL: 'https://h5.example.com/',
    };
    expect(paymentProviderFromEnv(env, clock)).toBeInstanceOf(WechatPayProvider);
    expect(problemsOf({ ...env, WECHATPAY_API_V3_KEY: 'short' })).toEqual([
      'WECHATPAY_API_V3_KEY must be the 32-character API v3 key.',
    ]);
    expect(problemsOf({ ...env, WECHATPAY_MCH_KEY_PATH: join(dir, 'missing.pem') })[0]).toMatch(
      /^WECHATPAY_MCH_KEY_PATH: cannot read a PEM private key/,
    );
  });
});
