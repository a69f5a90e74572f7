// Orders of the mall through the published SDK (spec 3 §2.7, §4, §5, §9; docs/adr/0178–0181): the
// pre-order token is single-use, an order takes stock, points and strips in one transaction (20
// concurrent orders for the last item sell it once), a paid order opens a service package once
// however often its payment is reported, and every can-pay and can-cancel case of §4.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GOODS_OFF_SHELF_MESSAGE,
  ORDER_MESSAGES,
  ORDER_SUBMIT_MESSAGES,
  QUANTITY_TOO_MANY_MESSAGE,
  STRIPS_TOO_FEW_MESSAGE,
} from '@glucoguard/domain';
import { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { CouponTemplate, CustomerCoupon } from '../src/contexts/commerce/coupon/coupon.entity';
import { MallOrder } from '../src/contexts/commerce/order/order.entity';
import { auditOrder, onOrderPaid, shipOrder, type OrderPaid } from '../src/contexts/commerce';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import type { LocalPaymentProvider } from '../src/providers/payment/local';
import { nativeQuery } from '../src/lib/db';
import type { BodyOf } from '../src/lib/contract';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { goodsRow } from './goods-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

let api: TestApi;

/** A goods row of the mall (goods-fixtures.ts: ¥59.90 + ¥8 postage, 10 in stock). */
const goods = (over: Partial<Goods> = {}) => goodsRow(api, over);

const stockOf = async (goodsId: number) =>
  (await api.app.orm.em.fork().findOneOrFail(Goods, { id: goodsId }, { disableIdentityMap: true })).stock;

const balances = async (customer: Customer) => {
  const [row] = await nativeQuery<{ customer_score: number; give_paper: number; service_expire_date: Date | null }>(
    api.app.orm.em.fork(),
    'select customer_score, give_paper, service_expire_date from customer where id = $1',
    [customer.cid],
  );
  return {
    points: row?.customer_score ?? 0,
    strips: row?.give_paper ?? 0,
    serviceEnd: row?.service_expire_date ?? null,
  };
};

const grant = (customer: Customer, points: number, strips = 0) =>
  nativeQuery(api.app.orm.em.fork(), 'update customer set customer_score = $1, give_paper = $2 where id = $3', [
    points,
    strips,
    customer.cid,
  ]);

async function addressOf(customer: Customer): Promise<string> {
  await customer.client.POST('/address/v1/add', {
    body: {
      consigneeName: '王建国',
      phone: '13912345678',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detailAddress: '科技园南路十八号',
      isDefault: 1,
    },
  });
  const { items } = await customer.client.GET('/address/v1/list', { params: { query: { pageNo: 1 } } });
  return items[0]?.addressId ?? '';
}

const check = (customer: Customer, goodsId: number, couponId?: string) =>
  customer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(goodsId), ...(couponId && { couponId }) } },
  });

/** A fresh token and an order of `goodsId` with it. */
async function order(customer: Customer, goodsId: number, body: Partial<BodyOf<'orderAdd'>> = {}) {
  const { token } = await check(customer, goodsId);
  return customer.client.POST('/order/v1/add', {
    body: { goodsId, token: token ?? '', number: 1, payType: 1, receiveType: 1, ...body },
  });
}

const pay = async (customer: Customer, orderCode: string) => {
  const { intent } = await customer.client.POST('/order/v1/wxpay', { body: { orderCode } });
  return customer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } });
};

const detail = (customer: Customer, orderId: number) =>
  customer.client.GET('/order/v1/getById', { params: { query: { orderId } } });

const waitFor = (assertion: () => Promise<void>) => vi.waitFor(assertion, { timeout: 20_000, interval: 200 });

beforeAll(async () => {
  api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' });
});
afterAll(async () => {
  if (process.env.ORDERS_DEBUG) {
    console.log(
      api.logs
        .filter((l) => l.includes('"level":50'))
        .slice(0, 3)
        .join('\n'),
    );
  }
  await api.close();
});

