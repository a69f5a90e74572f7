// The monitoring plan's reminders as durable jobs (docs/adr/0168, 0169): one per planned slot at its
// start, held back in the quiet hours 22:00–07:00 (凌晨 excepted), only for a patient whose 未测量提醒
// is on and who has no reading in that slot yet, and at most once per (patient, date, slot) across
// plans, restarts and API processes. The API's clock is injected: each test sets it to the China
// wall-clock time it needs (08:59:57, 22:10, 23:59:57 …) and time runs on from there. The job queue
// runs by the database's clock, which stays behind by the same offset; `runDue` carries a job's
// due time over to it (moves it back by the offset), so the job runs when the API's clock reaches
// its due time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chinaDateKey, DOCTOR_SERVICE_TYPE, parseChinaDateTime } from '@glucoguard/domain';
import type { ApiClient } from '@glucoguard/sdk';
import { Customer } from '../src/contexts/identity';
import { DoctorService } from '../src/contexts/care/doctor/doctorService.entity';
import { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { nativeQuery } from '../src/lib/db';
import { registeredCustomer, restartTestApi, startSecondInstance, startTestApi, type TestApi } from './harness';
import { doctorRecord, signedInStaff } from './staff-fixtures';

const DAY = 86_400_000;
const JOB = 'care.monitoring.remind';
const photo = 'uploads/273/2026/11/26/fedcba9876543210fedcba9876543210.png';

/** A clock that runs with the real one, from the China wall-clock time the test sets. */
function shiftedClock() {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  /** From now on the API reads `date time` (China) as now, and time runs on from there. */
  clock.setTo = (date: string, time: string) => {
    offset = at(date, time).getTime() - Date.now();
  };
  clock.reset = () => {
    offset = 0;
  };
  /** How far the API's clock runs ahead of the database's. */
  clock.offset = () => offset;
  return clock;
}
type Clock = ReturnType<typeof shiftedClock>;

const at = (date: string, time: string) => parseChinaDateTime(`${date} ${time}`)!;
/** A China date a few days from now, so no test depends on the hour it runs at. */
const dayAfter = (days: number) => chinaDateKey(Date.now() + days * DAY);
const nextDay = (date: string) => chinaDateKey(at(date, '12:00').getTime() + DAY);

async function doctorWithService(api: TestApi) {
  const doctor = await doctorRecord(api, { name: '林晓红', title: '主治医师' });
  const em = api.app.orm.em.fork();
  const service = em.create(DoctorService, {
    doctorId: doctor.id,
    serviceType: DOCTOR_SERVICE_TYPE.once,
    serviceName: '图文咨询',
    serviceInterval: 0,
    servicePrice: 4000,
    intro: '',
    status: 1,
    sort: 0,
  });
  await em.flush();
  const { username, oneTimePassword } = await signedInStaff(api, 'doctor', { doctorId: doctor.id });
  return { serviceId: service.id, username, password: oneTimePassword };
}

type Doctorish = Awaited<ReturnType<typeof doctorWithService>>;

/** The doctor's console, signed in at the API's current time (a staff session lasts 12 hours; the tests move days ahead). */
async function consoleOf(api: TestApi, doctor: Doctorish): Promise<ApiClient> {
  const { token } = await api
    .client()
    .POST('/console/v1/signIn', { body: { username: doctor.username, password: doctor.password } });
  return api.client({ token });
}

/** A new patient with a consultation the doctor accepted (status 2), the plan's precondition. */
async function patientInConsultation(api: TestApi, doctor: Doctorish, nickname: string) {
  const customer = await registeredCustomer(api, nickname);
  const bought = await customer.client.POST('/consult/v1/pay', { body: { serviceId: doctor.serviceId } });
  await customer.client.POST('/payment/v1/localPay', { body: { intentId: bought.intent.intentId, action: 'pay' } });
  await customer.client.POST('/consult/v1/saveDiagnosticInfo', {
    body: { sessionId: bought.sessionId, diagnosticInfo: { desc: '空腹血糖偏高，想请医生看看。', imgList: [photo] } },
  });
  const console = await consoleOf(api, doctor);
  await console.POST('/console/v1/consults/{consultId}/accept', { params: { path: { consultId: bought.consultId } } });
  const { openid } = await api.app.orm.em.fork().findOneOrFail(Customer, { id: customer.cid }, { fields: ['openid'] });
  return { ...customer, openid, consultId: bought.consultId };
}
type Patient = Awaited<ReturnType<typeof patientInConsultation>>;

const issuePlan = (console: ApiClient, patient: Patient, periods: { date: string; timeTypes: number[] }[]) =>
  console.POST('/console/v1/consults/{consultId}/monitorPlans', {
    params: { path: { consultId: patient.consultId } },
    body: { description: '请按计划测量血糖，下次复诊时一起看。', periods },
  });

async function jobOf(api: TestApi, key: string) {
  const [row] = await nativeQuery<{ state: string; start_after: string | Date }>(
    api.app.orm.em.fork(),
    "select state, start_after from pgboss.job where name = $1 and data->>'key' = $2",
    [JOB, key],
  );
  return row && { state: row.state, dueAt: new Date(row.start_after) };
}

const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 250 });

