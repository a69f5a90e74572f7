import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_COUNTDOWN_SECONDS } from '@glucoguard/domain';
import {
  failure,
  lastCode,
  newDeviceKey,
  registeredCustomer,
  startTestApi,
  testClock,
  uniquePhone,
  type TestApi,
} from './harness';
import { acceptedFollow } from './follow-fixtures';

const DAY = 24 * 3600 * 1000;
const clock = testClock(new Date());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

/** Signs a browser in (the same device key is the same openid with the local provider). */
async function signIn(deviceKey = newDeviceKey()) {
  const signed = await api
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: deviceKey, sourceId: 4 } } });
  return { deviceKey, token: signed.token, client: api.client({ token: signed.token, sourceId: 4 }) };
}

/** Registers with the one-page form, with an invite code. */
async function registerInvited(
  inviteCode: string,
  who: { deviceKey?: string; phone?: string; nickname?: string } = {},
) {
  const browser = await signIn(who.deviceKey);
  const phone = who.phone ?? uniquePhone();
  // Past the SMS code's resend interval, for a phone registering again.
  clock.advance((CODE_COUNTDOWN_SECONDS + 1) * 1000);
  await browser.client.POST('/shortMsg/v1/getCode', { body: { phone } });
  const body = {
    nickname: who.nickname ?? '赵小六',
    phone,
    validCode: lastCode(api, phone),
    sourceId: 4 as const,
    sex: 1 as const,
    birthday: '1970-01-01',
    diabetesType: '3',
    inviteCode,
  };
  return { ...browser, phone, body, register: () => browser.client.POST('/register/v1/register', { body }) };
}

async function inviter() {
  const me = await registeredCustomer(api, '邀请人');
  const { inviteCode } = await me.client.GET('/customer/v1/inviteCount');
  const strips = async () => {
    const page = await me.client.GET('/customer/v1/paperRecords', { params: { query: {} } });
    const { customerVo } = await me.client.GET('/login/v1/getCurrent');
    expect(customerVo.givePaper).toBe(page.balance);
    return page;
  };
  return { ...me, inviteCode, strips };
}

describe('GET /customer/v1/paperRecords', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().GET('/customer/v1/paperRecords', { params: { query: {} } }))).toMatchObject({
      code: 40100,
    });
  });

  it('refuses a visitor', async () => {
    const { client } = await signIn();
    expect(await failure(client.GET('/customer/v1/paperRecords', { params: { query: {} } }))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
  });

  it('rejects a page size over 100', async () => {
    const me = await inviter();
    expect(
      await failure(me.client.GET('/customer/v1/paperRecords', { params: { query: { pageSize: 101 } } })),
    ).toMatchObject({ code: 40000 });
  });

  it('starts empty with a balance of 0', async () => {
    const me = await inviter();
    expect(await me.strips()).toEqual({ items: [], currentPage: 1, totalPage: 0, totalNum: 0, balance: 0 });
  });
});

