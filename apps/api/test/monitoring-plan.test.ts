// Glucose monitoring plans through real HTTP on a real database (spec 3 §2.5; docs/adr/0164, 0165):
// the consultation's doctor issues a plan in the console (only once accepted, validated, audited),
// the patient gets a notice and reads the plan as a table whose planned slots are marked done by a
// reading typed into the form or sent by a meter, with adherence; nobody reads another's plan.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_STATUS, MONITORING_MESSAGES, STAFF_MESSAGES, type StaffRole } from '@glucoguard/domain';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { sql } from '../src/lib/db';
import { glucoseSlotsWithReadings } from '../src/contexts/health';
import { browseAudit } from '../src/contexts/platform';
import { provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { consultationFixture, signedInStaff } from './staff-fixtures';

const DAY = 86_400_000;
// Thursday 2026-11-26 10:00 China time.
const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type SignedIn = Awaited<ReturnType<typeof signedIn>>;
let patient: Customer;
let otherPatient: Customer;
let doctor: SignedIn;
let otherDoctor: SignedIn;
let doctorIds: number[];
let doctorName: string;
let runningConsult: string;

const signedIn = (role: StaffRole, doctorId?: number) => signedInStaff(api, role, { doctorId, now: clock() });

/** A consultation of `who` with the doctor record `doctorId`, in `status`, as the consult module keeps it. */
const consultation = (doctorId: number, status: number, who: Customer = patient) =>
  consultationFixture(api, { customerId: who.cid, doctorId, status, now: clock() });

type Periods = { date: string; timeTypes: number[] }[];
const issue = (who: SignedIn, consultId: string, description: string, periods: Periods) =>
  who.client.POST('/console/v1/consults/{consultId}/monitorPlans', {
    params: { path: { consultId } },
    body: { description, periods },
  });
const plansOf = (who: SignedIn, consultId: string) =>
  who.client.GET('/console/v1/consults/{consultId}/monitorPlans', { params: { path: { consultId } } });
const byId = (who: Customer, monitorId: string) =>
  who.client.GET('/sugarmonitor/receive/queryById', { params: { query: { monitorId } } });
const audited = (who: SignedIn, action: string) =>
  browseAudit(api.app.em.fork(), { actorId: who.staff.id, action }, 50);

/** The flagged and the done slots of a plan, as 'MM-DD:timeType' lists. */
function marks(plan: {
  monitorPeriods: { ytitle: string; xperiod: { timeType: number; monitorFlag: number; done: boolean }[] }[];
}) {
  const cells = plan.monitorPeriods.flatMap((row) =>
    row.xperiod.map((c) => ({ ...c, key: `${row.ytitle}:${c.timeType}` })),
  );
  return {
    planned: cells.filter((c) => c.monitorFlag === 1).map((c) => c.key),
    done: cells.filter((c) => c.done).map((c) => c.key),
  };
}

const PERIODS: Periods = [
  { date: '2026-11-27', timeTypes: [7, 1] },
  { date: '2026-11-26', timeTypes: [1, 2, 4] },
  { date: '2026-11-28', timeTypes: [1] },
];

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  const doctors = await api.app.em.fork().find(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' }, limit: 2 });
  doctorIds = doctors.map((d) => d.id);
  doctorName = doctors[0]!.name;
  doctor = await signedIn('doctor', doctorIds[0]);
  otherDoctor = await signedIn('doctor', doctorIds[1]);
  patient = await registeredCustomer(api, '王建国');
  otherPatient = await registeredCustomer(api, '赵敏');
  runningConsult = await consultation(doctorIds[0]!, CONSULT_STATUS.inConsultation);
});
afterAll(() => api.close());

