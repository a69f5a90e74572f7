// Prescriptions and medication advice through real HTTP on a real database: the doctor writes in
// their own consultation, the pharmacist reviews and dispenses, the patient reads their own
// (docs/adr/0153-prescriptions-and-their-review.md, 0154, 0155).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_MEMBER_TYPE, RX_MESSAGES, STAFF_MESSAGES, type StaffRole } from '@glucoguard/domain';
import { customerImUserId, expirePrescription, openChatSession, staffImUserId } from '../src/contexts/care';
import { browseAudit } from '../src/contexts/platform';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { Medicine } from '../src/contexts/care/pharmacy/pharmacy.entity';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { nativeQuery } from '../src/lib/db';
import { JobNames } from '../src/composition';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type SignedIn = Awaited<ReturnType<typeof signedIn>>;
let patient: Customer;
let otherPatient: Customer;
/** Linked to a directory doctor who may prescribe. */
let doctor: SignedIn;
/** Linked to a directory doctor who may not (eleRxStatus 0). */
let doctorNoRx: SignedIn;
let pharmacist: SignedIn;
let doctorIds: number[];
let medicineIds: number[];
/** The patient's running consultation with `doctor`, its chat session, and another patient's with `doctorNoRx`. */
let consultId: string;
let sessionId: string;
let noRxConsultId: string;

const signedIn = (role: StaffRole, doctorId?: number) => signedInStaff(api, role, { doctorId, now: clock() });

/** A paid consultation in `status` between a patient and a doctor, with its chat session. */
async function consultation(customerId: string, doctorId: number, staffId: string, status: number) {
  const chat = await openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status,
    members: [
      { imUserId: customerImUserId(customerId), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: staffImUserId(staffId), type: CHAT_MEMBER_TYPE.doctor },
    ],
  });
  const em = api.app.orm.em.fork();
  const id = randomUUID();
  em.create(Consult, {
    id,
    customerId,
    doctorId,
    serviceId: 1,
    serviceName: '图文咨询',
    serviceType: 1,
    priceCents: 2000,
    status,
    sessionId: chat,
    createdAt: clock(),
  });
  await em.flush();
  return { id, sessionId: chat };
}

const line = (medicineId: number, more: Partial<Record<string, unknown>> = {}) => ({
  medicineId,
  number: 2,
  dosage: '0.5',
  usaged: '1',
  rate: '2',
  time: 7,
  timeUnit: 0 as const,
  ...more,
});

const prescribe = (who: SignedIn, body: Partial<Record<string, unknown>> = {}) =>
  who.client.POST('/console/v1/rx/prescriptions', {
    body: {
      consultId,
      content: '2型糖尿病，空腹血糖控制欠佳。继续饮食控制，加用二甲双胍。',
      rxCategory: '1',
      medicines: [line(medicineIds[0]!), line(medicineIds[1]!, { usaged: '1', rate: '3', number: 1 })],
      requestKey: `rx-${randomUUID()}`,
      ...body,
    } as never,
  });
const review = (who: SignedIn, infoId: string, approve: boolean, reason?: string) =>
  who.client.POST('/console/v1/rx/prescriptions/{infoId}/review', {
    params: { path: { infoId } },
    body: { approve, ...(reason !== undefined && { reason }) },
  });
const detail = (who: Customer, infoId: string) => who.client.GET('/rx/v1/queryById', { params: { query: { infoId } } });
const list = (who: Customer, query: Record<string, unknown>) =>
  who.client.GET('/rx/v1/pagedQueryList', { params: { query: { type: 1, ...query } as never } });
