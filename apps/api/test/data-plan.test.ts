import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendDataPlan } from '../src/contexts/devices';
import type { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import type { LocalPaymentProvider } from '../src/providers/payment/local';
import { nativeQuery } from '../src/lib/db';
import { bindDevice, provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { goodsRow } from './goods-fixtures';

// 2027-01-10 10:00 China time: later than the real time the job queue runs by, so an order's
// auto-cancel job (due 15 minutes after it is placed) never comes due during a test.
const clock = testClock(new Date('2027-01-10T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

let counter = 0;
const nextImei = () => `86200000${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
const nextIccid = () => `898600${String(process.pid % 100000).padStart(5, '0')}${String(counter).padStart(9, '0')}`;

/** A meter bound to the customer; with a SIM card number unless `iccid` is false. */
async function boundMeter(customerId: string, options: { iccid?: boolean; kind?: 'glucose' | 'bp' } = {}) {
  const imei = nextImei();
  await provisionDevice(
    api.app.orm.em.fork(),
    { imei, kind: options.kind ?? 'glucose', ...(options.iccid === false ? {} : { iccid: nextIccid() }) },
    clock(),
  );
  await bindDevice(api.app.orm.em.fork(), customerId, imei, clock());
  return imei;
}

const renew = (customerId: string, deviceImei: string, months: number, key: string) =>
  extendDataPlan(api.app.orm.em.fork(), { customerId, deviceImei, months, key }, clock());

describe('provisioning with a SIM card', () => {
  it('refuses an ICCID that is not 19 or 20 digits starting with 89', async () => {
    await expect(
      provisionDevice(api.app.orm.em.fork(), { imei: nextImei(), kind: 'glucose', iccid: '12345' }, clock()),
    ).rejects.toThrow(/--iccid must be/);
  });
});

describe('GET /device/v1/listRechargeDevice', () => {
  it('requires authentication', async () => {
    expect((await failure(api.client().GET('/device/v1/listRechargeDevice'))).status).toBe(401);
  });

  it("lists the caller's bound meters with a SIM card, never another customer's", async () => {
    const me = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const mine = await boundMeter(me.cid);
    await boundMeter(me.cid, { iccid: false });
    await boundMeter(other.cid);
    const list = await me.client.GET('/device/v1/listRechargeDevice');
    expect(list.map((d) => d.deviceImei)).toEqual([mine]);
    expect(list[0]).toMatchObject({ deviceKind: 0, flowExpireTime: null });
    expect(list[0]?.iccid).toMatch(/^89\d{18}$/);
  });

  it('answers an empty list to a customer without meters', async () => {
    const me = await registeredCustomer(api);
    expect(await me.client.GET('/device/v1/listRechargeDevice')).toEqual([]);
  });
});

describe('extendDataPlan', () => {
  it('opens a plan from now, then adds to its running end, and shows it on the device lists', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    expect(await renew(me.cid, imei, 12, 'order:a1')).toEqual({
      applied: true,
      flowExpireTime: new Date('2028-01-10T02:00:00Z'),
    });
    expect(await renew(me.cid, imei, 1, 'order:a2')).toMatchObject({
      applied: true,
      flowExpireTime: new Date('2028-02-10T02:00:00Z'),
    });
    const [recharge] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(recharge?.flowExpireTime).toBe('2028-02-10T02:00:00.000Z');
    const devices = await me.client.GET('/device/v1/queryDeviceList');
    expect(devices.disabeDeviceList[0]?.flowExpireTime).toBe('2028-02-10T02:00:00.000Z');
  });

  it('applies one key once: a repeated payment notify extends nothing', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    await renew(me.cid, imei, 12, 'order:b1');
    expect(await renew(me.cid, imei, 12, 'order:b1')).toEqual({ applied: false, reason: 'alreadyApplied' });
    const [device] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBe('2028-01-10T02:00:00.000Z');
  });

  it('adds up two renewals that arrive at once', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    const results = await Promise.all([renew(me.cid, imei, 6, 'order:c1'), renew(me.cid, imei, 6, 'order:c2')]);
    expect(results.every((r) => r.applied)).toBe(true);
    const [device] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBe('2028-01-10T02:00:00.000Z');
  });

  it('starts again from now once the plan has ended', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    await renew(me.cid, imei, 1, 'order:d1');
    clock.advance(40 * 86_400_000);
    try {
      const result = await renew(me.cid, imei, 1, 'order:d2');
      expect(result).toEqual({ applied: true, flowExpireTime: new Date('2027-03-19T02:00:00Z') });
    } finally {
      clock.advance(-40 * 86_400_000);
    }
  });

  it('refuses nothing loudly: an unknown meter or no months is reported, not thrown', async () => {
    const me = await registeredCustomer(api);
    expect(await renew(me.cid, '869999999999999', 12, 'order:e1')).toEqual({
      applied: false,
      reason: 'unknownDevice',
    });
    expect(await renew(me.cid, 'not-an-imei', 12, 'order:e2')).toEqual({ applied: false, reason: 'unknownDevice' });
    const imei = await boundMeter(me.cid);
    expect(await renew(me.cid, imei, 0, 'order:e3')).toEqual({ applied: false, reason: 'noMonths' });
  });
});

/** A virtual good of the mall (money in cents), as the console would save it. */
const virtualGoods = (over: Partial<Goods>) =>
  goodsRow(api, {
    goodsName: '测试流量包',
    remark: '',
    iconUrl: 'goods/icon.png',
    goodsValue: 6000,
    postage: 0,
    maximum: 2,
    stock: 100,
    receiveType: '1',
    payType: '1',
    packageMonths: 12,
    ...over,
  });

type Buyer = Awaited<ReturnType<typeof registeredCustomer>>;

/** Places an order of one good through the pre-order check and pays it with the local provider. */
async function buyAndPay(buyer: Buyer, goodsId: number, body: { number?: number; deviceImei?: string } = {}) {
  const { token } = await buyer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(goodsId) } },
  });
  const placed = await buyer.client.POST('/order/v1/add', {
    body: { goodsId, token: token ?? '', number: body.number ?? 1, payType: 1, receiveType: 1, ...body },
  });
  const { intent } = await buyer.client.POST('/order/v1/wxpay', { body: { orderCode: placed.orderCode } });
  await buyer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } });
  return placed;
}

describe('a paid data-plan order', () => {
  it("renews the order's meter by the months times the quantity, once however often the payment is reported", async () => {
    const buyer = await registeredCustomer(api);
    const imei = await boundMeter(buyer.cid);
    const plan = await virtualGoods({ rechargePackage: 1, packageMonths: 12 });
    const placed = await buyAndPay(buyer, plan.id, { number: 2, deviceImei: imei });
    const [device] = await buyer.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBe('2029-01-10T02:00:00.000Z');

    const intent = await api.app.orm.em.fork().findOneOrFail(PaymentIntent, { subjectId: String(placed.orderId) });
    const provider = api.app.providers.payment as LocalPaymentProvider;
    await provider.send(provider.paymentNotify(intent.outTradeNo, intent.amountCents));
    const [again] = await buyer.client.GET('/device/v1/listRechargeDevice');
    expect(again?.flowExpireTime).toBe('2029-01-10T02:00:00.000Z');
  });

  it('leaves the meter alone while the order is unpaid', async () => {
    const buyer = await registeredCustomer(api);
    const imei = await boundMeter(buyer.cid);
    const plan = await virtualGoods({ rechargePackage: 1, packageMonths: 12 });
    const { token } = await buyer.client.GET('/goods/v1/preOrderCheck', {
      params: { query: { goodsIds: String(plan.id) } },
    });
    await buyer.client.POST('/order/v1/add', {
      body: { goodsId: plan.id, token: token ?? '', number: 1, payType: 1, receiveType: 1, deviceImei: imei },
    });
    const [device] = await buyer.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBeNull();
  });
});

describe('GET /customer/v1/servicePackage', () => {
  it('requires authentication', async () => {
    expect((await failure(api.client().GET('/customer/v1/servicePackage'))).status).toBe(401);
  });

  it('refuses a visitor, who has no package', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(visitor.client.GET('/customer/v1/servicePackage'))).toMatchObject({ status: 403 });
  });

  it('answers 0 and no end before a package is bought, then 1 and its end once one is paid', async () => {
    const buyer = await registeredCustomer(api);
    expect(await buyer.client.GET('/customer/v1/servicePackage')).toEqual({
      servicePackageState: 0,
      serviceExpireDate: null,
    });
    const pack = await virtualGoods({ servicePackage: 1, packageMonths: 12, goodsName: '测试服务包' });
    await buyAndPay(buyer, pack.id);
    expect(await buyer.client.GET('/customer/v1/servicePackage')).toEqual({
      servicePackageState: 1,
      serviceExpireDate: '2028-01-10T02:00:00.000Z',
    });
  });

  it('answers 2 once the package has ended', async () => {
    const buyer = await registeredCustomer(api);
    await nativeQuery(api.app.orm.em.fork(), 'update customer set service_expire_date = $1 where id = $2', [
      new Date('2027-01-10T01:59:59Z'),
      buyer.cid,
    ]);
    expect(await buyer.client.GET('/customer/v1/servicePackage')).toEqual({
      servicePackageState: 2,
      serviceExpireDate: '2027-01-10T01:59:59.000Z',
    });
  });
});
