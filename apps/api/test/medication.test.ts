// The medication diary through real HTTP on a real database (spec 3 §2.4, §7; docs/adr/0160 and 0161):
// the catalogue search, the records of the caller only, the form's checks in the spec's order, another
// customer's record answering as a missing one, 最近使用, and the diary's days in the sugar reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDICATION_MESSAGES } from '@glucoguard/domain';
import { Medicine } from '../src/contexts/care/pharmacy/pharmacy.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// Thursday 2026-11-26 10:00 China time.
const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;
let medicines: Medicine[];

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const idOf = (genericName: string) => String(medicines.find((m) => m.genericName === genericName)!.id);
const METFORMIN = () => idOf('盐酸二甲双胍片');
const AMLODIPINE = () => idOf('苯磺酸氨氯地平片');

const add = (
  client: Client,
  over: Partial<{ medicineId: string; recordTime: string; dosage: string; usaged: string; rate: string }> = {},
) =>
  client.POST('/customer/v1/addMedicineRecord', {
    body: { medicineId: METFORMIN(), recordTime: '2026-11-26 08:00', dosage: '1', usaged: '1', rate: '3', ...over },
  });
const records = (client: Client, recordStartDate: string, recordEndDate: string) =>
  client.GET('/customer/v1/queryMedicineRecord', { params: { query: { recordStartDate, recordEndDate } } });

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  medicines = await api.app.em.fork().find(Medicine, {}, { orderBy: { id: 'asc' } });
});
afterAll(() => api.close());

describe('who may call', () => {
  it('asks a visitor to register and an anonymous caller to sign in, on every call', async () => {
    const { client: visitor } = await signInNewVisitor(api);
    const anonymous = api.client();
    // Thunks: each call starts only when awaited, so no refusal is left unhandled meanwhile.
    const calls = (c: Client) => [
      () => c.GET('/customer/v1/queryMedicine', { params: { query: {} } }),
      () =>
        c.GET('/customer/v1/queryMedicineRecord', {
          params: { query: { recordStartDate: '2026-11-01', recordEndDate: '2026-11-30' } },
        }),
      () => add(c),
      () =>
        c.POST('/customer/v1/updateMedicineRecord', {
          body: {
            recordId: '1',
            medicineId: METFORMIN(),
            recordTime: '2026-11-26 08:00',
            dosage: '1',
            usaged: '1',
            rate: '1',
          },
        }),
      () => c.POST('/customer/v1/medicineRecordDel', { body: { recordId: '1' } }),
      () => c.POST('/customer/v1/medicineRecordLast', { body: {} }),
    ];
    for (const call of calls(visitor)) {
      expect(await failure(call())).toMatchObject({ code: 40300, errMsg: '请先注册' });
    }
    for (const call of calls(anonymous)) {
      expect(await failure(call())).toMatchObject({ code: 40100 });
    }
  });
});

describe('queryMedicine', () => {
  it('pages the whole catalogue by 10, each medicine with its names, specification and units', async () => {
    const { client } = await registeredCustomer(api);
    const first = await client.GET('/customer/v1/queryMedicine', { params: { query: { currentPage: 1 } } });
    expect(first).toMatchObject({
      currentPage: 1,
      totalNum: medicines.length,
      totalPage: Math.ceil(medicines.length / 10),
    });
    expect(first.items).toHaveLength(10);
    const second = await client.GET('/customer/v1/queryMedicine', { params: { query: { currentPage: 2 } } });
    expect(second.items).toHaveLength(medicines.length - 10);
    const ids = [...first.items, ...second.items].map((m) => m.medicineId);
    expect(new Set(ids).size).toBe(medicines.length);
    const metformin = first.items.find((m) => m.medicineId === METFORMIN());
    // The catalogue has no product names: the generic name stands in for it.
    expect(metformin).toEqual({
      medicineId: METFORMIN(),
      productName: '盐酸二甲双胍片',
      medicineName: '盐酸二甲双胍片',
      specification: '0.5g×20片',
      dosageUnit: '片',
      packingUnit: '盒',
    });
  });

  it('finds by part of the name, and treats % and _ as text', async () => {
    const { client } = await registeredCustomer(api);
    const found = await client.GET('/customer/v1/queryMedicine', { params: { query: { keyWord: '二甲双胍' } } });
    expect(found.items.map((m) => m.medicineName).sort()).toEqual(['盐酸二甲双胍片', '盐酸二甲双胍缓释片']);
    expect(found).toMatchObject({ totalNum: 2, totalPage: 1 });
    const none = await client.GET('/customer/v1/queryMedicine', { params: { query: { keyWord: '%' } } });
    expect(none).toEqual({ items: [], currentPage: 1, totalPage: 0, totalNum: 0 });
  });

  it('refuses another page size', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.GET('/customer/v1/queryMedicine', { params: { query: { pageSize: 50 as 10 } } })),
    ).toMatchObject({ code: 40000 });
  });
});

