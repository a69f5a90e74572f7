import { createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotifyRefused, PaymentProviderError } from '../../../src/providers/payment/payment';
import type { WechatPayProvider } from '../../../src/providers/payment/wechatpay';
import { startWechatPayFake, wechatPayProviderFor, type FakeWechatPay } from '../../fakes/wechatpay-fake';

let fake: FakeWechatPay;
let provider: WechatPayProvider;

const providerFor = (over: Parameters<typeof wechatPayProviderFor>[1] = {}) => wechatPayProviderFor(fake, over);

beforeAll(async () => {
  fake = await startWechatPayFake();
  provider = providerFor();
});
afterAll(() => fake.close());

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof NotifyRefused) {
      return error.reason;
    }
    throw error;
  }
  return 'accepted';
};

describe('WechatPayProvider (against the fake WeChat Pay)', () => {
  it('prepays a JSAPI order with a signed request and returns pay parameters paySign-ed with the merchant key', async () => {
    const params = await provider.prepay({
      outTradeNo: 'GG0001',
      description: '问诊服务',
      amountCents: 2990,
      openid: 'o-1',
      expiresAt: new Date('2026-11-26T10:30:00.250Z'),
    });
    const order = fake.orders.get('GG0001');
    expect(order).toMatchObject({
      amountCents: 2990,
      openid: 'o-1',
      notifyUrl: 'https://h5.example.com/api/payment/v1/notify',
      timeExpire: '2026-11-26T18:30:00+08:00',
    });
    expect(params).toMatchObject({ appId: fake.appId, package: `prepay_id=${order?.prepayId}`, signType: 'RSA' });
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    const merchantPublic = createPublicKey(fake.merchantPrivateKey);
    expect(createVerify('RSA-SHA256').update(message).verify(merchantPublic, params.paySign, 'base64')).toBe(true);
    expect(fake.badSignatures).toBe(0);
  });

  it('reads a valid notify, decrypted, with its amount', () => {
    const notify = fake.pay('GG0001');
    expect(provider.readNotify(notify.headers, notify.body, new Date())).toEqual({
      kind: 'transaction',
      outTradeNo: 'GG0001',
      transactionId: fake.orders.get('GG0001')?.transactionId,
      tradeState: 'SUCCESS',
      amountCents: 2990,
    });
  });

  it('refuses a notify whose body was changed after signing, a stale one, an unknown serial and another merchant', () => {
    const notify = fake.pay('GG0001');
    expect(
      refusal(() => provider.readNotify(notify.headers, notify.body.replace('"id":"', '"id":"x'), new Date())),
    ).toBe('badSignature');
    expect(refusal(() => provider.readNotify(notify.headers, notify.body, new Date(Date.now() + 6 * 60_000)))).toBe(
      'staleTimestamp',
    );
    const stale = fake.pay('GG0001', { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(refusal(() => provider.readNotify(stale.headers, stale.body, new Date()))).toBe('staleTimestamp');
    expect(
      refusal(() =>
        provider.readNotify({ ...notify.headers, 'wechatpay-serial': 'PUB_KEY_ID_other' }, notify.body, new Date()),
      ),
    ).toBe('unknownSerial');
    expect(refusal(() => provider.readNotify({}, notify.body, new Date()))).toBe('missingHeaders');
    const other = fake.pay('GG0001', { mchid: '1900000999' });
    expect(refusal(() => provider.readNotify(other.headers, other.body, new Date()))).toBe('wrongMerchant');
  });

  it('refuses a notify signed with another key, and one encrypted with another API v3 key', () => {
    const notify = fake.pay('GG0001');
    const stranger = providerFor({ platformPublicKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey });
    expect(refusal(() => stranger.readNotify(notify.headers, notify.body, new Date()))).toBe('badSignature');
    const otherKey = providerFor({ apiV3Key: 'x'.repeat(32) });
    expect(refusal(() => otherKey.readNotify(notify.headers, notify.body, new Date()))).toBe('undecryptable');
  });

  it('queries an order by out_trade_no and refunds it in parts; the refund query and the refund notify read back', async () => {
    await expect(provider.queryOrder('GG0001')).resolves.toMatchObject({ tradeState: 'SUCCESS', amountCents: 2990 });
    const first = {
      outTradeNo: 'GG0001',
      outRefundNo: 'GR0001',
      refundCents: 1000,
      totalCents: 2990,
      reason: '部分退款',
    };
    await expect(provider.refund(first)).resolves.toEqual({ status: 'PROCESSING', refundCents: 1000 });
    // The same out_refund_no again is the same refund, not a second one.
    await expect(provider.refund(first)).resolves.toEqual({ status: 'PROCESSING', refundCents: 1000 });
    await expect(provider.refund({ ...first, outRefundNo: 'GR0002', refundCents: 1991 })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      httpStatus: 400,
      definite: true,
    });
    await expect(provider.queryRefund('GR0001')).resolves.toEqual({ status: 'PROCESSING', refundCents: 1000 });
    const notify = fake.refundNotify('GR0001');
    expect(provider.readNotify(notify.headers, notify.body, new Date())).toEqual({
      kind: 'refund',
      outTradeNo: 'GG0001',
      outRefundNo: 'GR0001',
      refundStatus: 'SUCCESS',
      refundCents: 1000,
      totalCents: 2990,
    });
    await expect(provider.queryRefund('GR0001')).resolves.toEqual({ status: 'SUCCESS', refundCents: 1000 });
    await expect(provider.queryRefund('GR-none')).rejects.toMatchObject({
      code: 'RESOURCE_NOT_EXISTS',
      notFound: true,
    });
    const closed = fake.refundNotify('GR0001', 'CLOSED');
    expect(provider.readNotify(closed.headers, closed.body, new Date())).toMatchObject({ refundStatus: 'CLOSED' });
    expect(fake.badSignatures).toBe(0);
  });

  it('closes an unpaid order (204, its empty body signed), after which it cannot be paid; a paid one is refused', async () => {
    await provider.prepay({
      outTradeNo: 'GG0002',
      description: '试纸',
      amountCents: 500,
      openid: 'o-2',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expect(provider.closeOrder('GG0002')).resolves.toBeUndefined();
    expect(fake.calls.at(-1)).toBe('POST /v3/pay/transactions/out-trade-no/GG0002/close');
    await expect(provider.queryOrder('GG0002')).resolves.toMatchObject({ tradeState: 'CLOSED' });
    expect(() => fake.pay('GG0002')).toThrow(/closed/);
    await expect(provider.closeOrder('GG0001')).rejects.toMatchObject({ code: 'ORDERPAID', definite: true });
  });

  it('decides nothing on an error answer it cannot trust: a 5xx, a 429 or an unsigned one is not definite', async () => {
    fake.failNext = { status: 500, code: 'SYSTEM_ERROR' };
    await expect(provider.queryRefund('GR0001')).rejects.toMatchObject({ httpStatus: 500, definite: false });
    fake.failNext = { status: 429, code: 'FREQUENCY_LIMITED' };
    await expect(provider.queryRefund('GR0001')).rejects.toMatchObject({ definite: false });
    fake.failNext = { status: 404, code: 'RESOURCE_NOT_EXISTS', signed: false };
    await expect(provider.queryRefund('GR0001')).rejects.toMatchObject({
      code: null,
      httpStatus: null,
      definite: false,
      notFound: false,
    });
  });

  it('turns an error answer into a PaymentProviderError with its code, and refuses an answer signed by someone else', async () => {
    await expect(provider.queryOrder('GG-none')).rejects.toMatchObject({ code: 'ORDER_NOT_EXIST' });
    const wrongMerchantKey = providerFor({
      merchantPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    });
    await expect(wrongMerchantKey.queryOrder('GG0001')).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    const distrustful = providerFor({
      platformPublicKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey,
    });
    await expect(distrustful.queryOrder('GG0001')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
