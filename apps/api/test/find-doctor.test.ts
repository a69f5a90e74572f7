// Finding a doctor and the doctor's services (spec 3 §2.1, §3), and a doctor's own services in the
// console, through real HTTP on a real database seeded as every installation is (seed/doctorServices.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCTOR_SERVICE_MESSAGES, type StaffRole } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { createStaff } from '../src/contexts/identity';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { DOCTOR_PROFILES, seedDoctorServices } from '../src/seed/doctorServices';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

type Page = { items: Schema<'ConsultDoctorVo'>[]; currentPage: number; totalPage: number; totalNum: number };

let api: TestApi;
let patient: Awaited<ReturnType<typeof registeredCustomer>>;
let serial = 0;

const list = (body: Record<string, unknown>) =>
  patient.client.POST('/consult/v1/pagedQueryDoctorList', { body } as never) as Promise<Page>;

/** Every page of a filtered list, checking each page's size on the way. */
async function all(body: Record<string, unknown>): Promise<Schema<'ConsultDoctorVo'>[]> {
  const first = await list({ ...body, pageNo: 1 });
  const items = [...first.items];
  for (let pageNo = 2; pageNo <= first.totalPage; pageNo += 1) {
    items.push(...(await list({ ...body, pageNo })).items);
  }
  expect(items).toHaveLength(first.totalNum);
  return items;
}

const doctorIdByOpenid = async (openid: string) => (await api.app.em.fork().findOneOrFail(Doctor, { openid })).id;

async function staffSignedIn(role: StaffRole, doctorId: number | null) {
  const username = `fd.${role}.${process.pid}.${++serial}`;
  const made = await createStaff(
    api.app.em.fork(),
    { username, role, ...(doctorId !== null && { doctorId }) },
    null,
    new Date(),
  );
  const { token } = await api
    .client()
    .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
  return api.client({ token });
}

beforeAll(async () => {
  api = await startTestApi();
  patient = await registeredCustomer(api);
});
afterAll(() => api.close());

describe('POST /consult/v1/pagedQueryDoctorList', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/consult/v1/pagedQueryDoctorList', { body: {} }))).toMatchObject({
      code: 40100,
    });
  });

  it('refuses an emoji in the search, and a page larger than 20', async () => {
    expect(await failure(list({ keyName: '王😀' }))).toMatchObject({ code: 40000, errMsg: '请不要输入表情' });
    expect(await failure(list({ pageSize: 21 }))).toMatchObject({ code: 40000 });
    expect(await failure(list({ serviceTypes: [3] }))).toMatchObject({ code: 40000 });
  });

  it('lists every consulting doctor in pages of 10, by level, with the card prices', async () => {
    const first = await list({});
    expect(first.currentPage).toBe(1);
    expect(first.items).toHaveLength(10);
    const consulting = Object.keys(DOCTOR_PROFILES).length;
    expect(first.totalNum).toBe(consulting);
    expect(first.totalPage).toBe(Math.ceil(consulting / 10));
    const items = await all({});
    const levels = items.map((d) => d.professionalLevel ?? '~');
    expect(levels).toEqual([...levels].sort());
    const wang = items.find((d) => d.nickName === '王明远');
    expect(wang).toMatchObject({
      professionalLevel: '1',
      professionalLevelName: '主任医师',
      organizationName: '北京德康医院',
      departmentName: '内分泌科',
      eleRxStatus: 1,
      servicePrice: 6000,
      minServicePackagePrice: 19900,
    });
    expect(wang?.remark).toContain('胰岛素');
    // A doctor with only interval services has no single price; one with only a single consultation no package.
    expect(items.find((d) => d.nickName === '孙雅静')).toMatchObject({
      servicePrice: null,
      minServicePackagePrice: 7900,
    });
    expect(items.find((d) => d.nickName === '赵晓岚')).toMatchObject({
      servicePrice: 2500,
      minServicePackagePrice: null,
    });
    // Doctors offering nothing and educator nurses are not listed.
    expect(items.map((d) => d.nickName)).not.toContain('贺文涛');
    expect(items.map((d) => d.nickName)).not.toContain('谢婉婷');
  });

  it('filters by prescribing, level, service type and region', async () => {
    const prescribers = await all({ eleRxStatus: 1 });
    expect(prescribers.length).toBeGreaterThan(0);
    expect(prescribers.every((d) => d.eleRxStatus === 1)).toBe(true);
    expect(prescribers.length).toBe(Object.values(DOCTOR_PROFILES).filter((p) => p.eleRxStatus === 1).length);

    const chiefs = await all({ professionalLevels: ['1', '2'] });
    expect(new Set(chiefs.map((d) => d.professionalLevelName))).toEqual(new Set(['主任医师', '副主任医师']));

    const packages = await all({ serviceTypes: [2] });
    expect(packages.every((d) => d.minServicePackagePrice !== null)).toBe(true);
    expect(packages.map((d) => d.nickName)).not.toContain('赵晓岚');

    const shanghai = await all({ province: '310000' });
    expect(new Set(shanghai.map((d) => d.organizationName))).toEqual(new Set(['上海徐南医院', '上海东岸医院']));
    const xuhui = await all({ province: '310000', city: '310100', district: '310104' });
    expect(new Set(xuhui.map((d) => d.organizationName))).toEqual(new Set(['上海徐南医院']));
  });

  it('searches names, hospitals and departments; a blank search lists everyone', async () => {
    expect((await all({ keyName: '王明远' })).map((d) => d.nickName)).toEqual(['王明远']);
    const hospital = await all({ keyName: '湖滨' });
    expect(hospital.length).toBeGreaterThan(0);
    expect(hospital.every((d) => d.organizationName === '杭州湖滨医院')).toBe(true);
    const department = await all({ keyName: '眼科' });
    expect(department.map((d) => d.departmentName)).toEqual(department.map(() => '眼科'));
    expect(await all({ keyName: '%' })).toEqual([]);
    expect((await list({ keyName: '   ' })).totalNum).toBe(Object.keys(DOCTOR_PROFILES).length);
  });

  it('answers an empty page past the end', async () => {
    expect(await list({ pageNo: 99 })).toMatchObject({ items: [], currentPage: 99 });
  });
});

