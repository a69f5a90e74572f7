// Refunds beyond the customer's refund before shipping, through real HTTP on a real database
// (issue 21; docs/adr/0194-refund-requests-and-pickup.md): the operator refunds orders paid with
// points or strips (alone or with money) and their balances come back once; after the audit or
// shipping the customer's 申请退款 records a request the operator refunds or declines (the customer
// may ask again); a pickup order is marked 已取货 without shipping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_MESSAGES, ORDER_REFUND_MESSAGES } from '@glucoguard/domain';
import type { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { nativeQuery } from '../src/lib/db';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';
import { goodsRow } from './goods-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;

let api: TestApi;
let operator: Staff;

beforeAll(async () => {
  api = await startTestApi();
  operator = await signedInStaff(api, 'operator');
});
afterAll(() => api?.close());

/** A goods row as the console saves it (money in cents); mail or pickup, online payment. */
const goods = (over: Partial<Goods>) => goodsRow(api, { goodsValue: 0, postage: 0, payType: '1', ...over });

const balances = async (customer: Customer) => {
  const [row] = await nativeQuery<{ customer_score: number; give_paper: number }>(
    api.app.orm.em.fork(),
    'select customer_score, give_paper from customer where id = $1',
    [customer.cid],
  );
  return { points: row?.customer_score ?? 0, strips: row?.give_paper ?? 0 };
};

const grant = (customer: Customer, points: number, strips: number) =>
  nativeQuery(api.app.orm.em.fork(), 'update customer set customer_score = $1, give_paper = $2 where id = $3', [
    points,
    strips,
    customer.cid,
  ]);

async function buyerWithAddress(name: string, points: number, strips: number) {
  const customer = await registeredCustomer(api, name);
  await grant(customer, points, strips);
  await customer.client.POST('/address/v1/add', {
    body: {
      consigneeName: '赵淑华',
      phone: '13812345678',
      province: '江苏省',
      city: '南京市',
      district: '鼓楼区',
      detailAddress: '中山北路 30 号',
      isDefault: 1,
    },
  });
  return customer;
}

/** Places an order (mail by default) and pays it online when there is money to pay. */
async function placed(customer: Customer, goodsId: number, options: { pickup?: boolean; useScore?: boolean } = {}) {
  const { token } = await customer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(goodsId) } },
  });
  const [address] = (await customer.client.GET('/address/v1/list', { params: { query: {} } })).items;
  const order = await customer.client.POST('/order/v1/add', {
    body: {
      goodsId,
      token: token ?? '',
      number: 1,
      payType: 1,
      receiveType: options.pickup ? 1 : 0,
      addressId: options.pickup ? null : (address?.addressId ?? null),
      ...(options.useScore && { useScoreExchange: 1 }),
    },
  });
  if (order.needPay === 1) {
    const { intent } = await customer.client.POST('/order/v1/wxpay', { body: { orderCode: order.orderCode } });
    await customer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } });
  }
  return order;
}

const path = (orderId: number) => ({ params: { path: { orderId } } });
const audit = (orderId: number) =>
  operator.client.POST('/console/v1/orders/{orderId}/audit', { ...path(orderId), body: { pass: true } });
const ship = (orderId: number) =>
  operator.client.POST('/console/v1/orders/{orderId}/ship', {
    ...path(orderId),
    body: { expressCode: 'SF', trackingNumber: 'SF1234567890123' },
  });
const sign = (orderId: number, result: 'signed' | 'refused') =>
  operator.client.POST('/console/v1/orders/{orderId}/sign', { ...path(orderId), body: { result } });
const refund = (orderId: number, refundCents: number, requestKey: string) =>
  operator.client.POST('/console/v1/orders/{orderId}/refund', {
    ...path(orderId),
    body: { refundCents, reason: '客户申请退货', requestKey },
  });
const decline = (orderId: number, reason: string) =>
  operator.client.POST('/console/v1/orders/{orderId}/refund-decline', { ...path(orderId), body: { reason } });
const detail = (customer: Customer, orderId: number) =>
  customer.client.GET('/order/v1/getById', { params: { query: { orderId } } });

describe("the operator's refund of points and strips", () => {
  it('gives the points of a points-only order back once and ends 退款成功 with 0 cents', async () => {
    const buyer = await buyerWithAddress('钱秀英', 800, 0);
    const item = await goods({ salesMode: 'score', scoreValue: 500 });
    const order = await placed(buyer, item.id);
    expect(await balances(buyer)).toMatchObject({ points: 300 });
    await audit(order.orderId);
    await ship(order.orderId);
    expect(await failure(refund(order.orderId, 100, 'points-cents-01'))).toMatchObject({
      code: 40900,
      errMsg: ORDER_REFUND_MESSAGES.noMoney,
    });
    const { order: refunded } = await refund(order.orderId, 0, 'points-refund-01');
    expect(refunded).toMatchObject({ payStatus: 3, statusLabel: '退款成功', refundAmount: 0, refundableCents: 0 });
    expect(await balances(buyer)).toMatchObject({ points: 800 });
    expect(await failure(refund(order.orderId, 0, 'points-refund-02'))).toMatchObject({ code: 40900 });
    expect(await balances(buyer)).toMatchObject({ points: 800 });
    expect(await detail(buyer, order.orderId)).toMatchObject({ payStatus: 3, refundAmount: 0 });
  });

  it('refunds the money of a yuan-and-points order through the provider and the points at once', async () => {
    const buyer = await buyerWithAddress('孙玉兰', 1000, 0);
    const item = await goods({ salesMode: 'rmb,score', goodsValue: 5000, maxUsableScore: 500 });
    const order = await placed(buyer, item.id, { useScore: true });
    expect(order).toMatchObject({ payAmount: 4000, scoreAmount: 500 });
    expect(await balances(buyer)).toMatchObject({ points: 500 });
    expect(await failure(refund(order.orderId, 0, 'mixed-zero-0001'))).toMatchObject({ code: 40900 });
    await refund(order.orderId, 4000, 'mixed-refund-01');
    expect(await balances(buyer)).toMatchObject({ points: 1000 });
    await expect.poll(async () => (await detail(buyer, order.orderId)).payStatus, { timeout: 20_000 }).toBe(3);
  });
});