const chatKinds = async () => {
  const page = await patient.client.GET('/consult/v1/pagedQueryMessageList', { params: { query: { sessionId } } });
  return page.items.flatMap((m) => (m.payload.type === 'custom' ? [m.payload.data] : []));
};

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  const em = api.app.em.fork();
  const doctors = await em.find(Doctor, { roleType: 1 }, { orderBy: { id: 'asc' }, limit: 3 });
  doctorIds = doctors.map((d) => d.id);
  await em.nativeUpdate(Doctor, { id: doctorIds[0] }, { eleRxStatus: 1 });
  await em.nativeUpdate(Doctor, { id: { $in: [doctorIds[1]!, doctorIds[2]!] } }, { eleRxStatus: 0 });
  medicineIds = (await em.find(Medicine, {}, { orderBy: { id: 'asc' }, limit: 3 })).map((m) => m.id);
  patient = await registeredCustomer(api, '张建国');
  otherPatient = await registeredCustomer(api, '王秀兰');
  doctor = await signedIn('doctor', doctorIds[0]);
  doctorNoRx = await signedIn('doctor', doctorIds[1]);
  pharmacist = await signedIn('pharmacist');
  ({ id: consultId, sessionId } = await consultation(patient.cid, doctorIds[0]!, doctor.staff.id, 2));
  noRxConsultId = (await consultation(otherPatient.cid, doctorIds[1]!, doctorNoRx.staff.id, 2)).id;
});
afterAll(() => api.close());

describe('consoleCreatePrescription', () => {
  it('needs a doctor’s console token', async () => {
    expect(await failure(api.client().POST('/console/v1/rx/prescriptions', { body: {} as never }))).toMatchObject({
      code: 40100,
    });
    expect(await failure(prescribe(patient as unknown as SignedIn))).toMatchObject({ code: 40100 });
    for (const role of ['pharmacist', 'operator', 'admin'] as const) {
      const staff = role === 'pharmacist' ? pharmacist : await signedIn(role);
      expect(await failure(prescribe(staff))).toMatchObject({ code: 40300, errMsg: STAFF_MESSAGES.forbidden });
    }
  });

  it('rejects bad input with the form’s message', async () => {
    expect(await failure(prescribe(doctor, { medicines: [] }))).toMatchObject({ code: 40000 });
    expect(await failure(prescribe(doctor, { content: '   ' }))).toMatchObject({
      code: 40000,
      errMsg: RX_MESSAGES.contentRequired,
    });
    expect(await failure(prescribe(doctor, { medicines: [line(medicineIds[0]!, { dosage: '半片' })] }))).toMatchObject({
      code: 40000,
      errMsg: '请选择用量',
    });
    expect(await failure(prescribe(doctor, { medicines: [line(medicineIds[0]!, { usaged: '99' })] }))).toMatchObject({
      code: 40000,
      errMsg: RX_MESSAGES.unknownOption,
    });
    expect(await failure(prescribe(doctor, { medicines: [line(987_654)] }))).toMatchObject({
      code: 40000,
      errMsg: RX_MESSAGES.unknownOption,
    });
    expect(await failure(prescribe(doctor, { rxCategory: '9' }))).toMatchObject({ code: 40000 });
  });

  it('refuses another doctor’s consultation and one that does not exist', async () => {
    expect(await failure(prescribe(doctor, { consultId: noRxConsultId }))).toMatchObject({ code: 40300 });
    expect(await failure(prescribe(doctor, { consultId: randomUUID() }))).toMatchObject({ code: 40400 });
  });

  it('refuses a doctor who may not prescribe (eleRxStatus 0)', async () => {
    expect(await failure(prescribe(doctorNoRx, { consultId: noRxConsultId }))).toMatchObject({
      code: 40300,
      errMsg: RX_MESSAGES.notPrescriber,
    });
  });

  it('refuses a consultation still waiting for the doctor (status 3)', async () => {
    const waiting = await consultation(patient.cid, doctorIds[0]!, doctor.staff.id, 3);
    expect(await failure(prescribe(doctor, { consultId: waiting.id }))).toMatchObject({
      code: 40900,
      errMsg: RX_MESSAGES.consultNotOpen,
    });
  });

  it('writes a prescription awaiting review, posts it into the chat, and a double submit makes one', async () => {
    const requestKey = `rx-${randomUUID()}`;
    const rx = await prescribe(doctor, { requestKey });
    expect(rx).toMatchObject({
      status: 1,
      customerShowStatus: 1,
      rxCategoryName: '处方药',
      consultId,
      patient: { customerId: patient.cid, name: '张建国' },
      auditTime: null,
    });
    expect(rx.rxCode).toMatch(/^RX20261126\d{6}$/);
    expect(rx.medicines).toHaveLength(2);
    expect(rx.medicines[0]).toMatchObject({ usagedName: '口服', rateName: '每日两次', number: 2, dosage: '0.5' });
    expect(rx.medicines[0]!.medicineName).not.toBe('');
    const again = await prescribe(doctor, { requestKey });
    expect(again.infoId).toBe(rx.infoId);
    expect((await chatKinds()).filter((k) => k === 'prescription')).toHaveLength(1);
    const audit = await browseAudit(api.app.em.fork(), { actorId: doctor.staff.id, action: 'rx.write' }, 10);
    expect(audit[0]).toMatchObject({ patientId: patient.cid, target: rx.infoId });
  });
});

