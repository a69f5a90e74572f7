// A doctor's chat in the console, through real HTTP and the real socket on a real database
// (docs/adr/0130-doctor-chat-in-the-console.md, docs/adr/0131-chat-socket-send-limit.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MEMBER_TYPE,
  CHAT_MESSAGES,
  CHAT_SOCKET_SEND_BURST,
  STAFF_MESSAGES,
  type StaffRole,
} from '@glucoguard/domain';
import { createApiClient } from '@glucoguard/sdk';
import { customerImUserId, openChatSession, staffImUserId } from '../src/contexts/care';
import { browseAudit } from '../src/contexts/platform';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { seed } from '../src/seed/seed';
import { connectChat } from './chat-socket';
import { b64, png1x1 } from './upload/images';
import {
  failure,
  registeredCustomer,
  signInDemoPatient,
  startSecondInstance,
  startTestApi,
  testClock,
  type TestApi,
} from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-26T02:00:00Z'));
let api: TestApi;

type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
type SignedIn = Awaited<ReturnType<typeof signedIn>>;
let patient: Customer;
let otherPatient: Customer;
let doctor: SignedIn;
let otherDoctor: SignedIn;
/** The patient's session with `doctor`, and another doctor's session with another patient. */
let sessionId: string;
let othersSession: string;
const unknownSession = '00000000-0000-4000-8000-000000000000';

async function signedIn(role: StaffRole) {
  const doctorRecord = await api.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
  const made = await signedInStaff(api, role, {
    doctorId: role === 'doctor' ? doctorRecord!.id : undefined,
    now: clock(),
  });
  return { ...made, imUserId: staffImUserId(made.staff.id) };
}

const open = (patientCid: string, doctorImUserId: string, status = 2) =>
  openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status,
    members: [
      { imUserId: customerImUserId(patientCid), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: doctorImUserId, type: CHAT_MEMBER_TYPE.doctor },
    ],
  });

const messages = (who: SignedIn, session = sessionId, lastMessageTime?: number) =>
  who.client.GET('/console/v1/chat/messages', {
    params: { query: { sessionId: session, ...(lastMessageTime !== undefined && { lastMessageTime }) } },
  });
const send = (who: SignedIn, clientId: string, text: string, session = sessionId) =>
  who.client.POST('/console/v1/chat/send', { body: { sessionId: session, clientId, payload: { type: 'text', text } } });
const patientSend = (clientId: string, text: string) =>
  patient.client.POST('/consult/v1/sendChatMessage', {
    body: { sessionId, clientId, payload: { type: 'text', text } },
  });
const audit = (who: SignedIn, action: string) => browseAudit(api.app.em.fork(), { actorId: who.staff.id, action }, 50);

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  patient = await registeredCustomer(api, '张建国');
  otherPatient = await registeredCustomer(api, '王秀兰');
  doctor = await signedIn('doctor');
  otherDoctor = await signedIn('doctor');
  sessionId = await open(patient.cid, doctor.imUserId);
  othersSession = await open(otherPatient.cid, otherDoctor.imUserId);
});
afterAll(() => api.close());

describe('consoleChatSig', () => {
  it('needs a console token: none, or a customer session, is refused', async () => {
    expect(await failure(api.client().GET('/console/v1/chat/sig'))).toMatchObject({ code: 40100 });
    expect(await failure(patient.client.GET('/console/v1/chat/sig'))).toMatchObject({ code: 40100 });
  });

  it('refuses every role but the doctor', async () => {
    for (const role of ['pharmacist', 'operator', 'admin'] as const) {
      const staff = await signedIn(role);
      expect(await failure(staff.client.GET('/console/v1/chat/sig'))).toMatchObject({
        code: 40300,
        errMsg: STAFF_MESSAGES.forbidden,
      });
      expect(await failure(staff.client.GET('/console/v1/chat/sessions', { params: { query: {} } }))).toMatchObject({
        code: 40300,
      });
    }
  });

  it("answers the doctor's own staff chat identity, which opens the socket", async () => {
    const sig = await doctor.client.GET('/console/v1/chat/sig');
    expect(sig).toMatchObject({ imUserId: `s_${doctor.staff.id}`, provider: 'local', sdkAppId: 0 });
    const socket = await connectChat(api.baseUrl, sig.sig);
    socket.send(sessionId, 'doc-sock-01', '您好，我是您的医生');
    expect(await socket.next((f) => f.type === 'ack')).toMatchObject({
      duplicate: false,
      message: { from: doctor.imUserId, payload: { type: 'text', text: '您好，我是您的医生' } },
    });
    socket.socket.close();
  });
});

