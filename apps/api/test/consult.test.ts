// Online consultations through real HTTP on a real database (docs/consultation.md): buying a
// doctor's service and paying it with the local provider, the illness description, the doctor's
// accept / decline / end in the console, the patient's cancel and close, with every transition and
// the codes 50006, 50007 and 50008, and who may see what.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONSULT_CHAT_TEXTS,
  CONSULT_REFUSALS,
  CONSULT_SUBMIT_MESSAGES,
  DOCTOR_SERVICE_TYPE,
  type StaffRole,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { createStaff } from '../src/contexts/identity';
import { browseAudit } from '../src/contexts/platform';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { DoctorService } from '../src/contexts/care/doctor/doctorService.entity';
import { Consult } from '../src/contexts/care/consult/consult.entity';
import { PaymentIntent } from '../src/contexts/commerce/payment/paymentIntent.entity';
import type { LocalPaymentProvider } from '../src/providers/payment/local';
import { nativeQuery } from '../src/lib/db';
import { seed } from '../src/seed/seed';
import {
  failure,
  registeredCustomer,
  signInDemoPatient,
  signInNewVisitor,
  startTestApi,
  type TestApi,
} from './harness';

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type SignedIn = Awaited<ReturnType<typeof doctorAccount>>;

let api: TestApi;
let patient: Customer;
let otherPatient: Customer;
/** A doctor of our own (no demo staff linked) with a single and a 7-day service, and its account. */
let doctorId: number;
let onceService: number;
let weekService: number;
let doctor: SignedIn;
/** Another doctor with a single service, and its account. */
let otherDoctorId: number;
let otherService: number;
let otherDoctor: SignedIn;
let serial = 0;

const em = () => api.app.orm.em.fork();

async function newDoctor(name: string) {
  const db = em();
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const row = db.create(Doctor, {
    openid: `t_consult_${randomUUID()}`,
    name,
    hospital: '测试人民医院',
    department: '内分泌科',
    title: '主治医师',
    inviteCode: suffix.slice(0, 6),
    roleType: 1,
    professionalLevel: '3',
    eleRxStatus: 1,
    remark: '糖尿病及并发症的规范化管理',
    headImg: '',
    sex: 1,
    job: '',
  });
  await db.flush();
  return row.id;
}

async function newService(forDoctor: number, serviceType: number, price: number, days = 0) {
  const db = em();
  const row = db.create(DoctorService, {
    doctorId: forDoctor,
    serviceType,
    serviceName: serviceType === DOCTOR_SERVICE_TYPE.once ? '图文咨询' : `${days}天图文咨询`,
    serviceInterval: days,
    servicePrice: price,
    intro: '',
    status: 1,
    sort: 0,
  });
  await db.flush();
  return row.id;
}

async function doctorAccount(role: StaffRole, linkedDoctor: number | null) {
  const username = `t.consult.${role}.${process.pid}.${++serial}`;
  const made = await createStaff(
    em(),
    { username, role, ...(linkedDoctor !== null && { doctorId: linkedDoctor }) },
    null,
    new Date(),
  );
  const { token, staff } = await api
    .client()
    .POST('/console/v1/signIn', { body: { username, password: made.oneTimePassword } });
  return { staff, token, client: api.client({ token }) };
}

/** Buys a service and pays it on the local sheet: the consultation is then status 1. */
async function buyAndPay(customer: Customer, serviceId: number) {
  const bought = await customer.client.POST('/consult/v1/pay', { body: { serviceId } });
  const paid = await customer.client.POST('/payment/v1/localPay', {
    body: { intentId: bought.intent.intentId, action: 'pay' },
  });
  expect(paid.outcome).toBe('success');
  return bought;
}

const sessionOf = (customer: Customer, sessionId: string) =>
  customer.client.GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId } } });

const photo = 'uploads/273/2026/11/26/0123456789abcdef0123456789abcdef.jpg';

