// Coupons through real HTTP on a real database (spec 3 §2.7, §3, §7; docs/adr/0183): an operator
// creates a template and issues it, the customer lists theirs and the order's chooser finds the
// usable ones, and an order reserves, releases and consumes a coupon exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, type StaffRole } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { consumeCoupon, releaseCoupon, reserveCoupon } from '../src/contexts/commerce';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { inTransaction, sql } from '../src/lib/db';
import {
  failure,
  registeredCustomer,
  signInDemoPatient,
  signInNewVisitor,
  startTestApi,
  testClock,
  type TestApi,
} from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-27T04:00:00Z')); // 12:00 in China
let api: TestApi;
let operator: Awaited<ReturnType<typeof signedInStaff>>;
let patient: Awaited<ReturnType<typeof registeredCustomer>>;
let other: Awaited<ReturnType<typeof registeredCustomer>>;
let goodsIds: string[];

const FORM: Schema<'ConsoleCouponInput'> = {
  couponName: '健康商城满减5元',
  couponValue: 500,
  startDate: '2026-11-27',
  endDate: '2026-12-31',
  rangeType: 'all',
};

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  operator = await signedInStaff(api, 'operator', { now: clock() });
  patient = await registeredCustomer(api, '周桂兰');
  other = await registeredCustomer(api, '陈志强');
  // Two goods of the mall (GOODS-API's table), written as its console would store them.
  const rows = await sql(api.app.em.fork()).execute<{ id: number }[]>(
    'insert into goods (goods_code, goods_name, sales_mode, goods_value, stock, container_id, category_id, created_at, updated_at) values ' +
      "('T-COUPON-1', '血糖试纸50片', 'rmb', 9900, 10, 1, 1, now(), now()), " +
      "('T-COUPON-2', '电子血压计', 'rmb', 19900, 10, 1, 1, now(), now()) returning id",
  );
  goodsIds = rows.map((r) => String(r.id));
});
afterAll(async () => api?.close());

const create = (body: Schema<'ConsoleCouponInput'>) => operator.client.POST('/console/v1/coupons', { body });
const issue = (templateId: string, body: Schema<'CouponIssueInput'>) =>
  operator.client.POST('/console/v1/coupons/{templateId}/issue', { params: { path: { templateId } }, body });
const mine = (client = patient.client, pageNo = 1) =>
  client.GET('/coupon/v1/queryAll', { params: { query: { pageNo } } });
const usable = (goods: string, client = patient.client) =>
  client.GET('/coupon/v1/queryCanUse', { params: { query: { goodsIds: goods } } });
const run = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(api.app.em.fork(), work);

describe('the demo patient', () => {
  it('holds the demo coupons: two usable, one ended', async () => {
    const demo = await signInDemoPatient(api);
    const held = await demo.GET('/coupon/v1/queryAll');
    expect(held.items.map((c) => [c.couponName, c.status])).toEqual([
      ['血糖仪专享立减20元', 'unused'],
      ['新人专享立减10元', 'unused'],
      ['国庆健康关怀券', 'expired'],
    ]);
  });
});

