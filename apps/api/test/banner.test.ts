import { bannerProductCode } from '@glucoguard/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Banner } from '../src/contexts/engagement/banner/banner.entity';
import { BANNER_LINK_MESSAGE, saveBanners } from '../src/contexts/engagement/banner/banner.service';
import { failure, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
  const em = api.app.orm.em.fork();
  const base = { productCode: 'test', imgUrl: '/api/activity/v1/bannerImage/checkin.svg', clickUrl: '', sort: 0 };
  em.create(Banner, { ...base, id: 901, title: '已下线', status: 0 });
  em.create(Banner, { ...base, id: 902, title: '还没开始', status: 1, startsAt: new Date('2026-11-21T00:00:00Z') });
  em.create(Banner, { ...base, id: 903, title: '已结束', status: 1, endsAt: new Date('2026-11-20T01:00:00Z') });
  em.create(Banner, {
    ...base,
    id: 904,
    title: '进行中',
    status: 1,
    sort: 2,
    endsAt: new Date('2026-11-21T00:00:00Z'),
  });
  // Stored before the link rule (or by hand): served as no link, never as is.
  em.create(Banner, { ...base, id: 905, title: '外链', status: 1, sort: 1, clickUrl: 'javascript:alert(1)' });
  await em.flush();
});
afterAll(() => api.close());

const list = (productCode: string) =>
  api.client().GET('/activity/v1/bannerList', { params: { query: { productCode } } });

describe('GET /activity/v1/bannerList', () => {
  it('needs no session (the guest home shows banners)', async () => {
    expect((await list(bannerProductCode(3))).length).toBeGreaterThan(0);
  });

  it.each([[''], ['a b'], ['x'.repeat(33)], ['<script>']])('rejects the product code %j', async (productCode) => {
    expect(await failure(list(productCode))).toMatchObject({ code: 40000, status: 400 });
  });

  it('rejects a call without a product code', async () => {
    const response = await fetch(`${api.baseUrl}/activity/v1/bannerList`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 40000 });
  });

  it('gives each brand its own seeded banners in order, with in-app click targets', async () => {
    const health = await list(bannerProductCode(3));
    const medical = await list(bannerProductCode(4));
    expect(health.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(medical.map((b) => b.id)).toEqual([11, 12, 13]);
    expect(health[0]).toEqual({
      id: 1,
      title: '每天签到领积分，连续签到积分越攒越多',
      imgUrl: '/api/activity/v1/bannerImage/checkin.svg',
      clickUrl: '/signIn',
    });
    for (const banner of [...health, ...medical]) {
      expect(banner.clickUrl).toMatch(/^\/[A-Za-z]/);
    }
  });

  it('has no banners for an unknown product code', async () => {
    expect(await list('nobody')).toEqual([]);
  });

  it('shows only live banners inside their window and serves a bad stored link as no link', async () => {
    expect(await list('test')).toEqual([
      { id: 905, title: '外链', imgUrl: '/api/activity/v1/bannerImage/checkin.svg', clickUrl: '' },
      { id: 904, title: '进行中', imgUrl: '/api/activity/v1/bannerImage/checkin.svg', clickUrl: '' },
    ]);
  });

  it('refuses to store a banner that links outside the allowed pages', async () => {
    const banner = { id: 990, productCode: 'test', title: '坏链接', imgUrl: '', sort: 0, status: 1 };
    for (const clickUrl of ['https://evil.example/', '//evil.example/', 'http://mp.weixin.qq.com/s/a']) {
      await expect(saveBanners(api.app.orm.em.fork(), [{ ...banner, clickUrl }])).rejects.toMatchObject({
        message: BANNER_LINK_MESSAGE,
      });
    }
    await saveBanners(api.app.orm.em.fork(), [{ ...banner, clickUrl: 'https://mp.weixin.qq.com/s/a' }]);
    expect((await list('test')).find((b) => b.id === 990)?.clickUrl).toBe('https://mp.weixin.qq.com/s/a');
  });
});

describe('GET /activity/v1/bannerImage/{name}', () => {
  it('serves every seeded picture as a sandboxed SVG', async () => {
    for (const banner of [...(await list(bannerProductCode(3))), ...(await list(bannerProductCode(4)))]) {
      const response = await fetch(`${api.baseUrl}${banner.imgUrl.replace(/^\/api/, '')}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(await response.text()).toMatch(/^<svg [^>]*viewBox="0 0 750 300"/);
    }
  });

  it.each([['nope.svg'], ['checkin'], ['checkin.png'], ['..%2Fx.svg']])('answers 404 for %s', async (name) => {
    const response = await fetch(`${api.baseUrl}/activity/v1/bannerImage/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 40400, errMsg: '图片不存在' });
  });
});
