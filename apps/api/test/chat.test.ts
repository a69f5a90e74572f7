import { CHAT_MESSAGES, CONSULT_MESSAGES } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MEMBER_TYPE } from '@glucoguard/domain';
import { customerImUserId, openChatSession, postCustomChatMessage } from '../src/contexts/care';
import { connectChat } from './chat-socket';
import { failure, registeredCustomer, startSecondInstance, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
let patient: Customer;
let doctor: Customer;
let outsider: Customer;
let sessionId: string;

/** The shared chat socket (test/chat-socket.ts) at this API or another instance at `baseUrl`; it sends to this file's session unless told. */
async function connect(sig: string, baseUrl = api.baseUrl) {
  const chat = await connectChat(baseUrl, sig);
  return {
    ...chat,
    send: (clientId: string, text: string, session = sessionId) => chat.send(session, clientId, text),
  };
}

const sigOf = async (customer: Customer) => customer.client.GET('/consult/v1/querySig', { params: { query: {} } });
const history = (customer: Customer, lastMessageTime?: number) =>
  customer.client.GET('/consult/v1/pagedQueryMessageList', {
    params: { query: { sessionId, ...(lastMessageTime !== undefined && { lastMessageTime }) } },
  });
const sendHttp = (customer: Customer, clientId: string, text: string, session = sessionId) =>
  customer.client.POST('/consult/v1/sendChatMessage', {
    body: { sessionId: session, clientId, payload: { type: 'text', text } },
  });

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  patient = await registeredCustomer(api, '张建国');
  doctor = await registeredCustomer(api, '李医生');
  outsider = await registeredCustomer(api, '王芳');
  sessionId = await openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status: 2,
    members: [
      { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
    ],
  });
});
afterAll(() => api.close());

