import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chinaDateKey,
  chinaMonthRange,
  classifySugar,
  isUpkeepCode,
  REPORT_MIN_MEASUREMENTS,
} from '@glucoguard/domain';
import { lastCode, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { seed } from '../src/seed/seed';
import { DEMO_DEVICE_KEYS } from '../src/seed/demo';
import { DEMO_DAYS } from '../src/seed/demoData';
import { BloodPressureTest } from '../src/contexts/health/readings/pressure.entity';
import { Customer } from '../src/contexts/identity/customer/customer.entity';
import { KetoneTest } from '../src/contexts/health/readings/ketone.entity';
import { SugarSlot } from '../src/contexts/health/glucose/glucoseSlot.entity';
import { SugarTest } from '../src/contexts/health/readings/glucose.entity';
import { UricAcidTest } from '../src/contexts/health/readings/uricAcid.entity';
import { WeightRecord } from '../src/contexts/health/readings/weight.entity';
import { WarrantyRecord } from '../src/contexts/after-sales/warranty/warranty.entity';
import { RepairRequest, RepairStep } from '../src/contexts/after-sales/repair/repair.entity';
import { demoMeters } from '../src/seed/demoMeters';
import { signedInStaff } from './staff-fixtures';

// Friday 2026-11-20 10:00 China time: "last month" is October 2026.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

/** Signs in with a device key, as the web app does with `?deviceKey=`. */
async function signInWith(target: TestApi, deviceKey: string) {
  const signIn = await target
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: deviceKey, sourceId: 4 } } });
  return target.client({ token: signIn.token, sourceId: 4 });
}

const demoSeed = (target: TestApi) => ({
  sessionSecret: target.app.providers.sessionSecret,
  now: target.app.providers.clock(),
});

async function patientId(target: TestApi): Promise<string> {
  const client = await signInWith(target, DEMO_DEVICE_KEYS.patient);
  const { customerVo } = await client.GET('/login/v1/getCurrent');
  return customerVo.cid;
}

/** The patient's rows per table, straight from the database. */
async function counts(target: TestApi, customerId: string) {
  const em = target.app.orm.em.fork();
  return {
    customers: await em.count(Customer, {}),
    sugar: await em.count(SugarTest, { customerId }),
    pressure: await em.count(BloodPressureTest, { customerId }),
    weight: await em.count(WeightRecord, { customerId }),
    ketone: await em.count(KetoneTest, { customerId }),
    uricAcid: await em.count(UricAcidTest, { customerId }),
    warranties: await em.count(WarrantyRecord, { customerId }),
    repairs: await em.count(RepairRequest, { customerId }),
    repairSteps: await em.count(RepairStep, {}),
  };
}

describe('demo accounts', () => {
  it('signs the demo patient in by its device key as a registered patient with the demo profile', async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.patient);
    expect(await client.POST('/login/v1/auth', { body: { isGetCid: true, sourceId: 4 } })).toMatchObject({
      isAuth: '1',
    });
    const { customerVo } = await client.GET('/login/v1/getCurrent');
    expect(customerVo).toMatchObject({
      nickname: '张建国',
      phone: '13800000001',
      sex: 1,
      roleType: 1,
      diabetesType: '3',
      bloodPressureType: '2',
      height: 170,
      userType: 1,
    });
    expect(customerVo.weight).toBeGreaterThan(60);
  });

  it('signs the demo relative in as a registered relative', async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.relative);
    const { customerVo } = await client.GET('/login/v1/getCurrent');
    expect(customerVo).toMatchObject({ nickname: '张丽', phone: '13800000002', sex: 2, roleType: 2, userType: 1 });
  });
});

