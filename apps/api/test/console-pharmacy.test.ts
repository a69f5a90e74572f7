// An operator's pharmacies, their stock and the online stores in the console, through real HTTP on a
// real database: what the operator changes is what patients find (docs/adr/0158-pharmacy-management-in-the-console.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHARMACY_FORM_MESSAGES, type StaffRole } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { Medicine } from '../src/contexts/care/pharmacy/pharmacy.entity';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const H = 3_600_000;
/** 深圳 南山区: no seeded pharmacy there, so the searches below see only this file's. */
const NANSHAN = { province: '440000', city: '440300', district: '440305' };

const DRAFT: Schema<'PharmacyInput'> = {
  name: '海岸大药房（科技园店）',
  address: '南山区科苑路15号',
  phone: '0755-26031234',
  ...NANSHAN,
  longitude: 113.94712,
  latitude: 22.54053,
  openStartTime: 8 * H,
  openEndTime: 22 * H,
  status: 1,
};

const STORE: Schema<'OnlineStoreInput'> = {
  storeName: '海岸健康网上药店',
  storeIcon: '',
  remark: '慢病用药，药师一对一指导',
  storeUrl: 'https://m.haian-health.example.cn/shop',
  status: 1,
  sort: 9,
};

let api: TestApi;
let operator: Awaited<ReturnType<typeof signedIn>>;
let patient: Awaited<ReturnType<typeof registeredCustomer>>;

async function signedIn(role: StaffRole) {
  const doctor =
    role === 'doctor'
      ? await api.app.em.fork().findOneOrFail(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } })
      : null;
  return signedInStaff(api, role, { doctorId: doctor?.id });
}

const medicineByCode = async (code: string) => (await api.app.em.fork().findOneOrFail(Medicine, { code })).id;

/** What a patient finds in 南山区, optionally only pharmacies stocking the medicines. */
const patientSearch = async (medicineIds?: string) =>
  (
    await patient.client.GET('/store/v1/queryStoreAddressByLocation', {
      params: { query: { ...NANSHAN, ...(medicineIds && { medicineIds }) } },
    })
  ).items.map((i) => i.store);

const auditOf = (target: string) => api.app.em.fork().find(AuditEvent, { target }, { orderBy: { id: 'asc' } });

beforeAll(async () => {
  api = await startTestApi();
  operator = await signedIn('operator');
  patient = await registeredCustomer(api, '找药店的人');
});
afterAll(() => api.close());