describe('querySig', () => {
  it('needs a session', async () => {
    expect(await failure(api.client().GET('/consult/v1/querySig', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
  });

  it("answers the caller's own chat identity, whatever imUserId is asked", async () => {
    const sig = await patient.client.GET('/consult/v1/querySig', {
      params: { query: { imUserId: customerImUserId(doctor.cid), type: 1 } },
    });
    expect(sig).toMatchObject({ sdkAppId: 0, imUserId: customerImUserId(patient.cid), provider: 'local' });
    expect(sig.expireTime).toBe(clock().getTime() + 2 * 3600 * 1000);
  });
});

describe('the chat WebSocket', () => {
  it('answers a plain HTTP request (no upgrade) with 426 in the envelope', async () => {
    const response = await fetch(`${api.baseUrl}/consult/v1/chatSocket?sig=x`);
    expect(response.status).toBe(426);
    expect(await response.json()).toMatchObject({ code: 40000, errMsg: '请使用 WebSocket 连接' });
  });

  it('carries a text from the patient to the doctor, acked to the sender', async () => {
    const p = await connect((await sigOf(patient)).sig);
    const d = await connect((await sigOf(doctor)).sig);
    p.send('hello-0001', '医生您好，我今天空腹血糖 7.8');
    const ack = await p.next((f) => f.type === 'ack' && f.clientId === 'hello-0001');
    expect(ack).toMatchObject({ duplicate: false, message: { from: customerImUserId(patient.cid) } });
    const received = await d.next((f) => f.type === 'message' && f.message?.clientId === 'hello-0001');
    expect(received.message).toEqual(ack.message);
    d.send('reply-0001', '收到，请继续记录一周');
    const reply = await p.next((f) => f.type === 'message' && f.message?.clientId === 'reply-0001');
    expect(reply.message?.payload).toEqual({ type: 'text', text: '收到，请继续记录一周' });
    expect(reply.message!.time).toBeGreaterThan(ack.message!.time);
    p.socket.close();
    d.socket.close();
  });

  it('stores and delivers a message resent with the same client id once', async () => {
    const p = await connect((await sigOf(patient)).sig);
    const d = await connect((await sigOf(doctor)).sig);
    p.send('resend-0001', '第一次发送');
    const first = await p.next((f) => f.type === 'ack' && f.clientId === 'resend-0001');
    // The reconnect case: the same client id again (even with another text) is the stored message.
    p.send('resend-0001', '第一次发送');
    const again = await p.next((f) => f.type === 'ack' && f.clientId === 'resend-0001' && f.duplicate === true);
    expect(again.message).toEqual(first.message);
    const overHttp = await sendHttp(patient, 'resend-0001', '第一次发送');
    expect(overHttp).toEqual({ message: first.message, duplicate: true });
    // Messages reach a connection in order: once the next one arrives, a second copy would have.
    p.send('resend-0002', '之后的消息');
    await d.next((f) => f.type === 'message' && f.message?.clientId === 'resend-0002');
    expect(d.frames.filter((f) => f.message?.clientId === 'resend-0001')).toHaveLength(1);
    const stored = (await history(doctor)).items.filter((m) => m.clientId === 'resend-0001');
    expect(stored).toHaveLength(1);
    p.socket.close();
    d.socket.close();
  });

  it('kicks the older connection when the same account connects again, with the spec words', async () => {
    const older = await connect((await sigOf(patient)).sig);
    const newer = await connect((await sigOf(patient)).sig);
    expect(await older.next((f) => f.type === 'kicked')).toEqual({ type: 'kicked', errMsg: CHAT_MESSAGES.kicked });
    expect(await older.closed).toBe(4409);
    newer.send('after-kick1', '换了一台手机');
    expect(await newer.next((f) => f.type === 'ack')).toMatchObject({ clientId: 'after-kick1', duplicate: false });
    expect(newer.frames.some((f) => f.type === 'kicked')).toBe(false);
    newer.socket.close();
  });

  it('refuses a non-member, over the socket and over HTTP', async () => {
    const o = await connect((await sigOf(outsider)).sig);
    o.send('intrude-001', '我想看看');
    expect(await o.next((f) => f.type === 'error')).toMatchObject({
      clientId: 'intrude-001',
      code: 40300,
      errMsg: CHAT_MESSAGES.notMember,
    });
    o.socket.close();
    expect(await failure(sendHttp(outsider, 'intrude-002', '我想看看'))).toMatchObject({ code: 40300, status: 403 });
    expect(await failure(history(outsider))).toMatchObject({ code: 40300 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await failure(sendHttp(patient, 'nosuch-0001', '你好', unknown))).toMatchObject({
      code: 40300,
      errMsg: CHAT_MESSAGES.notMember,
    });
  });

  it('refuses a blank or too long text and a malformed frame', async () => {
    expect(await failure(sendHttp(patient, 'blank-0001', '   '))).toMatchObject({
      code: 40000,
      errMsg: CONSULT_MESSAGES.chatEmpty,
    });
    expect(await failure(sendHttp(patient, 'long-00001', '字'.repeat(501)))).toMatchObject({ code: 40000 });
    const p = await connect((await sigOf(patient)).sig);
    p.socket.send('not json');
    expect(await p.next((f) => f.type === 'error')).toMatchObject({ code: 40000, clientId: null });
    p.socket.close();
  });

  it('refuses a forged or expired signature', async () => {
    const { sig } = await sigOf(patient);
    const [id, expires, mac] = sig.split('.');
    const forgedFor = `${customerImUserId(doctor.cid)}.${expires}.${mac}`;
    const later = `${id}.${Number(expires) + 3600}.${mac}`;
    for (const bad of [forgedFor, later, 'nonsense', `${sig}x`]) {
      const socket = await connect(bad);
      expect(await socket.closed).toBe(4401);
    }
    // The clock moves past the signature's two hours (later tests do not depend on the time).
    clock.advance(2 * 3600 * 1000 + 1000);
    const expired = await connect(sig);
    expect(await expired.closed).toBe(4401);
    const fresh = await connect((await sigOf(patient)).sig);
    fresh.send('fresh-0001', '重新登录后发送');
    expect(await fresh.next((f) => f.type === 'ack')).toMatchObject({ clientId: 'fresh-0001' });
    fresh.socket.close();
  });
});

describe('history and unread counts', () => {
  it('pages 10 at a time before lastMessageTime, oldest first, without gaps or repeats', async () => {
    for (let i = 0; i < 23; i += 1) {
      await sendHttp(patient, `page-${String(i).padStart(5, '0')}`, `第 ${i} 条`);
    }
    const all: string[] = [];
    let cursor: number | undefined;
    let total: number | undefined;
    for (;;) {
      const page = await history(doctor, cursor);
      total = page.totalNum;
      expect(page.items.length).toBeLessThanOrEqual(10);
      expect(page.totalPage).toBe(Math.ceil(page.totalNum / 10));
      if (page.items.length === 0) {
        break;
      }
      const times = page.items.map((m) => m.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      all.unshift(...page.items.map((m) => m.id));
      cursor = page.items[0]!.time;
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(total);
    const newest = await history(doctor);
    expect(newest.items).toHaveLength(10);
    expect(newest.items.at(-1)?.clientId).toBe('page-00022');
  });

  it("counts the other side's messages as unread until the session is read", async () => {
    const before = await doctor.client.GET('/consult/v1/queryUnreadCount');
    expect(before.total).toBeGreaterThan(20);
    expect(before.sessions).toEqual([{ sessionId, unreadCount: before.total }]);
    await doctor.client.POST('/consult/v1/setSessionReaded', { body: { sessionId } });
    expect(await doctor.client.GET('/consult/v1/queryUnreadCount')).toEqual({
      total: 0,
      sessions: [{ sessionId, unreadCount: 0 }],
    });
    await sendHttp(patient, 'unread-0001', '还有一个问题');
    expect((await doctor.client.GET('/consult/v1/queryUnreadCount')).total).toBe(1);
    // The sender's own messages are never unread to them.
    const mine = await patient.client.GET('/consult/v1/queryUnreadCount');
    expect(mine.total).toBeLessThan(before.total);
    expect(await outsider.client.GET('/consult/v1/queryUnreadCount')).toEqual({ total: 0, sessions: [] });
  });

  it("posts the server's custom messages once per key, setting the session's status", async () => {
    const waiting = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: 3,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    // Waiting for the doctor (status 3): the patient cannot write yet.
    expect(await failure(sendHttp(patient, 'early-0001', '医生在吗', waiting))).toMatchObject({
      errMsg: CONSULT_MESSAGES.consultEnded,
    });
    const p = await connect((await sigOf(patient)).sig);
    const approve = () =>
      postCustomChatMessage(api.app.orm.em.fork(), api.app.chat.fanOut, {
        sessionId: waiting,
        from: customerImUserId(doctor.cid),
        key: `approve_${waiting}`,
        data: 'approveConsult',
        description: '医生已接诊',
        status: 2,
        now: clock(),
      });
    const first = await approve();
    expect(first.duplicate).toBe(false);
    expect((await approve()).duplicate).toBe(true);
    const pushed = await p.next((f) => f.type === 'message' && f.message?.id === first.message.id);
    expect(pushed.message?.payload).toEqual({
      type: 'custom',
      data: 'approveConsult',
      description: '医生已接诊',
      extension: '',
    });
    // Accepted (status 2): now the patient can write.
    expect(await sendHttp(patient, 'after-0001', '医生您好', waiting)).toMatchObject({ duplicate: false });
    await p.next((f) => f.type === 'message' && f.message?.clientId === 'after-0001');
    expect(p.frames.filter((f) => f.message?.id === first.message.id)).toHaveLength(1);
    p.socket.close();
  });

  it('refuses sends once the consultation has ended', async () => {
    const ended = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: 0,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    expect(await failure(sendHttp(patient, 'ended-0001', '还在吗', ended))).toMatchObject({
      code: 40000,
      errMsg: CONSULT_MESSAGES.consultEnded,
    });
  });
});

// With PostgreSQL a message reaches the members' connections only through NOTIFY (no shortcut in
// process), so a second API instance on the same database proves the fan-out across processes.
describe.skipIf(!process.env.DATABASE_URL)('two API instances on one PostgreSQL', () => {
  it('delivers a message sent through one instance to a member connected to the other', async () => {
    const second = await startSecondInstance(api, clock);
    const secondUrl = second.baseUrl;
    try {
      const d = await connect((await sigOf(doctor)).sig, secondUrl);
      const p = await connect((await sigOf(patient)).sig);
      p.send('cross-0001', '跨进程的消息');
      const received = await d.next((f) => f.type === 'message' && f.message?.clientId === 'cross-0001');
      expect(received.message?.payload).toEqual({ type: 'text', text: '跨进程的消息' });
      // The sender's own instance hears it once too (its NOTIFY comes back to its listener).
      await p.next((f) => f.type === 'message' && f.message?.clientId === 'cross-0001');
      d.send('cross-0002', '收到');
      await p.next((f) => f.type === 'message' && f.message?.clientId === 'cross-0002');
      expect(p.frames.filter((f) => f.type === 'message' && f.message?.clientId === 'cross-0001')).toHaveLength(1);
      expect(d.frames.filter((f) => f.type === 'message' && f.message?.clientId === 'cross-0001')).toHaveLength(1);
      p.socket.close();
      d.socket.close();
    } finally {
      await second.close();
    }
  });
});
