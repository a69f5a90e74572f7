// Partial refunds, refund failures and their reconciliation, closing unpaid intents, and the
// operator's console refund — against the fake WeChat Pay server, through real HTTP on a real
// database (docs/adr/0116-partial-refunds-one-at-a-time.md, docs/adr/0117-closing-unpaid-intents.md).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@glucoguard/domain';
import { JobNames } from '../src/composition';
import { closeExpiredIntent, createPaymentIntent, reconcilePendingIntents } from '../src/contexts/commerce';
import { scheduleJob } from '../src/contexts/platform';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import { startWechatPayFake, wechatPayProviderFor, type FakeWechatPay } from './fakes/wechatpay-fake';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

let fake: FakeWechatPay;
let api: TestApi;
let payer: Customer;
let operator: Awaited<ReturnType<typeof signedIn>>;

async function signedIn(role: StaffRole) {
  const doctor =
    role === 'doctor'
      ? await api.app.em.fork().findOneOrFail(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })
      : null;
  return signedInStaff(api, role, { doctorId: doctor?.id });
}

const rowOf = (intentId: string) => api.app.orm.em.fork().findOneOrFail(PaymentIntent, { id: intentId });

const postNotify = (notify: { headers: Record<string, string>; body: string }) =>
  fetch(`${api.baseUrl}/payment/v1/notify`, { method: 'POST', headers: notify.headers, body: notify.body });

/** An intent the payer has paid at the fake WeChat Pay, its notify applied. */
async function paidIntent(amountCents = 2990) {
  const intent = await createPaymentIntent(
    api.app.orm.em.fork(),
    api.app.providers.payment,
    {
      customerId: payer.cid,
      subjectKind: 'order',
      subjectId: `order-${randomUUID()}`,
      amountCents,
      description: '血糖试纸',
    },
    new Date(),
  );
  await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
  const { outTradeNo } = await rowOf(intent.intentId);
  expect((await postNotify(fake.pay(outTradeNo))).status).toBe(204);
  return { intentId: intent.intentId, outTradeNo };
}

const refund = (intentId: string, refundCents: number, requestKey = randomUUID()) =>
  operator.client.POST('/console/v1/payment/refund', {
    body: { intentId, refundCents, reason: '商品缺货，部分退款', requestKey },
  });

const detail = (intentId: string) =>
  operator.client.GET('/console/v1/payment/intent', { params: { query: { intentId } } });