describe('pharmacies in the console', () => {
  it('requires a staff token: a customer session or none is 40100', async () => {
    expect(await failure(api.client().GET('/console/v1/pharmacies'))).toMatchObject({ code: 40100 });
    expect(await failure(patient.client.GET('/console/v1/pharmacies'))).toMatchObject({ code: 40100 });
  });

  it.each<StaffRole>(['doctor', 'pharmacist', 'admin'])('refuses a %s with 无权限 (operators only)', async (role) => {
    const other = await signedIn(role);
    expect(await failure(other.client.GET('/console/v1/pharmacies'))).toMatchObject({ code: 40300, errMsg: '无权限' });
    expect(await failure(other.client.POST('/console/v1/pharmacies', { body: DRAFT }))).toMatchObject({ code: 40300 });
    expect(await failure(other.client.POST('/console/v1/onlineStores', { body: STORE }))).toMatchObject({
      code: 40300,
    });
  });

  it.each<[string, Partial<Schema<'PharmacyInput'>>, string]>([
    ['a blank name', { name: '   ' }, PHARMACY_FORM_MESSAGES.name],
    ['a phone of letters', { phone: 'call-me' }, PHARMACY_FORM_MESSAGES.phone],
    ['a district of another city', { district: '440106' }, PHARMACY_FORM_MESSAGES.region],
    ['a district the region data does not know', { district: '440399' }, PHARMACY_FORM_MESSAGES.regionUnknown],
    ['swapped coordinates', { longitude: 22.54, latitude: 113.94 }, PHARMACY_FORM_MESSAGES.coordinates],
    ['a closing time before the opening', { openStartTime: 22 * H, openEndTime: 8 * H }, PHARMACY_FORM_MESSAGES.hours],
  ])('refuses %s with the form message', async (_what, change, errMsg) => {
    expect(
      await failure(operator.client.POST('/console/v1/pharmacies', { body: { ...DRAFT, ...change } })),
    ).toMatchObject({
      code: 40000,
      errMsg,
      status: 400,
    });
  });

  it('refuses a body the schema does not allow, in Chinese', async () => {
    const answer = await failure(
      operator.client.POST('/console/v1/pharmacies', { body: { ...DRAFT, province: '广东' } }),
    );
    expect(answer).toMatchObject({ code: 40000, errMsg: '请选择正确的省市区' });
    expect(
      await failure(operator.client.POST('/console/v1/pharmacies', { body: { ...DRAFT, extra: 1 } as never })),
    ).toMatchObject({ code: 40000 });
  });

  it('adds a pharmacy that patients of the region then find, and audits it', async () => {
    expect(await patientSearch()).toEqual([]);
    const made = await operator.client.POST('/console/v1/pharmacies', { body: DRAFT });
    expect(made).toMatchObject({
      ...DRAFT,
      regionName: '广东省 深圳市 南山区',
      stockCount: 0,
    });
    expect(made.code).toMatch(/^PH-[0-9A-F]{8}$/);
    expect(await patientSearch()).toEqual([DRAFT.name]);
    expect(
      await operator.client.GET('/console/v1/pharmacies/{pharmacyId}', {
        params: { path: { pharmacyId: made.pharmacyId } },
      }),
    ).toEqual(made);
    const audit = await auditOf(`pharmacy:${made.pharmacyId}`);
    expect(audit.map((e) => [e.action, e.actorId])).toEqual([['pharmacy.create', operator.staff.id]]);
  });

  it('lists every status, filters by keyword, region and status, and pages', async () => {
    const closed = await operator.client.POST('/console/v1/pharmacies', {
      body: { ...DRAFT, name: '海岸大药房（蛇口店）', address: '南山区工业八路3号', status: 0 },
    });
    const list = (query: Record<string, unknown>) =>
      operator.client.GET('/console/v1/pharmacies', { params: { query } });
    expect((await list({ city: '440300' })).items.map((p) => p.name)).toEqual([
      '海岸大药房（科技园店）',
      '海岸大药房（蛇口店）',
    ]);
    expect((await list({ keyword: '工业八路' })).items.map((p) => p.pharmacyId)).toEqual([closed.pharmacyId]);
    expect((await list({ city: '440300', status: 0 })).items.map((p) => p.pharmacyId)).toEqual([closed.pharmacyId]);
    expect(await list({ keyword: '100%_' })).toEqual({ items: [], total: 0 });
    const everything = await list({ pageSize: 5 });
    expect(everything.total).toBeGreaterThanOrEqual(14);
    expect(everything.items).toHaveLength(5);
    expect(everything.items.find((p) => p.code === 'PH-BJ-01')?.stockCount).toBe(16);
    // A closed pharmacy is the operator's only: patients do not find it.
    expect(await patientSearch()).toEqual(['海岸大药房（科技园店）']);
  });

  it('changes a pharmacy; closing it hides it from patients at once, reopening shows it again', async () => {
    const [made] = (await operator.client.GET('/console/v1/pharmacies', { params: { query: { keyword: '科技园' } } }))
      .items;
    const pharmacyId = made!.pharmacyId;
    const change = (body: Schema<'PharmacyInput'>) =>
      operator.client.POST('/console/v1/pharmacies/{pharmacyId}', { params: { path: { pharmacyId } }, body });
    const moved = await change({
      ...DRAFT,
      address: '南山区科苑路16号',
      openStartTime: 0,
      openEndTime: 24 * H,
      status: 0,
    });
    expect(moved).toMatchObject({ pharmacyId, address: '南山区科苑路16号', openEndTime: 24 * H, status: 0 });
    expect(await patientSearch()).toEqual([]);
    await change({ ...DRAFT, address: '南山区科苑路16号', openStartTime: 0, openEndTime: 24 * H });
    expect(await patientSearch()).toEqual([DRAFT.name]);
    const audit = await auditOf(`pharmacy:${pharmacyId}`);
    expect(audit.map((e) => e.action)).toEqual(['pharmacy.create', 'pharmacy.update', 'pharmacy.update']);
    expect(audit[1]?.detail).toEqual({ changed: ['address', 'openStartTime', 'openEndTime', 'status'] });
    expect(audit[2]?.detail).toEqual({ changed: ['status'] });
  });

  it('answers 40400 for a pharmacy that does not exist', async () => {
    const path = { params: { path: { pharmacyId: 999_999 } } };
    expect(await failure(operator.client.GET('/console/v1/pharmacies/{pharmacyId}', path))).toMatchObject({
      code: 40400,
      errMsg: '药店不存在',
    });
    expect(
      await failure(operator.client.POST('/console/v1/pharmacies/{pharmacyId}', { ...path, body: DRAFT })),
    ).toMatchObject({ code: 40400 });
    expect(
      await failure(
        operator.client.POST('/console/v1/pharmacies/{pharmacyId}/stock', {
          ...path,
          body: { items: [{ medicineId: 1, quantity: 1 }] },
        }),
      ),
    ).toMatchObject({ code: 40400 });
  });
});

