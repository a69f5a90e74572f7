import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobNames } from '../src/composition';
import { createPaymentIntent, reconcilePendingIntents, requestRefund } from '../src/contexts/commerce';
import { scheduleJob } from '../src/contexts/platform';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import { LocalPaymentProvider } from '../src/providers/payment/local';
import { startWechatPayFake, wechatPayProviderFor, type FakeWechatPay } from './fakes/wechatpay-fake';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

let fake: FakeWechatPay;
let api: TestApi;
let payer: Customer;
let other: Customer;

async function newIntent(target: TestApi, customer: Customer, amountCents = 2990) {
  return createPaymentIntent(
    target.app.orm.em.fork(),
    target.app.providers.payment,
    {
      customerId: customer.cid,
      subjectKind: 'consultService',
      subjectId: `svc-${Math.random().toString(36).slice(2)}`,
      amountCents,
      description: '图文问诊',
    },
    new Date(),
  );
}

const outTradeNo = async (intentId: string) => {
  const row = await api.app.orm.em.fork().findOneOrFail(PaymentIntent, { id: intentId });
  return row.outTradeNo;
};

const postNotify = (target: TestApi, notify: { headers: Record<string, string>; body: string }) =>
  fetch(`${target.baseUrl}/payment/v1/notify`, { method: 'POST', headers: notify.headers, body: notify.body });

const stateOf = async (customer: Customer, intentId: string) =>
  (await customer.client.GET('/payment/v1/intent', { params: { query: { intentId } } })).state;

beforeAll(async () => {
  fake = await startWechatPayFake();
  api = await startTestApi(
    {},
    {
      payment: wechatPayProviderFor(fake),
    },
  );
  payer = await registeredCustomer(api, '付款人');
  other = await registeredCustomer(api, '旁人');
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

describe('payments with WeChat Pay (against the fake server)', () => {
  it('requires a session to prepay, and refuses another customer’s intent', async () => {
    const intent = await newIntent(api, payer);
    expect(
      await failure(api.client().POST('/payment/v1/prepay', { body: { intentId: intent.intentId } })),
    ).toMatchObject({ status: 401 });
    expect(
      await failure(other.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } })),
    ).toMatchObject({ status: 403 });
    expect(
      await failure(other.client.GET('/payment/v1/intent', { params: { query: { intentId: intent.intentId } } })),
    ).toMatchObject({ status: 403 });
  });

  it('prepays, then a valid notify marks the intent paid', async () => {
    const intent = await newIntent(api, payer);
    const { payParams } = await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    const order = fake.orders.get(await outTradeNo(intent.intentId));
    expect(order).toMatchObject({ amountCents: 2990, description: '图文问诊' });
    expect(payParams.package).toBe(`prepay_id=${order?.prepayId}`);
    expect(fake.badSignatures).toBe(0);

    const answer = await postNotify(api, fake.pay(order?.outTradeNo ?? ''));
    expect(answer.status).toBe(204);
    expect(await stateOf(payer, intent.intentId)).toBe('paid');
  });

  it('refuses a notify with a bad signature, a stale timestamp or a wrong amount, and the intent stays unpaid', async () => {
    const intent = await newIntent(api, payer);
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    const tradeNo = await outTradeNo(intent.intentId);

    const good = fake.pay(tradeNo);
    const tampered = await postNotify(api, {
      headers: good.headers,
      body: good.body.replace('"summary":"', '"summary":"x'),
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({ code: 'FAIL', message: 'badSignature' });

    const stale = await postNotify(api, fake.pay(tradeNo, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ code: 'FAIL', message: 'staleTimestamp' });

    const wrongAmount = await postNotify(api, fake.pay(tradeNo, { amountCents: 1 }));
    expect(wrongAmount.status).toBe(400);
    expect(await wrongAmount.json()).toEqual({ code: 'FAIL', message: '支付金额与订单金额不符' });

    expect(await stateOf(payer, intent.intentId)).toBe('created');
  });

  it('settles 20 concurrent duplicate notifies once', async () => {
    const intent = await newIntent(api, payer);
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    const notify = fake.pay(await outTradeNo(intent.intentId));
    const logStart = api.logs.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => postNotify(api, notify)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    const applied = api.logs.slice(logStart).filter((line) => line.includes('payment notify applied'));
    expect(applied).toHaveLength(20);
    expect(applied.filter((line) => line.includes('"result":"changed"'))).toHaveLength(1);
    expect(await stateOf(payer, intent.intentId)).toBe('paid');
  });

  it('refunds a paid intent, and the refund notify settles it (a duplicate changes nothing)', async () => {
    const intent = await newIntent(api, payer);
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    const tradeNo = await outTradeNo(intent.intentId);
    expect((await postNotify(api, fake.pay(tradeNo))).status).toBe(204);

    const started = await requestRefund(
      api.app.orm.em.fork(),
      api.app.providers.payment,
      { intentId: intent.intentId, refundCents: 2990, reason: '超过24小时未接诊', requestedBy: 'system:test' },
      new Date(),
    );
    expect(started).toMatchObject({ state: 'processing', stateLabel: '退款中', amountCents: 2990 });
    expect(await stateOf(payer, intent.intentId)).toBe('refunding');
    const refund = [...fake.refunds.values()].find((r) => r.outTradeNo === tradeNo);
    expect(refund).toMatchObject({
      refundCents: 2990,
      totalCents: 2990,
      notifyUrl: 'https://h5.example.com/api/payment/v1/notify',
    });

    const notify = fake.refundNotify(refund?.outRefundNo ?? '');
    expect((await postNotify(api, notify)).status).toBe(204);
    expect(await stateOf(payer, intent.intentId)).toBe('refunded');
    expect((await postNotify(api, notify)).status).toBe(204);
    expect(await stateOf(payer, intent.intentId)).toBe('refunded');
  });

  it('reconciles an intent paid at WeChat Pay whose notify never came, once it is 10 minutes old', async () => {
    const intent = await newIntent(api, payer);
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    fake.pay(await outTradeNo(intent.intentId)); // the notify is lost
    const db = api.app.orm.em.fork();
    await reconcilePendingIntents(db, api.app.providers.payment, new Date(Date.now() + 5 * 60_000));
    expect(await stateOf(payer, intent.intentId)).toBe('created');
    const changed = await reconcilePendingIntents(db, api.app.providers.payment, new Date(Date.now() + 11 * 60_000));
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(await stateOf(payer, intent.intentId)).toBe('paid');
  });

  it('has no local sheet when the provider is WeChat Pay', async () => {
    const intent = await newIntent(api, payer);
    expect(
      await failure(payer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(payer.client.POST('/dev/v1/paymentIntent', { body: { amountCents: 100, description: '演示' } })),
    ).toMatchObject({ status: 404 });
  });
});

describe('the local provider where it does not settle (NODE_ENV=production)', () => {
  let production: TestApi;
  beforeAll(async () => {
    production = await startTestApi({}, { payment: new LocalPaymentProvider(() => new Date(), false) });
  });
  afterAll(() => production.close());

  it('offers neither demo intents nor its payment sheet', async () => {
    const customer = await registeredCustomer(production, '生产环境');
    expect(
      await failure(customer.client.POST('/dev/v1/paymentIntent', { body: { amountCents: 100, description: '演示' } })),
    ).toMatchObject({ status: 404 });
    const intent = await newIntent(production, customer, 990);
    expect(
      await failure(
        customer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(customer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } })),
    ).toMatchObject({ status: 503, errMsg: '支付失败！请重试' });
    expect(await stateOf(customer, intent.intentId)).toBe('created');
  });
});

