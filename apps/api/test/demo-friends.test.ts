import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICE_KEYS } from '../src/seed/demo';
import { seedDemoFriends } from '../src/seed/demoFriends';
import { FeedComment, FeedPraise } from '../src/contexts/social/feed/feed.entity';
import { Follow } from '../src/contexts/social/follow/follow.entity';
import { startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

async function signInWith(deviceKey: string) {
  const signIn = await api
    .client()
    .GET('/wechat/v1/getHtmlAccessToken', { params: { query: { code: deviceKey, sourceId: 4 } } });
  return api.client({ token: signIn.token, sourceId: 4 });
}

const rows = async () => {
  const em = api.app.orm.em.fork();
  return {
    follows: await em.count(Follow, {}),
    praises: await em.count(FeedPraise, {}),
    comments: await em.count(FeedComment, {}),
  };
};

describe('the demo relative', () => {
  it('follows the demo patient with consent, a note name and some feed activity', async () => {
    const relative = await signInWith(DEMO_DEVICE_KEYS.relative);
    const patient = await signInWith(DEMO_DEVICE_KEYS.patient);
    const { customerVo: patientVo } = await patient.GET('/login/v1/getCurrent');
    expect((await relative.GET('/follower/v1/queryIFocus')).items).toEqual([
      expect.objectContaining({ customerId: patientVo.cid, customerNote: '爸爸', auditStatus: 1, isReceive: 1 }),
    ]);
    expect((await patient.GET('/follower/v1/queryFocusMe')).items).toEqual([
      expect.objectContaining({ nickname: '张丽', auditStatus: 1 }),
    ]);

    // The notice of the patient's latest glucose reading leads to its post, liked and commented on.
    const notices = (await relative.GET('/notice/v1/pageQueryList')).items;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'reading',
        customerId: patientVo.cid,
        testId: expect.stringMatching(/^s\d+$/) as string,
      }),
    ]);
    const { post } = await relative.GET('/tangyou/v1/dynamic', {
      params: { query: { testId: notices[0]?.testId ?? '' } },
    });
    expect(post).toMatchObject({ customerNote: '爸爸', praised: true, praiseSize: 1, commentSize: 2 });
    expect(post?.comments.map((c) => [c.customerName, c.replyName])).toEqual([
      ['张丽', null],
      ['张建国', '张丽'],
    ]);
    expect((await patient.GET('/tangyou/v1/getUnreadCommentCount')).count).toBe(3);
    expect((await relative.GET('/tangyou/v1/getUnreadCommentCount')).count).toBe(1);
    expect((await relative.GET('/tangyou/v1/getSugarTest')).items.length).toBe(5);
    // The relative sees the patient's data; the patient's own report works as before.
    expect(
      (await relative.GET('/follower/v1/queryIFocusStat', { params: { query: { customerId: patientVo.cid } } })).total,
    ).toBeGreaterThan(0);
  });

  it('is seeded once, and a follow the demo users changed is left as they made it', async () => {
    const before = await rows();
    await seedDemoFriends(api.app.orm.em.fork(), { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect(await rows()).toEqual(before);
    const relative = await signInWith(DEMO_DEVICE_KEYS.relative);
    const [follow] = (await relative.GET('/follower/v1/queryIFocus')).items;
    await relative.POST('/follower/v1/del', { body: { id: follow?.id ?? '' } });
    await seedDemoFriends(api.app.orm.em.fork(), { sessionSecret: api.app.providers.sessionSecret, now: clock() });
    expect((await relative.GET('/follower/v1/queryIFocus')).items).toEqual([]);
  });
});