describe('the doctor detail and the service pages', () => {
  it('answers the profile, or 40400 for an unknown doctor or an educator nurse', async () => {
    const id = await doctorIdByOpenid('demo_doctor_wang');
    const doctor = await patient.client.GET('/consult/v1/queryDoctor', { params: { query: { doctorId: id } } });
    expect(doctor).toMatchObject({ doctorId: id, nickName: '王明远', job: '内分泌科主任', sex: 1 });
    expect(
      await failure(patient.client.GET('/consult/v1/queryDoctor', { params: { query: { doctorId: 999999 } } })),
    ).toMatchObject({ code: 40400, errMsg: '医生不存在' });
    const nurse = await api.app.em.fork().findOneOrFail(Doctor, { roleType: 2 });
    expect(
      await failure(patient.client.GET('/consult/v1/queryDoctor', { params: { query: { doctorId: nurse.id } } })),
    ).toMatchObject({ code: 40400 });
  });

  it('lists the single consultation and the interval services, and one with its introduction', async () => {
    const doctorId = await doctorIdByOpenid('demo_doctor_wang');
    const services = await patient.client.GET('/consult/v1/queryService', { params: { query: { doctorId } } });
    expect(services.onceConsult).toMatchObject({ serviceType: 1, serviceInterval: 0, servicePrice: 6000, status: 1 });
    expect(services.intervalConsults.map((s) => [s.serviceName, s.serviceInterval, s.servicePrice])).toEqual([
      ['7天包周服务', 7, 19900],
      ['30天包月服务', 30, 59900],
    ]);
    const serviceId = services.intervalConsults[0]?.serviceId as number;
    const intro = await patient.client.GET('/consult/v1/queryServiceIntro', { params: { query: { serviceId } } });
    expect(intro.intro).toContain('7天内');
    expect(
      await failure(patient.client.GET('/consult/v1/queryServiceIntro', { params: { query: { serviceId: 999999 } } })),
    ).toMatchObject({ code: 40400, errMsg: '该服务已下架' });
  });

  it('names the service types', async () => {
    expect(await patient.client.GET('/consult/v1/getAllServiceType')).toEqual([
      { serviceType: 1, serviceTypeName: '单次图文咨询' },
      { serviceType: 2, serviceTypeName: '包时段咨询' },
    ]);
  });
});