describe('who may call', () => {
  it('refuses visitors and callers without a session on the patient calls', async () => {
    const visitor = (await signInNewVisitor(api)).client;
    // Thunks: each call starts only when awaited, so no refusal is left unhandled meanwhile.
    const calls = (c: typeof visitor) => [
      () => c.GET('/sugarmonitor/receive/queryById', { params: { query: { monitorId: randomUUID() } } }),
      () => c.POST('/sugarmonitor/receive/latest', { body: {} }),
      () => c.POST('/sugarmonitor/receive/list', { body: { pageNo: 1, pageSize: 10 } }),
    ];
    for (const call of calls(visitor)) {
      expect(await failure(call())).toMatchObject({ code: 40300, errMsg: '请先注册' });
    }
    for (const call of calls(api.client())) {
      expect(await failure(call())).toMatchObject({ code: 40100 });
    }
  });

  it('refuses staff who are not doctors, and customers, on the console calls', async () => {
    for (const role of ['pharmacist', 'operator'] as const) {
      const staff = await signedIn(role);
      expect(await failure(issue(staff, runningConsult, '每天空腹', PERIODS))).toMatchObject({
        code: 40300,
        errMsg: STAFF_MESSAGES.forbidden,
      });
      expect(await failure(plansOf(staff, runningConsult))).toMatchObject({ code: 40300 });
    }
    expect(
      await failure(
        patient.client.GET('/console/v1/consults/{consultId}/monitorPlans', {
          params: { path: { consultId: runningConsult } },
        }),
      ),
    ).toMatchObject({ code: 40100 });
  });

  it("refuses another doctor's consultation, an unknown one, and one not accepted, storing nothing", async () => {
    expect(await failure(issue(otherDoctor, runningConsult, '每天空腹', PERIODS))).toMatchObject({ code: 40300 });
    expect(await failure(plansOf(otherDoctor, runningConsult))).toMatchObject({ code: 40300 });
    expect(await failure(issue(doctor, randomUUID(), '每天空腹', PERIODS))).toMatchObject({ code: 40400 });
    for (const status of [CONSULT_STATUS.toConsult, CONSULT_STATUS.waitingAccept, CONSULT_STATUS.cancelled]) {
      const consultId = await consultation(doctorIds[0]!, status);
      expect(await failure(issue(doctor, consultId, '每天空腹', PERIODS))).toMatchObject({
        code: 40300,
        errMsg: '接诊后才能为患者制定监测计划',
      });
      expect(await failure(plansOf(doctor, consultId))).toMatchObject({ code: 40300 });
    }
    expect(await patient.client.POST('/sugarmonitor/receive/latest', { body: {} })).toBeNull();
    expect(await audited(doctor, 'monitor.issue')).toHaveLength(0);
  });
});