describe('addMedicineRecord', () => {
  it('saves the record with the medicine and the dictionaries named, in China time', async () => {
    const { client } = await registeredCustomer(api);
    const saved = await add(client, { recordTime: '2026-11-26 07:30', dosage: '0.5', usaged: '1', rate: '2' });
    expect(saved.recordId).toMatch(/^\d+$/);
    expect(saved).toEqual({
      recordId: saved.recordId,
      medicineId: METFORMIN(),
      recordTime: '2026-11-26 07:30:00',
      dosage: '0.5',
      usaged: '1',
      usagedName: '口服',
      rate: '2',
      rateName: '每日两次',
      dosageUnit: '片',
      productName: '盐酸二甲双胍片',
      medicineName: '盐酸二甲双胍片',
      specification: '0.5g×20片',
    });
    expect((await records(client, '2026-11-26', '2026-11-26')).items).toEqual([saved]);
  });

  it('checks in the spec order: medicine, usage, frequency, dosage', async () => {
    const { client } = await registeredCustomer(api);
    const cases: [Parameters<typeof add>[1], string][] = [
      [{ medicineId: '', usaged: '', rate: '', dosage: '' }, MEDICATION_MESSAGES.medicine],
      [{ usaged: '', rate: '', dosage: '' }, MEDICATION_MESSAGES.usage],
      [{ rate: ' ', dosage: '' }, MEDICATION_MESSAGES.frequency],
      [{ dosage: '' }, MEDICATION_MESSAGES.dosage],
      [{ dosage: 'abc' }, MEDICATION_MESSAGES.dosage],
      [{ dosage: '-1' }, MEDICATION_MESSAGES.dosage],
      [{ dosage: '12345678901' }, MEDICATION_MESSAGES.dosage],
      // Unknown choices are as good as none.
      [{ medicineId: '99999999', usaged: '' }, MEDICATION_MESSAGES.medicine],
      [{ medicineId: 'abc' }, MEDICATION_MESSAGES.medicine],
      [{ usaged: '99' }, MEDICATION_MESSAGES.usage],
      [{ rate: '99' }, MEDICATION_MESSAGES.frequency],
    ];
    for (const [over, errMsg] of cases) {
      expect(await failure(add(client, over)), JSON.stringify(over)).toMatchObject({ code: 40000, errMsg });
    }
    expect((await records(client, '2026-01-01', '2026-12-31')).items).toEqual([]);
  });

  it('refuses a time in the future, before 2019 or that is no time', async () => {
    const { client } = await registeredCustomer(api);
    const cases: [string, string][] = [
      ['2026-11-26 10:01', MEDICATION_MESSAGES.timeInFuture],
      ['2026-11-27 00:00:00', MEDICATION_MESSAGES.timeInFuture],
      ['2018-12-31 23:59', MEDICATION_MESSAGES.timeTooEarly],
      ['2026-02-30 08:00', MEDICATION_MESSAGES.time],
      ['2026-11-26', MEDICATION_MESSAGES.time],
    ];
    for (const [recordTime, errMsg] of cases) {
      expect(await failure(add(client, { recordTime })), recordTime).toMatchObject({ code: 40000, errMsg });
    }
    expect(await add(client, { recordTime: '2019-01-01 00:00' })).toMatchObject({ recordTime: '2019-01-01 00:00:00' });
    expect(await add(client, { recordTime: '2026-11-26 10:00:00' })).toMatchObject({
      recordTime: '2026-11-26 10:00:00',
    });
  });
});