describe('a pharmacy stock', () => {
  let pharmacyId: number;
  const stock = () =>
    operator.client.GET('/console/v1/pharmacies/{pharmacyId}/stock', { params: { path: { pharmacyId } } });
  const setStock = (items: { medicineId: number; quantity: number }[]) =>
    operator.client.POST('/console/v1/pharmacies/{pharmacyId}/stock', {
      params: { path: { pharmacyId } },
      body: { items },
    });

  beforeAll(async () => {
    const made = await operator.client.POST('/console/v1/pharmacies', {
      body: { ...DRAFT, name: '海岸大药房（后海店）', address: '南山区后海大道2388号' },
    });
    pharmacyId = made.pharmacyId;
  });

  it('lists every catalogue medicine with 0 for a new pharmacy', async () => {
    const { items } = await stock();
    expect(items.length).toBeGreaterThanOrEqual(16);
    expect(items.every((i) => i.quantity === 0)).toBe(true);
    expect(items.find((i) => i.genericName === '盐酸二甲双胍片')).toMatchObject({
      specification: '0.5g×20片',
      packingUnit: '盒',
      rxCategory: '1',
      rxCategoryName: '处方药',
    });
  });

  it('refuses an unknown medicine, the same medicine twice and a quantity out of range', async () => {
    const metformin = await medicineByCode('MED-METFORMIN');
    expect(await failure(setStock([{ medicineId: 987_654, quantity: 3 }]))).toMatchObject({
      code: 40000,
      errMsg: PHARMACY_FORM_MESSAGES.medicineUnknown,
    });
    expect(
      await failure(
        setStock([
          { medicineId: metformin, quantity: 3 },
          { medicineId: metformin, quantity: 4 },
        ]),
      ),
    ).toMatchObject({ code: 40000, errMsg: PHARMACY_FORM_MESSAGES.stockDuplicate });
    expect(await failure(setStock([{ medicineId: metformin, quantity: 100_000 }]))).toMatchObject({
      code: 40000,
      errMsg: PHARMACY_FORM_MESSAGES.quantity,
    });
    expect((await stock()).items.every((i) => i.quantity === 0)).toBe(true);
  });

  it('sets quantities that the patients medicine filter follows, and audits them', async () => {
    const [metformin, amlodipine] = [await medicineByCode('MED-METFORMIN'), await medicineByCode('MED-AMLODIPINE')];
    const both = `${metformin},${amlodipine}`;
    expect(await patientSearch(both)).toEqual([]);
    const after = await setStock([
      { medicineId: metformin, quantity: 30 },
      { medicineId: amlodipine, quantity: 12 },
    ]);
    expect(
      after.items
        .filter((i) => i.quantity > 0)
        .map((i) => [i.medicineId, i.quantity])
        .sort(),
    ).toEqual(
      [
        [metformin, 30],
        [amlodipine, 12],
      ].sort(),
    );
    expect(await patientSearch(both)).toEqual(['海岸大药房（后海店）']);
    // Sold out: the pharmacy no longer has every medicine asked for; the other line is kept.
    await setStock([{ medicineId: amlodipine, quantity: 0 }]);
    expect(await patientSearch(both)).toEqual([]);
    expect(await patientSearch(String(metformin))).toEqual(['海岸大药房（后海店）']);
    const listed = await operator.client.GET('/console/v1/pharmacies/{pharmacyId}', {
      params: { path: { pharmacyId } },
    });
    expect(listed.stockCount).toBe(1);
    const audit = (await auditOf(`pharmacy:${pharmacyId}`)).filter((e) => e.action === 'pharmacy.stock');
    expect(audit.map((e) => e.detail)).toEqual([
      {
        items: [
          [metformin, 30],
          [amlodipine, 12],
        ],
      },
      { items: [[amlodipine, 0]] },
    ]);
  });
});