describe("a doctor's own services in the console", () => {
  let doctorId: number;
  let doctor: Awaited<ReturnType<typeof staffSignedIn>>;

  beforeAll(async () => {
    const em = api.app.em.fork();
    const row = em.create(Doctor, {
      openid: `fd_doctor_${process.pid}`,
      name: '测试医生',
      inviteCode: 'FDT001',
      roleType: 1,
      title: '主治医师',
      professionalLevel: '3',
    });
    await em.flush();
    doctorId = row.id;
    doctor = await staffSignedIn('doctor', doctorId);
  });

  it('needs a staff token with the doctor role', async () => {
    expect(await failure(patient.client.GET('/console/v1/doctor/services'))).toMatchObject({ code: 40100 });
    const pharmacist = await staffSignedIn('pharmacist', null);
    expect(await failure(pharmacist.GET('/console/v1/doctor/services'))).toMatchObject({ code: 40300 });
  });

  it('refuses a service the domain rules refuse, and a second one of the same kind', async () => {
    const post = (body: Schema<'DoctorServiceInput'>) => doctor.POST('/console/v1/doctor/services', { body });
    expect(await failure(post({ serviceType: 1, serviceName: '图文', servicePrice: 50 }))).toMatchObject({
      code: 40000,
      errMsg: DOCTOR_SERVICE_MESSAGES.priceInvalid,
    });
    expect(await failure(post({ serviceType: 2, serviceName: '包周', servicePrice: 5000 }))).toMatchObject({
      errMsg: DOCTOR_SERVICE_MESSAGES.intervalInvalid,
    });
    expect(await failure(post({ serviceType: 1, serviceName: ' ', servicePrice: 5000 }))).toMatchObject({
      errMsg: DOCTOR_SERVICE_MESSAGES.nameRequired,
    });
    await post({ serviceType: 1, serviceName: '单次图文咨询', servicePrice: 3000, intro: '一次咨询' });
    expect(await failure(post({ serviceType: 1, serviceName: '再来一个', servicePrice: 3000 }))).toMatchObject({
      code: 40900,
      errMsg: '该服务已存在',
    });
  });

  it('adds, changes and withdraws services that patients then see, audited', async () => {
    const added = await doctor.POST('/console/v1/doctor/services', {
      body: { serviceType: 2, serviceName: '14天服务', servicePrice: 9900, serviceInterval: 14 },
    });
    expect(added).toMatchObject({ doctorId, serviceType: 2, serviceInterval: 14, status: 1 });
    const seen = await patient.client.GET('/consult/v1/queryService', { params: { query: { doctorId } } });
    expect(seen.intervalConsults.map((s) => s.serviceId)).toEqual([added.serviceId]);
    expect((await all({ keyName: '测试医生' }))[0]).toMatchObject({ servicePrice: 3000, minServicePackagePrice: 9900 });

    const changed = await doctor.PUT('/console/v1/doctor/services/{serviceId}', {
      params: { path: { serviceId: added.serviceId } },
      body: { serviceType: 2, serviceName: '14天服务', servicePrice: 8800, serviceInterval: 14, status: 0 },
    });
    expect(changed).toMatchObject({ servicePrice: 8800, status: 0 });
    expect(
      (await patient.client.GET('/consult/v1/queryService', { params: { query: { doctorId } } })).intervalConsults,
    ).toEqual([]);
    expect(
      await failure(
        patient.client.GET('/consult/v1/queryServiceIntro', { params: { query: { serviceId: added.serviceId } } }),
      ),
    ).toMatchObject({ code: 40400 });
    expect((await doctor.GET('/console/v1/doctor/services')).map((s) => [s.serviceType, s.status])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    const events = await api.app.em.fork().find(AuditEvent, { target: String(added.serviceId) });
    expect(events.map((e) => e.action).sort()).toEqual(['doctorService.create', 'doctorService.update']);
  });

  it("refuses another doctor's service", async () => {
    const wangId = await doctorIdByOpenid('demo_doctor_wang');
    const wangs = await patient.client.GET('/consult/v1/queryService', { params: { query: { doctorId: wangId } } });
    expect(
      await failure(
        doctor.PUT('/console/v1/doctor/services/{serviceId}', {
          params: { path: { serviceId: wangs.onceConsult?.serviceId as number } },
          body: { serviceType: 1, serviceName: '改价', servicePrice: 100 },
        }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '该服务不存在' });
  });
});

describe('the authorisation matrix of doctor services', () => {
  type Caller = 'anonymous' | 'visitor' | 'patient' | 'doctor' | 'otherDoctor' | 'pharmacist' | 'operator' | 'admin';
  const CALLERS: Caller[] = [
    'anonymous',
    'visitor',
    'patient',
    'doctor',
    'otherDoctor',
    'pharmacist',
    'operator',
    'admin',
  ];
  let clients: Record<Caller, ReturnType<TestApi['client']>>;
  let serviceId: number;

  beforeAll(async () => {
    const em = api.app.em.fork();
    const [mine, other] = ['FDM001', 'FDM002'].map((inviteCode, i) =>
      em.create(Doctor, { openid: `fd_matrix_${i}_${process.pid}`, name: `矩阵医生${i}`, inviteCode, roleType: 1 }),
    ) as [Doctor, Doctor];
    await em.flush();
    clients = {
      anonymous: api.client(),
      visitor: (await signInNewVisitor(api)).client,
      patient: patient.client,
      doctor: await staffSignedIn('doctor', mine.id),
      otherDoctor: await staffSignedIn('doctor', other.id),
      pharmacist: await staffSignedIn('pharmacist', null),
      operator: await staffSignedIn('operator', null),
      admin: await staffSignedIn('admin', null),
    };
    serviceId = (
      await clients.doctor.POST('/console/v1/doctor/services', {
        body: { serviceType: 1, serviceName: '单次图文咨询', servicePrice: 2000 },
      })
    ).serviceId;
  });

  /** The envelope code a call answers: 0 when it succeeds. */
  const codeOf = (call: Promise<unknown>) =>
    call.then(
      () => 0,
      (error: { code: number }) => error.code,
    );

  const calls: Record<string, (client: ReturnType<TestApi['client']>) => Promise<unknown>> = {
    pagedQueryDoctorList: (c) => c.POST('/consult/v1/pagedQueryDoctorList', { body: {} }),
    queryServiceIntro: (c) => c.GET('/consult/v1/queryServiceIntro', { params: { query: { serviceId } } }),
    listOwnDoctorServices: (c) => c.GET('/console/v1/doctor/services'),
    updateOwnDoctorService: (c) =>
      c.PUT('/console/v1/doctor/services/{serviceId}', {
        params: { path: { serviceId } },
        body: { serviceType: 1, serviceName: '单次图文咨询', servicePrice: 2500 },
      }),
  };

  // Patients' calls take any customer session; the console's only a doctor, and only their own service.
  const EXPECTED: Record<string, Record<Caller, number>> = {
    pagedQueryDoctorList: {
      anonymous: 40100,
      visitor: 0,
      patient: 0,
      doctor: 40100,
      otherDoctor: 40100,
      pharmacist: 40100,
      operator: 40100,
      admin: 40100,
    },
    queryServiceIntro: {
      anonymous: 40100,
      visitor: 0,
      patient: 0,
      doctor: 40100,
      otherDoctor: 40100,
      pharmacist: 40100,
      operator: 40100,
      admin: 40100,
    },
    listOwnDoctorServices: {
      anonymous: 40100,
      visitor: 40100,
      patient: 40100,
      doctor: 0,
      otherDoctor: 0,
      pharmacist: 40300,
      operator: 40300,
      admin: 40300,
    },
    updateOwnDoctorService: {
      anonymous: 40100,
      visitor: 40100,
      patient: 40100,
      doctor: 0,
      otherDoctor: 40400,
      pharmacist: 40300,
      operator: 40300,
      admin: 40300,
    },
  };

  it.each(Object.keys(calls))('%s answers each caller as the matrix says', async (name) => {
    const call = calls[name] as (client: ReturnType<TestApi['client']>) => Promise<unknown>;
    const got: Record<string, number> = {};
    for (const caller of CALLERS) {
      got[caller] = await codeOf(call(clients[caller]));
    }
    expect(got).toEqual(EXPECTED[name]);
  });
});

describe('seeding again', () => {
  it("keeps a doctor's own prices and stopped services", async () => {
    const wangId = await doctorIdByOpenid('demo_doctor_wang');
    const wang = await staffSignedIn('doctor', wangId);
    const week = (await wang.GET('/console/v1/doctor/services')).find((s) => s.serviceInterval === 7);
    expect(week).toBeDefined();
    await wang.PUT('/console/v1/doctor/services/{serviceId}', {
      params: { path: { serviceId: week?.serviceId as number } },
      body: { serviceType: 2, serviceName: '7天包周服务', servicePrice: 15900, serviceInterval: 7, status: 0 },
    });
    await seedDoctorServices(api.app.em.fork());
    const after = (await wang.GET('/console/v1/doctor/services')).find((s) => s.serviceId === week?.serviceId);
    expect(after).toMatchObject({ servicePrice: 15900, status: 0 });
  });
});