const submit = (customer: Customer, sessionId: string, extra: Record<string, unknown> = {}) =>
  customer.client.POST('/consult/v1/saveDiagnosticInfo', {
    body: {
      sessionId,
      diagnosticInfo: {
        desc: '最近一周空腹血糖偏高，在7.5到8.2之间，想请医生看看是否需要调整用药。',
        imgList: [photo],
      },
      ...extra,
    },
  });

/** A paid, submitted consultation waiting for `doctor` (status 3). */
async function waiting(customer: Customer = patient, serviceId = onceService) {
  const bought = await buyAndPay(customer, serviceId);
  await submit(customer, bought.sessionId);
  return bought;
}

const history = (customer: Customer, sessionId: string) =>
  customer.client.GET('/consult/v1/pagedQueryMessageList', { params: { query: { sessionId, pageSize: 50 } } });

const customKinds = async (customer: Customer, sessionId: string) =>
  (await history(customer, sessionId)).items.flatMap((m) => (m.payload.type === 'custom' ? [m.payload.data] : []));

const rowOf = (consultId: string) => em().findOneOrFail(Consult, { id: consultId }, { disableIdentityMap: true });

const intentState = async (intentId: string) =>
  (await em().findOneOrFail(PaymentIntent, { id: intentId }, { disableIdentityMap: true })).state;

beforeAll(async () => {
  api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' });
  patient = await registeredCustomer(api, '张建国');
  otherPatient = await registeredCustomer(api, '王秀兰');
  doctorId = await newDoctor('林医生');
  onceService = await newService(doctorId, DOCTOR_SERVICE_TYPE.once, 3000);
  weekService = await newService(doctorId, DOCTOR_SERVICE_TYPE.interval, 9900, 7);
  otherDoctorId = await newDoctor('周医生');
  otherService = await newService(otherDoctorId, DOCTOR_SERVICE_TYPE.once, 2000);
  otherDoctor = await doctorAccount('doctor', otherDoctorId);
});
afterAll(() => api.close());

