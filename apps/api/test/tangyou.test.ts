import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedFollow, addPressure, addSugar, circle, type Client } from './follow-fixtures';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let people: Awaited<ReturnType<typeof circle>>;
let severe: string;
let pressure: string;
let ownPost: string;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
  people = await circle(api);
  await people.patient.client.POST('/customer/v1/edit', {
    body: { province: '110000', city: '110100', district: '110105', diabetesType: '3' },
  });
  severe = `s${await addSugar(people.patient.client, 25, '2026-11-20 08:00', { timeType: 1, remark: '早饭吃多了' })}`;
  pressure = `b${await addPressure(people.patient.client, 150, 95, '2026-11-20 08:30')}`;
  await addSugar(people.patient.client, 6, '2026-11-19 08:00', { timeType: 1 });
  ownPost = `s${await addSugar(people.accepted.client, 5.2, '2026-11-20 07:00', { timeType: 1 })}`;
});
afterAll(() => api.close());

const feed = (
  client: Client,
  query: { dateTime?: string; customerId?: string; pageNo?: number; pageSize?: number } = {},
) => client.GET('/tangyou/v1/getSugarTest', { params: { query } });
const praise = (client: Client, testId: string) => client.POST('/tangyou/v1/addPraise', { body: { testId } });
const comment = (client: Client, testId: string, content: string, replyCommentId?: string) =>
  client.POST('/tangyou/v1/addComment', { body: { testId, content, ...(replyCommentId && { replyCommentId }) } });

describe('feed calls', () => {
  const calls: [string, (c: Client) => Promise<unknown>][] = [
    ['getSugarTest', (c) => feed(c)],
    ['dynamic', (c) => c.GET('/tangyou/v1/dynamic', { params: { query: { testId: 's1' } } })],
    ['addPraise', (c) => praise(c, 's1')],
    ['addComment', (c) => comment(c, 's1', '加油')],
    ['getUnreadCommentList', (c) => c.GET('/tangyou/v1/getUnreadCommentList')],
    ['getUnreadCommentCount', (c) => c.GET('/tangyou/v1/getUnreadCommentCount')],
    ['updateAllReadStatus', (c) => c.POST('/tangyou/v1/updateAllReadStatus', { body: {} })],
  ];
  it.each(calls)('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100 });
  });
  it.each(calls)('%s needs a registered customer', async (_name, call) => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(call(client))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
});

describe('GET /tangyou/v1/getSugarTest', () => {
  it.each([
    [{ dateTime: 'today' }, 40000, '日期格式不正确'],
    [{ dateTime: '2026-13-01' }, 40000, '日期格式不正确'],
    [{ pageSize: 51 }, 40000, undefined],
  ])('refuses %j', async (query, code, errMsg) => {
    expect(await failure(feed(people.accepted.client, query))).toMatchObject({ code, ...(errMsg && { errMsg }) });
  });

  it('refuses one person’s posts to anyone without their consent', async () => {
    for (const person of [people.pending, people.revoked, people.stranger]) {
      expect(await failure(feed(person.client, { customerId: people.patient.cid }))).toMatchObject({
        code: 40300,
        errMsg: '对方尚未同意您查看其健康数据',
      });
    }
    expect(await failure(feed(people.accepted.client, { customerId: 'nope' }))).toMatchObject({ code: 40300 });
  });

  it('shows the follower the patient’s posts and their own, newest first, coloured by the patient’s thresholds', async () => {
    const page = await feed(people.accepted.client, { pageSize: 5 });
    expect(page).toMatchObject({ currentPage: 1, totalPage: 1 });
    expect(page.items.map((p) => [p.testId, p.customerId, p.createTime])).toEqual([
      [pressure, people.patient.cid, '2026-11-20 08:30:00'],
      [severe, people.patient.cid, '2026-11-20 08:00:00'],
      [ownPost, people.accepted.cid, '2026-11-20 07:00:00'],
      [expect.stringMatching(/^s\d+$/), people.patient.cid, '2026-11-19 08:00:00'],
    ]);
    const [bp, sugar, own, old] = page.items;
    expect(sugar).toMatchObject({
      type: 1,
      sugar: 25,
      timeType: 1,
      sbp: null,
      level: 'high',
      urgent: true,
      remark: '早饭吃多了',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      customerNote: '张建国',
      diabetesType: '3',
      praises: [],
      comments: [],
      praiseSize: 0,
      commentSize: 0,
      praised: false,
      canEdit: false,
    });
    expect(bp).toMatchObject({ type: 0, sbp: 150, dbp: 95, hr: 72, sugar: null, level: 'high', urgent: false });
    expect(own).toMatchObject({ level: 'normal', canEdit: true, customerNote: '张丽' });
    expect(old).toMatchObject({ level: 'normal', urgent: false });
  });

  it('shows the others only their own posts', async () => {
    for (const person of [people.pending, people.revoked, people.stranger]) {
      expect((await feed(person.client)).items).toEqual([]);
    }
    expect((await feed(people.patient.client)).items.map((p) => p.customerId)).toEqual([
      people.patient.cid,
      people.patient.cid,
      people.patient.cid,
    ]);
  });

  it('keeps one China day, one person, and pages by five', async () => {
    expect((await feed(people.accepted.client, { dateTime: '2026-11-19' })).items.map((p) => p.createTime)).toEqual([
      '2026-11-19 08:00:00',
    ]);
    expect(
      (await feed(people.accepted.client, { customerId: people.accepted.cid })).items.map((p) => p.testId),
    ).toEqual([ownPost]);
    expect(await feed(people.accepted.client, { pageNo: 2, pageSize: 3 })).toMatchObject({
      currentPage: 2,
      totalPage: 2,
      items: [{ createTime: '2026-11-19 08:00:00' }],
    });
  });

  it('uses the follower’s note name', async () => {
    await people.accepted.client.POST('/follower/v1/editIFocus', {
      body: { id: people.follows.accepted, customerNote: '爸爸' },
    });
    expect(
      (await feed(people.accepted.client, { customerId: people.patient.cid })).items.every(
        (p) => p.customerNote === '爸爸',
      ),
    ).toBe(true);
  });
});