describe('the review and the patient’s view', () => {
  let infoId: string;
  beforeAll(async () => {
    infoId = (await prescribe(doctor)).infoId;
  });

  it('shows the patient only the toast while it is under review, and nothing of another patient', async () => {
    expect(await failure(detail(patient, infoId))).toMatchObject({ code: 40900, errMsg: RX_MESSAGES.underReview });
    expect(await failure(detail(otherPatient, infoId))).toMatchObject({ code: 40400, errMsg: RX_MESSAGES.notFound });
    const mine = await list(patient, { customerShowStatus: 1, pageSize: 10 });
    expect(mine.items.map((i) => i.infoId)).toContain(infoId);
    expect(mine.items.find((i) => i.infoId === infoId)).toMatchObject({ type: 1, customerShowStatus: 1, sessionId });
    expect((await list(otherPatient, {})).items).toEqual([]);
  });

  it('lists it in the pharmacist’s pending queue, and the pharmacist reads no chat', async () => {
    const queue = await pharmacist.client.GET('/console/v1/rx/reviews', { params: { query: { state: 'pending' } } });
    expect(queue.items.map((i) => i.infoId)).toContain(infoId);
    expect(queue.pendingCount).toBeGreaterThanOrEqual(1);
    const one = await pharmacist.client.GET('/console/v1/rx/prescriptions/{infoId}', { params: { path: { infoId } } });
    expect(one).toMatchObject({ infoId, status: 1 });
    expect(
      await failure(pharmacist.client.GET('/console/v1/chat/messages', { params: { query: { sessionId } } })),
    ).toMatchObject({ code: 40300 });
    expect(await failure(doctor.client.GET('/console/v1/rx/reviews', { params: { query: {} } }))).toMatchObject({
      code: 40300,
    });
  });

  it('needs a reason to reject', async () => {
    expect(await failure(review(pharmacist, infoId, false, ' '))).toMatchObject({
      code: 40000,
      errMsg: RX_MESSAGES.reasonRequired,
    });
  });

  it('approves once (1 → 2), schedules the expiry, tells the patient in the chat and the notices', async () => {
    const approved = await review(pharmacist, infoId, true);
    expect(approved).toMatchObject({ status: 2, customerShowStatus: 2, auditTime: '2026-11-26 10:00:00' });
    expect(approved.expireTime).toBe('2026-11-29 10:00:00');
    expect(await failure(review(pharmacist, infoId, false, '剂量过大'))).toMatchObject({
      code: 40900,
      errMsg: RX_MESSAGES.alreadyReviewed,
    });
    const jobs = await nativeQuery<{ start_after: Date }>(
      api.app.em.fork(),
      "select start_after from pgboss.job where name = $1 and data->>'key' = $2",
      [JobNames.expirePrescription, infoId],
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).toISOString()).toBe('2026-11-29T02:00:00.000Z');
    expect(await chatKinds()).toContain('rx audit');
    const notices = await patient.client.GET('/notice/v1/pageQueryList');
    expect(notices.items[0]).toMatchObject({ kind: 'rxReviewed', title: '处方已通过审核', read: false });
    // … and through the messaging app's template message (the local outbox here).
    await api.app.noticePush.runOnce();
    const pushed = (api.app.providers.noticePusher as LocalPushOutbox)
      .list()
      .filter((m) => m.title === '处方已通过审核');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.fields).toMatchObject({
      name: '张建国',
      item: '电子处方',
      result: '审核通过',
      time: '2026-11-26 10:00',
    });
    expect(pushed[0]!.fields.value).toMatch(/医生开具$/);
  });

  it('shows the QR seal while unused, the medicines only once used', async () => {
    const unused = await detail(patient, infoId);
    expect(unused.rxInfo).toMatchObject({ status: 2, customerShowStatus: 2 });
    expect(unused.rxSealExtend?.image).toMatch(/^data:image\/png;base64,/);
    expect(unused.rxMedicineRelationship).toEqual([]);
    expect(unused.medicineCount).toBe(2);
    expect(unused.user.doctorId).toBe(doctorIds[0]);

    const forged = `${unused.rxSealExtend!.code.slice(0, -3)}abc`;
    const redeem = (code: string) => pharmacist.client.POST('/console/v1/rx/redeem', { body: { code } });
    expect(await failure(redeem(forged))).toMatchObject({ code: 40400 });
    expect(await failure(doctor.client.POST('/console/v1/rx/redeem', { body: { code: forged } }))).toMatchObject({
      code: 40300,
    });
    expect(await redeem(unused.rxSealExtend!.code)).toMatchObject({ status: 4, customerShowStatus: 4 });
    expect(await failure(redeem(unused.rxSealExtend!.code))).toMatchObject({ code: 40900, errMsg: RX_MESSAGES.used });

    const used = await detail(patient, infoId);
    expect(used.rxSealExtend).toBeNull();
    expect(used.rxMedicineRelationship).toHaveLength(2);
    expect((await list(patient, { customerShowStatus: 4 })).items.map((i) => i.infoId)).toContain(infoId);
  });

  it('rejects with the reason (1 → 3): no seal, no medicines, the patient told why', async () => {
    const rejected = await review(pharmacist, (await prescribe(doctor)).infoId, false, '二甲双胍剂量偏大，请核实');
    expect(rejected).toMatchObject({ status: 3, customerShowStatus: 3, auditReason: '二甲双胍剂量偏大，请核实' });
    const seen = await detail(patient, rejected.infoId);
    expect(seen.rxInfo).toMatchObject({ status: 3, customerShowStatus: 3, auditReason: '二甲双胍剂量偏大，请核实' });
    expect(seen.rxSealExtend).toBeNull();
    expect(seen.rxMedicineRelationship).toEqual([]);
    const notices = await patient.client.GET('/notice/v1/pageQueryList');
    expect(notices.items[0]).toMatchObject({ kind: 'rxReviewed', title: '处方未通过审核' });
    expect(notices.items[0]!.text).toContain('二甲双胍剂量偏大，请核实');
  });
});