describe('console coupons', () => {
  it.each<StaffRole>(['pharmacist'])('refuses a %s (operators and admins only)', async (role) => {
    const staff = await signedInStaff(api, role, { now: clock() });
    expect(await failure(staff.client.GET('/console/v1/coupons'))).toMatchObject({ code: 40300 });
    expect(await failure(staff.client.POST('/console/v1/coupons', { body: FORM }))).toMatchObject({ code: 40300 });
  });

  it('refuses a patient token', async () => {
    expect(await failure(api.client({ token: patient.signIn.token }).GET('/console/v1/coupons'))).toMatchObject({
      code: 40100,
    });
  });

  it.each([
    ['a blank name', { couponName: ' ' }, COUPON_MESSAGES.nameEmpty],
    ['a zero value', { couponValue: 0 }, COUPON_MESSAGES.valueInvalid],
    ['an end before the start', { startDate: '2026-12-01', endDate: '2026-11-30' }, COUPON_MESSAGES.endBeforeStart],
    ['an end already past', { startDate: '2026-11-01', endDate: '2026-11-26' }, COUPON_MESSAGES.endPassed],
    ['a goods range without goods', { rangeType: 'goods' as const }, COUPON_MESSAGES.goodsEmpty],
    ['unknown goods', { rangeType: 'goods' as const, goodsIds: ['987654321'] }, COUPON_MESSAGES.goodsEmpty],
  ])('refuses %s', async (_name, change, errMsg) => {
    expect(await failure(create({ ...FORM, ...change }))).toMatchObject({ code: 40000, errMsg });
  });

  it('creates a template, issues it once per customer, and audits both', async () => {
    const made = await create(FORM);
    expect(made).toMatchObject({
      couponName: FORM.couponName,
      couponValue: 500,
      startTime: '2026-11-27 00:00:00',
      endTime: '2026-12-31 23:59:59',
      rangeType: 'all',
      issuedCount: 0,
    });
    expect(await issue(made.templateId, { customerIds: [patient.cid] })).toEqual({ issued: 1 });
    expect(await issue(made.templateId, { customerIds: [patient.cid, other.cid] })).toEqual({ issued: 1 });
    const listed = await operator.client.GET('/console/v1/coupons', { params: { query: { keyword: '满减5元' } } });
    expect(listed.items.find((t) => t.templateId === made.templateId)).toMatchObject({ issuedCount: 2, usedCount: 0 });
    const notices = await patient.client.GET('/notice/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 20 } },
    });
    expect(notices.items.filter((n) => n.kind === 'coupon').map((n) => [n.title, n.text])).toEqual([
      ['您收到一张优惠券', '「健康商城满减5元」可抵扣¥5.00，有效期至2026-12-31，在健康商城下单时选用。'],
    ]);
    const audit = await api.app.em.fork().find(AuditEvent, { target: `coupon:${made.templateId}` });
    expect(audit.map((a) => a.action).sort()).toEqual(['coupon.create', 'coupon.issue', 'coupon.issue']);
  });

  it('finds recipients by phone with the phone masked', async () => {
    const found = await operator.client.GET('/console/v1/coupons/recipients', {
      params: { query: { keyword: patient.phone } },
    });
    expect(found.items).toEqual([
      {
        customerId: patient.cid,
        nickname: '周桂兰',
        phone: `${patient.phone.slice(0, 3)}****${patient.phone.slice(7)}`,
      },
    ]);
  });

  it('issues to every registered customer, not to visitors', async () => {
    const visitor = await signInNewVisitor(api);
    const made = await create({ ...FORM, couponName: '全员关怀券', couponValue: 300 });
    const { issued } = await issue(made.templateId, { all: true });
    expect(issued).toBeGreaterThanOrEqual(2);
    expect((await issue(made.templateId, { all: true })).issued).toBe(0);
    expect(await failure(mine(visitor.client))).toMatchObject({ code: 40300 });
  });
});