describe('the pre-order check and its token', () => {
  it('requires a session, and registration before ordering', async () => {
    const item = await goods();
    const anonymous = await failure(
      api.client().GET('/goods/v1/preOrderCheck', { params: { query: { goodsIds: String(item.id) } } }),
    );
    expect(anonymous).toMatchObject({ status: 401 });
    const visitor = await signInNewVisitor(api);
    expect(
      await failure(
        visitor.client.GET('/goods/v1/preOrderCheck', { params: { query: { goodsIds: String(item.id) } } }),
      ),
    ).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('answers the refusal as data: off shelf, sold out, unknown goods', async () => {
    const buyer = await registeredCustomer(api, '林小雨');
    const off = await goods({ status: 0 });
    const soldOut = await goods({ stock: 0 });
    expect(await check(buyer, off.id)).toEqual({
      result: { code: '1', data: null, errMsg: GOODS_OFF_SHELF_MESSAGE },
      token: null,
      expiresAt: null,
    });
    expect((await check(buyer, soldOut.id)).result.errMsg).toBe(ORDER_MESSAGES.stockShort);
    expect((await check(buyer, 99_999_999)).result.errMsg).toBe(ORDER_MESSAGES.goodsMissing);
  });

  it('is single-use: the same token twice, an unknown one or another customer’s answers 90002', async () => {
    const buyer = await registeredCustomer(api, '郑浩');
    const other = await registeredCustomer(api, '孙悦');
    const item = await goods({ payType: '2' });
    const addressId = await addressOf(buyer);
    const { result, token } = await check(buyer, item.id);
    expect(result).toEqual({ code: '0', data: null, errMsg: '' });
    // Pickup with cash on delivery is stored as mail (receiveType 0), so it needs the address.
    const body = {
      goodsId: item.id,
      token: token ?? '',
      number: 1,
      payType: 2 as const,
      receiveType: 1 as const,
      addressId,
    };
    expect(await failure(other.client.POST('/order/v1/add', { body }))).toMatchObject({ code: 90002 });
    const placed = await buyer.client.POST('/order/v1/add', { body });
    expect(placed).toMatchObject({ payType: 2, needPay: 0, payStatus: 0, orderStatus: 1, receiveType: 0 });
    expect(await failure(buyer.client.POST('/order/v1/add', { body }))).toMatchObject({
      code: 90002,
      errMsg: ORDER_MESSAGES.staleCheck,
    });
    expect(
      await failure(buyer.client.POST('/order/v1/add', { body: { ...body, token: 'no-such-token' } })),
    ).toMatchObject({ code: 90002 });
  });

  it('offers the unpaid online order before another one (UnpaidOrder)', async () => {
    const buyer = await registeredCustomer(api, '钱多多');
    const item = await goods();
    await order(buyer, item.id);
    expect((await check(buyer, item.id)).result).toEqual({
      code: '1',
      data: 'UnpaidOrder',
      errMsg: ORDER_MESSAGES.unpaidOrder,
    });
  });
});

describe('placing an order', () => {
  it('refuses bad input with the spec’s messages, and keeps the token for the corrected retry', async () => {
    const buyer = await registeredCustomer(api, '周慧');
    const item = await goods({ maximum: 2 });
    const { token } = await check(buyer, item.id);
    const base = { goodsId: item.id, token: token ?? '', number: 1, payType: 1 as const };
    expect(await failure(buyer.client.POST('/order/v1/add', { body: base }))).toMatchObject({
      code: 40000,
      errMsg: ORDER_SUBMIT_MESSAGES.receiveType,
    });
    expect(await failure(buyer.client.POST('/order/v1/add', { body: { ...base, receiveType: 0 } }))).toMatchObject({
      code: 40000,
      errMsg: ORDER_SUBMIT_MESSAGES.address,
    });
    expect(
      await failure(buyer.client.POST('/order/v1/add', { body: { ...base, receiveType: 1, number: 3 } })),
    ).toMatchObject({ code: 40000, errMsg: QUANTITY_TOO_MANY_MESSAGE });
    const placed = await buyer.client.POST('/order/v1/add', { body: { ...base, receiveType: 1, number: 2 } });
    expect(placed).toMatchObject({ number: 2, payAmount: 2 * 5990 + 800, needPay: 1 });
    expect(await stockOf(item.id)).toBe(8);
  });

  it('copies the address, deducts points at 50 to the yuan and takes the coupon off', async () => {
    const buyer = await registeredCustomer(api, '吴桂芳');
    await grant(buyer, 1000);
    const addressId = await addressOf(buyer);
    const item = await goods({ goodsValue: 10000, postage: 0, maxUsableScore: 300 });
    const em = api.app.orm.em.fork();
    const template = em.create(CouponTemplate, {
      name: '满减券',
      valueCents: 1500,
      startAt: new Date(Date.now() - 86_400_000),
      endAt: new Date(Date.now() + 86_400_000),
      rangeType: 'all',
      goodsIds: [],
      createdBy: buyer.cid,
      createdAt: new Date(),
    });
    await em.flush();
    const coupon = em.create(CustomerCoupon, {
      templateId: template.id,
      customerId: buyer.cid,
      reservedAt: null,
      usedOrderId: null,
      usedAt: null,
      issuedAt: new Date(),
    });
    await em.flush();
    const { token, result } = await check(buyer, item.id, coupon.id);
    expect(result.code).toBe('0');
    const placed = await buyer.client.POST('/order/v1/add', {
      body: {
        goodsId: item.id,
        token: token ?? '',
        number: 1,
        payType: 1,
        receiveType: 0,
        addressId,
        couponId: coupon.id,
        useScoreExchange: 1,
      },
    });
    // 100.00 − 15.00 coupon − 300 points (6.00) = 79.00
    expect(placed).toMatchObject({
      payAmount: 7900,
      payCoupon: 1500,
      scoreAmount: 300,
      scoreDeduction: 600,
      couponId: coupon.id,
      consigneeName: '王建国',
      phone: '13912345678',
      detailAddress: '广东省 深圳市 南山区 科技园南路十八号',
      receiveType: 0,
    });
    expect((await balances(buyer)).points).toBe(700);
    await pay(buyer, placed.orderCode);
    const used = await api.app.orm.em.fork().findOneOrFail(CustomerCoupon, { id: coupon.id });
    expect(used.usedOrderId).toBe(String(placed.orderId));
  });

  it('renews only a meter of the buyer’s own: no IMEI, or one not bound by the buyer, is refused', async () => {
    const buyer = await registeredCustomer(api, '曹阳');
    const plan = await goods({ rechargePackage: 1, packageMonths: 12, goodsValue: 3600, postage: 0, receiveType: '1' });
    expect(await failure(order(buyer, plan.id))).toMatchObject({ code: 40000, errMsg: ORDER_MESSAGES.deviceRequired });
    expect(await failure(order(buyer, plan.id, { deviceImei: '860000000000001' }))).toMatchObject({
      code: 40000,
      errMsg: ORDER_MESSAGES.deviceMissing,
    });
    expect(await stockOf(plan.id)).toBe(10);
  });

  it('sells the last item once to 20 concurrent orders', async () => {
    const item = await goods({ stock: 1, payType: '2', maximum: 1 });
    const buyer = await registeredCustomer(api, '抢购者');
    const addressId = await addressOf(buyer);
    const tokens = await Promise.all(Array.from({ length: 20 }, async () => (await check(buyer, item.id)).token ?? ''));
    expect(new Set(tokens).size).toBe(20);
    const outcomes = await Promise.allSettled(
      tokens.map((token) =>
        buyer.client.POST('/order/v1/add', {
          body: { goodsId: item.id, token, number: 1, payType: 2, receiveType: 0, addressId },
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { errMsg: string }] : []));
    expect(new Set(refusals.map((r) => r.errMsg))).toEqual(new Set([ORDER_MESSAGES.stockShort]));
    expect(await stockOf(item.id)).toBe(0);
    expect(await api.app.orm.em.fork().count(MallOrder, { goodsId: item.id })).toBe(1);
  });

  it('pays a score good with points and a paper good with strips, refusing fewer than 50 strips', async () => {
    const buyer = await registeredCustomer(api, '何平');
    await grant(buyer, 600, 60);
    const scoreGood = await goods({ salesMode: 'score', goodsValue: 0, scoreValue: 500, postage: 0 });
    const placed = await order(buyer, scoreGood.id);
    expect(placed).toMatchObject({ payAmount: 0, needPay: 0, payStatus: 1, scoreAmount: 500 });
    expect((await balances(buyer)).points).toBe(100);
    expect(await failure(order(buyer, scoreGood.id))).toMatchObject({ errMsg: ORDER_MESSAGES.pointsShort });

    const strips = await goods({ salesMode: 'paper', goodsValue: 0, paperValue: 50, postage: 0, maximum: 2 });
    const exchanged = await order(buyer, strips.id);
    expect(exchanged).toMatchObject({ paperAmount: 50, payStatus: 1 });
    expect((await balances(buyer)).strips).toBe(10);
    expect(await failure(order(buyer, strips.id))).toMatchObject({ errMsg: STRIPS_TOO_FEW_MESSAGE });
    const { items } = await buyer.client.GET('/customer/v1/paperRecords', { params: { query: { pageNo: 1 } } });
    expect(items[0]).toMatchObject({ delta: -50, reason: 'exchange' });
  });
});

describe('paying an order', () => {
  it('orders virtual goods (a service package) with neither a receive method nor an address', async () => {
    const buyer = await registeredCustomer(api, '韩秀英');
    const pack = await goods({ servicePackage: 1, packageMonths: 12, goodsValue: 19900, postage: 0, receiveType: '0' });
    const { token } = await check(buyer, pack.id);
    const placed = await buyer.client.POST('/order/v1/add', {
      body: { goodsId: pack.id, token: token ?? '', number: 1, payType: 1 },
    });
    expect(placed).toMatchObject({ needPay: 1, payAmount: 19900, consigneeName: null, detailAddress: null });
    // A physical good still asks for both (the same form rule, first failure first).
    const item = await goods();
    expect(
      await failure(
        buyer.client.POST('/order/v1/add', {
          body: { goodsId: item.id, token: 'not-spent', number: 1, payType: 1 },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: ORDER_SUBMIT_MESSAGES.receiveType });
  });

  it('opens the service package once, however often the payment is reported', async () => {
    const buyer = await registeredCustomer(api, '冯国强');
    const heard: OrderPaid[] = [];
    onOrderPaid(async (_tx, paid) => {
      if (paid.customerId === buyer.cid) {
        heard.push(paid);
      }
    }, 'orders.test');
    const pack = await goods({ servicePackage: 1, packageMonths: 12, goodsValue: 19900, postage: 0, receiveType: '1' });
    const placed = await order(buyer, pack.id);
    expect(placed.associcateGoods).toEqual([
      { goodsId: pack.id, goodsName: pack.goodsName, goodsType: 'virtual', number: 1 },
    ]);
    expect(await pay(buyer, placed.orderCode)).toMatchObject({ outcome: 'success', message: '支付成功' });
    const paid = await detail(buyer, placed.orderId);
    expect(paid.payStatus).toBe(1);
    expect(paid.payTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const end = (await balances(buyer)).serviceEnd;
    expect(end).not.toBeNull();

    // The same notify again (WeChat Pay retries): nothing changes.
    const intent = await api.app.orm.em.fork().findOneOrFail(PaymentIntent, { subjectId: String(placed.orderId) });
    const provider = api.app.providers.payment as LocalPaymentProvider;
    await provider.send(provider.paymentNotify(intent.outTradeNo, intent.amountCents));
    expect((await balances(buyer)).serviceEnd).toEqual(end);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ orderId: placed.orderId, servicePackage: 1, packageMonths: 12, number: 1 });
    expect(await detail(buyer, placed.orderId)).toMatchObject({ payStatus: 1 });
  });

  it.each([
    ['cash on delivery', { payType: 2 as const }, ORDER_MESSAGES.cancelled, 'cancel'],
    ['an order already paid', { payType: 1 as const }, ORDER_MESSAGES.alreadyPaid, 'pay'],
    ['a cancelled order', { payType: 1 as const }, ORDER_MESSAGES.cancelled, 'cancel'],
  ])('refuses to pay %s (canPayOrder)', async (_name, body, message, before) => {
    const buyer = await registeredCustomer(api, '陈立');
    const item = await goods();
    const placed = await order(buyer, item.id, { ...body, receiveType: 0, addressId: await addressOf(buyer) });
    if (before === 'pay') {
      await pay(buyer, placed.orderCode);
    } else if (body.payType === 1) {
      await buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } });
    }
    const refused = await failure(buyer.client.POST('/order/v1/wxpay', { body: { orderCode: placed.orderCode } }));
    expect(refused).toMatchObject({ code: 40900 });
    if (body.payType === 1) {
      expect(refused.errMsg).toBe(message);
    }
  });

  it('refuses another customer’s order', async () => {
    const buyer = await registeredCustomer(api, '蒋文');
    const other = await registeredCustomer(api, '沈冰');
    const placed = await order(buyer, (await goods()).id);
    expect(
      await failure(other.client.POST('/order/v1/wxpay', { body: { orderCode: placed.orderCode } })),
    ).toMatchObject({
      code: 40300,
    });
    expect(await failure(detail(other, placed.orderId))).toMatchObject({ code: 40300 });
    expect(await failure(other.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } }))).toMatchObject({
      code: 40300,
    });
  });
});

