import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { apiIdle, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { resetWx } from '../../wechat/jssdk';

const SHARER = '3f1d2c4b-5a6e-4f70-8a91-b2c3d4e5f607';

const article = {
  articleId: 101,
  typeId: 1,
  typeName: '饮食',
  title: '一日三餐的“餐盘法”',
  contentPoints: '摘要',
  picUrl: '/api/article/v1/image/plate.svg',
  readNum: 3,
  praise: 5,
  addScore: 2,
  createTime: '2026-11-20 10:00:00',
  content: '第一段。\n\n## 餐盘怎么分\n一半蔬菜。',
  complete: 0,
  praised: 0,
  readSeconds: 0,
};

/** Every end marker is always in view: a page that completes reading would do it at once. */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  disconnect() {}
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '0', customerId: 'v1' });
  resetWx();
  vi.stubGlobal('IntersectionObserver', VisibleObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.wx;
});

const routes = (
  config = { enabled: false, appId: null, timestamp: null, nonceStr: null, signature: null } as Record<string, unknown>,
) => ({
  'GET /article/content/detail': () => article,
  'POST /article/content/read': () => ({ firstRead: true, readNum: 4 }),
  'GET /customer/v1/getAccountQrcode': () => ({
    qrcodeUrl: 'uploads/qrcodes/q1.png',
    link: 'http://x/register/register?inviteCode=AB12CD&sourceId=4',
    cached: true,
  }),
  'GET /wechat/v1/getWxJsConfig': () => config,
});

describe('shared article (/articleShareDetails)', () => {
  it('shows a visitor the article and the sharer’s follow QR, and never pays for reading', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi(routes());
    renderApp(`/articleShareDetails?articleId=101&sourceId=4&shareCid=${SHARER}&appid=wx1`);
    expect(await screen.findByRole('heading', { name: '一日三餐的“餐盘法”' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '更多健康知识' })).toBeTruthy();
    const qr = await screen.findByRole<HTMLImageElement>('img', { name: '二维码' });
    expect(qr.getAttribute('src')).toBe('/api/files/uploads/qrcodes/q1.png');
    expect(api.called('GET /customer/v1/getAccountQrcode')[0]?.query.get('cid')).toBe(SHARER);
    await waitFor(() => expect(api.called('POST /article/content/read')).toHaveLength(1));
    act(() => {
      vi.advanceTimersByTime(180_000);
    });
    await apiIdle();
    expect(api.called('POST /article/content/complete')).toHaveLength(0);
    expect(api.called('POST /article/content/readTime')).toHaveLength(0);
  });

  it('asks for the QR without a cid when shareCid is not one', async () => {
    const api = fakeApi(routes());
    renderApp('/articleShareDetails?articleId=101&shareCid=1%20or%201');
    await screen.findByRole('img', { name: '二维码' });
    expect(api.called('GET /customer/v1/getAccountQrcode')[0]?.query.has('cid')).toBe(false);
  });

  it('shows no follow QR to a registered reader, whose share card carries the reader’s own cid', async () => {
    useSession.setState({ isAuth: '1', customerId: 'c-own', customer: registeredCustomer() });
    const wx = {
      config: vi.fn(),
      ready: (callback: () => void) => queueMicrotask(callback),
      error: () => undefined,
      updateAppMessageShareData: vi.fn(),
      updateTimelineShareData: vi.fn(),
    };
    window.wx = wx;
    const api = fakeApi(routes({ enabled: true, appId: 'wx_app_1', timestamp: 1, nonceStr: 'n', signature: 's' }));
    renderApp(`/articleShareDetails?articleId=101&sourceId=4&shareCid=${SHARER}`);
    await screen.findByRole('heading', { name: '一日三餐的“餐盘法”' });
    await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(1));
    const shared = wx.updateAppMessageShareData.mock.calls[0]?.[0] as { title: string; link: string; desc: string };
    expect(shared.title).toBe('一日三餐的“餐盘法”');
    expect(shared.desc).toBe('第一段。 一半蔬菜。');
    const link = new URL(shared.link);
    expect(link.pathname).toBe('/articleShareDetails');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      articleId: '101',
      sourceId: '4',
      shareCid: 'c-own',
      appid: 'wx_app_1',
    });
    expect(screen.queryByRole('heading', { name: '更多健康知识' })).toBeNull();
    expect(api.called('GET /customer/v1/getAccountQrcode')).toHaveLength(0);
  });
});