describe('demo readings', () => {
  it(`gives the patient 4 to 7 sugar readings on each of the last ${DEMO_DAYS} China days and nothing later than now`, async () => {
    const id = await patientId(api);
    const readings = await api.app.orm.em.fork().find(SugarTest, { customerId: id });
    const perDay = new Map<string, number>();
    for (const r of readings) {
      perDay.set(chinaDateKey(r.measuredAt), (perDay.get(chinaDateKey(r.measuredAt)) ?? 0) + 1);
      expect(r.measuredAt.getTime()).toBeLessThanOrEqual(clock().getTime());
    }
    // Today is still young (10:00), so it may hold fewer.
    const today = chinaDateKey(clock());
    const fullDays = [...perDay].filter(([day]) => day !== today);
    expect(fullDays).toHaveLength(DEMO_DAYS - 1);
    for (const [, n] of fullDays) {
      expect(n).toBeGreaterThanOrEqual(4);
      expect(n).toBeLessThanOrEqual(7);
    }
    // Highs, a few lows, remarks and tags of each kind.
    const slots = await api.app.orm.em.fork().find(SugarSlot, {});
    const levels = readings.map((r) =>
      classifySugar(r.sugar, slots.find((s) => s.timeType === r.timeType) as SugarSlot),
    );
    expect(levels.filter((l) => l === 'high' || l === 'seriousHigh').length).toBeGreaterThan(20);
    expect(levels.filter((l) => l === 'low' || l === 'seriousLow').length).toBeGreaterThanOrEqual(2);
    expect(levels.filter((l) => l === 'normal').length / levels.length).toBeGreaterThan(0.5);
    expect(readings.filter((r) => r.remark !== '').length).toBeGreaterThan(10);
    for (const typeCode of ['diet', 'pharmacy', 'sport']) {
      expect(readings.some((r) => r.tags.some((t) => t.typeCode === typeCode))).toBe(true);
    }
  });

  it('gives the patient pressure on most days, a weekly weight and a few ketone and uric-acid readings', async () => {
    const c = await counts(api, await patientId(api));
    expect(c.pressure).toBeGreaterThan(DEMO_DAYS * 1.5);
    expect(c.weight).toBeGreaterThanOrEqual(Math.floor(DEMO_DAYS / 7));
    expect(c.ketone).toBeGreaterThanOrEqual(3);
    expect(c.uricAcid).toBeGreaterThanOrEqual(3);
  });

  it('shows every demo reading through the API: the weight page and the lab lists', async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.patient);
    expect(await client.GET('/weight/v1/getLastRecord')).not.toBeNull();
    expect((await client.GET('/ketoneTest/v1/pageQueryList', { params: { query: {} } })).items.length).toBeGreaterThan(
      0,
    );
    expect((await client.GET('/urineTest/v1/pageQueryList', { params: { query: {} } })).items.length).toBeGreaterThan(
      0,
    );
  });
});

describe('seeding again', () => {
  it('changes nothing: the same customers and readings', async () => {
    const id = await patientId(api);
    const before = await counts(api, id);
    await seed(api.app.orm, demoSeed(api));
    clock.advance(3 * 86_400_000);
    await seed(api.app.orm, demoSeed(api));
    expect(await counts(api, id)).toEqual(before);
    expect(before.sugar).toBeGreaterThan(DEMO_DAYS * 4 - 8);
  });
});

describe("the demo patient's after-sales history", () => {
  it('shows the demo glucose meter as 在保 in 我的产品, with its model', async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.patient);
    const { items } = await client.GET('/customerWarrantyOrder/v1/pageQueryList', { params: { query: {} } });
    const meter = demoMeters.find((m) => m.kind === 'glucose')!;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ deviceImei: meter.imei, goodsName: '糖护 G1 4G血糖仪', expired: false });
    const detail = await client.GET('/customerWarrantyOrder/v1/getById', {
      params: { query: { warrantyId: items[0]!.warrantyId } },
    });
    expect(detail.warrantyEnd > chinaDateKey(clock())).toBe(true);
  });

  it('has one repair in service and one completed with its result, which the operator sees in the queue', async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.patient);
    const waiting = await client.GET('/productUpkeep/v1/page', { params: { query: { status: 0 } } });
    const done = await client.GET('/productUpkeep/v1/page', { params: { query: { status: 1 } } });
    expect(waiting.list).toHaveLength(1);
    expect(done.list).toHaveLength(1);
    const result = await client.GET('/productUpkeep/v1/query', {
      params: { query: { upkeepId: done.list[0]!.upkeepId } },
    });
    expect(result).toMatchObject({ status: 1, productName: '糖护 G1 4G血糖仪' });
    expect(result.remark).toContain('已免费更换插口组件');
    expect(isUpkeepCode(result.upkeepCode)).toBe(true);
    expect(new Date(result.createTime.replace(' ', 'T') + '+08:00').getTime()).toBeLessThanOrEqual(clock().getTime());

    const operator = await signedInStaff(api, 'operator');
    const queue = await operator.client.GET('/console/v1/after-sales/repairs', {
      params: { query: { status: 0, keyword: waiting.list[0]!.upkeepCode } },
    });
    expect(queue.items.map((r) => r.upkeepId)).toEqual([waiting.list[0]!.upkeepId]);
    const history = await operator.client.GET('/console/v1/after-sales/repairs/{upkeepId}', {
      params: { path: { upkeepId: done.list[0]!.upkeepId } },
    });
    expect(history.steps.map((step) => step.kind)).toEqual(['assign', 'result', 'complete']);
    expect(history.assigneeName).toBe('赵运营');
  });
});