describe('strips for an invitation', () => {
  it('earns the inviter 5 strips when the invited person registers with the code, shown with the masked name', async () => {
    const a = await inviter();
    const b = await registerInvited(a.inviteCode, { nickname: '李小龙' });
    await b.register();
    const page = await a.strips();
    expect(page).toMatchObject({ balance: 5, totalNum: 1, totalPage: 1 });
    expect(page.items).toHaveLength(1);
    const [line] = page.items;
    expect(line).toMatchObject({ delta: 5, reason: 'invitation', reasonText: '邀请好友注册', invitedName: '李**' });
    expect(line!.id).toMatch(/^\d+$/);
    expect(line!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await a.client.GET('/customer/v1/inviteCount')).count).toBe(1);
  });

  it('pays for each invited person, in pages of 10, newest first', async () => {
    const a = await inviter();
    for (let i = 0; i < 11; i += 1) {
      await (await registerInvited(a.inviteCode)).register();
    }
    const first = await a.strips();
    expect(first).toMatchObject({ balance: 55, totalNum: 11, totalPage: 2, currentPage: 1 });
    expect(first.items).toHaveLength(10);
    const second = await a.client.GET('/customer/v1/paperRecords', { params: { query: { pageNo: 2 } } });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.createTime <= first.items[9]!.createTime).toBe(true);
  });

  it('earns through the two-step form too: the code entered on step 2 right after step 1', async () => {
    const a = await inviter();
    const b = await registeredCustomer(api, '钱二');
    await b.client.POST('/customer/v1/edit', { body: { inviteCode: a.inviteCode } });
    expect((await a.strips()).balance).toBe(5);
    // A second code, or the same one again, earns nothing more.
    await b.client.POST('/customer/v1/edit', { body: { inviteCode: a.inviteCode } });
    expect((await a.strips()).balance).toBe(5);
  });

  it('earns nothing for a code entered long after registering', async () => {
    const a = await inviter();
    const b = await registeredCustomer(api, '孙三');
    clock.advance(2 * DAY);
    await b.client.POST('/customer/v1/edit', { body: { inviteCode: a.inviteCode } });
    expect((await a.strips()).balance).toBe(0);
  });

  it('refuses one’s own code', async () => {
    const a = await inviter();
    expect(await failure(a.client.POST('/customer/v1/edit', { body: { inviteCode: a.inviteCode } }))).toMatchObject({
      code: 40000,
      errMsg: '请输入正确的邀请码',
    });
    expect((await a.strips()).balance).toBe(0);
  });

  it('earns once when two registrations of the same person race', async () => {
    const a = await inviter();
    const b = await registerInvited(a.inviteCode);
    const results = await Promise.allSettled([b.register(), b.register(), b.register()]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const page = await a.strips();
    expect(page).toMatchObject({ balance: 5, totalNum: 1 });
  });
});

