import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { WechatFake } from './fakes/wechat-fake';
import { acceptedFollow, addPressure, addSugar, circle, type Client, type Person } from './follow-fixtures';
import {
  failure,
  lastCode,
  registeredCustomer,
  signInNewVisitor,
  startTestApi,
  testClock,
  uniquePhone,
  type TestApi,
} from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const notices = (client: Client) => client.GET('/notice/v1/pageQueryList');
const count = (client: Client) => client.GET('/notice/v1/getUnreadCount');
const readingNotices = async (client: Client) => (await notices(client)).items.filter((n) => n.kind === 'reading');

describe('notice calls', () => {
  const calls: [string, (c: Client) => Promise<unknown>][] = [
    ['pageQueryList', (c) => c.GET('/notice/v1/pageQueryList')],
    ['getUnreadCount', (c) => c.GET('/notice/v1/getUnreadCount')],
    ['updateAllReadStatus', (c) => c.POST('/notice/v1/updateAllReadStatus', { body: {} })],
  ];
  it.each(calls)('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100 });
  });
  it.each(calls)('%s needs a registered customer', async (_name, call) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
  it('refuses a page size over 100', async () => {
    const { client } = await registeredCustomer(api);
    expect(
      await failure(client.GET('/notice/v1/pageQueryList', { params: { query: { pageSize: 101 } } })),
    ).toMatchObject({ code: 40000 });
  });
});

describe('notices of a patient’s readings', () => {
  let people: Awaited<ReturnType<typeof circle>>;
  let muted: Person;
  beforeAll(async () => {
    clock.advance(11 * 60_000);
    people = await circle(api);
    muted = await registeredCustomer(api, '静音');
    const mutedId = await acceptedFollow(muted, people.patient);
    await muted.client.POST('/follower/v1/editIFocus', { body: { id: mutedId, isReceive: 0 } });
    for (const person of [people.accepted, muted]) {
      await person.client.POST('/notice/v1/updateAllReadStatus', { body: {} });
    }
  });

  it('tells each follower with notices on, urgently for a severe reading, and nobody else', async () => {
    await addSugar(people.patient.client, 25, '2026-11-20 08:00', { timeType: 1 });
    expect(await readingNotices(people.accepted.client)).toEqual([
      {
        id: expect.any(String) as string,
        kind: 'reading',
        title: '紧急提醒：张建国血糖严重偏高',
        text: '张建国在11-20 08:00测得空腹血糖25.0mmol/L，严重偏高，请尽快与其联系。',
        urgent: true,
        read: false,
        customerId: people.patient.cid,
        testId: expect.stringMatching(/^s\d+$/) as string,
        createTime: '2026-11-20 10:11:00',
      },
    ]);
    expect(await count(people.accepted.client)).toEqual({ count: 1, urgent: 1 });
    for (const person of [muted, people.pending, people.revoked, people.stranger, people.patient]) {
      expect(await readingNotices(person.client)).toEqual([]);
    }
  });

  it('names the patient by the follower’s note and marks ordinary readings plainly', async () => {
    await people.accepted.client.POST('/follower/v1/editIFocus', {
      body: { id: people.follows.accepted, customerNote: '爸爸' },
    });
    await addSugar(people.patient.client, 6.1, '2026-11-20 09:00', { timeType: 2 });
    await addPressure(people.patient.client, 185, 112, '2026-11-20 09:05');
    const [pressure, sugar] = await readingNotices(people.accepted.client);
    expect(sugar).toMatchObject({
      title: '爸爸测量了血糖',
      text: '爸爸在11-20 09:00测得早餐后血糖6.1mmol/L，正常。',
      urgent: false,
    });
    expect(pressure).toMatchObject({
      title: '紧急提醒：爸爸血压严重偏高',
      urgent: true,
      testId: expect.stringMatching(/^b\d+$/) as string,
    });
    expect(await count(people.accepted.client)).toEqual({ count: 3, urgent: 2 });
    expect(await people.accepted.client.POST('/notice/v1/updateAllReadStatus', { body: {} })).toEqual({ updated: 3 });
    expect(await count(people.accepted.client)).toEqual({ count: 0, urgent: 0 });
    expect((await readingNotices(people.accepted.client)).every((n) => n.read)).toBe(true);
  });

  it('does not tell the relative who recorded the reading, but tells the others who entered it', async () => {
    const sister = await registeredCustomer(api, '张伟');
    await acceptedFollow(sister, people.patient);
    await addSugar(people.accepted.client, 2.5, '2026-11-20 09:30', {
      timeType: 3,
      followerId: people.patient.cid,
      testType: '2',
    });
    expect(await count(people.accepted.client)).toEqual({ count: 0, urgent: 0 });
    // The others are told who entered it.
    expect(await readingNotices(sister.client)).toEqual([
      expect.objectContaining({
        title: '紧急提醒：张建国血糖严重偏低',
        text: '张建国在11-20 09:30测得午餐前血糖2.5mmol/L，严重偏低，请尽快与其联系。（由亲友 张丽 代为记录）',
        urgent: true,
      }),
    ]);
  });

  it('hides the reading notices of a patient who revoked', async () => {
    await people.patient.client.POST('/follower/v1/revokeFocus', { body: { id: people.follows.accepted } });
    expect(await readingNotices(people.accepted.client)).toEqual([]);
    expect(await count(people.accepted.client)).toEqual({ count: 0, urgent: 0 });
  });
});