describe('GET /tangyou/v1/dynamic', () => {
  it.each(['s999999', 'x1', '12', ''])('answers %j as deleted', async (testId) => {
    expect(await people.accepted.client.GET('/tangyou/v1/dynamic', { params: { query: { testId } } })).toEqual({
      existsFlag: false,
      post: null,
    });
  });

  it('shows the post only to the patient and the people they let see it', async () => {
    for (const person of [people.pending, people.revoked, people.stranger]) {
      expect(await person.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: severe } } })).toEqual({
        existsFlag: false,
        post: null,
      });
    }
    for (const person of [people.patient, people.accepted]) {
      expect(await person.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: severe } } })).toMatchObject({
        existsFlag: true,
        post: { testId: severe, sugar: 25 },
      });
      expect(await person.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: pressure } } })).toMatchObject(
        { existsFlag: true, post: { testId: pressure, type: 0, sbp: 150, level: 'high' } },
      );
    }
  });
});

describe('likes, comments and unread messages', () => {
  it.each([
    ['', '评论不能为空!'],
    ['   ', '评论不能为空!'],
    ['加油💪', '请不要输入表情'],
    ['好'.repeat(201), '评论不能超过200个字符'],
  ])('refuses the comment %j with %s', async (content, errMsg) => {
    expect(await failure(comment(people.accepted.client, severe, content))).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses likes and comments on posts the caller may not see, like missing ones', async () => {
    for (const person of [people.pending, people.revoked, people.stranger]) {
      expect(await failure(praise(person.client, severe))).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
      expect(await failure(comment(person.client, severe, '加油'))).toMatchObject({
        code: 40400,
        errMsg: '本条数据已被删除',
      });
    }
    expect(await failure(praise(people.accepted.client, 's999999'))).toMatchObject({ code: 40400 });
  });

  it('likes once, comments and replies, and tells the right people', async () => {
    await people.patient.client.POST('/tangyou/v1/updateAllReadStatus', { body: {} });
    expect(await praise(people.accepted.client, severe)).toEqual({ praiseSize: 1, duplicate: false });
    expect(await praise(people.accepted.client, severe)).toEqual({ praiseSize: 1, duplicate: true });
    // Liking one's own post tells nobody.
    expect(await praise(people.patient.client, severe)).toEqual({ praiseSize: 2, duplicate: false });
    const { commentId } = await comment(people.accepted.client, severe, ' 爸，血糖太高了，多喝水 ');
    expect(await failure(comment(people.accepted.client, severe, '再说一句', commentId))).toMatchObject({
      code: 40000,
      errMsg: '不能回复自己的评论',
    });
    expect(await failure(comment(people.patient.client, pressure, '回复', commentId))).toMatchObject({
      code: 40400,
      errMsg: '该评论已被删除',
    });
    const reply = await comment(people.patient.client, severe, '知道了', commentId);

    const post = await people.accepted.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: severe } } });
    expect(post.post).toMatchObject({
      praiseSize: 2,
      praised: true,
      praises: [
        { customerId: people.accepted.cid, customerName: '张丽' },
        { customerId: people.patient.cid, customerName: '张建国' },
      ],
      commentSize: 2,
      comments: [
        {
          commentId,
          customerId: people.accepted.cid,
          customerName: '张丽',
          content: '爸，血糖太高了，多喝水',
          replyCommentId: null,
          replyName: null,
        },
        {
          commentId: reply.commentId,
          customerId: people.patient.cid,
          customerName: '张建国',
          content: '知道了',
          replyCommentId: commentId,
          replyName: '张丽',
          replyCustomerId: people.accepted.cid,
        },
      ],
    });

    expect(await people.patient.client.GET('/tangyou/v1/getUnreadCommentCount')).toEqual({ count: 2 });
    const patientUnread = await people.patient.client.GET('/tangyou/v1/getUnreadCommentList');
    expect(patientUnread.items.map((m) => [m.commentType, m.customerName, m.content, m.testId])).toEqual([
      [1, '张丽', '爸，血糖太高了，多喝水', severe],
      [0, '张丽', null, severe],
    ]);
    const relativeUnread = await people.accepted.client.GET('/tangyou/v1/getUnreadCommentList');
    expect(relativeUnread.items.map((m) => [m.commentType, m.customerName, m.content])).toEqual([
      [2, '张建国', '知道了'],
    ]);
    expect(await people.patient.client.POST('/tangyou/v1/updateAllReadStatus', { body: {} })).toEqual({ updated: 2 });
    expect(await people.patient.client.GET('/tangyou/v1/getUnreadCommentCount')).toEqual({ count: 0 });
    expect((await people.patient.client.GET('/tangyou/v1/getUnreadCommentList')).items).toEqual([]);
  });

  it('empties the follower’s feed and messages about the patient once access is revoked', async () => {
    const daughter = await registeredCustomer(api, '张丽丽');
    const { id } = await daughter.client.POST('/follower/v1/addFocus', { body: { customerId: people.patient.cid } });
    await people.patient.client.POST('/follower/v1/acceptFocus', { body: { id } });
    const { commentId } = await comment(daughter.client, pressure, '注意休息');
    await comment(people.patient.client, pressure, '好的', commentId);
    expect(await daughter.client.GET('/tangyou/v1/getUnreadCommentCount')).toEqual({ count: 1 });
    await people.patient.client.POST('/follower/v1/revokeFocus', { body: { id } });
    expect((await feed(daughter.client)).items).toEqual([]);
    expect(await daughter.client.GET('/tangyou/v1/getUnreadCommentCount')).toEqual({ count: 0 });
    expect(await daughter.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: pressure } } })).toEqual({
      existsFlag: false,
      post: null,
    });
  });
});

describe('a reading a relative entered for the patient', () => {
  it('names the relative on the post, for the patient and the others who see it; the owner’s own posts name nobody', async () => {
    const family = await circle(api);
    const son = await registeredCustomer(api, '张伟');
    await acceptedFollow(son, family.patient);
    const entered = `b${await addPressure(family.accepted.client, 128, 82, '2026-11-20 09:40', {
      followerId: family.patient.cid,
      testType: '2',
    })}`;
    const own = `s${await addSugar(family.patient.client, 6.4, '2026-11-20 09:45', { timeType: 2 })}`;
    for (const viewer of [family.patient, family.accepted, son]) {
      const items = (await feed(viewer.client, { customerId: family.patient.cid })).items;
      expect(items.find((p) => p.testId === entered)).toMatchObject({
        customerId: family.patient.cid,
        recorder: { customerId: family.accepted.cid, nickname: '张丽' },
      });
      expect(items.find((p) => p.testId === own)).toMatchObject({ recorder: null });
    }
  });
});
