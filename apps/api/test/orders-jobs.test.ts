// An order's auto-cancel is a durable job, not a client timer (spec 3 §4, §9; docs/adr/0180): an
// online order still unpaid at autoCancelTime is cancelled and gives back its stock and points, also
// when the API was down while it fell due. The API's clock is set back when the order is placed, so
// its autoCancelTime falls due seconds from now on the database's clock, which the job queue runs by.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_TIME_LIMIT_MS } from '@glucoguard/domain';
import { Goods } from '../src/contexts/commerce/goods/goods.entity';
import { MallOrder } from '../src/contexts/commerce/order/order.entity';
import { nativeQuery, type Db } from '../src/lib/db';
import { registeredCustomer, restartTestApi, startTestApi, type TestApi } from './harness';
import { goodsRow } from './goods-fixtures';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;

/** A clock that runs with the real one, shifted by what the test sets. */
function shiftedClock() {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  clock.set = (ms: number) => {
    offset = ms;
  };
  return clock;
}

async function goodsIn(api: TestApi, stock: number): Promise<number> {
  const row = await goodsRow(api, {
    goodsName: '血糖仪试纸（50片装）',
    remark: '测试用',
    goodsValue: 3000,
    postage: 0,
    maxUsableScore: 100,
    stock,
    receiveType: '1',
    payType: '1',
  });
  return row.id;
}

const stockOf = async (db: Db, goodsId: number) =>
  (await db.findOneOrFail(Goods, { id: goodsId }, { disableIdentityMap: true })).stock;

const pointsOf = async (db: Db, customerId: string) =>
  (
    await nativeQuery<{ customer_score: number }>(db, 'select customer_score from customer where id = $1', [customerId])
  )[0]?.customer_score;

const orderOf = (db: Db, orderId: number) => db.findOneOrFail(MallOrder, { id: orderId }, { disableIdentityMap: true });

/** Places an online order of 2 items using 100 points, placed so that its autoCancelTime is `dueInMs` from now. */
async function placeDueIn(
  api: TestApi,
  clock: ReturnType<typeof shiftedClock>,
  customer: Customer,
  goodsId: number,
  dueInMs: number,
) {
  await nativeQuery(api.app.orm.em.fork(), 'update customer set customer_score = 500 where id = $1', [customer.cid]);
  clock.set(-PAYMENT_TIME_LIMIT_MS + dueInMs);
  const { token } = await customer.client.GET('/goods/v1/preOrderCheck', {
    params: { query: { goodsIds: String(goodsId) } },
  });
  const placed = await customer.client.POST('/order/v1/add', {
    body: { goodsId, token: token ?? '', number: 2, payType: 1, receiveType: 1, useScoreExchange: 1 },
  });
  clock.set(0);
  return placed;
}

const waitFor = (assertion: () => Promise<void>) => vi.waitFor(assertion, { timeout: 30_000, interval: 250 });

describe('on one running API', () => {
  const clock = shiftedClock();
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
  });
  afterAll(() => api.close());

  it('cancels an order still unpaid at autoCancelTime and gives back its stock and points', async () => {
    const customer = await registeredCustomer(api, '唐小兰');
    const goodsId = await goodsIn(api, 5);
    const placed = await placeDueIn(api, clock, customer, goodsId, 2_000);
    expect(placed).toMatchObject({ needPay: 1, payStatus: 0, orderStatus: 1, scoreAmount: 200 });
    const db = () => api.app.orm.em.fork();
    expect(await stockOf(db(), goodsId)).toBe(3);
    expect(await pointsOf(db(), customer.cid)).toBe(300);

    await waitFor(async () => expect((await orderOf(db(), placed.orderId)).orderStatus).toBe(0));
    const row = await orderOf(db(), placed.orderId);
    expect(row).toMatchObject({ cancelledBy: 'timeout', payStatus: 0, resourcesReturned: true });
    expect(await stockOf(db(), goodsId)).toBe(5);
    expect(await pointsOf(db(), customer.cid)).toBe(500);
    // The order list shows it cancelled; it can no longer be paid.
    const { items } = await customer.client.GET('/order/v1/list', { params: { query: { pageNo: 1 } } });
    expect(items[0]).toMatchObject({ orderId: placed.orderId, orderStatus: 0 });
  });

  it('leaves an order paid in time as it is when its autoCancelTime passes', async () => {
    const customer = await registeredCustomer(api, '彭程');
    const goodsId = await goodsIn(api, 5);
    const placed = await placeDueIn(api, clock, customer, goodsId, 3_000);
    const { intent } = await customer.client.POST('/order/v1/wxpay', { body: { orderCode: placed.orderCode } });
    await customer.client.POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action: 'pay' } });
    const [job] = await nativeQuery<{ state: string }>(
      api.app.orm.em.fork(),
      "select state from pgboss.job where name = 'commerce.order.autoCancel' and data->>'key' = $1",
      [String(placed.orderId)],
    );
    expect(job).toBeDefined();
    await waitFor(async () => {
      const [ran] = await nativeQuery<{ state: string }>(
        api.app.orm.em.fork(),
        "select state from pgboss.job where name = 'commerce.order.autoCancel' and data->>'key' = $1",
        [String(placed.orderId)],
      );
      expect(ran?.state).toBe('completed');
    });
    expect(await orderOf(api.app.orm.em.fork(), placed.orderId)).toMatchObject({ orderStatus: 1, payStatus: 1 });
    expect(await stockOf(api.app.orm.em.fork(), goodsId)).toBe(3);
  });
});

describe('across a restart of the API', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'gg-order-jobs-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'cancels after the restart an order whose autoCancelTime passed while the API was down',
    { timeout: 120_000 },
    async () => {
      const clock = shiftedClock();
      const first = await startTestApi({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '500' }, { clock });
      const customer = await registeredCustomer(first, '易青');
      const goodsId = await goodsIn(first, 4);
      const placed = await placeDueIn(first, clock, customer, goodsId, 4_000);
      expect(await stockOf(first.app.orm.em.fork(), goodsId)).toBe(2);
      await first.app.close();
      await new Promise((resolve) => setTimeout(resolve, 5_000));

      const second = await restartTestApi(first, dataDir);
      try {
        const db = () => second.app.orm.em.fork();
        await waitFor(async () => expect((await orderOf(db(), placed.orderId)).orderStatus).toBe(0));
        expect(await stockOf(db(), goodsId)).toBe(4);
        expect(await pointsOf(db(), customer.cid)).toBe(500);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