describe('the local provider (the embedded default)', () => {
  let local: TestApi;
  let customer: Customer;
  beforeAll(async () => {
    local = await startTestApi();
    customer = await registeredCustomer(local, '本地付款');
  });
  afterAll(() => local.close());

  it('pays through its own signed notify, cancels without change, and refunds through its refund notify', async () => {
    const intent = await newIntent(local, customer, 1990);
    const { payParams, intent: seen } = await customer.client.POST('/payment/v1/prepay', {
      body: { intentId: intent.intentId },
    });
    expect(seen.provider).toBe('local');
    expect(payParams.signType).toBe('RSA');

    const cancelled = await customer.client.POST('/payment/v1/localPay', {
      body: { intentId: intent.intentId, action: 'cancel' },
    });
    expect(cancelled).toMatchObject({ outcome: 'cancelled', message: '支付取消', intent: { state: 'created' } });

    const logStart = local.logs.length;
    const paid = await customer.client.POST('/payment/v1/localPay', {
      body: { intentId: intent.intentId, action: 'pay' },
    });
    expect(paid).toMatchObject({
      outcome: 'success',
      message: '支付成功',
      intent: { state: 'paid', stateLabel: '已支付' },
    });
    expect(local.logs.slice(logStart).some((line) => line.includes('payment notify applied'))).toBe(true);

    await requestRefund(
      local.app.orm.em.fork(),
      local.app.providers.payment,
      { intentId: intent.intentId, refundCents: 1990, reason: '用户取消', requestedBy: 'system:test' },
      new Date(),
    );
    await vi.waitFor(async () => expect(await stateOf(customer, intent.intentId)).toBe('refunded'));
  });

  it('creates a demo intent only for a registered caller, with a payable amount', async () => {
    const visitor = await signInNewVisitor(local);
    expect(
      await failure(visitor.client.POST('/dev/v1/paymentIntent', { body: { amountCents: 100, description: '演示' } })),
    ).toMatchObject({ status: 403 });
    expect(
      await failure(customer.client.POST('/dev/v1/paymentIntent', { body: { amountCents: 0, description: '演示' } })),
    ).toMatchObject({ status: 400 });
    const created = await customer.client.POST('/dev/v1/paymentIntent', {
      body: { amountCents: 100, description: '演示' },
    });
    expect(created).toMatchObject({ amountCents: 100, state: 'created', stateLabel: '待支付', provider: 'local' });
  });

  it('refuses a notify forged without its key', async () => {
    const answer = await fetch(`${local.baseUrl}/payment/v1/notify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': String(Math.floor(Date.now() / 1000)),
        'wechatpay-nonce': 'n',
        'wechatpay-signature': 'AAAA',
        'wechatpay-serial': 'LOCAL_PUB_KEY_ID',
      },
      body: '{"resource":{}}',
    });
    expect(answer.status).toBe(401);
  });
});

describe('payment reconciliation on the durable job queue', () => {
  it('settles an intent pending for over 10 minutes whose notify never came', async () => {
    const intent = await createPaymentIntent(
      api.app.orm.em.fork(),
      api.app.providers.payment,
      {
        customerId: payer.cid,
        subjectKind: 'order',
        subjectId: `order-${Date.now()}`,
        amountCents: 500,
        description: '血糖试纸',
      },
      new Date(Date.now() - 11 * 60_000),
    );
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    fake.pay(await outTradeNo(intent.intentId)); // paid at WeChat Pay, the notify lost
    const db = api.app.orm.em.fork();
    await db.transactional((tx) => scheduleJob(tx, JobNames.reconcilePayments, `test-${intent.intentId}`, new Date()));
    await vi.waitFor(async () => expect(await stateOf(payer, intent.intentId)).toBe('paid'), {
      timeout: 20_000,
      interval: 250,
    });
  });
});
