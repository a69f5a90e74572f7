// The console's order desk and the patient's courier tracking on the default (local) logistics
// provider, through real HTTP on a real database (issue 21; spec 3 §2.7, §4, §7;
// docs/adr/0189-logistics-provider.md, docs/adr/0190-console-orders-and-sales-report.md): orders are
// placed and paid by a patient the way the app does it, then an operator audits, ships, marks and
// refunds them, and the patient reads the traces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGISTICS_MESSAGES, SALES_REPORT_RANGE_MESSAGE, chinaDateKey } from '@glucoguard/domain';
import { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type Staff = Awaited<ReturnType<typeof signedInStaff>>;

let api: TestApi;
let buyer: Customer;
let stranger: Customer;
let operator: Staff;
let admin: Staff;
let pharmacist: Staff;
let meterId: number;
let meterPrice: number;

const CONSIGNEE = {
  consigneeName: '张桂兰',
  phone: '13900138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detailAddress: '文三路 90 号 2 幢 301',
  isDefault: 1,
} as const;

beforeAll(async () => {
  api = await startTestApi();
  buyer = await registeredCustomer(api, '张桂兰');
  stranger = await registeredCustomer(api, '路人甲');
  operator = await signedInStaff(api, 'operator');
  admin = await signedInStaff(api, 'admin');
  pharmacist = await signedInStaff(api, 'pharmacist');
  const meter = await api.app.em.fork().findOneOrFail(Goods, { goodsCode: 'G-METER-4G' });
  meterId = meter.id;
  meterPrice = meter.goodsValue;
  await buyer.client.POST('/address/v1/add', { body: CONSIGNEE });
  await stranger.client.POST('/address/v1/add', {
    body: { ...CONSIGNEE, consigneeName: '李四', phone: '13700137000', detailAddress: '莫干山路 100 号' },
  });
});
afterAll(() => api?.close());

/** Places an order for the meter the way the app does (check, token, add), paid online unless `cod`. */
async function placeOrder(customer: Customer, options: { cod?: boolean; pay?: boolean } = {}) {
  const [address] = (await customer.client.GET('/address/v1/list', { params: { query: {} } })).items;
  const check = await customer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(meterId) } },
  });
  expect(check.result).toMatchObject({ code: '0' });
  const order = await customer.client.POST('/order/v1/add', {
    body: {
      goodsId: meterId,
      token: check.token ?? '',
      number: 1,
      payType: options.cod ? 2 : 1,
      receiveType: 0,
      addressId: address?.addressId ?? null,
    },
  });
  if (!options.cod && options.pay !== false) {
    const { intent } = await customer.client.POST('/order/v1/wxpay', { body: { orderCode: order.orderCode } });
    await customer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } });
  }
  return order;
}

const read = (staff: Staff, orderId: number) =>
  staff.client.GET('/console/v1/orders/{orderId}', { params: { path: { orderId } } });
const audit = (orderId: number, pass = true) =>
  operator.client.POST('/console/v1/orders/{orderId}/audit', { params: { path: { orderId } }, body: { pass } });
const ship = (orderId: number, expressCode = 'ZTO', trackingNumber = '78123456789012') =>
  operator.client.POST('/console/v1/orders/{orderId}/ship', {
    params: { path: { orderId } },
    body: { expressCode, trackingNumber },
  });
const sign = (orderId: number, result: 'signed' | 'refused') =>
  operator.client.POST('/console/v1/orders/{orderId}/sign', { params: { path: { orderId } }, body: { result } });
const logistics = (customer: Customer, query: { orderId?: number; orderCode?: string }) =>
  customer.client.GET('/order/v1/logisticDtail', { params: { query } });