/**
 * Lets the reminder job of (plan, date, slot) fall due on the database's clock when the API's
 * reaches its due time, waits until it has run, then sends what the notice outbox holds.
 */
async function runDue(api: TestApi, clock: Clock, planId: string, date: string, timeType: number, send = true) {
  const moved = await nativeQuery<{ id: string }>(
    api.app.orm.em.fork(),
    `update pgboss.job set start_after = start_after - make_interval(secs => $3::double precision / 1000)
      where name = $1 and data->>'key' = $2 and state = 'created' returning id`,
    [JOB, `${planId}:${date}:${timeType}`, clock.offset()],
  );
  expect(moved).toHaveLength(1);
  await waitFor(async () => expect((await jobOf(api, `${planId}:${date}:${timeType}`))?.state).toBe('completed'));
  if (send) {
    await api.app.noticePush.runOnce();
  }
}

/** The reminders the local template-message outbox sent to the patient. */
function remindersSent(api: TestApi, patient: Patient) {
  const outbox = api.app.providers.noticePusher;
  if (!(outbox instanceof LocalPushOutbox)) {
    throw new Error('the test API does not use the local push outbox');
  }
  return outbox.list(patient.openid).filter((m) => m.path === '/monitoringPlan' && m.fields.result === '待测量');
}

/** The patient's in-app reminder notices. */
async function reminderNotices(api: TestApi, patient: Patient) {
  const { items } = await patient.client.GET('/notice/v1/pageQueryList', {
    params: { query: { pageNo: 1, pageSize: 50 } },
  });
  return items.filter((n) => n.kind === 'monitorRemind');
}