describe('online stores in the console', () => {
  it.each<[string, Partial<Schema<'OnlineStoreInput'>>, string]>([
    ['a plain http address', { storeUrl: 'http://m.haian-health.example.cn' }, PHARMACY_FORM_MESSAGES.storeUrl],
    ['a script address', { storeUrl: 'javascript:alert(1)' }, PHARMACY_FORM_MESSAGES.storeUrl],
    ['an icon of another scheme', { storeIcon: 'data:image/png;base64,AAAA' }, PHARMACY_FORM_MESSAGES.storeIcon],
    ['a blank name', { storeName: ' ' }, PHARMACY_FORM_MESSAGES.storeName],
  ])('refuses %s with the form message', async (_what, change, errMsg) => {
    expect(
      await failure(operator.client.POST('/console/v1/onlineStores', { body: { ...STORE, ...change } })),
    ).toMatchObject({ code: 40000, errMsg });
  });

  it('lists shown and hidden stores in display order', async () => {
    const page = await operator.client.GET('/console/v1/onlineStores', { params: { query: {} } });
    expect(page.items.slice(0, 4).map((s) => [s.storeCode, s.status])).toEqual([
      ['OS-KANGNING', 1],
      ['OS-JIMIN', 1],
      ['OS-LINGNAN', 1],
      ['OS-BAICAO', 0],
    ]);
    expect(page.total).toBe(page.items.length);
  });

  it('adds a store patients see, hides it, and its address then answers 40400; all audited', async () => {
    const shown = async () =>
      (await patient.client.GET('/store/v1/pageQueryInternetDrugstore', { params: { query: {} } })).items.map(
        (s) => s.storeName,
      );
    const made = await operator.client.POST('/console/v1/onlineStores', { body: STORE });
    expect(made).toMatchObject(STORE);
    expect(made.storeCode).toMatch(/^OS-[0-9A-F]{8}$/);
    expect(await shown()).toContain(STORE.storeName);
    expect(
      await patient.client.GET('/store/v1/storeUrl', { params: { query: { storeCode: made.storeCode } } }),
    ).toEqual({ storeUrl: STORE.storeUrl });

    const hidden = await operator.client.POST('/console/v1/onlineStores/{storeId}', {
      params: { path: { storeId: made.storeId } },
      body: { ...STORE, status: 0 },
    });
    expect(hidden.status).toBe(0);
    expect(await shown()).not.toContain(STORE.storeName);
    expect(
      await failure(patient.client.GET('/store/v1/storeUrl', { params: { query: { storeCode: made.storeCode } } })),
    ).toMatchObject({ code: 40400, errMsg: '该网店暂未开放' });
    const audit = await auditOf(`onlineStore:${made.storeId}`);
    expect(audit.map((e) => [e.action, e.actorId])).toEqual([
      ['onlineStore.create', operator.staff.id],
      ['onlineStore.update', operator.staff.id],
    ]);
    expect(audit[1]?.detail).toEqual({ changed: ['status'] });
  });

  it('answers 40400 for a store that does not exist', async () => {
    expect(
      await failure(
        operator.client.POST('/console/v1/onlineStores/{storeId}', {
          params: { path: { storeId: 999_999 } },
          body: STORE,
        }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '网店不存在' });
  });
});