describe("a doctor's sessions", () => {
  it('lists only their own sessions, with the patient, the last message and the unread count', async () => {
    await patientSend('pat-list-01', '医生，我今天早上空腹血糖是 7.8，需要调整用药吗？');
    const list = await doctor.client.GET('/console/v1/chat/sessions', { params: { query: {} } });
    expect(list.items.map((s) => s.sessionId)).toEqual([sessionId]);
    expect(list.items[0]).toMatchObject({
      status: 2,
      patient: { customerId: patient.cid, imUserId: customerImUserId(patient.cid), nickname: '张建国' },
      lastMessage: { summary: '医生，我今天早上空腹血糖…', from: customerImUserId(patient.cid) },
      unreadCount: 1,
    });
    expect(list).toMatchObject({ totalNum: 1, totalPage: 1, unreadTotal: 1 });
    const others = await otherDoctor.client.GET('/console/v1/chat/sessions', { params: { query: {} } });
    expect(others.items.map((s) => s.sessionId)).toEqual([othersSession]);
    expect((await audit(doctor, 'chat.list')).length).toBeGreaterThan(0);
  });

  it('marks a session read', async () => {
    await doctor.client.POST('/console/v1/chat/read', { body: { sessionId } });
    const list = await doctor.client.GET('/console/v1/chat/sessions', { params: { query: {} } });
    expect(list.items[0]?.unreadCount).toBe(0);
    expect(list.unreadTotal).toBe(0);
  });
});

describe("reading a session's history", () => {
  it("refuses another doctor's session and a session that does not exist with the same 403, recording nothing", async () => {
    const before = (await audit(doctor, 'chat.read')).length;
    const refusals = [
      await failure(messages(doctor, othersSession)),
      await failure(messages(doctor, unknownSession)),
      await failure(send(doctor, 'intrude-0001', '你好', othersSession)),
      await failure(doctor.client.POST('/console/v1/chat/read', { body: { sessionId: othersSession } })),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({ code: 40300, errMsg: CHAT_MESSAGES.notMember, status: 403 });
    }
    expect((await audit(doctor, 'chat.read')).length).toBe(before);
  });

  it("answers the doctor's own session and records the read with the patient", async () => {
    const page = await messages(doctor);
    expect(page.items.map((m) => m.clientId)).toEqual(['doc-sock-01', 'pat-list-01']);
    const [read] = await audit(doctor, 'chat.read');
    expect(read).toMatchObject({ actorKind: 'staff', patientId: patient.cid, target: sessionId });
    expect(read?.ip).toBeTruthy();
  });
});