beforeAll(async () => {
  fake = await startWechatPayFake();
  api = await startTestApi({}, { payment: wechatPayProviderFor(fake) });
  payer = await registeredCustomer(api, '退款用户');
  operator = await signedIn('operator');
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

describe('partial refunds by an operator in the console', () => {
  it('refunds in parts, one at a time and never more than is left, each settled by its notify', async () => {
    const { intentId, outTradeNo } = await paidIntent(2990);
    const byNumber = await operator.client.GET('/console/v1/payment/intent', { params: { query: { outTradeNo } } });
    expect(byNumber).toMatchObject({ intentId, state: 'paid', refundableCents: 2990, refunds: [] });

    const first = await refund(intentId, 1000);
    expect(first.refund).toMatchObject({ amountCents: 1000, state: 'processing', stateLabel: '退款中' });
    expect(first.intent).toMatchObject({ state: 'refunding', stateLabel: '退款中', refundableCents: 1990 });
    expect(fake.refunds.get(first.refund.outRefundNo)).toMatchObject({
      refundCents: 1000,
      totalCents: 2990,
      reason: '商品缺货，部分退款',
    });

    expect(await failure(refund(intentId, 500))).toMatchObject({
      status: 409,
      errMsg: '已有退款正在处理，请稍后再试',
    });

    expect((await postNotify(fake.refundNotify(first.refund.outRefundNo))).status).toBe(204);
    expect(await detail(intentId)).toMatchObject({
      state: 'partlyRefunded',
      stateLabel: '部分退款',
      refundableCents: 1990,
      refunds: [{ state: 'succeeded', stateLabel: '退款成功' }],
    });

    expect(await failure(refund(intentId, 1991))).toMatchObject({ status: 409, errMsg: '退款金额不能超过可退金额' });

    const second = await refund(intentId, 1990);
    expect((await postNotify(fake.refundNotify(second.refund.outRefundNo))).status).toBe(204);
    expect(await detail(intentId)).toMatchObject({ state: 'refunded', stateLabel: '退款成功', refundableCents: 0 });
    expect(await failure(refund(intentId, 1))).toMatchObject({ status: 409, errMsg: '支付单已全额退款' });
  });

  it('lets one of two refunds asked at the same moment through, and settles 20 concurrent duplicate refund notifies once', async () => {
    const { intentId } = await paidIntent(1000);
    const outcomes = await Promise.all(
      [refund(intentId, 600), refund(intentId, 600)].map((call) =>
        call.then(
          (value) => ({ value, error: null }),
          (error: unknown) => ({ value: null, error }),
        ),
      ),
    );
    const made = outcomes.find((o) => o.value)?.value;
    const refused = outcomes.find((o) => o.error)?.error;
    expect(made?.refund.state).toBe('processing');
    expect(refused).toMatchObject({ code: 40900, errMsg: '已有退款正在处理，请稍后再试' });
    if (!made) {
      return;
    }
    const notify = fake.refundNotify(made.refund.outRefundNo);
    const logStart = api.logs.length;
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await postNotify(notify)).status));
    expect(statuses).toEqual(Array(20).fill(204));
    const applied = api.logs.slice(logStart).filter((line) => line.includes('payment notify applied'));
    expect(applied).toHaveLength(20);
    expect(applied.filter((line) => line.includes('"result":"changed"'))).toHaveLength(1);
    expect(await detail(intentId)).toMatchObject({ state: 'partlyRefunded', refundableCents: 400 });
  });

  it('returns the same refund for the same request key (a double click), and refuses an unpaid intent', async () => {
    const { intentId } = await paidIntent(800);
    const key = randomUUID();
    const [a, b] = [await refund(intentId, 300, key), await refund(intentId, 300, key)];
    expect(b.refund.refundId).toBe(a.refund.refundId);
    expect([...fake.refunds.values()].filter((r) => r.outRefundNo === a.refund.outRefundNo)).toHaveLength(1);

    const unpaid = await createPaymentIntent(
      api.app.orm.em.fork(),
      api.app.providers.payment,
      {
        customerId: payer.cid,
        subjectKind: 'order',
        subjectId: `o-${randomUUID()}`,
        amountCents: 100,
        description: '试纸',
      },
      new Date(),
    );
    expect(await failure(refund(unpaid.intentId, 100))).toMatchObject({
      status: 409,
      errMsg: '支付单未支付，不能退款',
    });
  });

  it('records every lookup and refund in the audit trail with the payer as the patient', async () => {
    const { intentId } = await paidIntent(600);
    await detail(intentId);
    const { refund: made } = await refund(intentId, 600);
    await failure(refund(intentId, 600));
    const events = await api.app.orm.em
      .fork()
      .find(AuditEvent, { actorId: operator.staff.id, target: `payment:${intentId}` }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.action, e.patientId])).toEqual([
      ['payment.read', payer.cid],
      ['payment.refund', payer.cid],
      ['payment.refund', payer.cid],
    ]);
    expect(events[1]?.detail).toMatchObject({ refundCents: 600, refundId: made.refundId, state: 'processing' });
    expect(events[2]?.detail).toMatchObject({ refundCents: 600, refundId: null, state: 'refused' });
  });

  it('lets only an operator look up and refund payments (UI and API: others get 403)', async () => {
    const { intentId } = await paidIntent(300);
    for (const role of ['doctor', 'pharmacist', 'admin'] as const) {
      const other = await signedIn(role);
      expect(
        await failure(
          other.client.POST('/console/v1/payment/refund', {
            body: { intentId, refundCents: 1, reason: '测试', requestKey: randomUUID() },
          }),
        ),
      ).toMatchObject({ status: 403, errMsg: '无权限' });
      expect(
        await failure(other.client.GET('/console/v1/payment/intent', { params: { query: { intentId } } })),
      ).toMatchObject({ status: 403 });
    }
    expect(
      await failure(
        payer.client.POST('/console/v1/payment/refund', {
          body: { intentId, refundCents: 1, reason: '测试', requestKey: randomUUID() },
        }),
      ),
    ).toMatchObject({ status: 401 });
  });
});