describe("the customer's refund request after shipping", () => {
  it('asks, is declined with a reason, asks again and is refunded: 退款成功 with the strips back', async () => {
    const buyer = await buyerWithAddress('周建华', 0, 60);
    const item = await goods({ salesMode: 'paper', paperValue: 50, maximum: 1 });
    const order = await placed(buyer, item.id);
    await audit(order.orderId);
    await ship(order.orderId);
    expect(await balances(buyer)).toMatchObject({ strips: 10 });

    const asked = await buyer.client.POST('/order/v1/wxRefund', {
      body: { orderId: order.orderId, reason: '试纸批号不对' },
    });
    expect(asked).toMatchObject({
      refundRequest: 1,
      refundRequestReason: '试纸批号不对',
      payStatus: 1,
      orderStatus: 1,
    });
    // Asked and waiting: a second ask is refused.
    expect(await failure(buyer.client.POST('/order/v1/wxRefund', { body: { orderId: order.orderId } }))).toMatchObject({
      code: 40900,
    });
    const queue = await operator.client.GET('/console/v1/orders', { params: { query: { refundRequest: 1 } } });
    expect(queue.items.map((o) => o.orderId)).toContain(order.orderId);
    expect(queue.items.every((o) => o.refundRequest === 1)).toBe(true);

    expect(await failure(decline(order.orderId, '  '))).toMatchObject({ code: 40000 });
    const { order: declined } = await decline(order.orderId, '商品已拆封使用，不支持退货');
    expect(declined).toMatchObject({ refundRequest: 2, refundDeclineReason: '商品已拆封使用，不支持退货' });
    expect(await detail(buyer, order.orderId)).toMatchObject({
      refundRequest: 2,
      refundDeclineReason: '商品已拆封使用，不支持退货',
    });
    expect(await failure(decline(order.orderId, '再次拒绝'))).toMatchObject({
      code: 40900,
      errMsg: ORDER_REFUND_MESSAGES.noRequest,
    });

    expect(
      await buyer.client.POST('/order/v1/wxRefund', { body: { orderId: order.orderId, reason: '试纸已过期' } }),
    ).toMatchObject({ refundRequest: 1, refundRequestReason: '试纸已过期', refundDeclineReason: null });
    const { order: refunded } = await refund(order.orderId, 0, 'strips-refund-1');
    expect(refunded).toMatchObject({ payStatus: 3, statusLabel: '退款成功', refundRequest: 0 });
    expect(await balances(buyer)).toMatchObject({ strips: 60 });
  });

  it('records a request for a shipped money order, and the operator refund ends 退款成功', async () => {
    const buyer = await buyerWithAddress('郑国强', 0, 0);
    const item = await goods({ goodsValue: 2990 });
    const order = await placed(buyer, item.id);
    await audit(order.orderId);
    await ship(order.orderId);
    const asked = await buyer.client.POST('/order/v1/wxRefund', { body: { orderId: order.orderId } });
    expect(asked).toMatchObject({ refundRequest: 1, payStatus: 1 });
    await refund(order.orderId, 2990, 'money-refund-01');
    await expect.poll(async () => (await detail(buyer, order.orderId)).payStatus, { timeout: 20_000 }).toBe(3);
  });

  it('still refunds at once before the audit (the order is cancelled)', async () => {
    const buyer = await buyerWithAddress('王芳', 0, 0);
    const item = await goods({ goodsValue: 1990 });
    const order = await placed(buyer, item.id);
    const answer = await buyer.client.POST('/order/v1/wxRefund', { body: { orderId: order.orderId } });
    expect(answer).toMatchObject({ refundRequest: 0, orderStatus: 0 });
  });
});

describe('a pickup order', () => {
  it('is marked 已取货 without shipping, and cannot be refused', async () => {
    const buyer = await buyerWithAddress('冯丽', 0, 0);
    const item = await goods({ goodsValue: 990, receiveType: '1' });
    const order = await placed(buyer, item.id, { pickup: true });
    expect(await failure(sign(order.orderId, 'refused'))).toMatchObject({
      code: 40900,
      errMsg: LOGISTICS_MESSAGES.pickupRefused,
    });
    const { order: collected } = await sign(order.orderId, 'signed');
    expect(collected).toMatchObject({ asignStatus: 1, sendStatus: 1, statusLabel: '已签收' });
    expect(await failure(sign(order.orderId, 'signed'))).toMatchObject({ code: 40900 });
  });

  it('is not marked while unpaid', async () => {
    const buyer = await buyerWithAddress('陈静', 0, 0);
    const item = await goods({ goodsValue: 990, receiveType: '1' });
    const { token } = await buyer.client.GET('/goods/v1/preOrderCheck', {
      params: { query: { goodsIds: String(item.id) } },
    });
    const order = await buyer.client.POST('/order/v1/add', {
      body: { goodsId: item.id, token: token ?? '', number: 1, payType: 1, receiveType: 1 },
    });
    expect(await failure(sign(order.orderId, 'signed'))).toMatchObject({
      code: 40900,
      errMsg: LOGISTICS_MESSAGES.unpaid,
    });
  });
});
