// Refunds of orders against the WeChat Pay fake (spec 3 §4, §8; docs/adr/0181): a refund WeChat Pay
// refuses leaves the order 退款失败 and the customer may ask again; a payment that arrives after the
// order was cancelled is refunded in full; the console's partial refund ends 退款成功 with its amount.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@glucoguard/domain';
import { refundOrder } from '../src/contexts/commerce';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import { startWechatPayFake, wechatPayProviderFor, type FakeWechatPay } from './fakes/wechatpay-fake';
import { registeredCustomer, startTestApi, type TestApi } from './harness';
import { goodsRow } from './goods-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

let fake: FakeWechatPay;
let api: TestApi;

async function goodsId(): Promise<number> {
  const row = await goodsRow(api, {
    goodsName: '电子血压计',
    remark: '上臂式，语音播报',
    goodsValue: 19900,
    postage: 0,
    maximum: 2,
    receiveType: '1',
    payType: '1',
  });
  return row.id;
}

const postNotify = (notify: { headers: Record<string, string>; body: string }) =>
  fetch(`${api.baseUrl}/payment/v1/notify`, { method: 'POST', headers: notify.headers, body: notify.body });

/** An order placed and its intent prepaid at the fake (not yet paid). */
async function placedAndPrepaid(customer: Customer) {
  const id = await goodsId();
  const { token } = await customer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(id) } },
  });
  const placed = await customer.client.POST('/order/v1/add', {
    body: { goodsId: id, token: token ?? '', number: 1, payType: 1, receiveType: 1 },
  });
  const { intent } = await customer.client.POST('/order/v1/wxpay', { body: { orderCode: placed.orderCode } });
  await customer.client.POST('/payment/v1/prepay', { body: { intentId: intent.intentId } });
  const { outTradeNo } = await api.app.orm.em.fork().findOneOrFail(PaymentIntent, { id: intent.intentId });
  return { placed, outTradeNo };
}

const detail = (customer: Customer, orderId: number) =>
  customer.client.GET('/order/v1/getById', { params: { query: { orderId } } });

/** The refund the fake received for a merchant order (the latest one). */
const refundAt = (outTradeNo: string) => [...fake.refunds.values()].filter((r) => r.outTradeNo === outTradeNo).at(-1);

const waitFor = (assertion: () => Promise<void>) => vi.waitFor(assertion, { timeout: 20_000, interval: 200 });

beforeAll(async () => {
  fake = await startWechatPayFake();
  api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { payment: wechatPayProviderFor(fake) });
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

describe('order refunds through WeChat Pay', () => {
  it('leaves a refused refund 退款失败, and a second request refunds it (成功发起退款, then 退款成功)', async () => {
    const buyer = await registeredCustomer(api, '许文');
    const { placed, outTradeNo } = await placedAndPrepaid(buyer);
    expect((await postNotify(fake.pay(outTradeNo))).status).toBe(204);
    expect(await detail(buyer, placed.orderId)).toMatchObject({ payStatus: 1 });

    fake.failNext = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' };
    expect(await buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } })).toMatchObject({
      orderStatus: 0,
      payStatus: 5,
    });
    await waitFor(async () => expect((await detail(buyer, placed.orderId)).payStatus).toBe(4));

    const again = await buyer.client.POST('/order/v1/wxRefund', { body: { orderId: placed.orderId } });
    expect(again).toMatchObject({ payStatus: 5, refundAmount: 19900 });
    await waitFor(async () => expect(refundAt(outTradeNo)).toBeDefined());
    expect((await postNotify(fake.refundNotify(refundAt(outTradeNo)?.outRefundNo ?? ''))).status).toBe(204);
    await waitFor(async () => expect((await detail(buyer, placed.orderId)).payStatus).toBe(3));
  });

  it('refunds in full a payment that arrives after the order was cancelled', async () => {
    const buyer = await registeredCustomer(api, '贺兰');
    const { placed, outTradeNo } = await placedAndPrepaid(buyer);
    expect(await buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } })).toMatchObject({
      orderStatus: 0,
      payStatus: 0,
    });
    // The payer had the WeChat Pay sheet open and paid anyway.
    expect((await postNotify(fake.pay(outTradeNo))).status).toBe(204);
    expect(await detail(buyer, placed.orderId)).toMatchObject({
      orderStatus: 0,
      payStatus: 5,
      refundAmount: 19900,
      refundReason: ORDER_MESSAGES.lateRefund,
    });
    await waitFor(async () => expect(refundAt(outTradeNo)).toMatchObject({ refundCents: 19900 }));
    expect((await postNotify(fake.refundNotify(refundAt(outTradeNo)?.outRefundNo ?? ''))).status).toBe(204);
    await waitFor(async () => expect((await detail(buyer, placed.orderId)).payStatus).toBe(3));
  });

  it('refunds part of a paid order from the console, with its reason', async () => {
    const buyer = await registeredCustomer(api, '温良');
    const { placed, outTradeNo } = await placedAndPrepaid(buyer);
    await postNotify(fake.pay(outTradeNo));
    const refunding = await refundOrder(
      api.app.orm.em.fork(),
      api.app.providers.payment,
      placed.orderId,
      { cents: 5000, reason: '外包装破损，部分退款', by: 'staff:test' },
      new Date(),
    );
    expect(refunding).toMatchObject({ payStatus: 5, refundAmount: 5000, refundReason: '外包装破损，部分退款' });
    expect((await postNotify(fake.refundNotify(refundAt(outTradeNo)?.outRefundNo ?? ''))).status).toBe(204);
    expect(await detail(buyer, placed.orderId)).toMatchObject({ payStatus: 3, refundAmount: 5000, orderStatus: 1 });
  });
});