describe('refunds that fail, and refunds whose outcome is unknown', () => {
  it('marks a refund WeChat Pay refused (NOT_ENOUGH) failed at once; a new refund may then be asked', async () => {
    const { intentId } = await paidIntent(1200);
    fake.failNext = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' };
    const refused = await refund(intentId, 1200);
    expect(refused.refund).toMatchObject({ state: 'failed', stateLabel: '退款失败', failure: 'NOT_ENOUGH' });
    expect(refused.intent).toMatchObject({ state: 'refundFailed', stateLabel: '退款失败', refundableCents: 1200 });

    const again = await refund(intentId, 1200);
    expect(again.refund.outRefundNo).not.toBe(refused.refund.outRefundNo);
    expect((await postNotify(fake.refundNotify(again.refund.outRefundNo))).status).toBe(204);
    expect((await detail(intentId)).state).toBe('refunded');
  });

  it('reads REFUND.ABNORMAL and REFUND.CLOSED notifies as failures, and a duplicate changes nothing', async () => {
    const { intentId } = await paidIntent(700);
    const { refund: made } = await refund(intentId, 700);
    const abnormal = fake.refundNotify(made.outRefundNo, 'ABNORMAL');
    expect((await postNotify(abnormal)).status).toBe(204);
    expect((await postNotify(abnormal)).status).toBe(204);
    expect(await detail(intentId)).toMatchObject({
      state: 'refundFailed',
      refunds: [{ state: 'failed', failure: 'ABNORMAL' }],
    });
  });

  it('keeps a refund whose call got no answer processing, and reconciliation asks WeChat Pay by its number', async () => {
    // A refund WeChat Pay accepted (PROCESSING) whose notify is lost.
    const { intentId } = await paidIntent(900);
    const made = await refund(intentId, 900);
    expect(made.refund.state).toBe('processing');
    fake.refundNotify(made.refund.outRefundNo); // WeChat Pay finishes it; the notify never arrives

    // A refund call answered 500 with nothing done there: its outcome is unknown to us.
    const lost = await paidIntent(400);
    fake.refundsArrive = false;
    const unknown = await refund(lost.intentId, 400);
    fake.refundsArrive = true;
    expect(unknown.refund).toMatchObject({ state: 'processing', failure: null });
    expect(unknown.intent.state).toBe('refunding');

    const db = api.app.orm.em.fork();
    await reconcilePendingIntents(db, api.app.providers.payment, new Date(Date.now() + 60_000));
    expect((await detail(intentId)).state).toBe('refunding'); // asked only after 5 minutes
    await reconcilePendingIntents(db, api.app.providers.payment, new Date(Date.now() + 6 * 60_000));
    expect((await detail(intentId)).state).toBe('refunded');
    expect(await detail(lost.intentId)).toMatchObject({
      state: 'refundFailed',
      refundableCents: 400,
      refunds: [{ state: 'failed', failure: 'RESOURCE_NOT_EXISTS' }],
    });
    expect(fake.calls).toContain(`GET /v3/refund/domestic/refunds/${unknown.refund.outRefundNo}`);
  });
});

