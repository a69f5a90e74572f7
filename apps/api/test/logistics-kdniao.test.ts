// Courier tracking with LOGISTICS_PROVIDER=kdniao, through real HTTP on a real database, against a
// local fake of 快递鸟's instant query that checks every signature (docs/adr/0189-logistics-provider.md):
// the courier's traces newest first, one query per waybill within the cache's time, the phone tail
// for SF, and the console's own events when the courier has nothing yet or cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { KdniaoFake } from './fakes/kdniao-fake';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

let fake: KdniaoFake;
let api: TestApi;
let buyer: Customer;
let operator: Awaited<ReturnType<typeof signedInStaff>>;
let meterId: number;
const clock = testClock(new Date('2026-11-27T02:00:00Z'));

beforeAll(async () => {
  fake = await KdniaoFake.start();
  api = await startTestApi(
    {
      LOGISTICS_PROVIDER: 'kdniao',
      KDNIAO_EBUSINESS_ID: fake.businessId,
      KDNIAO_APP_KEY: fake.appKey,
      KDNIAO_API_BASE: fake.url,
    },
    { clock },
  );
  buyer = await registeredCustomer(api, '周建华');
  operator = await signedInStaff(api, 'operator', { now: clock() });
  meterId = (await api.app.em.fork().findOneOrFail(Goods, { goodsCode: 'G-METER-4G' })).id;
  await buyer.client.POST('/address/v1/add', {
    body: {
      consigneeName: '周建华',
      phone: '13812348000',
      province: '上海市',
      city: '上海市',
      district: '黄浦区',
      detailAddress: '南京东路 300 号 5 楼',
      isDefault: 1,
    },
  });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

/** A cash-on-delivery order for the meter, audited and shipped with `expressCode` and `trackingNumber`. */
async function shippedOrder(expressCode: string, trackingNumber: string) {
  const [address] = (await buyer.client.GET('/address/v1/list', { params: { query: {} } })).items;
  const check = await buyer.client.GET('/goods/v1/preOrderCheck', { params: { query: { goodsIds: String(meterId) } } });
  const order = await buyer.client.POST('/order/v1/add', {
    body: {
      goodsId: meterId,
      token: check.token ?? '',
      number: 1,
      payType: 2,
      receiveType: 0,
      addressId: address?.addressId ?? null,
    },
  });
  const path = { params: { path: { orderId: order.orderId } } };
  await operator.client.POST('/console/v1/orders/{orderId}/audit', { ...path, body: { pass: true } });
  await operator.client.POST('/console/v1/orders/{orderId}/ship', { ...path, body: { expressCode, trackingNumber } });
  return order;
}

const track = (orderId: number) => buyer.client.GET('/order/v1/logisticDtail', { params: { query: { orderId } } });

describe('tracking through 快递鸟', () => {
  it("answers the courier's traces newest first and asks once per waybill within five minutes", async () => {
    const order = await shippedOrder('ZTO', '78123456789012');
    const first = await track(order.orderId);
    expect(first).toMatchObject({
      shipperCode: 'ZTO',
      shipperName: '中通快递',
      logisticCode: '78123456789012',
      state: 2,
      stateLabel: '运输中',
      providerError: null,
    });
    expect(first.traces).toEqual([
      { acceptTime: '2026-11-26 06:12:03', acceptStation: '【上海市】快件已到达 上海转运中心' },
      { acceptTime: '2026-11-25 23:05:40', acceptStation: '【杭州市】快件已发往 上海转运中心' },
      { acceptTime: '2026-11-25 18:20:11', acceptStation: '【杭州市】杭州余杭区快递员已揽收' },
    ]);
    expect(fake.requests[0]?.query).toEqual({ OrderCode: '', ShipperCode: 'ZTO', LogisticCode: '78123456789012' });

    expect(await track(order.orderId)).toEqual(first);
    expect(fake.calls).toBe(1);
    clock.advance(301_000);
    await track(order.orderId);
    expect(fake.calls).toBe(2);
  });

  it('sends SF the last four digits of the consignee’s phone', async () => {
    const order = await shippedOrder('SF', 'SF1400123456789');
    const tracked = await track(order.orderId);
    expect(tracked).toMatchObject({ state: 3, stateLabel: '已签收' });
    expect(tracked.traces[0]).toEqual({ acceptTime: '2026-11-25 15:30:00', acceptStation: '快件已签收，签收人：本人' });
    expect(fake.requests.at(-1)?.query).toMatchObject({ ShipperCode: 'SF', CustomerName: '8000' });
  });

  it("shows the console's own event until the courier has a first scan", async () => {
    const order = await shippedOrder('YTO', 'YT7000000000001');
    const tracked = await track(order.orderId);
    expect(tracked).toMatchObject({ state: 0, stateLabel: '暂无轨迹', providerError: null });
    expect(tracked.traces).toEqual([
      { acceptTime: '2026-11-27 10:05:01', acceptStation: '商家已发货，包裹已交给圆通速递，运单号 YT7000000000001' },
    ]);
  });

  it('keeps the page when the courier cannot be reached, says so, and asks again next time', async () => {
    const order = await shippedOrder('JTSD', 'JT0001234567890');
    fake.failing = true;
    const down = await track(order.orderId);
    expect(down).toMatchObject({
      state: 1,
      stateLabel: '已揽收',
      providerError: '暂时无法获取快递公司的物流信息，请稍后再试',
      traces: [{ acceptStation: '商家已发货，包裹已交给极兔速递，运单号 JT0001234567890' }],
    });
    expect(api.logs.some((line) => line.includes('courier tracking failed') && line.includes('HTTP_502'))).toBe(true);
    fake.failing = false;
    const calls = fake.calls;
    expect(await track(order.orderId)).toMatchObject({ providerError: null, state: 0 });
    expect(fake.calls).toBe(calls + 1);
  });
});