describe('on one running API', () => {
  const clock = shiftedClock();
  let api: TestApi;
  let doctor: Doctorish;
  const date = dayAfter(3);

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
    doctor = await doctorWithService(api);
  });
  afterAll(() => api.close());

  it("sends one reminder at the slot's start: an in-app notice and a template message", async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '周丽');
    // 早餐后 starts at 09:00 (the sugar dictionary): the reminder falls due in 3 seconds.
    clock.setTo(date, '08:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    const job = await jobOf(api, `${plan.id}:${date}:2`);
    expect(job?.dueAt).toEqual(at(date, '09:00'));
    expect(await reminderNotices(api, patient)).toEqual([]);

    await runDue(api, clock, plan.id, date, 2);
    const [notice, ...others] = await reminderNotices(api, patient);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      title: '该测早餐后血糖了',
      text: `林晓红医生为您制定的监测计划中，${date.slice(5, 7)}月${date.slice(8)}日早餐后（09:00–11:00）需要测一次血糖，测后记得记录，医生会看到。`,
      urgent: false,
    });
    expect(remindersSent(api, patient)).toEqual([
      expect.objectContaining({
        title: '该测早餐后血糖了',
        fields: { name: '周丽', item: '早餐后血糖', value: '医生监测计划', result: '待测量', time: `${date} 09:00` },
      }),
    ]);
  });

  it('sends nothing in the quiet hours: a 空腹 reminder waits for 07:00, a late 睡前 one is dropped', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '钱进');
    // At 05:00 the 空腹 slot (05:00–09:00) begins inside the quiet hours: its reminder is due at 07:00.
    clock.setTo(date, '05:00:00');
    const early = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [1] }]);
    expect(await jobOf(api, `${early.id}:${date}:1`)).toMatchObject({
      state: 'created',
      dueAt: at(date, '07:00'),
    });
    // At 22:10 the 睡前 slot (21:00–24:00) still runs, but the quiet hours have begun: its job runs
    // at once and sends nothing.
    clock.setTo(date, '22:10:00');
    const late = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2, 7] }]);
    // 早餐后 (09:00–11:00) is over: it gets no job at all.
    expect(await jobOf(api, `${late.id}:${date}:2`)).toBeUndefined();
    await runDue(api, clock, late.id, date, 7);
    expect(await reminderNotices(api, patient)).toEqual([]);
    expect(remindersSent(api, patient)).toEqual([]);
  });

  it('sends the 空腹 reminder at 07:00, when the quiet hours end', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '孙梅');
    clock.setTo(date, '06:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [1] }]);
    await runDue(api, clock, plan.id, date, 1);
    expect((await reminderNotices(api, patient)).map((n) => n.title)).toEqual(['该测空腹血糖了']);
    expect(remindersSent(api, patient)).toHaveLength(1);
  });

  it('sends the 凌晨 reminder at midnight, inside the quiet hours', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '李强');
    const night = nextDay(date);
    clock.setTo(date, '23:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date: night, timeTypes: [8] }]);
    expect((await jobOf(api, `${plan.id}:${night}:8`))?.dueAt).toEqual(at(night, '00:00'));
    await runDue(api, clock, plan.id, night, 8);
    expect((await reminderNotices(api, patient)).map((n) => n.title)).toEqual(['该测凌晨血糖了']);
    expect(remindersSent(api, patient).map((m) => m.fields.time)).toEqual([`${night} 00:00`]);
  });

  it('sends nothing to a patient whose 未测量提醒 is off', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '吴芳');
    await patient.client.POST('/customer/v1/updateMsgSetting', {
      body: { category: 'wechatMsg', code: 'sugarTest', isNoTestReceive: 0 },
    });
    clock.setTo(date, '08:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    await runDue(api, clock, plan.id, date, 2);
    expect(await reminderNotices(api, patient)).toEqual([]);
    expect(remindersSent(api, patient)).toEqual([]);
  });

  it('keeps a queued template message back when 未测量提醒 is switched off before it goes out', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '郑军');
    clock.setTo(date, '08:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    await runDue(api, clock, plan.id, date, 2, false);
    await patient.client.POST('/customer/v1/updateMsgSetting', {
      body: { category: 'wechatMsg', code: 'sugarTest', isNoTestReceive: 0 },
    });
    await api.app.noticePush.runOnce();
    expect(await reminderNotices(api, patient)).toHaveLength(1);
    expect(remindersSent(api, patient)).toEqual([]);
  });

  it('sends nothing when the slot already has a reading', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '冯涛');
    // 10:00, inside 早餐后 (09:00–11:00): measured at 09:30, then the plan names that slot.
    clock.setTo(date, '10:00:00');
    await patient.client.POST('/sugarTest/v1/add', {
      body: { sugar: 8.6, createTime: `${date} 09:30:00`, timeType: 2 },
    });
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2, 4] }]);
    await runDue(api, clock, plan.id, date, 2);
    expect(await reminderNotices(api, patient)).toEqual([]);
    expect(remindersSent(api, patient)).toEqual([]);
    // 午餐后 (12:30) is still to come and unmeasured: its job waits.
    expect((await jobOf(api, `${plan.id}:${date}:4`))?.state).toBe('created');
  });

  it('sends nothing to a patient who closed (注销) the account after the plan was issued', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '蒋涛');
    clock.setTo(date, '08:59:57');
    const plan = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    await patient.client.POST('/customer/v1/closeAccount', { body: {} });
    await runDue(api, clock, plan.id, date, 2);
    const rows = await nativeQuery<{ n: string | number }>(
      api.app.orm.em.fork(),
      "select count(*) as n from notice where recipient_id = $1 and kind = 'monitorRemind'",
      [patient.cid],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect(remindersSent(api, patient)).toEqual([]);
  });

  it('reminds once when two plans name the same slot', async () => {
    clock.reset();
    const patient = await patientInConsultation(api, doctor, '陈晨');
    clock.setTo(date, '08:59:57');
    const first = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    const second = await issuePlan(await consoleOf(api, doctor), patient, [{ date, timeTypes: [2] }]);
    await runDue(api, clock, first.id, date, 2);
    await runDue(api, clock, second.id, date, 2);
    expect(await reminderNotices(api, patient)).toHaveLength(1);
    expect(remindersSent(api, patient)).toHaveLength(1);
  });
});