describe('messages through the messaging app, embedded default', () => {
  const outbox = () => api.app.providers.noticePusher as LocalPushOutbox;

  it('sends queued notices once, and respects the settings switch and the consent at send time', async () => {
    clock.advance(11 * 60_000);
    const patient = await registeredCustomer(api, '张建国');
    const daughter = await registeredCustomer(api, '张丽');
    const son = await registeredCustomer(api, '张伟');
    const niece = await registeredCustomer(api, '小红');
    await acceptedFollow(daughter, patient);
    const sonFollow = await acceptedFollow(son, patient);
    await acceptedFollow(niece, patient);
    // The niece turned measurement messages off: she gets the in-app notice only.
    await niece.client.POST('/customer/v1/updateMsgSetting', {
      body: { category: 'wechatMsg', code: 'sugarTest', isReceive: 0 },
    });
    await api.app.noticePush.runOnce();
    const before = outbox().list().length;

    await addSugar(patient.client, 25, '2026-11-20 08:00', { timeType: 1 });
    // Queued for the daughter and the son; then the son loses access and the daughter keeps it.
    await patient.client.POST('/follower/v1/revokeFocus', { body: { id: sonFollow } });
    expect(await api.app.noticePush.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 1 });
    const sent = outbox().list().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      openid: daughter.signIn.openid,
      urgent: true,
      fields: { name: '张建国', item: '空腹血糖', value: '25.0mmol/L', result: '严重偏高', time: '2026-11-20 08:00' },
      path: '/notice/noticeList',
    });
    expect(await readingNotices(niece.client)).toHaveLength(1);
    expect(await api.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });

    // Switching measurement messages off stops what is still queued.
    await addSugar(patient.client, 6, '2026-11-20 09:00', { timeType: 2 });
    await daughter.client.POST('/customer/v1/updateMsgSetting', {
      body: { category: 'wechatMsg', code: 'sugarTest', isReceive: 0 },
    });
    expect(await api.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 1 });
    expect(outbox().list().slice(before)).toHaveLength(1);
  });
});

describe('messages through the official account’s template messages', () => {
  let fake: WechatFake;
  let wx: TestApi;
  const wxClock = testClock(new Date('2026-11-20T02:00:00Z'));
  beforeAll(async () => {
    fake = await WechatFake.start();
    wx = await startTestApi(
      {
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APP_ID: fake.appId,
        WECHAT_APP_SECRET: fake.appSecret,
        WECHAT_API_BASE: fake.baseUrl,
        NOTICE_PUSH_PROVIDER: 'wechat',
        WECHAT_TEMPLATE_READING_ID: 'TPL_READING_FAKE',
        PUBLIC_BASE_URL: 'https://h5.example.com',
      },
      { clock: wxClock },
    );
    // Whatever the demo seed queued (its relative signs in locally) is out of the way first.
    await wx.app.noticePush.runOnce();
  });
  afterAll(async () => {
    await wx.close();
    await fake.close();
  });

  /** Signs in through the fake messaging app and registers. */
  async function wechatCustomer(openid: string, nickname: string) {
    const code = fake.issueCode({ openid, nickname });
    const { state } = await wx
      .client()
      .GET('/wechat/v1/getAuthorizeUrl', { params: { query: { redirectUri: 'https://h5.example.com/' } } });
    const signIn = await wx.client().GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code, state } } });
    const client = wx.client({ token: signIn.token });
    const phone = uniquePhone();
    await client.POST('/shortMsg/v1/getCode', { body: { phone } });
    const cid = await client.POST('/register/v1/bind', { body: { nickname, phone, validCode: lastCode(wx, phone) } });
    return { client, cid, phone, signIn, deviceKey: '' };
  }

  it('delivers an urgent reading to the follower, retries a busy service, and gives up on an unfollowed account', async () => {
    const patient = await wechatCustomer('o_wx_father', '张建国');
    const daughter = await wechatCustomer('o_wx_daughter', '张丽');
    const son = await wechatCustomer('o_wx_son', '张伟');
    await acceptedFollow(daughter, patient);
    await acceptedFollow(son, patient);
    fake.unsubscribed.add('o_wx_son');
    fake.failWithSystemBusy('/cgi-bin/message/template/send');

    await addSugar(patient.client, 25, '2026-11-20 08:00', { timeType: 1 });
    expect(await wx.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0, skipped: 0 });
    // Not due yet: nothing is tried before the back-off ends.
    expect(await wx.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
    fake.recover();
    wxClock.advance(30_000);
    expect(await wx.app.noticePush.runOnce()).toEqual({ sent: 1, retried: 0, failed: 1, skipped: 0 });
    expect(fake.templateMessages).toEqual([
      expect.objectContaining({
        touser: 'o_wx_daughter',
        template_id: 'TPL_READING_FAKE',
        url: 'https://h5.example.com/notice/noticeList',
        data: {
          thing1: { value: '张建国' },
          thing2: { value: '空腹血糖' },
          character_string3: { value: '25.0mmol/L' },
          phrase4: { value: '严重偏高' },
          time5: { value: '2026-11-20 08:00' },
        },
      }),
    ]);
    wxClock.advance(10 * 60_000);
    expect(await wx.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 0 });
  });

  it('skips local sign-ins, which the official account cannot reach', async () => {
    const patient = await wechatCustomer('o_wx_mother', '王秀英');
    const local = await signInLocal();
    await acceptedFollow(local, patient);
    await addPressure(patient.client, 120, 80, '2026-11-20 08:00');
    expect(await wx.app.noticePush.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, skipped: 1 });
    expect(await readingNotices(local.client)).toHaveLength(1);
  });

  /** A customer with an openid of the local provider's form (`local_…`), which template messages cannot reach. */
  async function signInLocal() {
    return wechatCustomer('local_not_reachable', '本地用户');
  }
});