describe("the demo patient's reports", () => {
  it("has last month's sugar and pressure reports, counting every reading of the month", async () => {
    const client = await signInWith(api, DEMO_DEVICE_KEYS.patient);
    const id = await patientId(api);
    const { start, end } = chinaMonthRange({ year: 2026, month: 10 });
    const em = api.app.orm.em.fork();
    const sugarInOctober = await em.count(SugarTest, { customerId: id, measuredAt: { $gte: start, $lt: end } });
    const pressureInOctober = await em.count(BloodPressureTest, {
      customerId: id,
      measuredAt: { $gte: start, $lt: end },
    });

    const sugar = await client.GET('/healthReport/v1/getMonthReport', { params: { query: { year: 2026, month: 10 } } });
    expect(sugar.existsFlag).toBe(true);
    expect(sugar.count).toBe(sugarInOctober);
    const vo = sugar.healthMonthReportVo;
    expect(
      (vo?.seriousHighCount ?? 0) +
        (vo?.highCount ?? 0) +
        (vo?.normalCount ?? 0) +
        (vo?.lowCount ?? 0) +
        (vo?.seriousLowCount ?? 0),
    ).toBe(sugarInOctober);
    expect(vo?.clinical.variability.status).toBe('ok');
    expect(vo?.clinical.gmi.status).toBe('ok');

    const pressure = await client.GET('/healthReport/v1/getBpMonthReport', {
      params: { query: { year: 2026, month: 10 } },
    });
    expect(pressure).toMatchObject({ existsFlag: true, count: pressureInOctober });
    expect(pressure.healthMonthReportVo?.clinical.homeBp.status).toBe('ok');

    const list = await client.GET('/healthReport/v1/list', { params: { query: { year: 2026, month: 10 } } });
    expect(list.monthStats).toEqual([
      { reportType: 1, quantity: sugarInOctober },
      { reportType: 2, quantity: pressureInOctober },
    ]);
    for (const week of list.weekInfos) {
      expect(week.stats[0]?.quantity).toBeGreaterThanOrEqual(REPORT_MIN_MEASUREMENTS.week);
    }
  });
});

describe('with SEED_DEMO_DATA off', () => {
  it('seeds the reference data but no demo account, and a demo device key signs in as a plain visitor', async () => {
    const bare = await startTestApi({ SEED_DEMO_DATA: 'false' }, { clock });
    try {
      const em = bare.app.orm.em.fork();
      expect(await em.count(SugarSlot, {})).toBe(8);
      expect(await em.count(Customer, {})).toBe(0);
      const visitor = (await (await signInWith(bare, DEMO_DEVICE_KEYS.patient)).GET('/login/v1/getCurrent')).customerVo;
      expect(visitor).toMatchObject({ userType: 0, phone: null });
      expect((await counts(bare, visitor.cid)).sugar).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('seeding into a database where the demo accounts were touched first', () => {
  it('registers a demo visitor and leaves out a phone another account holds', async () => {
    const bare = await startTestApi({ SEED_DEMO_DATA: 'false' }, { clock });
    try {
      // Someone opened the relative's demo link before the seed ran, and someone else registered the patient's phone.
      await signInWith(bare, DEMO_DEVICE_KEYS.relative);
      const other = await signInNewVisitor(bare);
      await other.client.POST('/shortMsg/v1/getCode', { body: { phone: '13800000001' } });
      await other.client.POST('/register/v1/bind', {
        body: { nickname: '另一个人', phone: '13800000001', validCode: lastCode(bare, '13800000001') },
      });

      await seed(bare.app.orm, demoSeed(bare));

      const patient = (await (await signInWith(bare, DEMO_DEVICE_KEYS.patient)).GET('/login/v1/getCurrent')).customerVo;
      expect(patient).toMatchObject({ nickname: '张建国', phone: null, userType: 1 });
      const relative = (await (await signInWith(bare, DEMO_DEVICE_KEYS.relative)).GET('/login/v1/getCurrent'))
        .customerVo;
      expect(relative).toMatchObject({ nickname: '张丽', phone: '13800000002', roleType: 2, userType: 1 });
      expect((await counts(bare, patient.cid)).sugar).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });
});
