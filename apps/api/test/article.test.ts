import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Article, ArticleCategory } from '../src/contexts/engagement/article/article.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
  // A hidden article, and a shown article in a hidden category: neither may ever be listed or opened.
  const em = api.app.orm.em.fork();
  em.create(ArticleCategory, { id: 90, name: '草稿', sort: 90, status: 0 });
  em.create(Article, {
    id: 901,
    typeId: 1,
    title: '未发布的文章',
    contentPoints: '草稿',
    picUrl: '',
    content: '草稿',
    status: 0,
    addScore: 2,
    publishedAt: clock(),
  });
  em.create(Article, {
    id: 902,
    typeId: 90,
    title: '隐藏分类的文章',
    contentPoints: '草稿',
    picUrl: '',
    content: '草稿',
    status: 1,
    addScore: 2,
    publishedAt: clock(),
  });
  await em.flush();
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
const body = (articleId: number) => ({ body: { articleId } });
const detail = (client: Client, articleId: number) =>
  client.GET('/article/content/detail', { params: { query: { articleId } } });

describe('article calls', () => {
  it.each([
    ['detail', (c: Client) => detail(c, 101)],
    ['read', (c: Client) => c.POST('/article/content/read', body(101))],
    ['complete', (c: Client) => c.POST('/article/content/complete', body(101))],
    ['readTime', (c: Client) => c.POST('/article/content/readTime', body(101))],
    ['praise', (c: Client) => c.POST('/article/content/praise', body(101))],
  ])('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it.each([
    ['read', (c: Client, id: number) => c.POST('/article/content/read', body(id))],
    ['complete', (c: Client, id: number) => c.POST('/article/content/complete', body(id))],
    ['readTime', (c: Client, id: number) => c.POST('/article/content/readTime', body(id))],
    ['praise', (c: Client, id: number) => c.POST('/article/content/praise', body(id))],
    ['detail', (c: Client, id: number) => detail(c, id)],
  ])('%s refuses missing and hidden articles alike', async (_name, call) => {
    const { client } = await registeredCustomer(api);
    for (const id of [999, 901, 902]) {
      expect(await failure(call(client, id))).toMatchObject({ code: 40400, errMsg: '文章不存在或已下架' });
    }
    expect(await failure(client.POST('/article/content/read', { body: { articleId: 'x' } as never }))).toMatchObject({
      code: 40000,
    });
    expect(
      await failure(client.POST('/article/content/praise', { body: { articleId: 101, praise: 0 } as never })),
    ).toMatchObject({ code: 40000, errMsg: '请求体包含不支持的字段：praise' });
  });
});

describe('GET /article/type/list and /article/content/list', () => {
  it('lists only shown categories and articles, newest first, paged, to anyone', async () => {
    const types = await api.client().GET('/article/type/list');
    expect(types.map((t) => t.typeName)).toEqual(['饮食', '运动', '监测', '用药安全', '并发症']);
    const all = await api.client().GET('/article/content/list', { params: { query: { pageNo: 1, pageSize: 50 } } });
    expect(all.items.length).toBeGreaterThanOrEqual(12);
    expect(all.items.map((a) => a.articleId)).not.toContain(901);
    expect(all.items.map((a) => a.articleId)).not.toContain(902);
    expect(new Set(all.items.map((a) => a.typeId)).size).toBe(5);
    const times = all.items.map((a) => a.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const diet = await api
      .client()
      .GET('/article/content/list', { params: { query: { typeId: 1, pageNo: 1, pageSize: 2 } } });
    expect(diet).toMatchObject({ currentPage: 1, totalPage: 2 });
    expect(diet.items.every((a) => a.typeName === '饮食')).toBe(true);
    expect(await api.client().GET('/article/content/list', { params: { query: { typeId: 90 } } })).toEqual({
      items: [],
      currentPage: 1,
      totalPage: 0,
    });
  });

  it('serves each article’s picture as SVG', async () => {
    const { items } = await api.client().GET('/article/content/list', { params: { query: { pageSize: 50 } } });
    for (const a of items) {
      const res = await fetch(`${api.baseUrl.replace(/\/api$/, '')}${a.picUrl}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    expect((await fetch(`${api.baseUrl}/article/v1/image/nope.svg`)).status).toBe(404);
  });
});

describe('reading an article', () => {
  it('counts a reader once, rewards reading to the end once, and likes once for good', async () => {
    const { client } = await registeredCustomer(api);
    const before = await detail(client, 103);
    expect(before).toMatchObject({ articleId: 103, complete: 0, praised: 0, readSeconds: 0, addScore: 2 });
    expect(before.content).toContain('## ');
    const opened = await client.POST('/article/content/read', body(103));
    expect(opened.firstRead).toBe(true);
    expect((await client.POST('/article/content/read', body(103))).readNum).toBe(opened.readNum);

    const completions = await Promise.all(
      Array.from({ length: 20 }, () => client.POST('/article/content/complete', body(103))),
    );
    expect(completions.reduce((sum, c) => sum + c.addScore, 0)).toBe(2);
    expect(completions.filter((c) => c.firstTime)).toHaveLength(1);
    expect(await detail(client, 103)).toMatchObject({ complete: 1 });
    const ledger = await client.GET('/customer/v1/scoreDetail');
    expect(ledger.items).toEqual([{ actionName: '阅读健康文章', score: 2, createTime: '2026-11-20 10:00:00' }]);
    const task = (await client.GET('/customer/v1/getDayTask')).find((t) => t.settingCode === 'READ_ARTICLE');
    expect(task).toMatchObject({ complete: 1, earned: 2 });

    const likes = await Promise.all(Array.from({ length: 5 }, () => client.POST('/article/content/praise', body(103))));
    expect(likes.filter((l) => !l.duplicate)).toHaveLength(1);
    expect(new Set(likes.map((l) => l.praise)).size).toBeLessThanOrEqual(2);
    expect(await detail(client, 103)).toMatchObject({ praised: 1, praise: before.praise + 1 });
  });

  it('gives a visitor the reading but not the points', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await client.POST('/article/content/complete', body(104))).toEqual({
      complete: 1,
      firstTime: true,
      addScore: 0,
    });
  });

  it('bounds the read time to the time that really passed', async () => {
    const { client } = await registeredCustomer(api);
    const start = clock().getTime();
    try {
      await client.POST('/article/content/read', body(107));
      // Beating every second for a minute credits nothing.
      for (let i = 0; i < 5; i++) {
        clock.advance(1000);
        expect(await client.POST('/article/content/readTime', body(107))).toMatchObject({ credited: 0 });
      }
      clock.advance(55_000);
      expect(await client.POST('/article/content/readTime', body(107))).toEqual({ credited: 60, readSeconds: 60 });
      // An hour in the background counts as one beat.
      clock.advance(3600_000);
      expect(await client.POST('/article/content/readTime', body(107))).toEqual({ credited: 60, readSeconds: 120 });
      expect(await detail(client, 107)).toMatchObject({ readSeconds: 120 });
    } finally {
      clock.advance(start - clock().getTime());
    }
  });

  it('keeps each reader’s state their own', async () => {
    const first = await registeredCustomer(api);
    const second = await registeredCustomer(api);
    await first.client.POST('/article/content/complete', body(105));
    await first.client.POST('/article/content/praise', body(105));
    expect(await detail(second.client, 105)).toMatchObject({ complete: 0, praised: 0, readSeconds: 0 });
  });
});
