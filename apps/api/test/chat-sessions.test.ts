import { CHAT_MEMBER_TYPE, CONSULT_STATUS } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerImUserId, openChatSession } from '../src/contexts/care';
import {
  failure,
  registeredCustomer,
  signInDemoPatient,
  signInNewVisitor,
  startTestApi,
  type TestApi,
} from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /consult/v1/queryMyChatSessions', () => {
  it('is for registered customers', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } }))).toMatchObject({
      code: 40300,
    });
  });

  it("lists the caller's own sessions with the doctor, the last message and the unread count", async () => {
    const patient = await registeredCustomer(api);
    const peer = await registeredCustomer(api);
    const outsider = await registeredCustomer(api);
    const sessionId = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: CONSULT_STATUS.inConsultation,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: customerImUserId(peer.cid), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    await peer.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'peer-first-1', payload: { type: 'text', text: '您好，请问今天空腹血糖是多少？' } },
    });
    const list = await patient.client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } });
    expect(list).toMatchObject({ totalNum: 1, totalPage: 1, unreadTotal: 1 });
    expect(list.items).toEqual([
      {
        sessionId,
        sessionType: 1,
        status: 2,
        doctor: { imUserId: customerImUserId(peer.cid), name: '', title: '', hospital: '' },
        lastMessage: { summary: '您好，请问今天空腹血糖是…', time: expect.any(Number) as number },
        unreadCount: 1,
      },
    ]);
    await patient.client.POST('/consult/v1/setSessionReaded', { body: { sessionId } });
    expect(
      (await patient.client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } })).items[0],
    ).toMatchObject({
      unreadCount: 0,
    });
    expect(await outsider.client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } })).toMatchObject({
      items: [],
      totalNum: 0,
    });
  });

  it("names demo.doctor for the demo patient's running consultation", async () => {
    const client = await signInDemoPatient(api);
    const list = await client.GET('/consult/v1/queryMyChatSessions', { params: { query: {} } });
    // One consultation per status (seed/demoConsults.ts); the running one is the demo chat.
    expect(list.items.map((s) => s.status).sort()).toEqual([0, 1, 2, 3, 4]);
    const running = list.items.find((s) => s.status === 2);
    expect(running?.doctor?.imUserId).toMatch(/^s_/);
    expect(running?.doctor?.name).not.toBe('');
    expect(running?.lastMessage?.summary).toBe('记下了，谢谢王医生！');
  });
});