describe('cancelling and refunding (canCancelOrder, spec 3 §4)', () => {
  it('cancels an unpaid online order and gives back stock and points', async () => {
    const buyer = await registeredCustomer(api, '韩梅');
    await grant(buyer, 500);
    const item = await goods({ stock: 3, goodsValue: 2000, maxUsableScore: 100 });
    const placed = await order(buyer, item.id, { useScoreExchange: 1 });
    expect(placed.scoreAmount).toBe(100);
    expect(await stockOf(item.id)).toBe(2);
    const cancelled = await buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } });
    expect(cancelled).toMatchObject({ orderStatus: 0, payStatus: 0 });
    expect(await stockOf(item.id)).toBe(3);
    expect((await balances(buyer)).points).toBe(500);
    expect(await failure(buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } }))).toMatchObject({
      code: 40900,
      errMsg: ORDER_MESSAGES.notCancellable,
    });
  });

  it('cancels a paid order not yet audited and refunds it in full (退款中, then 退款成功)', async () => {
    const buyer = await registeredCustomer(api, '罗敏');
    const item = await goods({ stock: 2 });
    const placed = await order(buyer, item.id);
    await pay(buyer, placed.orderCode);
    const cancelled = await buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } });
    expect(cancelled).toMatchObject({ orderStatus: 0, payStatus: 5, refundAmount: placed.payAmount });
    expect(await stockOf(item.id)).toBe(2);
    await waitFor(async () => expect((await detail(buyer, placed.orderId)).payStatus).toBe(3));
  });

  it('asks for the refund of a paid order with 成功发起退款', async () => {
    const buyer = await registeredCustomer(api, '马骁');
    const placed = await order(buyer, (await goods()).id);
    await pay(buyer, placed.orderCode);
    const answer = await fetch(`${api.baseUrl}/order/v1/wxRefund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.signIn.token}` },
      body: JSON.stringify({ orderId: placed.orderId, reason: '不想要了' }),
    });
    const body = (await answer.json()) as { code: number; errMsg: string; data: { payStatus: number } };
    expect(body).toMatchObject({ code: 0, errMsg: ORDER_MESSAGES.refundStarted, data: { payStatus: 5 } });
    await waitFor(async () =>
      expect(await detail(buyer, placed.orderId)).toMatchObject({ payStatus: 3, refundReason: '不想要了' }),
    );
    expect(await failure(buyer.client.POST('/order/v1/wxRefund', { body: { orderId: placed.orderId } }))).toMatchObject(
      { code: 40900, errMsg: ORDER_MESSAGES.notRefundable },
    );
  });

  it('refuses to cancel a paid order the audit passed, a sent order, and an audited cash-on-delivery order', async () => {
    const buyer = await registeredCustomer(api, '袁枚');
    const cod = { payType: 2 as const, receiveType: 0 as const, addressId: await addressOf(buyer) };
    const db = () => api.app.orm.em.fork();
    const audited = await order(buyer, (await goods()).id);
    await pay(buyer, audited.orderCode);
    await auditOrder(db(), audited.orderId, true, new Date());

    const sent = await order(buyer, (await goods()).id, cod);
    await shipOrder(
      db(),
      sent.orderId,
      { expressCode: 'SF', expressName: '顺丰速运', trackingNumber: 'SF1234567890' },
      new Date(),
    );

    const codAudited = await order(buyer, (await goods()).id, cod);
    await auditOrder(db(), codAudited.orderId, true, new Date());

    for (const placed of [audited, sent, codAudited]) {
      expect(await failure(buyer.client.POST('/order/v1/cancel', { body: { orderId: placed.orderId } }))).toMatchObject(
        { code: 40900, errMsg: ORDER_MESSAGES.notCancellable },
      );
    }
    expect(await detail(buyer, sent.orderId)).toMatchObject({
      sendStatus: 1,
      express: { expressName: '顺丰速运', expressCode: 'SF', trackingNumber: 'SF1234567890' },
    });
    // A cash-on-delivery order not yet audited may be cancelled.
    const fresh = await order(buyer, (await goods()).id, cod);
    expect(await buyer.client.POST('/order/v1/cancel', { body: { orderId: fresh.orderId } })).toMatchObject({
      orderStatus: 0,
    });
  });

  it('lists the caller’s orders newest first in pages of 4', async () => {
    const buyer = await registeredCustomer(api, '秦川');
    const item = await goods({ payType: '2' });
    const addressId = await addressOf(buyer);
    for (let i = 0; i < 5; i += 1) {
      await order(buyer, item.id, { payType: 2, receiveType: 0, addressId });
    }
    const first = await buyer.client.GET('/order/v1/list', { params: { query: { pageNo: 1 } } });
    expect(first).toMatchObject({ currentPage: 1, totalPage: 2 });
    expect(first.items).toHaveLength(4);
    const second = await buyer.client.GET('/order/v1/list', { params: { query: { pageNo: 2 } } });
    expect(second.items).toHaveLength(1);
    expect(first.items[0]?.orderId).toBeGreaterThan(second.items[0]?.orderId ?? Infinity);
  });
});