describe('queryMedicineRecord', () => {
  it("answers the caller's records of the China days asked, both included, by record time", async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    await add(other.client, { recordTime: '2026-11-10 08:00' });
    const late = await add(client, { recordTime: '2026-11-10 21:00' });
    const early = await add(client, { recordTime: '2026-11-10 00:00', medicineId: AMLODIPINE() });
    const lastDay = await add(client, { recordTime: '2026-11-25 23:59:59' });
    await add(client, { recordTime: '2026-11-09 23:59:59' });
    expect((await records(client, '2026-11-10', '2026-11-10')).items.map((r) => r.recordId)).toEqual([
      early.recordId,
      late.recordId,
    ]);
    expect((await records(client, '2026-11-10', '2026-11-25')).items.map((r) => r.recordId)).toEqual([
      early.recordId,
      late.recordId,
      lastDay.recordId,
    ]);
    expect((await records(client, '2026-11-09', '2026-11-30')).items).toHaveLength(4);
  });

  it('refuses a reversed range, one longer than 366 days and a date that does not exist', async () => {
    const { client } = await registeredCustomer(api);
    expect(await failure(records(client, '2026-11-10', '2026-11-09'))).toMatchObject({
      code: 40000,
      errMsg: MEDICATION_MESSAGES.rangeReversed,
    });
    expect(await failure(records(client, '2024-01-01', '2025-01-01'))).toMatchObject({
      code: 40000,
      errMsg: MEDICATION_MESSAGES.rangeTooLong,
    });
    expect((await records(client, '2024-01-01', '2024-12-31')).items).toEqual([]);
    expect(await failure(records(client, '2026-02-30', '2026-03-01'))).toMatchObject({ code: 40000 });
    expect(await failure(records(client, '2026/02/01', '2026-03-01'))).toMatchObject({
      code: 40000,
      errMsg: '开始日期格式不正确',
    });
  });
});

