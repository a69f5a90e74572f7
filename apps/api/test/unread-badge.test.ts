import { CHAT_MEMBER_TYPE, CONSULT_STATUS } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImUserId, openChatSession } from '../src/contexts/care';
import { acceptedFollow, addSugar, requestFollow } from './follow-fixtures';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const badge = (client: Client) => client.GET('/notice/v1/getBadgeCount');

describe('GET /notice/v1/getBadgeCount', () => {
  it('requires a session', async () => {
    expect(await failure(badge(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it('refuses a visitor who has not registered', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(badge(visitor.client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('is zero with no request for a new customer', async () => {
    const { client } = await registeredCustomer(api);
    expect(await badge(client)).toEqual({ total: 0, notices: 0, followRequests: 0, chats: 0, followRequest: null });
  });

  it('counts a pending request once (not again as its notice) until it is decided, and only for its patient', async () => {
    const patient = await registeredCustomer(api, '张建国');
    const first = await registeredCustomer(api, '李明');
    const second = await registeredCustomer(api, '王芳');
    await requestFollow(first, patient);
    const id = await requestFollow(second, patient);
    const before = await badge(patient.client);
    expect(before).toMatchObject({ total: 2, notices: 0, followRequests: 2 });
    // The newest request is the one the home page shows.
    expect(before.followRequest).toMatchObject({ id, nickname: '王芳' });
    // Reading the notices does not make a waiting request go away.
    await patient.client.POST('/notice/v1/updateAllReadStatus', { body: {} });
    expect(await badge(patient.client)).toMatchObject({ total: 2, followRequests: 2 });
    await patient.client.POST('/follower/v1/refuseFocus', { body: { id } });
    expect(await badge(patient.client)).toMatchObject({
      total: 1,
      followRequests: 1,
      followRequest: { nickname: '李明' },
    });
    // The relatives themselves have nothing waiting.
    expect(await badge(second.client)).toMatchObject({ total: 0, followRequest: null });
  });

  it('adds the unread reading notices of the people the caller follows', async () => {
    const patient = await registeredCustomer(api, '患者');
    const relative = await registeredCustomer(api, '家属');
    await acceptedFollow(relative, patient);
    await addSugar(patient.client, 6.2, '2026-11-20 08:00');
    await addSugar(patient.client, 7.8, '2026-11-20 09:30');
    const unread = (await relative.client.GET('/notice/v1/getUnreadCount')).count;
    expect(unread).toBeGreaterThan(0);
    expect(await badge(relative.client)).toEqual({
      total: unread,
      notices: unread,
      followRequests: 0,
      chats: 0,
      followRequest: null,
    });
    await relative.client.POST('/notice/v1/updateAllReadStatus', { body: {} });
    expect(await badge(relative.client)).toMatchObject({ total: 0 });
  });

  it("adds the unread chat messages of the caller's consultations until the chat is read", async () => {
    const patient = await registeredCustomer(api, '患者');
    const doctor = await registeredCustomer(api, '医生');
    const sessionId = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: CONSULT_STATUS.inConsultation,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    for (const [clientId, text] of [
      ['badge-doctor-1', '您好，我看了您的描述。'],
      ['badge-doctor-2', '请问最近空腹血糖多少？'],
    ] as const) {
      await doctor.client.POST('/consult/v1/sendChatMessage', {
        body: { sessionId, clientId, payload: { type: 'text', text } },
      });
    }
    expect(await badge(patient.client)).toMatchObject({ total: 2, notices: 0, followRequests: 0, chats: 2 });
    // The sender's own messages are not unread for them.
    expect(await badge(doctor.client)).toMatchObject({ total: 0, chats: 0 });
    await patient.client.POST('/consult/v1/setSessionReaded', { body: { sessionId } });
    expect(await badge(patient.client)).toMatchObject({ total: 0, chats: 0 });
  });
});