describe('across a restart of the API', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'gg-monitor-reminders-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('does not remind a slot again after a restart', { timeout: 180_000 }, async () => {
    const date = dayAfter(4);
    const clock: Clock = shiftedClock();
    const first = await startTestApi({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '500' }, { clock });
    const doctor = await doctorWithService(first);
    const patient = await patientInConsultation(first, doctor, '秦岚');
    clock.setTo(date, '08:59:57');
    const plan = await issuePlan(await consoleOf(first, doctor), patient, [{ date, timeTypes: [2] }]);
    await runDue(first, clock, plan.id, date, 2);
    expect(remindersSent(first, patient)).toHaveLength(1);
    await first.app.close();

    // The same database, a new process: the sent reminder's job is not run again, and a plan issued
    // now for the same slot (its job runs at once, the slot still running) reminds nobody.
    const second = await restartTestApi(first, dataDir, clock);
    try {
      clock.setTo(date, '09:20:00');
      const again = await issuePlan(await consoleOf(second, doctor), patient, [{ date, timeTypes: [2] }]);
      const patientThere = { ...patient, client: second.client({ token: patient.signIn.token }) };
      await runDue(second, clock, again.id, date, 2);
      expect((await jobOf(second, `${plan.id}:${date}:2`))?.state).toBe('completed');
      expect(await reminderNotices(second, patientThere)).toHaveLength(1);
      expect(remindersSent(second, patientThere)).toEqual([]);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it('reminds once when both run jobs of plans naming the same slot', { timeout: 120_000 }, async () => {
    const date = dayAfter(5);
    const clock: Clock = shiftedClock();
    const api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
    const other = await startSecondInstance(api, clock);
    try {
      const doctor = await doctorWithService(api);
      const patient = await patientInConsultation(api, doctor, '韩雪');
      clock.setTo(date, '08:59:56');
      const doctorsConsole = await consoleOf(api, doctor);
      const plans = [];
      for (let i = 0; i < 4; i += 1) {
        plans.push(await issuePlan(doctorsConsole, patient, [{ date, timeTypes: [2] }]));
      }
      for (const plan of plans) {
        await runDue(api, clock, plan.id, date, 2);
      }
      expect(await reminderNotices(api, patient)).toHaveLength(1);
      expect(remindersSent(api, patient)).toHaveLength(1);
    } finally {
      await other.close();
      await api.close();
    }
  });
});