describe('two registrations of the same phone racing from two messaging-app accounts', () => {
  it('register one account, earn once, and answer the other with an error, never a 500', async () => {
    const a = await inviter();
    const phone = uniquePhone();
    const first = await registerInvited(a.inviteCode, { phone });
    const second = await signIn();
    await second.client.POST('/shortMsg/v1/getCode', { body: { phone } }).catch(() => undefined);
    const results = await Promise.allSettled([
      first.register(),
      second.client.POST('/register/v1/register', { body: { ...first.body, validCode: first.body.validCode } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused?.reason as { status?: number } | undefined)?.status).toBeLessThan(500);
    expect(await a.strips()).toMatchObject({ balance: 5, totalNum: 1 });
  });
});

describe('POST /customer/v1/closeAccount', () => {
  it('requires a session', async () => {
    expect(await failure(api.client().POST('/customer/v1/closeAccount', { body: {} }))).toMatchObject({ code: 40100 });
  });

  it('rejects a body with fields (the identity is the session’s)', async () => {
    const me = await registeredCustomer(api);
    expect(
      await failure(me.client.POST('/customer/v1/closeAccount', { body: { cid: me.cid } as never })),
    ).toMatchObject({ code: 40000 });
  });

  it('ends every session at once, clears the profile and frees the phone for a new registration', async () => {
    const me = await registeredCustomer(api, '周九');
    const other = api.client({ token: (await signIn(me.deviceKey)).token, sourceId: 4 });
    expect((await other.GET('/login/v1/getCurrent')).customerVo.phone).toBe(me.phone);
    expect(await me.client.POST('/customer/v1/closeAccount', { body: {} })).toBeNull();
    expect(await failure(me.client.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100 });
    expect(await failure(other.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100 });
    // The same browser (the same openid) starts afresh as a visitor, and the phone registers again.
    const again = await registerInvited('', { deviceKey: me.deviceKey, phone: me.phone, nickname: '周九' });
    await again.client.POST('/register/v1/bind', {
      body: { nickname: '周九', phone: me.phone, validCode: again.body.validCode },
    });
    const { customerVo } = await again.client.GET('/login/v1/getCurrent');
    expect(customerVo).toMatchObject({ phone: me.phone, isAuth: 1, givePaper: 0 });
    expect(customerVo.cid).not.toBe(me.cid);
  });

  it('ends the follows on both sides, so no relative reads the closed account any more', async () => {
    const patient = await registeredCustomer(api, '冯老');
    const relative = await registeredCustomer(api, '冯女');
    const followed = await registeredCustomer(api, '冯叔');
    await acceptedFollow(relative, patient);
    await acceptedFollow(patient, followed);
    expect((await relative.client.GET('/follower/v1/queryIFocus')).items).toHaveLength(1);
    await patient.client.POST('/customer/v1/closeAccount', { body: {} });
    expect((await relative.client.GET('/follower/v1/queryIFocus')).items).toEqual([]);
    expect(
      await failure(
        relative.client.GET('/follower/v1/queryIFocusData', {
          params: { query: { customerId: patient.cid } as never },
        }),
      ),
    ).toMatchObject({ status: 403 });
    expect((await followed.client.GET('/follower/v1/queryFocusMe')).items).toEqual([]);
  });

  it('lets a visitor close too', async () => {
    const { client } = await signIn();
    expect(await client.POST('/customer/v1/closeAccount', { body: {} })).toBeNull();
    expect(await failure(client.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100 });
  });

  it('a closed inviter’s code invites nobody', async () => {
    const a = await inviter();
    await a.client.POST('/customer/v1/closeAccount', { body: {} });
    const b = await registerInvited(a.inviteCode);
    expect(await failure(b.register())).toMatchObject({ code: 40000, errMsg: '请输入正确的邀请码' });
  });
});

describe('an invited account closed', () => {
  it('within 7 days takes the inviter’s 5 strips back with a ledger entry; registering again earns none', async () => {
    const a = await inviter();
    const b = await registerInvited(a.inviteCode, { nickname: '王小二' });
    await b.register();
    expect((await a.strips()).balance).toBe(5);
    clock.advance(6 * DAY);
    await b.client.POST('/customer/v1/closeAccount', { body: {} });
    const page = await a.strips();
    expect(page.balance).toBe(0);
    expect(page.items[0]).toMatchObject({
      delta: -5,
      reason: 'invitationRevoked',
      reasonText: '好友注销账号，扣回奖励',
      invitedName: '王**',
    });
    expect((await a.client.GET('/customer/v1/inviteCount')).count).toBe(0);
    // The same person (same phone, same messaging-app account) registers again with the code.
    await (await registerInvited(a.inviteCode, { deviceKey: b.deviceKey, phone: b.phone })).register();
    expect((await a.client.GET('/customer/v1/inviteCount')).count).toBe(1);
    expect(await a.strips()).toMatchObject({ balance: 0, totalNum: 2 });
  });

  it('after 7 days keeps the strips, and the same person registering again earns none', async () => {
    const a = await inviter();
    const b = await registerInvited(a.inviteCode);
    await b.register();
    clock.advance(7 * DAY);
    await b.client.POST('/customer/v1/closeAccount', { body: {} });
    expect(await a.strips()).toMatchObject({ balance: 5, totalNum: 1 });
    // Another messaging-app account, the same phone: still the same person.
    await (await registerInvited(a.inviteCode, { phone: b.phone })).register();
    expect((await a.strips()).balance).toBe(5);
  });

  it('a person whose earlier account (not invited) was closed earns an inviter nothing', async () => {
    const a = await inviter();
    const earlier = await registeredCustomer(api, '郑十');
    await earlier.client.POST('/customer/v1/closeAccount', { body: {} });
    await (await registerInvited(a.inviteCode, { deviceKey: earlier.deviceKey })).register();
    expect((await a.strips()).balance).toBe(0);
  });
});