describe('medication advice', () => {
  it('is written by any doctor of the consultation, posted into the chat, read by its patient only', async () => {
    expect(
      await failure(
        doctor.client.POST('/console/v1/rx/advice', {
          body: { consultId: noRxConsultId, content: '多喝水', medicines: [], requestKey: `ad-${randomUUID()}` },
        }),
      ),
    ).toMatchObject({ code: 40300 });
    const advice = await doctor.client.POST('/console/v1/rx/advice', {
      body: {
        consultId,
        content: '饭后散步30分钟，晚餐减少主食；二甲双胍随餐服用。',
        medicines: [line(medicineIds[0]!)],
        requestKey: `ad-${randomUUID()}`,
      },
    });
    expect(advice).toMatchObject({ consultId, sessionId, medicines: [{ usagedName: '口服' }] });
    expect(await chatKinds()).toContain('proposal');

    const mine = await patient.client.GET('/rx/v1/queryAdviceById', { params: { query: { infoId: advice.infoId } } });
    expect(mine.content).toBe(advice.content);
    expect(
      await failure(
        otherPatient.client.GET('/rx/v1/queryAdviceById', { params: { query: { infoId: advice.infoId } } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: RX_MESSAGES.adviceNotFound });
    const ofSession = await patient.client.GET('/rx/v1/queryAdviceBySession', { params: { query: { sessionId } } });
    expect(ofSession.map((a) => a.infoId)).toContain(advice.infoId);
    expect(await otherPatient.client.GET('/rx/v1/queryAdviceBySession', { params: { query: { sessionId } } })).toEqual(
      [],
    );
    const tab = await list(patient, { type: 2 });
    expect(tab.items[0]).toMatchObject({ infoId: advice.infoId, type: 2, customerShowStatus: null });
    const plan = await patient.client.GET('/rx/v1/queryDiagnosisPlan', {
      params: { query: { id: advice.infoId, type: 2 } },
    });
    expect(plan).toMatchObject({ title: '用药建议', content: advice.content });
  });

  it('lets the doctor see what they wrote in the consultation, and whether they may prescribe', async () => {
    const mine = await doctor.client.GET('/console/v1/rx/consults/{consultId}', { params: { path: { consultId } } });
    expect(mine.canPrescribe).toBe(true);
    expect(mine.prescriptions.length).toBeGreaterThan(0);
    expect(mine.advice.length).toBeGreaterThan(0);
    const noRx = await doctorNoRx.client.GET('/console/v1/rx/consults/{consultId}', {
      params: { path: { consultId: noRxConsultId } },
    });
    expect(noRx).toMatchObject({ canPrescribe: false, prescriptions: [], advice: [] });
  });
});

describe('the patient’s list', () => {
  it('pages by 5 by default, filters by date, and needs a registered customer', async () => {
    for (let i = 0; i < 3; i += 1) {
      await prescribe(doctor);
    }
    const page = await list(patient, {});
    expect(page.totalNum).toBeGreaterThan(5);
    expect(page.items).toHaveLength(5);
    expect(page.totalPage).toBe(Math.ceil(page.totalNum / 5));
    expect(await list(patient, { startTime: '2026-12-01', endTime: '2026-12-31' })).toMatchObject({
      items: [],
      totalNum: 0,
    });
    expect(await failure(list(patient, { pageSize: 7 }))).toMatchObject({ code: 40000 });
    const visitor = api.client();
    expect(await failure(visitor.GET('/rx/v1/pagedQueryList', { params: { query: { type: 1 } } }))).toMatchObject({
      code: 40100,
    });
  });
});

describe('the expiry job', () => {
  it('leaves an approved prescription until its time, then expires it (2 → 5)', async () => {
    const { infoId } = await prescribe(doctor);
    await review(pharmacist, infoId, true);
    const code = (await detail(patient, infoId)).rxSealExtend!.code;
    await expirePrescription(api.app.em.fork(), infoId, clock());
    expect((await detail(patient, infoId)).rxInfo.status).toBe(2);

    clock.advance(3 * 86_400_000);
    // The console's sessions last a working day: sign in again after three.
    pharmacist = await signedIn('pharmacist');
    // Past its time it already reads as expired and cannot be dispensed, before the job ran.
    expect((await detail(patient, infoId)).rxInfo.status).toBe(5);
    expect(await failure(pharmacist.client.POST('/console/v1/rx/redeem', { body: { code } }))).toMatchObject({
      code: 40900,
      errMsg: RX_MESSAGES.expired,
    });
    await expirePrescription(api.app.em.fork(), infoId, clock());
    const expired = await list(patient, { customerShowStatus: 5 });
    expect(expired.items.map((i) => i.infoId)).toContain(infoId);
    expect((await detail(patient, infoId)).rxSealExtend).toBeNull();
  });

  it('is run by the job queue at its time (the clock three days behind the queue’s, then moved on)', async () => {
    // The queue's due times are the database's clock: approve "three days ago" so the job is due now.
    const offset = 3 * 86_400_000 - 1_500;
    const wasAt = clock().getTime();
    clock.advance(Date.now() - offset - wasAt);
    // Everyone signs in afresh at the moved clock, on a consultation of their own.
    const someone = await registeredCustomer(api, '刘桂芳');
    const hisDoctor = await signedIn('doctor', doctorIds[0]);
    const checker = await signedIn('pharmacist');
    const theirs = await consultation(someone.cid, doctorIds[0]!, hisDoctor.staff.id, 2);
    const { infoId } = await prescribe(hisDoctor, { consultId: theirs.id });
    await review(checker, infoId, true);
    clock.advance(offset + 5_000);
    await vi.waitFor(
      async () => expect((await list(someone, { customerShowStatus: 5 })).items.map((i) => i.infoId)).toContain(infoId),
      { timeout: 20_000, interval: 250 },
    );
  });
});