describe('closing intents whose time to pay ran out', () => {
  const newIntent = (expiresAt: Date) =>
    createPaymentIntent(
      api.app.orm.em.fork(),
      api.app.providers.payment,
      {
        customerId: payer.cid,
        subjectKind: 'order',
        subjectId: `order-${randomUUID()}`,
        amountCents: 1500,
        description: '血压计',
        expiresAt,
      },
      new Date(),
    );

  it('tells WeChat Pay the time limit, closes the order there and here when it passes, and refuses to prepay after', async () => {
    const expiresAt = new Date(Date.now() + 2_000);
    const intent = await newIntent(expiresAt);
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    const { outTradeNo } = await rowOf(intent.intentId);
    expect(fake.orders.get(outTradeNo)?.timeExpire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    const db = api.app.orm.em.fork();
    expect(await closeExpiredIntent(db, api.app.providers.payment, intent.intentId, new Date())).toBe('created');
    expect(fake.orders.get(outTradeNo)?.tradeState).toBe('NOTPAY');
    const later = new Date(expiresAt.getTime() + 60_000);
    expect(await closeExpiredIntent(db, api.app.providers.payment, intent.intentId, later)).toBe('closed');
    expect(fake.calls).toContain(`POST /v3/pay/transactions/out-trade-no/${outTradeNo}/close`);
    expect(fake.orders.get(outTradeNo)?.tradeState).toBe('CLOSED');
    expect(
      await failure(payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } })),
    ).toMatchObject({ status: 409, errMsg: '支付单已关闭' });
  });

  it('marks an intent paid instead when the payment beat the timer, and closes one never prepaid', async () => {
    const raced = await newIntent(new Date(Date.now() + 2_000));
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: raced.intentId } });
    fake.pay((await rowOf(raced.intentId)).outTradeNo); // paid, the notify not yet here
    const never = await newIntent(new Date(Date.now() + 2_000));
    const db = api.app.orm.em.fork();
    const later = new Date(Date.now() + 70_000);
    expect(await closeExpiredIntent(db, api.app.providers.payment, raced.intentId, later)).toBe('paid');
    expect(await closeExpiredIntent(db, api.app.providers.payment, never.intentId, later)).toBe('closed');
  });

  it('is retried, not closed, when WeChat Pay cannot be reached', async () => {
    const intent = await newIntent(new Date(Date.now() + 2_000));
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    fake.failNext = { status: 502, code: 'SYSTEM_ERROR' };
    const db = api.app.orm.em.fork();
    const later = new Date(Date.now() + 70_000);
    await expect(closeExpiredIntent(db, api.app.providers.payment, intent.intentId, later)).rejects.toThrow();
    expect((await rowOf(intent.intentId)).state).toBe('created');
    expect(await closeExpiredIntent(db, api.app.providers.payment, intent.intentId, later)).toBe('closed');
  });

  it('is also closed by reconciliation when its own close job never came (an intent from before the job)', async () => {
    const intent = await newIntent(new Date(Date.now() + 3_600_000)); // its job is due in an hour
    await api.app.orm.em
      .fork()
      .nativeUpdate(PaymentIntent, { id: intent.intentId }, { expiresAt: new Date(Date.now() - 10 * 60_000) });
    const db = api.app.orm.em.fork();
    expect(await reconcilePendingIntents(db, api.app.providers.payment, new Date())).toBeGreaterThanOrEqual(1);
    expect((await rowOf(intent.intentId)).state).toBe('closed');
  });

  it('runs as a durable job scheduled with the intent', async () => {
    const intent = await newIntent(new Date(Date.now() + 1_000));
    await payer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
    // The intent scheduled its own close a minute after its time; run one now under another key.
    await api.app.orm.em.fork().transactional((tx) =>
      scheduleJob(tx, JobNames.closePayment, `test-${intent.intentId}`, new Date(Date.now() + 1_500), {
        intentId: intent.intentId,
      }),
    );
    await vi.waitFor(async () => expect((await rowOf(intent.intentId)).state).toBe('closed'), {
      timeout: 20_000,
      interval: 250,
    });
  });
});