describe('the order queue', () => {
  it('needs a staff token with orders.manage: operators and admins, not pharmacists or customers', async () => {
    expect(await failure(api.client().GET('/console/v1/orders', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
    expect(await failure(buyer.client.GET('/console/v1/orders', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
    expect(await failure(pharmacist.client.GET('/console/v1/orders', { params: { query: {} } }))).toMatchObject({
      code: 40300,
    });
    expect(
      await failure(
        pharmacist.client.GET('/console/v1/reports/sales', {
          params: { query: { from: '2026-11-01', to: '2026-11-30', groupBy: 'day' } },
        }),
      ),
    ).toMatchObject({ code: 40300 });
    await admin.client.GET('/console/v1/orders', { params: { query: {} } });
  });

  it('rejects bad filters and an unknown order', async () => {
    expect(
      await failure(operator.client.GET('/console/v1/orders', { params: { query: { payStatus: 2 as 1 } } })),
    ).toMatchObject({ code: 40000 });
    expect(
      await failure(operator.client.GET('/console/v1/orders', { params: { query: { from: '2026-02-30' } } })),
    ).toMatchObject({ code: 40000 });
    expect(await failure(read(operator, 999_999))).toMatchObject({ code: 40400 });
  });

  it('filters by status, by the order code and by the consignee or buyer phone, newest first', async () => {
    const paid = await placeOrder(buyer);
    const unpaid = await placeOrder(stranger, { pay: false });
    const all = await operator.client.GET('/console/v1/orders', { params: { query: { pageSize: 100 } } });
    const ids = all.items.map((o) => o.orderId);
    expect(ids.indexOf(unpaid.orderId)).toBeLessThan(ids.indexOf(paid.orderId));

    const paidOnly = await operator.client.GET('/console/v1/orders', { params: { query: { payStatus: 1 } } });
    expect(paidOnly.items.map((o) => o.orderId)).toContain(paid.orderId);
    expect(paidOnly.items.map((o) => o.orderId)).not.toContain(unpaid.orderId);

    const byCode = await operator.client.GET('/console/v1/orders', { params: { query: { keyword: paid.orderCode } } });
    expect(byCode.items.map((o) => o.orderId)).toEqual([paid.orderId]);
    const byConsignee = await operator.client.GET('/console/v1/orders', {
      params: { query: { keyword: CONSIGNEE.phone } },
    });
    expect(byConsignee.items.every((o) => o.phone === CONSIGNEE.phone)).toBe(true);
    const byBuyer = await operator.client.GET('/console/v1/orders', { params: { query: { keyword: stranger.phone } } });
    expect(byBuyer.items.map((o) => o.orderId)).toEqual([unpaid.orderId]);

    const today = chinaDateKey(new Date());
    const inRange = await operator.client.GET('/console/v1/orders', { params: { query: { from: today, to: today } } });
    expect(inRange.total).toBeGreaterThanOrEqual(2);
    const before = await operator.client.GET('/console/v1/orders', {
      params: { query: { from: '2020-01-01', to: '2020-01-31' } },
    });
    expect(before).toMatchObject({ items: [], total: 0, totalPage: 0 });

    await stranger.client.POST('/order/v1/cancel', { body: { orderId: unpaid.orderId } });

    const [row] = byCode.items;
    expect(row).toMatchObject({
      customerId: buyer.cid,
      customerName: '张桂兰',
      customerPhone: buyer.phone,
      goodsId: meterId,
      payAmount: meterPrice,
      payStatus: 1,
      statusLabel: '未发货',
      paymentLabel: '已支付',
      refundableCents: meterPrice,
      consigneeName: '张桂兰',
      express: null,
    });
  });
});

describe('audit, ship, sign and the patient’s logistics', () => {
  it('refuses to audit an unpaid order, audits a paid one once', async () => {
    const unpaid = await placeOrder(buyer, { pay: false });
    expect(await failure(audit(unpaid.orderId))).toMatchObject({ code: 40900, errMsg: LOGISTICS_MESSAGES.unpaid });
    // Cancelled, so it does not hold the buyer's next check (one unpaid order at a time).
    await buyer.client.POST('/order/v1/cancel', { body: { orderId: unpaid.orderId } });
    expect(await failure(audit(unpaid.orderId))).toMatchObject({ errMsg: LOGISTICS_MESSAGES.cancelled });
    const order = await placeOrder(buyer);
    const audited = await audit(order.orderId);
    expect(audited.order).toMatchObject({ auditStatus: 1, statusLabel: '审核成功' });
    expect(await failure(audit(order.orderId))).toMatchObject({ errMsg: LOGISTICS_MESSAGES.alreadyAudited });
  });

  it('ships only an audited order, with a courier from the list and a waybill number', async () => {
    const order = await placeOrder(buyer);
    expect(await failure(ship(order.orderId))).toMatchObject({ errMsg: LOGISTICS_MESSAGES.auditNotPassed });
    await audit(order.orderId);
    expect(await failure(ship(order.orderId, 'NOPE'))).toMatchObject({
      code: 40000,
      errMsg: LOGISTICS_MESSAGES.courierUnknown,
    });
    expect(await failure(ship(order.orderId, 'ZTO', 'ab'))).toMatchObject({ code: 40000 });

    // Not shipped yet: the patient is told so.
    expect(await failure(logistics(buyer, { orderId: order.orderId }))).toMatchObject({
      code: 40900,
      errMsg: LOGISTICS_MESSAGES.notShipped,
    });

    const shipped = await ship(order.orderId);
    expect(shipped.order).toMatchObject({
      sendStatus: 1,
      statusLabel: '已发货',
      express: { expressCode: 'ZTO', expressName: '中通快递', expressPhone: '95311', trackingNumber: '78123456789012' },
    });
    expect(shipped.traces).toHaveLength(1);
    expect(shipped.traces[0]?.acceptTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(shipped.traces[0]?.acceptStation).toBe('商家已发货，包裹已交给中通快递，运单号 78123456789012');
    expect(await failure(ship(order.orderId))).toMatchObject({ errMsg: LOGISTICS_MESSAGES.alreadySent });

    const tracked = await logistics(buyer, { orderId: order.orderId });
    expect(tracked).toMatchObject({
      orderId: order.orderId,
      shipperCode: 'ZTO',
      shipperName: '中通快递',
      shipperPhone: '95311',
      logisticCode: '78123456789012',
      state: 1,
      stateLabel: '已揽收',
      consigneeName: '张桂兰',
      phone: '139****8000',
      providerError: null,
    });
    expect(tracked.detailAddress).toContain('文三路 90 号');
    expect(tracked.traces).toHaveLength(1);
    expect(await logistics(buyer, { orderCode: order.orderCode })).toEqual(tracked);

    // Marked signed for: a second trace, newest first, and the state 已签收.
    const signed = await sign(order.orderId, 'signed');
    expect(signed.order).toMatchObject({ asignStatus: 1, statusLabel: '已签收' });
    expect(await failure(sign(order.orderId, 'refused'))).toMatchObject({
      errMsg: LOGISTICS_MESSAGES.alreadyMarked,
    });
    const after = await logistics(buyer, { orderId: order.orderId });
    expect(after).toMatchObject({ state: 3, stateLabel: '已签收' });
    expect(after.traces.map((t) => t.acceptStation)).toEqual([
      expect.stringContaining('已签收'),
      expect.stringContaining('商家已发货'),
    ]);
  });

  it('marks a refused parcel 拒收', async () => {
    const order = await placeOrder(buyer, { cod: true });
    await audit(order.orderId);
    expect(await failure(sign(order.orderId, 'refused'))).toMatchObject({ errMsg: LOGISTICS_MESSAGES.notSent });
    await ship(order.orderId, 'SF', 'SF1400123456789');
    const refused = await sign(order.orderId, 'refused');
    expect(refused.order).toMatchObject({ asignStatus: 2, statusLabel: '拒收', paymentLabel: '货到付款' });
    expect(await logistics(buyer, { orderId: order.orderId })).toMatchObject({ state: 4, stateLabel: '问题件' });
  });

  it('shows the patient only their own order, and asks for one', async () => {
    const order = await placeOrder(buyer);
    await audit(order.orderId);
    await ship(order.orderId);
    expect(await failure(logistics(stranger, { orderId: order.orderId }))).toMatchObject({ code: 40300 });
    expect(await failure(logistics(stranger, { orderCode: order.orderCode }))).toMatchObject({ code: 40300 });
    expect(await failure(logistics(buyer, { orderId: 999_999 }))).toMatchObject({ code: 40400 });
    expect(await failure(logistics(buyer, {}))).toMatchObject({
      code: 40000,
      errMsg: LOGISTICS_MESSAGES.orderRefRequired,
    });
    expect(await failure(api.client().GET('/order/v1/logisticDtail', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
  });
});

describe('refunds from the console', () => {
  it('refunds part through the payment provider, one refund at a time, never more than was paid', async () => {
    const order = await placeOrder(buyer);
    const refund = (refundCents: number, requestKey: string) =>
      operator.client.POST('/console/v1/orders/{orderId}/refund', {
        params: { path: { orderId: order.orderId } },
        body: { refundCents, reason: '包装破损，部分退款', requestKey },
      });
    expect(
      await failure(
        operator.client.POST('/console/v1/orders/{orderId}/refund', {
          params: { path: { orderId: order.orderId } },
          body: { refundCents: 100, reason: ' ', requestKey: 'refund-blank-1' },
        }),
      ),
    ).toMatchObject({ code: 40000 });

    expect(await failure(refund(meterPrice + 1, 'refund-over-0001'))).toMatchObject({ code: 40900 });

    const partly = await refund(1000, 'refund-part-0001');
    expect(partly.order).toMatchObject({
      payStatus: 5,
      statusLabel: '退款中',
      refundAmount: 1000,
      refundReason: '包装破损，部分退款',
      refundableCents: meterPrice - 1000,
    });
    // One refund at a time: a second click while the first is with the provider is refused.
    expect(await failure(refund(500, 'refund-part-0002'))).toMatchObject({ code: 40900 });

    // The provider's notify settles it: 退款成功 for the operator and the buyer.
    await expect
      .poll(async () => (await read(operator, order.orderId)).order)
      .toMatchObject({ payStatus: 3, statusLabel: '退款成功', refundAmount: 1000 });
    const customerView = await buyer.client.GET('/order/v1/getById', { params: { query: { orderId: order.orderId } } });
    expect(customerView).toMatchObject({ payStatus: 3, refundAmount: 1000 });
  });

  it('refuses to refund an order nothing was paid for', async () => {
    const order = await placeOrder(stranger, { pay: false });
    expect(
      await failure(
        operator.client.POST('/console/v1/orders/{orderId}/refund', {
          params: { path: { orderId: order.orderId } },
          body: { refundCents: 100, reason: '测试', requestKey: 'refund-unpaid-01' },
        }),
      ),
    ).toMatchObject({ code: 40900 });
    await stranger.client.POST('/order/v1/cancel', { body: { orderId: order.orderId } });
  });
});

describe('the sales report', () => {
  it('counts paid and cash-on-delivery orders by day, with refunds apart', async () => {
    const today = chinaDateKey(new Date());
    const report = await operator.client.GET('/console/v1/reports/sales', {
      params: { query: { from: today, to: today, groupBy: 'day' } },
    });
    const orders = await operator.client.GET('/console/v1/orders', { params: { query: { pageSize: 100 } } });
    const sales = orders.items.filter((o) => (o.payType === 2 ? o.orderStatus === 1 : o.payStatus !== 0));
    expect(report.rows).toEqual([
      expect.objectContaining({
        key: today,
        orders: sales.length,
        salesCents: sales.reduce((sum, o) => sum + o.payAmount, 0),
        refundCents: 1000,
      }),
    ]);
    expect(report.totals).toMatchObject({ orders: sales.length, netCents: report.totals.salesCents - 1000 });
  });

  it('groups by goods and fills empty days with zeros', async () => {
    const byGoods = await operator.client.GET('/console/v1/reports/sales', {
      params: { query: { from: '2026-01-01', to: '2027-01-01', groupBy: 'goods' } },
    });
    expect(byGoods.rows.map((r) => r.key)).toEqual([String(meterId)]);
    expect(byGoods.rows[0]?.label).toContain('血糖仪');
    const empty = await operator.client.GET('/console/v1/reports/sales', {
      params: { query: { from: '2020-02-27', to: '2020-03-01', groupBy: 'day' } },
    });
    expect(empty.rows.map((r) => [r.key, r.orders, r.salesCents])).toEqual([
      ['2020-02-27', 0, 0],
      ['2020-02-28', 0, 0],
      ['2020-02-29', 0, 0],
      ['2020-03-01', 0, 0],
    ]);
  });

  it('refuses a reversed or too long range', async () => {
    const report = (from: string, to: string) =>
      operator.client.GET('/console/v1/reports/sales', { params: { query: { from, to, groupBy: 'day' } } });
    expect(await failure(report('2026-11-27', '2026-11-01'))).toMatchObject({
      code: 40000,
      errMsg: SALES_REPORT_RANGE_MESSAGE,
    });
    expect(await failure(report('2024-01-01', '2026-01-01'))).toMatchObject({ code: 40000 });
  });
});
