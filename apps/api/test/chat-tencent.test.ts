// CHAT_PROVIDER=tencent against the local fake of Tencent Cloud IM's REST API (ADR 0124): querySig
// answers a UserSig for the caller's imported account, and every stored message — a client's or
// the server's custom step — is relayed once as a custom message from the sender's account, by a
// durable job that retries what Tencent refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MEMBER_TYPE, decodeTencentChatData, tencentChatUserId, UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { customerImUserId, openChatSession, postCustomChatMessage, staffImUserId } from '../src/contexts/care';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { consoleContentSecurityPolicy } from '../src/plugins/console';
import { chatConnectSources } from '../src/providers/chat/config';
import { startTencentImFake, type FakeTencentIm } from './fakes/tencent-im-fake';
import { b64, png1x1 } from './upload/images';
import { registeredCustomer, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let fake: FakeTencentIm;
let api: TestApi;
type Customer = Awaited<ReturnType<typeof registeredCustomer>>;
let patient: Customer;
let doctor: Customer;
let sessionId: string;
let patientAccount: string;
let doctorAccount: string;

const sendText = (customer: Customer, clientId: string, text: string) =>
  customer.client.POST('/consult/v1/sendChatMessage', {
    body: { sessionId, clientId, payload: { type: 'text', text } },
  });

beforeAll(async () => {
  fake = await startTencentImFake({ sdkAppId: 1400000123, secretKey: 'k'.repeat(64), admin: 'administrator' });
  api = await startTestApi(
    {
      CHAT_PROVIDER: 'tencent',
      TENCENT_IM_SDK_APP_ID: '1400000123',
      TENCENT_IM_SECRET_KEY: 'k'.repeat(64),
      TENCENT_IM_ADMIN_IDENTIFIER: 'administrator',
      TENCENT_IM_API_BASE: fake.baseUrl,
      JOBS_POLL_INTERVAL_MS: '500',
    },
    { clock },
  );
  patient = await registeredCustomer(api, '张建国');
  doctor = await registeredCustomer(api, '李医生');
  patientAccount = tencentChatUserId(customerImUserId(patient.cid));
  doctorAccount = tencentChatUserId(customerImUserId(doctor.cid));
  sessionId = await openChatSession(api.app.orm.em.fork(), {
    sessionType: 1,
    status: 2,
    members: [
      { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
      { imUserId: customerImUserId(doctor.cid), type: CHAT_MEMBER_TYPE.doctor },
    ],
  });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

describe('querySig with CHAT_PROVIDER=tencent', () => {
  it('answers a UserSig Tencent accepts for the caller’s own account, imported first', async () => {
    const sig = await patient.client.GET('/consult/v1/querySig', {
      params: { query: { imUserId: customerImUserId(doctor.cid) } },
    });
    expect(sig).toMatchObject({ provider: 'tencent', sdkAppId: 1400000123, imUserId: customerImUserId(patient.cid) });
    expect(fake.checkUserSig(sig.sig, patientAccount)).toBe(0);
    expect(fake.checkUserSig(sig.sig, doctorAccount)).toBe(70013);
    expect(fake.accounts.has(patientAccount)).toBe(true);
    expect(sig.expireTime).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});

describe('the doctor’s side in the console with CHAT_PROVIDER=tencent', () => {
  it('signs the staff identity’s own account, and relays the doctor’s sends from it', async () => {
    const doctorRecord = await api.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
    const { staff, client: desk } = await signedInStaff(api, 'doctor', { doctorId: doctorRecord!.id, now: clock() });
    const staffAccount = tencentChatUserId(staffImUserId(staff.id));
    expect(staffAccount).toMatch(/^s_[A-Za-z0-9_-]{22}$/);

    const sig = await desk.GET('/console/v1/chat/sig');
    expect(sig).toMatchObject({ provider: 'tencent', sdkAppId: 1400000123, imUserId: staffImUserId(staff.id) });
    expect(fake.checkUserSig(sig.sig, staffAccount)).toBe(0);
    expect(fake.accounts.has(staffAccount)).toBe(true);

    const consultation = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: 2,
      members: [
        { imUserId: customerImUserId(patient.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: staffImUserId(staff.id), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    const before = fake.messages.length;
    const sent = await desk.POST('/console/v1/chat/send', {
      body: {
        sessionId: consultation,
        clientId: 'tc-desk-0001',
        payload: { type: 'text', text: '请把这周的血糖记录发我' },
      },
    });
    const [relayed] = (await fake.messagesArrived(before + 1)).slice(before);
    expect(relayed).toMatchObject({ From_Account: staffAccount, To_Account: patientAccount, SyncOtherMachine: 1 });
    expect(decodeTencentChatData(relayed!.MsgBody[0]!.MsgContent.Data)).toEqual(sent.message);
  });
});

describe('the web app with CHAT_PROVIDER=tencent', () => {
  it('may connect to Tencent Cloud IM’s hosts, and nowhere else besides its own origin', async () => {
    const response = await fetch(`${api.baseUrl}/config/v1/getServerTime`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(
      "connect-src 'self' wss://*.im.qcloud.com https://*.im.qcloud.com wss://*.tim.qq.com https://*.tim.qq.com https://*.my-imcloud.com;",
    );
  });

  it('and so may the console, the doctor’s side; with the local provider neither connects elsewhere', () => {
    const tencent = consoleContentSecurityPolicy('https://h5.example.com', chatConnectSources(api.config.rawEnv));
    expect(tencent).toContain("connect-src 'self' wss://*.im.qcloud.com https://*.im.qcloud.com wss://*.tim.qq.com");
    expect(consoleContentSecurityPolicy('https://h5.example.com', chatConnectSources({}))).toContain(
      "connect-src 'self';",
    );
  });
});

describe('messages relayed through Tencent Cloud IM', () => {
  it('carries a stored text from the sender’s account to the other member’s, once', async () => {
    const before = fake.messages.length;
    const sent = await sendText(patient, 'tc-hello-01', '医生您好，我今天空腹血糖 7.8');
    expect(sent.duplicate).toBe(false);
    const [relayed] = (await fake.messagesArrived(before + 1)).slice(before);
    expect(relayed).toMatchObject({
      From_Account: patientAccount,
      To_Account: doctorAccount,
      SyncOtherMachine: 1,
      MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Desc: '医生您好，我今天空腹血糖…' } }],
    });
    // The doctor never asked for a sig: the relay imported the account before sending to it.
    expect(fake.accounts.has(doctorAccount)).toBe(true);
    expect(decodeTencentChatData(relayed!.MsgBody[0]!.MsgContent.Data)).toEqual(sent.message);

    // A resend of the same client id is the stored message and is not relayed again.
    expect(await sendText(patient, 'tc-hello-01', '医生您好，我今天空腹血糖 7.8')).toEqual({
      message: sent.message,
      duplicate: true,
    });
    const reply = await sendText(doctor, 'tc-reply-01', '收到');
    const after = (await fake.messagesArrived(before + 2)).slice(before);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ From_Account: doctorAccount, To_Account: patientAccount });
    expect(decodeTencentChatData(after[1]!.MsgBody[0]!.MsgContent.Data)).toEqual(reply.message);
  });

  it('carries a picture with its address signed for the recipient (ADR 0142)', async () => {
    const picture = await patient.client.POST('/common/v1/uploadImage', {
      body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.chat },
    });
    const before = fake.messages.length;
    await patient.client.POST('/consult/v1/sendChatMessage', {
      body: { sessionId, clientId: 'tc-image-01', payload: { type: 'image', url: picture.path } },
    });
    const [relayed] = (await fake.messagesArrived(before + 1)).slice(before);
    const carried = decodeTencentChatData(relayed!.MsgBody[0]!.MsgContent.Data) as { payload: { url: string } };
    expect(carried.payload.url.startsWith(`${picture.path}?exp=`)).toBe(true);
    expect(carried.payload.url).toContain(`cid=c_${doctor.cid}`);
    expect((await fetch(`${api.baseUrl}/files/${carried.payload.url}`)).status).toBe(200);
  });

  it('relays the server’s custom messages the same way', async () => {
    const before = fake.messages.length;
    const { message } = await postCustomChatMessage(api.app.orm.em.fork(), api.app.chat.fanOut, {
      sessionId,
      from: customerImUserId(doctor.cid),
      key: 'approve-tencent-1',
      data: 'approveConsult',
      description: '医生已接诊',
      now: clock(),
    });
    const [relayed] = (await fake.messagesArrived(before + 1)).slice(before);
    expect(relayed).toMatchObject({ From_Account: doctorAccount, To_Account: patientAccount });
    expect(relayed!.MsgBody[0]!.MsgContent.Desc).toBe('医生已接诊');
    expect(decodeTencentChatData(relayed!.MsgBody[0]!.MsgContent.Data)).toEqual(message);
  });

  it('retries a relay Tencent refused, by the durable job committed with the message, until it passes', async () => {
    const before = fake.messages.length;
    fake.refuseNext(60007, 'REST API frequency limit');
    const sent = await sendText(patient, 'tc-refused-01', '这条在腾讯云先被限流');
    expect(sent.duplicate).toBe(false);
    await expect.poll(() => fake.calls.at(-1)).toEqual({ path: 'v4/openim/sendmsg', code: 60007 });
    expect(fake.messages).toHaveLength(before);
    // The retry is due 10 s later by the app's clock.
    clock.advance(60_000);
    const [relayed] = (await fake.messagesArrived(before + 1)).slice(before);
    expect(decodeTencentChatData(relayed!.MsgBody[0]!.MsgContent.Data)).toEqual(sent.message);
    expect(fake.calls.at(-1)).toEqual({ path: 'v4/openim/sendmsg', code: 0 });
  });
});