describe("the doctor's messages", () => {
  it('reach the patient over the socket and are recorded in the audit trail, once per client id', async () => {
    const p = await connectChat(
      api.baseUrl,
      (await patient.client.GET('/consult/v1/querySig', { params: { query: {} } })).sig,
    );
    const first = await send(doctor, 'doc-http-01', '建议您继续监测一周，记录三餐后两小时血糖');
    expect(first.duplicate).toBe(false);
    const pushed = await p.next((f) => f.type === 'message' && f.message?.clientId === 'doc-http-01');
    expect(pushed.message).toMatchObject({ id: first.message.id, from: doctor.imUserId });
    expect((await send(doctor, 'doc-http-01', '建议您继续监测一周，记录三餐后两小时血糖')).duplicate).toBe(true);
    const sends = (await audit(doctor, 'chat.send')).filter((e) => e.target === sessionId);
    // The socket's message of the first test and this one; the resend is not a second write.
    expect(sends).toHaveLength(2);
    expect(sends.every((e) => e.patientId === patient.cid)).toBe(true);
    p.socket.close();
  });

  it('are checked like the patient’s: blank text and ended consultations are refused', async () => {
    expect(await failure(send(doctor, 'doc-blank-1', '   '))).toMatchObject({ code: 40000 });
    const ended = await open(patient.cid, doctor.imUserId, 0);
    expect(await failure(send(doctor, 'doc-ended-1', '还在吗', ended))).toMatchObject({ code: 40000 });
  });
});

describe("the doctor's pictures", () => {
  it('stores a picture by the upload rules, which the doctor sends and the patient sees', async () => {
    const { path } = await doctor.client.POST('/console/v1/chat/uploadImage', { body: { data: b64(png1x1()) } });
    expect(path).toMatch(/^uploads\/276\//);
    const p = await connectChat(
      api.baseUrl,
      (await patient.client.GET('/consult/v1/querySig', { params: { query: {} } })).sig,
    );
    await doctor.client.POST('/console/v1/chat/send', {
      body: { sessionId, clientId: 'doc-image-01', payload: { type: 'image', url: path } },
    });
    const pushed = await p.next((f) => f.type === 'message' && f.message?.clientId === 'doc-image-01');
    // The patient's copy carries the picture's address signed for the patient (ADR 0142).
    const url = String((pushed.message?.payload as { url?: string } | undefined)?.url);
    expect(url.startsWith(`${path}?exp=`)).toBe(true);
    expect(url).toContain(`cid=c_${patient.cid}`);
    const served = await fetch(`${api.baseUrl}/files/${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${api.baseUrl}/files/${path}`)).status).toBe(403);
    p.socket.close();
  });

  it('refuses what is not a picture, and every role but the doctor', async () => {
    expect(
      await failure(doctor.client.POST('/console/v1/chat/uploadImage', { body: { data: b64('not a picture') } })),
    ).toMatchObject({ code: 40000 });
    const operator = await signedIn('operator');
    expect(
      await failure(operator.client.POST('/console/v1/chat/uploadImage', { body: { data: b64(png1x1()) } })),
    ).toMatchObject({ code: 40300 });
  });
});

describe('the socket send limit', () => {
  it(`allows a burst of ${CHAT_SOCKET_SEND_BURST}, then refuses until the bucket refills`, async () => {
    const sig = await patient.client.GET('/consult/v1/querySig', { params: { query: {} } });
    const p = await connectChat(api.baseUrl, sig.sig);
    const ids = Array.from({ length: CHAT_SOCKET_SEND_BURST + 2 }, (_, i) => `burst-${String(i).padStart(4, '0')}`);
    for (const id of ids) {
      p.send(sessionId, id, `第 ${id} 条`);
    }
    const answers = await Promise.all(ids.map((id) => p.next((f) => f.clientId === id)));
    expect(answers.filter((f) => f.type === 'ack')).toHaveLength(CHAT_SOCKET_SEND_BURST);
    expect(answers.slice(CHAT_SOCKET_SEND_BURST)).toEqual([
      { type: 'error', clientId: ids[CHAT_SOCKET_SEND_BURST], code: 42900, errMsg: CHAT_MESSAGES.tooFast },
      { type: 'error', clientId: ids[CHAT_SOCKET_SEND_BURST + 1], code: 42900, errMsg: CHAT_MESSAGES.tooFast },
    ]);
    // A second later one send is back: the refused message, resent with its client id, goes through.
    clock.advance(1000);
    p.send(sessionId, ids[CHAT_SOCKET_SEND_BURST]!, '重发');
    expect(await p.next((f) => f.type === 'ack' && f.clientId === ids[CHAT_SOCKET_SEND_BURST])).toMatchObject({
      duplicate: false,
    });
    p.socket.close();
  });
});

