import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { Medicine, PharmacyStock, Pharmacy } from '../src/contexts/care/pharmacy/pharmacy.entity';

// 西单, a few metres from the seed's 康宁大药房（西单店）.
const XIDAN = { longitude: 116.37422, latitude: 39.91302 };
const BEIJING = { province: '110000', city: '110100' };

let api: TestApi;
let client: Awaited<ReturnType<typeof signInNewVisitor>>['client'];
let medicineId: (code: string) => number;
let pharmacyId: (code: string) => number;

/** The great-circle distance in metres the API should give (haversine, mean earth radius). */
function haversine(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  api = await startTestApi();
  ({ client } = await signInNewVisitor(api));
  const em = api.app.em.fork();
  const medicines = new Map((await em.find(Medicine, {})).map((m) => [m.code, m.id]));
  const pharmacies = new Map((await em.find(Pharmacy, {})).map((p) => [p.code, p.id]));
  medicineId = (code) => medicines.get(code) as number;
  pharmacyId = (code) => pharmacies.get(code) as number;
});
afterAll(() => api.close());

const search = (query: Record<string, unknown>) =>
  client.GET('/store/v1/queryStoreAddressByLocation', { params: { query } } as never) as Promise<{
    items: { storeId: number; store: string; distance: number | null; openStartTime: number; openEndTime: number }[];
    currentPage: number;
    totalPage: number;
  }>;

describe('GET /store/v1/queryStoreAddressByLocation', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/store/v1/queryStoreAddressByLocation', {}))).toMatchObject({
      code: 40100,
    });
  });

  it('lists a region nearest first with the distance computed in the database', async () => {
    const page = await search({ ...BEIJING, ...XIDAN });
    expect(page.currentPage).toBe(1);
    expect(page.totalPage).toBe(1);
    expect(page.items.map((i) => i.store)).toEqual([
      '康宁大药房（西单店）',
      '仁和堂药店（金融街店）',
      '百草园药房（王府井店）',
      '安康医药（国贸店）',
      '福寿堂大药房（望京店）',
    ]);
    const distances = page.items.map((i) => i.distance as number);
    expect(distances[0]).toBe(0);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // 王府井 is about 3.1 km east of 西单.
    expect(Math.abs((distances[2] ?? 0) - haversine(XIDAN, { longitude: 116.41065, latitude: 39.91491 }))).toBeLessThan(
      1,
    );
    expect(page.items[0]).toMatchObject({ openStartTime: 8 * 3_600_000, openEndTime: 22 * 3_600_000 });
  });

  it('has no distance without a point, and narrows by district', async () => {
    const page = await search({ ...BEIJING, district: '110105' });
    expect(page.items.map((i) => i.store).sort()).toEqual(['安康医药（国贸店）', '福寿堂大药房（望京店）'].sort());
    expect(page.items.every((i) => i.distance === null)).toBe(true);
  });

  it('answers an empty page for a region without pharmacies', async () => {
    expect(await search({ province: '650000' })).toEqual({ items: [], currentPage: 1, totalPage: 0 });
  });

  it('pages', async () => {
    const first = await search({ ...BEIJING, ...XIDAN, pageSize: 2 });
    const last = await search({ ...BEIJING, ...XIDAN, pageSize: 2, pageNo: 3 });
    expect(first.totalPage).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(last.items.map((i) => i.store)).toEqual(['福寿堂大药房（望京店）']);
  });

  it('keeps only pharmacies that stock every medicine asked for', async () => {
    const ids = `${medicineId('MED-METFORMIN')},${medicineId('MED-AMLODIPINE')}`;
    const page = await search({ ...BEIJING, ...XIDAN, medicineIds: ids });
    expect(page.items.map((i) => i.store)).toEqual([
      '康宁大药房（西单店）',
      '百草园药房（王府井店）',
      '福寿堂大药房（望京店）',
    ]);
  });

  it('leaves out a pharmacy whose stock of the medicine ran out', async () => {
    const em = api.app.em.fork();
    const key = { pharmacyId: pharmacyId('PH-BJ-01'), medicineId: medicineId('MED-VITB1') };
    await em.nativeUpdate(PharmacyStock, key, { quantity: 0 });
    try {
      const page = await search({ ...BEIJING, medicineIds: String(key.medicineId) });
      expect(page.items.map((i) => i.store)).toEqual(['福寿堂大药房（望京店）']);
    } finally {
      await em.nativeUpdate(PharmacyStock, key, { quantity: 30 });
    }
  });

  it.each([['1,x'], ['0'], ['1,,2']])('refuses medicineIds %j with the envelope', async (medicineIds) => {
    expect(await failure(search({ medicineIds }))).toMatchObject({ code: 40000, errMsg: '药品参数有误' });
  });

  it('refuses half a point', async () => {
    expect(await failure(search({ longitude: 116.4 }))).toMatchObject({ code: 40000, errMsg: '请同时提供经度和纬度' });
  });

  it('refuses a malformed region code or coordinate', async () => {
    expect(await failure(search({ province: '北京' }))).toMatchObject({ code: 40000 });
    expect(await failure(search({ longitude: 200, latitude: 39 }))).toMatchObject({ code: 40000 });
  });
});

describe('online stores', () => {
  it('lists only stores with status 1, in order', async () => {
    const page = await client.GET('/store/v1/pageQueryInternetDrugstore', { params: { query: { pageNo: 1 } } });
    expect(page.items.map((s) => s.storeCode)).toEqual(['OS-KANGNING', 'OS-JIMIN', 'OS-LINGNAN']);
    expect(page).toMatchObject({ currentPage: 1, totalPage: 1 });
    expect(page.items.every((s) => s.status === 1)).toBe(true);
  });

  it('opens a shown store at its address', async () => {
    expect(await client.GET('/store/v1/storeUrl', { params: { query: { storeCode: 'OS-JIMIN' } } })).toEqual({
      storeUrl: 'https://m.jimin-health.example.cn/store',
    });
  });

  it.each([['OS-BAICAO'], ['OS-NOPE']])('answers %s (closed or unknown) the same 40400', async (storeCode) => {
    expect(await failure(client.GET('/store/v1/storeUrl', { params: { query: { storeCode } } }))).toMatchObject({
      code: 40400,
      errMsg: '该网店暂未开放',
    });
  });
});

describe('the catalogue dictionaries', () => {
  it('serves rx_category, medicine_usaged and medicine_rate', async () => {
    const dictionaries = await client.GET('/dictionary/v1/getByCodes', {
      params: { query: { codes: 'rx_category,medicine_usaged,medicine_rate' } },
    });
    expect(dictionaries.rx_category?.[0]).toEqual({ itemKey: '1', itemValue: '处方药' });
    expect(dictionaries.medicine_usaged?.map((i) => i.itemValue)).toContain('口服');
    expect(dictionaries.medicine_rate?.map((i) => i.itemValue)).toContain('每日三次');
  });
});