describe('updateMedicineRecord and medicineRecordDel', () => {
  it('changes and deletes the caller’s own record', async () => {
    const { client } = await registeredCustomer(api);
    const saved = await add(client, { recordTime: '2026-11-20 08:00' });
    const changed = await client.POST('/customer/v1/updateMedicineRecord', {
      body: {
        recordId: saved.recordId,
        medicineId: AMLODIPINE(),
        recordTime: '2026-11-21 19:15',
        dosage: '2',
        usaged: '1',
        rate: '1',
      },
    });
    expect(changed).toMatchObject({
      recordId: saved.recordId,
      medicineId: AMLODIPINE(),
      medicineName: '苯磺酸氨氯地平片',
      specification: '5mg×7片',
      recordTime: '2026-11-21 19:15:00',
      dosage: '2',
      rateName: '每日一次',
    });
    expect((await records(client, '2026-11-20', '2026-11-21')).items).toEqual([changed]);
    expect(
      await failure(
        client.POST('/customer/v1/updateMedicineRecord', {
          body: {
            recordId: changed.recordId,
            medicineId: changed.medicineId,
            recordTime: changed.recordTime,
            dosage: '',
            usaged: changed.usaged,
            rate: changed.rate,
          },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: MEDICATION_MESSAGES.dosage });

    expect(await client.POST('/customer/v1/medicineRecordDel', { body: { recordId: saved.recordId } })).toBeNull();
    expect((await records(client, '2026-11-20', '2026-11-21')).items).toEqual([]);
    expect(
      await failure(client.POST('/customer/v1/medicineRecordDel', { body: { recordId: saved.recordId } })),
    ).toMatchObject({ code: 40400, errMsg: MEDICATION_MESSAGES.recordNotFound });
  });

  it("answers someone else's record as a missing one and leaves it as it was", async () => {
    const owner = await registeredCustomer(api);
    const intruder = await registeredCustomer(api);
    const saved = await add(owner.client, { recordTime: '2026-11-22 08:00' });
    const body = {
      recordId: saved.recordId,
      medicineId: AMLODIPINE(),
      recordTime: '2026-11-22 09:00',
      dosage: '3',
      usaged: '1',
      rate: '1',
    };
    const notFound = { code: 40400, errMsg: MEDICATION_MESSAGES.recordNotFound };
    expect(await failure(intruder.client.POST('/customer/v1/updateMedicineRecord', { body }))).toMatchObject(notFound);
    expect(
      await failure(intruder.client.POST('/customer/v1/medicineRecordDel', { body: { recordId: saved.recordId } })),
    ).toMatchObject(notFound);
    for (const recordId of ['999999999', '0']) {
      expect(
        await failure(owner.client.POST('/customer/v1/updateMedicineRecord', { body: { ...body, recordId } })),
      ).toMatchObject(notFound);
      expect(await failure(owner.client.POST('/customer/v1/medicineRecordDel', { body: { recordId } }))).toMatchObject(
        notFound,
      );
    }
    expect((await records(owner.client, '2026-11-22', '2026-11-22')).items).toEqual([saved]);
    expect((await records(intruder.client, '2026-11-22', '2026-11-22')).items).toEqual([]);
  });
});

describe('medicineRecordLast', () => {
  it('offers the ten medicines saved most recently, newest first, each once', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    await add(other.client, { medicineId: idOf('阿司匹林肠溶片') });
    expect(await client.POST('/customer/v1/medicineRecordLast', { body: {} })).toEqual({ items: [] });
    const order = medicines.slice(0, 12).map((m) => String(m.id));
    for (const medicineId of order) {
      clock.advance(1000);
      await add(client, { medicineId, recordTime: '2026-11-20 08:00' });
    }
    // The first one is used again last: it comes first, once.
    clock.advance(1000);
    await add(client, { medicineId: order[0], recordTime: '2026-11-01 08:00' });
    const { items } = await client.POST('/customer/v1/medicineRecordLast', { body: {} });
    expect(items.map((m) => m.medicineId)).toEqual([order[0], ...order.slice(3).reverse()]);
    expect(items[0]).toMatchObject({ medicineName: medicines[0]!.genericName, dosageUnit: medicines[0]!.dosageUnit });
  });
});

describe('the sugar reports show the days with medication', () => {
  it('lists every day of the week with its medication records next to its readings', async () => {
    const { client } = await registeredCustomer(api);
    const sugar = (value: number, createTime: string) =>
      client.POST('/sugarTest/v1/add', { body: { sugar: value, createTime, tags: [] } });
    // The report week 2026-11-16…22: four readings, medication on two days (twice on one).
    await sugar(7.2, '2026-11-16 07:00');
    await sugar(9.4, '2026-11-16 09:30');
    await sugar(6.8, '2026-11-18 07:00');
    await sugar(8.1, '2026-11-21 21:30');
    await add(client, { recordTime: '2026-11-16 07:30' });
    await add(client, { recordTime: '2026-11-16 19:30' });
    await add(client, { recordTime: '2026-11-19 00:05', medicineId: AMLODIPINE() });
    await add(client, { recordTime: '2026-11-15 23:59' });
    await add(client, { recordTime: '2026-11-23 00:00' });
    const report = await client.GET('/healthReport/v1/getWeekReport', {
      params: { query: { startDate: '2026-11-16', endDate: '2026-11-22' } },
    });
    expect(report.healthWeekReportVo?.medicationDays).toEqual([
      { date: '2026-11-16', taken: true, medicationCount: 2, sugarCount: 2 },
      { date: '2026-11-17', taken: false, medicationCount: 0, sugarCount: 0 },
      { date: '2026-11-18', taken: false, medicationCount: 0, sugarCount: 1 },
      { date: '2026-11-19', taken: true, medicationCount: 1, sugarCount: 0 },
      { date: '2026-11-20', taken: false, medicationCount: 0, sugarCount: 0 },
      { date: '2026-11-21', taken: false, medicationCount: 0, sugarCount: 1 },
      { date: '2026-11-22', taken: false, medicationCount: 0, sugarCount: 0 },
    ]);
  });

  it('covers each day of a month report, and only the caller’s records', async () => {
    const { client } = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    for (let day = 1; day <= 15; day += 1) {
      await client.POST('/sugarTest/v1/add', {
        body: { sugar: 6.5, createTime: `2026-10-${String(day).padStart(2, '0')} 07:00`, tags: [] },
      });
    }
    await add(client, { recordTime: '2026-10-31 20:00' });
    await add(other.client, { recordTime: '2026-10-02 20:00' });
    const report = await client.GET('/healthReport/v1/getMonthReport', {
      params: { query: { year: 2026, month: 10 } },
    });
    const days = report.healthMonthReportVo?.medicationDays ?? [];
    expect(days).toHaveLength(31);
    expect(days.filter((d) => d.taken).map((d) => d.date)).toEqual(['2026-10-31']);
    expect(days[0]).toEqual({ date: '2026-10-01', taken: false, medicationCount: 0, sugarCount: 1 });
  });
});