describe('the demo chat', () => {
  it('opens a running consultation between the demo patient and demo.doctor, once', async () => {
    const { token } = await api
      .client()
      .POST('/console/v1/signIn', { body: { username: 'demo.doctor', password: 'Doctor#2026' } });
    const demoDoctor = api.client({ token });
    const list = await demoDoctor.GET('/console/v1/chat/sessions', { params: { query: {} } });
    // The demo patient's consultations, one per status (seed/demoConsults.ts); the running one is this chat.
    expect(list.items.map((s) => s.status).sort()).toEqual([0, 1, 2, 3, 4]);
    // The running one is the latest activity, the one the console opens first.
    const running = list.items.filter((s) => s.status === 2);
    expect(running).toHaveLength(1);
    expect(list.items[0]?.sessionId).toBe(running[0]?.sessionId);
    expect(running[0]).toMatchObject({
      status: 2,
      patient: { nickname: '张建国' },
      lastMessage: { summary: '记下了，谢谢王医生！' },
      unreadCount: 1,
    });
    const patientClient = await signInDemoPatient(api);
    const sessionOfDemo = running[0]!.sessionId;
    const history = await patientClient.GET('/consult/v1/pagedQueryMessageList', {
      params: { query: { sessionId: sessionOfDemo } },
    });
    expect(history.items.map((m) => m.payload.type)).toEqual(['text', 'custom', 'text', 'text', 'text', 'text']);
    expect((await patientClient.GET('/consult/v1/queryUnreadCount')).total).toBe(0);
    await seed(api.app.orm, { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect((await demoDoctor.GET('/console/v1/chat/sessions', { params: { query: {} } })).totalNum).toBe(5);
  });
});

// With PostgreSQL a message reaches the members' connections only through NOTIFY, so a second API
// instance on the same database proves that the doctor's side is delivered across processes too.
describe.skipIf(!process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  it("delivers the patient's message to the doctor on the other instance, and the doctor's answer back", async () => {
    const second = await startSecondInstance(api, clock);
    const secondUrl = second.baseUrl;
    try {
      const onSecond = createApiClient({ baseUrl: secondUrl, token: doctor.token });
      const d = await connectChat(secondUrl, (await onSecond.GET('/console/v1/chat/sig')).sig);
      const p = await connectChat(
        api.baseUrl,
        (await patient.client.GET('/consult/v1/querySig', { params: { query: {} } })).sig,
      );
      p.send(sessionId, 'cross-pat-01', '跨进程：医生能收到吗？');
      const heard = await d.next((f) => f.type === 'message' && f.message?.clientId === 'cross-pat-01');
      expect(heard.message).toMatchObject({ from: customerImUserId(patient.cid) });
      const answer = await onSecond.POST('/console/v1/chat/send', {
        body: { sessionId, clientId: 'cross-doc-01', payload: { type: 'text', text: '收到，跨进程也能回复。' } },
      });
      const back = await p.next((f) => f.type === 'message' && f.message?.clientId === 'cross-doc-01');
      expect(back.message?.id).toBe(answer.message.id);
      // Once each, on both sides.
      await d.next((f) => f.type === 'message' && f.message?.clientId === 'cross-doc-01');
      expect(d.frames.filter((f) => f.message?.clientId === 'cross-pat-01')).toHaveLength(1);
      expect(p.frames.filter((f) => f.type === 'message' && f.message?.clientId === 'cross-doc-01')).toHaveLength(1);
      p.socket.close();
      d.socket.close();
    } finally {
      await second.close();
    }
  });
});