describe('buying a service (pay)', () => {
  let bought: Awaited<ReturnType<typeof buyAndPay>>;

  it('creates an unpaid consultation and its intent; buying again before paying answers the same', async () => {
    const first = await patient.client.POST('/consult/v1/pay', { body: { serviceId: onceService } });
    expect(first.intent).toMatchObject({
      subjectKind: 'consultService',
      subjectId: first.consultId,
      amountCents: 3000,
    });
    expect(first.intent.state).toBe('created');
    const again = await patient.client.POST('/consult/v1/pay', { body: { serviceId: onceService } });
    expect(again).toEqual(first);
    const latest = await patient.client.GET('/consult/v1/querySessionByUserIdAndCustomerId', {
      params: { query: { doctorId } },
    });
    expect(latest).toEqual({ status: -1, sessionId: first.sessionId, consultId: first.consultId, serviceType: 1 });
    // Not paid: not in the list.
    const list = await patient.client.GET('/consult/v1/pagedQueryList', { params: { query: {} } });
    expect(list.items.map((i) => i.consultId)).not.toContain(first.consultId);
  });

  it('becomes status 1 when paid, and its chat opens with the patient (the doctor has no account yet)', async () => {
    bought = await buyAndPay(patient, onceService);
    const session = await sessionOf(patient, bought.sessionId);
    expect(session).toMatchObject({
      consultId: bought.consultId,
      status: 1,
      statusLabel: '待填写病情',
      sessionType: 1,
      serviceName: '图文咨询',
      priceCents: 3000,
      doctor: { doctorId, nickName: '林医生', professionalLevel: '3' },
      diagnosticInfo: null,
      acceptTime: null,
    });
    expect((await rowOf(bought.consultId)).intentId).toBe(bought.intent.intentId);
    const chats = await patient.client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } });
    expect(chats.items.find((s) => s.sessionId === bought.sessionId)).toMatchObject({ status: 1, sessionType: 1 });
    expect(
      await patient.client.GET('/consult/v1/isUnUsedConsultOrder', {
        params: { query: { sessionId: bought.sessionId } },
      }),
    ).toEqual({ unused: true });
  });

  it('answers 50006 with the open consultation when buying from the same doctor again', async () => {
    const refused = await patient.client
      .POST('/consult/v1/pay', { body: { serviceId: weekService } })
      .catch((error: unknown) => error);
    expect(isApiError(refused, 50006)).toBe(true);
    expect(refused).toMatchObject({
      errMsg: CONSULT_REFUSALS.openExists,
      data: { sessionId: bought.sessionId, status: 1 },
    });
  });

  it('refuses visitors (register first) and unknown or withdrawn services', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(visitor.client.POST('/consult/v1/pay', { body: { serviceId: onceService } }))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
    expect(await failure(patient.client.POST('/consult/v1/pay', { body: { serviceId: 99_999_999 } }))).toMatchObject({
      code: 40400,
    });
    const withdrawn = await newService(otherDoctorId, DOCTOR_SERVICE_TYPE.interval, 5000, 30);
    await em().nativeUpdate(DoctorService, { id: withdrawn }, { status: 0 });
    expect(
      await failure(otherPatient.client.POST('/consult/v1/pay', { body: { serviceId: withdrawn } })),
    ).toMatchObject({
      code: 40400,
    });
    // A visitor's list is empty, and has no latest consultation.
    expect(await visitor.client.GET('/consult/v1/pagedQueryList', { params: { query: {} } })).toMatchObject({
      items: [],
      totalNum: 0,
    });
    expect(
      await visitor.client.GET('/consult/v1/querySessionByUserIdAndCustomerId', { params: { query: { doctorId } } }),
    ).toBeNull();
  });

  it('settles duplicate payment notifies once: one consultation paid, one chat opened', async () => {
    const fresh = await registeredCustomer(api, '刘芳');
    const created = await fresh.client.POST('/consult/v1/pay', { body: { serviceId: otherService } });
    const provider = api.app.providers.payment as LocalPaymentProvider;
    const row = await em().findOneOrFail(PaymentIntent, { id: created.intent.intentId });
    const notify = provider.paymentNotify(row.outTradeNo, row.amountCents);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${api.baseUrl}/payment/v1/notify`, { method: 'POST', headers: notify.headers, body: notify.body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(204));
    expect((await rowOf(created.consultId)).status).toBe(1);
    const sessions = await nativeQuery<{ n: string | number }>(
      em(),
      'select count(*) as n from chat_session where id = $1',
      [created.sessionId],
    );
    expect(Number(sessions[0]!.n)).toBe(1);
  });
});

describe('submitting the illness (saveDiagnosticInfo)', () => {
  it('posts startConsult, imgStartConsult and waitConsult, stores the description and waits for the doctor (3)', async () => {
    const bought = await buyAndPay(otherPatient, onceService);
    const after = await submit(otherPatient, bought.sessionId, {
      allergicHistory: { items: ['5'], detail: '海鲜过敏' },
    });
    expect(after).toMatchObject({
      status: 3,
      statusLabel: '待接诊',
      diagnosticInfo: { imgList: [photo] },
      allergicHistory: { items: ['5'], detail: '海鲜过敏' },
    });
    expect(await customKinds(otherPatient, bought.sessionId)).toEqual([
      'startConsult',
      'imgStartConsult',
      'waitConsult',
    ]);
    // The 24-hour job is scheduled, keyed by the consultation, due 24 h after the submission.
    const [job] = await nativeQuery<{ start_after: string | Date }>(
      em(),
      "select start_after from pgboss.job where name = 'care.consult.expire' and data->>'key' = $1",
      [bought.consultId],
    );
    const submittedAt = (await rowOf(bought.consultId)).submittedAt!;
    expect(new Date(job!.start_after).getTime()).toBe(submittedAt.getTime() + 24 * 3_600_000);
    // A second submission is refused with 50007 and posts nothing more.
    expect(await failure(submit(otherPatient, bought.sessionId))).toMatchObject({
      code: 50007,
      errMsg: CONSULT_REFUSALS.submitWrongStatus,
    });
    expect(await customKinds(otherPatient, bought.sessionId)).toHaveLength(3);
    expect(
      await otherPatient.client.GET('/consult/v1/isUnUsedConsultOrder', {
        params: { query: { sessionId: bought.sessionId } },
      }),
    ).toEqual({ unused: false });
  });

  it('refuses an invalid description, photo, allergy or pharmacy with 50007 and the reason', async () => {
    const customer = await registeredCustomer(api, '赵磊');
    const bought = await buyAndPay(customer, onceService);
    const refusedWith = async (body: Record<string, unknown>) =>
      failure(
        customer.client.POST('/consult/v1/saveDiagnosticInfo', {
          body: { sessionId: bought.sessionId, diagnosticInfo: { desc: '血糖偏高', imgList: [] }, ...body } as never,
        }),
      );
    expect(await refusedWith({ diagnosticInfo: { desc: '   ', imgList: [] } })).toMatchObject({
      code: 50007,
      errMsg: '请输入咨询内容',
    });
    expect(await refusedWith({ diagnosticInfo: { desc: '头晕😀', imgList: [] } })).toMatchObject({ code: 50007 });
    expect(
      await refusedWith({ diagnosticInfo: { desc: '头晕', imgList: ['https://example.com/a.jpg'] } }),
    ).toMatchObject({
      code: 50007,
      errMsg: CONSULT_SUBMIT_MESSAGES.imageInvalid,
    });
    expect(await refusedWith({ allergicHistory: { items: ['1', '4'], detail: '' } })).toMatchObject({
      code: 50007,
      errMsg: CONSULT_SUBMIT_MESSAGES.allergyExclusive,
    });
    expect(await refusedWith({ allergicHistory: { items: ['5'], detail: '' } })).toMatchObject({
      code: 50007,
      errMsg: '请输入详细过敏史',
    });
    expect(await refusedWith({ allergicHistory: { items: ['99'], detail: '' } })).toMatchObject({
      code: 50007,
      errMsg: CONSULT_SUBMIT_MESSAGES.allergyUnknown,
    });
    expect(await refusedWith({ drugStoreId: 99_999_999 })).toMatchObject({
      code: 50007,
      errMsg: CONSULT_SUBMIT_MESSAGES.drugStoreUnknown,
    });
    // Over 300 characters never reaches the service: the document's limit answers 40000.
    expect(await refusedWith({ diagnosticInfo: { desc: '糖'.repeat(301), imgList: [] } })).toMatchObject({
      code: 40000,
    });
    // Still status 1, nothing posted.
    expect((await sessionOf(customer, bought.sessionId)).status).toBe(1);
    expect(await customKinds(customer, bought.sessionId)).toEqual([]);
  });

  it('refuses an unpaid consultation with 50007', async () => {
    const customer = await registeredCustomer(api, '孙丽');
    const unpaid = await customer.client.POST('/consult/v1/pay', { body: { serviceId: otherService } });
    expect(await failure(submit(customer, unpaid.sessionId))).toMatchObject({
      code: 50007,
      errMsg: CONSULT_REFUSALS.unpaid,
    });
  });
});

describe('the doctor (console)', () => {
  beforeAll(async () => {
    doctor = await doctorAccount('doctor', doctorId);
  });

  it('lists the waiting queue with counts, only the doctor’s own, audited', async () => {
    const mine = await waiting(await registeredCustomer(api, '钱伟'));
    const theirs = await waiting(await registeredCustomer(api, '吴敏'), otherService);
    const queue = await doctor.client.GET('/console/v1/consults', { params: { query: { state: 'waiting' } } });
    const ids = queue.items.map((c) => c.consultId);
    expect(ids).toContain(mine.consultId);
    expect(ids).not.toContain(theirs.consultId);
    expect(queue.counts.waiting).toBe(queue.total);
    const item = queue.items.find((c) => c.consultId === mine.consultId)!;
    expect(item).toMatchObject({
      status: 3,
      patient: { name: '钱伟' },
      sessionType: 1,
      diagnosticInfo: { imgList: [photo] },
    });
    const audit = await browseAudit(em(), { actorId: doctor.staff.id, action: 'consult.list' }, 10);
    expect(audit.length).toBeGreaterThan(0);
    // Another doctor's consultation: 403; an unknown one: 404.
    expect(
      await failure(
        doctor.client.GET('/console/v1/consults/{consultId}', { params: { path: { consultId: theirs.consultId } } }),
      ),
    ).toMatchObject({ code: 40300 });
    expect(
      await failure(
        doctor.client.GET('/console/v1/consults/{consultId}', { params: { path: { consultId: randomUUID() } } }),
      ),
    ).toMatchObject({ code: 40400 });
  });

  it('accepts (3 → 2): joins the chat, approveConsult is posted, accepting again changes nothing', async () => {
    const customer = await registeredCustomer(api, '郑华');
    const bought = await waiting(customer);
    const accepted = await doctor.client.POST('/console/v1/consults/{consultId}/accept', {
      params: { path: { consultId: bought.consultId } },
    });
    expect(accepted).toMatchObject({ status: 2, statusLabel: '咨询中', endTime: null });
    expect(accepted.acceptTime).not.toBeNull();
    expect((await customKinds(customer, bought.sessionId)).at(-1)).toBe('approveConsult');
    const again = await doctor.client.POST('/console/v1/consults/{consultId}/accept', {
      params: { path: { consultId: bought.consultId } },
    });
    expect(again.acceptTime).toBe(accepted.acceptTime);
    expect((await customKinds(customer, bought.sessionId)).filter((k) => k === 'approveConsult')).toHaveLength(1);
    // The doctor now chats in the session; the patient's cancel is refused with 50008.
    const sent = await doctor.client.POST('/console/v1/chat/send', {
      body: {
        sessionId: bought.sessionId,
        clientId: `t-${randomUUID()}`,
        payload: { type: 'text', text: '您好，我看了您的记录。' },
      },
    });
    expect(sent.duplicate).toBe(false);
    expect(
      await failure(customer.client.POST('/consult/v1/cancel', { body: { sessionId: bought.sessionId } })),
    ).toMatchObject({
      code: 50008,
      errMsg: '医生已接诊，无法取消，请继续咨询',
    });
    // The doctor ends it (2 → 0) with the end message; ending again changes nothing, accepting is refused.
    const ended = await doctor.client.POST('/console/v1/consults/{consultId}/end', {
      params: { path: { consultId: bought.consultId } },
    });
    expect(ended.status).toBe(0);
    expect((await customKinds(customer, bought.sessionId)).at(-1)).toBe('end-consult');
    expect(
      (
        await doctor.client.POST('/console/v1/consults/{consultId}/end', {
          params: { path: { consultId: bought.consultId } },
        })
      ).status,
    ).toBe(0);
    expect(
      await failure(
        doctor.client.POST('/console/v1/consults/{consultId}/accept', {
          params: { path: { consultId: bought.consultId } },
        }),
      ),
    ).toMatchObject({ code: 40900 });
    // After it ended, the patient may buy from the doctor again.
    const next = await customer.client.POST('/consult/v1/pay', { body: { serviceId: onceService } });
    expect(next.consultId).not.toBe(bought.consultId);
  });

  it('gives an interval service its end time on accept and schedules its end', async () => {
    const customer = await registeredCustomer(api, '冯强');
    const bought = await waiting(customer, weekService);
    expect((await sessionOf(customer, bought.sessionId)).sessionType).toBe(2);
    const accepted = await doctor.client.POST('/console/v1/consults/{consultId}/accept', {
      params: { path: { consultId: bought.consultId } },
    });
    expect(new Date(accepted.endTime!).getTime() - new Date(accepted.acceptTime!).getTime()).toBe(7 * 86_400_000);
    const [job] = await nativeQuery<{ start_after: string | Date }>(
      em(),
      "select start_after from pgboss.job where name = 'care.consult.end' and data->>'key' = $1",
      [bought.consultId],
    );
    expect(new Date(job!.start_after).toISOString()).toBe(accepted.endTime);
    // The patient ends it first (2 → 0).
    const closed = await customer.client.POST('/consult/v1/close', { body: { sessionId: bought.sessionId } });
    expect(closed.status).toBe(0);
    expect((await customKinds(customer, bought.sessionId)).at(-1)).toBe('end-consult');
  });

  it('declines (3 → 4) with a reason: the patient reads it and the fee is refunded in full', async () => {
    const customer = await registeredCustomer(api, '陈静');
    const bought = await waiting(customer);
    expect(
      await failure(
        doctor.client.POST('/console/v1/consults/{consultId}/reject', {
          params: { path: { consultId: bought.consultId } },
          body: { reason: '' },
        }),
      ),
    ).toMatchObject({ code: 40000 });
    const rejected = await doctor.client.POST('/console/v1/consults/{consultId}/reject', {
      params: { path: { consultId: bought.consultId } },
      body: { reason: '近期出诊已满' },
    });
    expect(rejected).toMatchObject({ status: 4, cancelReason: '近期出诊已满' });
    const messages = (await history(customer, bought.sessionId)).items;
    expect(messages.at(-1)?.payload).toMatchObject({
      type: 'custom',
      data: 'cancel',
      description: CONSULT_CHAT_TEXTS.rejected('近期出诊已满'),
    });
    await vi.waitFor(async () => expect(await intentState(bought.intent.intentId)).toBe('refunded'), {
      timeout: 20_000,
      interval: 250,
    });
    expect(
      await failure(
        doctor.client.POST('/console/v1/consults/{consultId}/reject', {
          params: { path: { consultId: bought.consultId } },
          body: { reason: '再次' },
        }),
      ),
    ).toMatchObject({ code: 40900 });
  });

  it('refuses other roles and customers', async () => {
    const pharmacist = await doctorAccount('pharmacist', null);
    expect(
      await failure(pharmacist.client.GET('/console/v1/consults', { params: { query: { state: 'waiting' } } })),
    ).toMatchObject({ code: 40300 });
    expect(
      await failure(patient.client.GET('/console/v1/consults', { params: { query: { state: 'waiting' } } })),
    ).toMatchObject({ code: 40100 });
  });
});

describe('the patient’s cancel and close', () => {
  it('cancels a waiting consultation (3 → 4): cancel message, full refund, cancelling again changes nothing', async () => {
    const customer = await registeredCustomer(api, '褚明');
    const bought = await waiting(customer, otherService);
    const cancelled = await customer.client.POST('/consult/v1/cancel', { body: { sessionId: bought.sessionId } });
    expect(cancelled).toMatchObject({ status: 4, statusLabel: '已取消', cancelReason: '患者取消' });
    expect((await customKinds(customer, bought.sessionId)).at(-1)).toBe('cancel');
    await vi.waitFor(async () => expect(await intentState(bought.intent.intentId)).toBe('refunded'), {
      timeout: 20_000,
      interval: 250,
    });
    expect((await customer.client.POST('/consult/v1/cancel', { body: { sessionId: bought.sessionId } })).status).toBe(
      4,
    );
    expect((await customKinds(customer, bought.sessionId)).filter((k) => k === 'cancel')).toHaveLength(1);
    // The other doctor cannot accept a cancelled consultation.
    expect(
      await failure(
        otherDoctor.client.POST('/console/v1/consults/{consultId}/accept', {
          params: { path: { consultId: bought.consultId } },
        }),
      ),
    ).toMatchObject({ code: 40900 });
  });

  it('refuses to cancel before the submission, and to close what is not running (40900)', async () => {
    const customer = await registeredCustomer(api, '卫兰');
    const bought = await buyAndPay(customer, otherService);
    expect(
      await failure(customer.client.POST('/consult/v1/cancel', { body: { sessionId: bought.sessionId } })),
    ).toMatchObject({ code: 40900 });
    expect(
      await failure(customer.client.POST('/consult/v1/close', { body: { sessionId: bought.sessionId } })),
    ).toMatchObject({ code: 40900 });
  });

  it('lists the caller’s paid consultations, newest first, with unread counts and the last message', async () => {
    const customer = await registeredCustomer(api, '蒋涛');
    const first = await waiting(customer, otherService);
    const second = await buyAndPay(customer, onceService);
    const list = await customer.client.GET('/consult/v1/pagedQueryList', {
      params: { query: { pageNo: 1, pageSize: 10 } },
    });
    expect(list).toMatchObject({ currentPage: 1, totalPage: 1, totalNum: 2 });
    expect(list.items.map((i) => i.consultId)).toEqual([second.consultId, first.consultId]);
    expect(list.items[1]).toMatchObject({ status: 3, unreadCount: 0 });
    expect(list.items[1]!.lastMessage?.summary).toBe(CONSULT_CHAT_TEXTS.waitConsult);
    expect(list.items[0]).toMatchObject({ status: 1, lastMessage: null });
  });
});

describe('who may see a consultation', () => {
  it('answers another patient’s session with 40300 and an unknown one with 40400, on every call', async () => {
    const bought = await waiting(await registeredCustomer(api, '沈悦'), otherService);
    const sessionId = bought.sessionId;
    const calls = [
      () => otherPatient.client.GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId } } }),
      () => otherPatient.client.GET('/consult/v1/isUnUsedConsultOrder', { params: { query: { sessionId } } }),
      () => otherPatient.client.POST('/consult/v1/cancel', { body: { sessionId } }),
      () => otherPatient.client.POST('/consult/v1/close', { body: { sessionId } }),
      () => submit(otherPatient, sessionId),
    ];
    for (const call of calls) {
      expect(await failure(call())).toMatchObject({ code: 40300 });
    }
    expect(await failure(sessionOf(otherPatient, randomUUID()))).toMatchObject({ code: 40400 });
    // The doctor of another consultation: 403.
    expect(
      await failure(
        doctor.client.POST('/console/v1/consults/{consultId}/accept', {
          params: { path: { consultId: bought.consultId } },
        }),
      ),
    ).toMatchObject({ code: 40300 });
  });
});

describe('the demo consultations', () => {
  it('gives the demo patient one consultation in each status with demo.doctor’s doctor, and demo.doctor the queue', async () => {
    const client = await signInDemoPatient(api);
    const list = await client.GET('/consult/v1/pagedQueryList', { params: { query: {} } });
    expect(list.items.map((i) => i.status).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(list.items.map((i) => i.doctor.nickName))).toEqual(new Set(['王明远']));
    const { token } = await api
      .client()
      .POST('/console/v1/signIn', { body: { username: 'demo.doctor', password: 'Doctor#2026' } });
    const counts = (
      await api.client({ token }).GET('/console/v1/consults', { params: { query: { state: 'waiting' } } })
    ).counts;
    expect(counts).toEqual({ waiting: 1, active: 1, finished: 2 });
    // Seeding again adds nothing.
    await seed(api.app.orm, { sessionSecret: api.app.providers.sessionSecret, now: new Date() });
    expect((await client.GET('/consult/v1/pagedQueryList', { params: { query: {} } })).totalNum).toBe(5);
  });
});