describe('validation', () => {
  it.each([
    ['no dates', '每天空腹', [], MONITORING_MESSAGES.noDates],
    ['yesterday', '每天空腹', [{ date: '2026-11-25', timeTypes: [1] }], '监测日期须在今天起30天内'],
    ['31 days ahead', '每天空腹', [{ date: '2026-12-27', timeTypes: [1] }], MONITORING_MESSAGES.dateOutOfRange],
    ['no such day', '每天空腹', [{ date: '2026-11-31', timeTypes: [1] }], MONITORING_MESSAGES.badDate],
    [
      'a date twice',
      '每天空腹',
      [
        { date: '2026-11-27', timeTypes: [1] },
        { date: '2026-11-27', timeTypes: [2] },
      ],
      MONITORING_MESSAGES.duplicateDate,
    ],
    ['a date without slots', '每天空腹', [{ date: '2026-11-27', timeTypes: [] }], MONITORING_MESSAGES.noSlot],
    ['a slot twice', '每天空腹', [{ date: '2026-11-27', timeTypes: [1, 1] }], MONITORING_MESSAGES.badSlot],
    [
      '32 dates',
      '每天空腹',
      Array.from({ length: 32 }, (_, i) => ({ date: `2026-12-${String(i + 1).padStart(2, '0')}`, timeTypes: [1] })),
      '监测日期最多31天',
    ],
    ['a blank description', '   ', [{ date: '2026-11-27', timeTypes: [1] }], '请填写监测说明'],
    ['201 characters', '测'.repeat(201), [{ date: '2026-11-27', timeTypes: [1] }], '监测说明不能超过200字'],
  ])('refuses %s with its message', async (_name, description, periods, errMsg) => {
    expect(await failure(issue(doctor, runningConsult, description, periods as Periods))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('refuses a slot outside 1..8 in the contract', async () => {
    expect(
      await failure(issue(doctor, runningConsult, '每天空腹', [{ date: '2026-11-27', timeTypes: [9] }])),
    ).toMatchObject({ code: 40000, errMsg: MONITORING_MESSAGES.badSlot });
  });
});

describe('a plan from issue to adherence', () => {
  let planId: string;

  it('is issued: the table in the spec slot order, the notice and its template message, the audit', async () => {
    // A reading of the form before the plan: 07:10 is 空腹 by the dictionary.
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 7.2, createTime: '2026-11-26 07:10', tags: [] } });
    const plan = await issue(doctor, runningConsult, '  每天空腹、早餐后和午餐后各测一次，连续三天。 ', PERIODS);
    planId = plan.id;
    expect(plan).toMatchObject({
      description: '每天空腹、早餐后和午餐后各测一次，连续三天。',
      createTime: '2026-11-26 10:00:00',
      doctorName,
    });
    expect(plan.monitorPeriods.map((r) => [r.ytitle, r.date])).toEqual([
      ['11-26', '2026-11-26'],
      ['11-27', '2026-11-27'],
      ['11-28', '2026-11-28'],
    ]);
    for (const row of plan.monitorPeriods) {
      expect(row.xperiod.map((c) => c.xtitle)).toEqual([
        '凌晨',
        '空腹',
        '早餐后',
        '午餐前',
        '午餐后',
        '晚餐前',
        '晚餐后',
        '睡前',
      ]);
    }
    expect(marks(plan)).toEqual({
      planned: ['11-26:1', '11-26:2', '11-26:4', '11-27:1', '11-27:7', '11-28:1'],
      done: ['11-26:1'],
    });
    // Done early counts at once; today's other slots and later days wait.
    expect(plan.adherence).toEqual({ planned: 1, done: 1, percent: 100 });

    const notices = await patient.client.GET('/notice/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 20 } },
    });
    const notice = notices.items.find((n) => n.kind === 'monitorPlan');
    expect(notice).toMatchObject({
      title: '医生为您制定了血糖监测计划',
      text: `${doctorName}医生为您制定了血糖监测计划（11-26至11-28，共6次测量），请按计划按时测量血糖。`,
      read: false,
    });
    const [queued] = await sql(api.app.orm.em.fork()).execute<{ push_status: string; push_data: unknown }[]>(
      `select push_status, push_data from notice where recipient_id = ? and kind = 'monitorPlan'`,
      [patient.cid],
    );
    expect(queued?.push_status).toBe('pending');
    const pushData: unknown =
      typeof queued?.push_data === 'string' ? (JSON.parse(queued.push_data) as unknown) : queued?.push_data;
    expect(pushData).toMatchObject({
      name: '王建国',
      item: '血糖监测计划',
      value: '11-26至11-28共6次',
      result: '请按时测量',
    });

    // The template message goes out through the push provider and opens the plan.
    await api.app.noticePush.runOnce();
    const sent = (api.app.providers.noticePusher as LocalPushOutbox).list(patient.signIn.openid);
    expect(sent.filter((m) => m.fields.item === '血糖监测计划')).toMatchObject([
      { title: '医生为您制定了血糖监测计划', path: '/monitoringPlan', fields: { value: '11-26至11-28共6次' } },
    ]);

    const events = await audited(doctor, 'monitor.issue');
    expect(events.map((e) => [e.patientId, e.target])).toEqual([[patient.cid, planId]]);
  });

  it('is the patient’s latest, in their list, readable by id; not by anyone else', async () => {
    expect((await patient.client.POST('/sugarmonitor/receive/latest', { body: {} }))?.id).toBe(planId);
    expect((await byId(patient, planId)).id).toBe(planId);
    expect(await failure(byId(otherPatient, planId))).toMatchObject({
      code: 40400,
      errMsg: MONITORING_MESSAGES.notFound,
    });
    expect(await failure(byId(patient, randomUUID()))).toMatchObject({ code: 40400, errMsg: '监测计划不存在' });
    // Not an id at all: refused by the contract with the same words.
    expect(await failure(byId(patient, 'abc'))).toMatchObject({ code: 40000, errMsg: '监测计划不存在' });
    expect(await otherPatient.client.POST('/sugarmonitor/receive/latest', { body: {} })).toBeNull();
    expect(await otherPatient.client.POST('/sugarmonitor/receive/list', { body: {} })).toEqual({
      items: [],
      currentPage: 1,
      totalPage: 0,
      totalNum: 0,
    });
  });

  it('marks a meter reading’s slot done and counts the days gone by', async () => {
    // Two days later: a meter bound to the patient sends 11-27 07:05 (空腹 by the dictionary).
    clock.advance(2 * DAY);
    // Staff sessions do not last two days: the doctors sign in again.
    doctor = await signedIn('doctor', doctorIds[0]);
    otherDoctor = await signedIn('doctor', doctorIds[1]);
    const imei = `86300000${String(process.pid % 1000).padStart(3, '0')}0001`;
    const { bindCode } = await provisionDevice(
      api.app.orm.em.fork(),
      { imei, kind: 'glucose', model: 'GG-1' },
      clock(),
    );
    await patient.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
    const payload = { id: 'm1', kind: 'glucose', value: 6.8, unit: 'mmol/L', measuredAt: '2026-11-27T07:05:00+08:00' };
    await api.client().POST('/internal/v1/meterReadings', {
      body: { messages: [{ imei, payload: JSON.stringify(payload) }] },
      headers: { 'X-Gateway-Token': DEV_GATEWAY_TOKEN },
    });
    // A reading in a slot the plan did not ask for marks nothing.
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 8.1, createTime: '2026-11-27 11:00', tags: [] } });

    const slots = await glucoseSlotsWithReadings(api.app.em.fork(), patient.cid, '2026-11-26', '2026-11-28');
    expect([...slots].sort()).toEqual(['2026-11-26:1', '2026-11-27:1', '2026-11-27:3']);

    const plan = await byId(patient, planId);
    expect(marks(plan).done).toEqual(['11-26:1', '11-27:1']);
    // It is 11-28 10:00: the 5 slots of 11-26 and 11-27 count, 2 of them done; 11-28 空腹 waits.
    expect(plan.adherence).toEqual({ planned: 5, done: 2, percent: 40 });
  });

  it('lists the patient’s plans newest first, 10 a page', async () => {
    for (let i = 0; i < 10; i += 1) {
      clock.advance(60_000);
      await issue(doctor, runningConsult, `第${i + 2}份计划`, [{ date: '2026-11-29', timeTypes: [8] }]);
    }
    const first = await patient.client.POST('/sugarmonitor/receive/list', { body: { pageNo: 1, pageSize: 10 } });
    expect(first).toMatchObject({ currentPage: 1, totalPage: 2, totalNum: 11 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ description: '第11份计划', doctorName });
    const second = await patient.client.POST('/sugarmonitor/receive/list', { body: { pageNo: 2 } });
    expect(second.items.map((p) => p.id)).toEqual([planId]);
    expect((await patient.client.POST('/sugarmonitor/receive/latest', { body: {} }))?.description).toBe('第11份计划');
  });

  it('shows the doctor the plans they gave this patient, with adherence, and audits the read', async () => {
    // A plan of another doctor to the same patient, and one of this doctor to another patient: not listed.
    const theirs = await consultation(doctorIds[1]!, CONSULT_STATUS.inConsultation);
    await issue(otherDoctor, theirs, '他院医生的计划', [{ date: '2026-11-29', timeTypes: [1] }]);
    const elsewhere = await consultation(doctorIds[0]!, CONSULT_STATUS.finished, otherPatient);
    await issue(doctor, elsewhere, '另一位患者的计划', [{ date: '2026-11-29', timeTypes: [1] }]);

    // An ended consultation of the same patient lists them too.
    const ended = await consultation(doctorIds[0]!, CONSULT_STATUS.finished);
    const { items } = await plansOf(doctor, ended);
    expect(items).toHaveLength(11);
    expect(items.at(-1)).toMatchObject({ id: planId, adherence: { planned: 5, done: 2, percent: 40 } });
    expect(items.map((p) => p.description)).not.toContain('他院医生的计划');
    const reads = await audited(doctor, 'monitor.read');
    expect(reads.map((e) => [e.patientId, e.target])).toContainEqual([patient.cid, ended]);
  });
});