describe('a customer’s coupons', () => {
  it('lists their own coupons, unused first, in pages of 5', async () => {
    const page = await mine();
    expect(page).toMatchObject({ currentPage: 1, totalPage: 1, totalNum: 2 });
    // Both end on 12-31: the newer first.
    expect(page.items.map((c) => [c.couponName, c.status])).toEqual([
      ['全员关怀券', 'unused'],
      ['健康商城满减5元', 'unused'],
    ]);
  });

  it('offers only coupons whose range covers the goods', async () => {
    expect(goodsIds.length).toBe(2);
    const [inRange, outOfRange] = goodsIds as [string, string];
    const made = await create({
      ...FORM,
      couponName: '指定商品立减20元',
      couponValue: 2000,
      rangeType: 'goods',
      goodsIds: [inRange],
    });
    await issue(made.templateId, { customerIds: [patient.cid] });
    expect((await usable(inRange)).items.map((c) => c.couponName)).toEqual([
      '指定商品立减20元',
      '健康商城满减5元',
      '全员关怀券',
    ]);
    expect((await usable(outOfRange)).items.map((c) => c.couponName)).toEqual(['健康商城满减5元', '全员关怀券']);
  });

  it('reserves a coupon for one order only, releases it, and consumes it once', async () => {
    const [goodsId] = goodsIds as [string];
    const coupon = (await usable(goodsId)).items.find((c) => c.couponName === '健康商城满减5元')!;
    const now = clock();
    await expect(run((tx) => reserveCoupon(tx, other.cid, coupon.couponId, goodsId, 9900, now))).rejects.toMatchObject({
      code: 40400,
      errMsg: COUPON_MESSAGES.notFound,
    });
    const both = await Promise.allSettled([
      run((tx) => reserveCoupon(tx, patient.cid, coupon.couponId, goodsId, 300, now)),
      run((tx) => reserveCoupon(tx, patient.cid, coupon.couponId, goodsId, 300, now)),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([{ couponCents: 300 }]);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { errMsg: COUPON_MESSAGES.inUse } });
    expect((await usable(goodsId)).items.map((c) => c.couponId)).not.toContain(coupon.couponId);
    expect((await mine()).items.find((c) => c.couponId === coupon.couponId)?.status).toBe('unused');

    await run((tx) => releaseCoupon(tx, patient.cid, coupon.couponId));
    expect((await usable(goodsId)).items.map((c) => c.couponId)).toContain(coupon.couponId);

    await run((tx) => reserveCoupon(tx, patient.cid, coupon.couponId, goodsId, 9900, now));
    await run((tx) => consumeCoupon(tx, patient.cid, coupon.couponId, 'order-1', now));
    await run((tx) => consumeCoupon(tx, patient.cid, coupon.couponId, 'order-1', now));
    await expect(run((tx) => consumeCoupon(tx, patient.cid, coupon.couponId, 'order-2', now))).rejects.toMatchObject({
      errMsg: COUPON_MESSAGES.used,
    });
    await run((tx) => releaseCoupon(tx, patient.cid, coupon.couponId));
    expect((await mine()).items.find((c) => c.couponId === coupon.couponId)?.status).toBe('used');
    await expect(
      run((tx) => reserveCoupon(tx, patient.cid, coupon.couponId, goodsId, 9900, now)),
    ).rejects.toMatchObject({
      errMsg: COUPON_MESSAGES.used,
    });
  });

  it('refuses out-of-range goods and shows a coupon as expired after its end', async () => {
    const [inRange, outOfRange] = goodsIds as [string, string];
    const ranged = (await usable(inRange)).items.find((c) => c.rangeType === 'goods')!;
    await expect(
      run((tx) => reserveCoupon(tx, patient.cid, ranged.couponId, outOfRange, 9900, clock())),
    ).rejects.toMatchObject({ code: 40000, errMsg: COUPON_MESSAGES.outOfRange });
    clock.advance(40 * 86_400_000);
    // The session ended meanwhile: the same phone signs in again.
    const again = await api.client().GET('/wechat/v1/getHtmlAccessToken', {
      params: { query: { code: patient.deviceKey, sourceId: 4 } },
    });
    patient = { ...patient, client: api.client({ token: again.token, sourceId: 4 }) };
    expect((await usable(inRange)).items).toEqual([]);
    expect((await mine()).items.map((c) => [c.couponName, c.status])).toEqual([
      ['指定商品立减20元', 'expired'],
      ['全员关怀券', 'expired'],
      ['健康商城满减5元', 'used'],
    ]);
    await expect(
      run((tx) => reserveCoupon(tx, patient.cid, ranged.couponId, inRange, 9900, clock())),
    ).rejects.toMatchObject({ errMsg: COUPON_MESSAGES.expired });
  });
});
