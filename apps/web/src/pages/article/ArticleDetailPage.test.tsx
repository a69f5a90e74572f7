import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { apiIdle, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

/** jsdom has no layout: the test says when the end of the article comes into view. */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.targets.push(target);
    FakeIntersectionObserver.live.add(this);
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this);
  }
  static scrollToEnd() {
    for (const o of [...FakeIntersectionObserver.live]) {
      o.callback(
        o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
    }
  }
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  FakeIntersectionObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  act(() => Toast.clear());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const article = (over: Record<string, unknown> = {}) => ({
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
  ...over,
});

describe('article detail (/articleDetails)', () => {
  it('marks reading complete once at the bottom, shows the reward toast once, and likes one way', async () => {
    let praised = false;
    const api = fakeApi({
      'GET /article/content/detail': () => article(),
      'POST /article/content/read': () => ({ firstRead: true, readNum: 4 }),
      'POST /article/content/complete': () => ({ complete: 1, firstTime: true, addScore: 2 }),
      'POST /article/content/praise': () => {
        praised = true;
        return { praised: 1, duplicate: false, praise: 6 };
      },
    });
    renderApp('/articleDetails?articleId=101');
    expect(await screen.findByRole('heading', { name: '一日三餐的“餐盘法”' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '餐盘怎么分' })).toBeTruthy();
    // Ten characters: the page title is the whole title.
    await waitFor(() => expect(document.title).toBe('一日三餐的“餐盘法”'));
    await waitFor(() => expect(api.called('POST /article/content/read')).toHaveLength(1));
    // The page watches its end from an effect that React runs a little after the article shows.
    await waitFor(() => expect(FakeIntersectionObserver.live.size).toBeGreaterThan(0));
    act(() => FakeIntersectionObserver.scrollToEnd());
    act(() => FakeIntersectionObserver.scrollToEnd());
    expect(await screen.findByText('阅读完成，奖励2积分')).toBeTruthy();
    expect(api.called('POST /article/content/complete')).toHaveLength(1);
    expect(api.called('POST /article/content/complete')[0]?.body).toEqual({ articleId: 101 });

    fireEvent.click(screen.getByRole('button', { name: '点赞 5' }));
    const liked = await screen.findByRole('button', { name: '已点赞 6' });
    expect((liked as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(liked);
    expect(praised).toBe(true);
    expect(api.called('POST /article/content/praise')).toHaveLength(1);
  });

  it('does not complete an article read before, and beats every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = fakeApi({
      'GET /article/content/detail': () => article({ complete: 1, praised: 1 }),
      'POST /article/content/read': () => ({ firstRead: false, readNum: 3 }),
      'POST /article/content/readTime': () => ({ credited: 60, readSeconds: 60 }),
    });
    renderApp('/articleDetails?articleId=101');
    expect(await screen.findByRole('button', { name: '已点赞 5' })).toBeTruthy();
    // findBy* resolves outside act: let the article's effects (the heartbeat's interval) run first,
    // or on a loaded machine the clock below could move before the interval exists.
    await act(async () => {});
    act(() => FakeIntersectionObserver.scrollToEnd());
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(api.called('POST /article/content/readTime')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await apiIdle();
    expect(api.called('POST /article/content/readTime')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await apiIdle();
    expect(api.called('POST /article/content/readTime')).toHaveLength(2);
    expect(api.called('POST /article/content/complete')).toHaveLength(0);
    expect(screen.getByText('已读完本文')).toBeTruthy();
  });

  it('says the article is gone when the server does not have it', async () => {
    fakeApi({ 'POST /article/content/read': () => ({ firstRead: false, readNum: 0 }) });
    renderApp('/articleDetails?articleId=999');
    expect(await screen.findByText('文章不存在或已下架')).toBeTruthy();
  });
});
