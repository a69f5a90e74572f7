import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList } from './infinite-list';
import type { ListPage } from './infinite-list';

/**
 * jsdom has no layout, so visibility is driven by hand: `scrollToEnd()` tells every live observer
 * that its sentinel is on screen, as scrolling to the bottom of the list would.
 */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    this.targets.add(target);
    FakeIntersectionObserver.live.add(this);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
  }
  disconnect(): void {
    this.targets.clear();
    FakeIntersectionObserver.live.delete(this);
  }
  takeRecords(): [] {
    return [];
  }
  fire(): void {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) {
      this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
}

function scrollToEnd(): void {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.live]) {
      observer.fire();
    }
  });
}

/**
 * Scrolls to the end once the list watches it. The list starts watching in an effect after a page
 * renders, and React runs that effect a little after the page shows; a scroll in between is seen by
 * nobody (on a loaded machine that gap is wide enough to hit).
 */
async function scrollToEndWhenWatched(): Promise<void> {
  await waitFor(() => expect(FakeIntersectionObserver.live.size).toBeGreaterThan(0));
  scrollToEnd();
}

beforeEach(() => {
  FakeIntersectionObserver.live.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Pages of two readings each, `total` pages in all. */
function pagedReadings(total: number) {
  return vi.fn(async (pageNo: number): Promise<ListPage<string>> => ({
    items: [`第${pageNo}页-1`, `第${pageNo}页-2`],
    currentPage: pageNo,
    totalPage: total,
  }));
}

const renderItem = (item: string) => <p>{item}</p>;

describe('InfiniteList', () => {
  it('loads page 1 on mount and the next page each time its end comes into view, until the last page', async () => {
    const loadPage = pagedReadings(3);
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} finishedText="没有更多了" />);
    expect(await screen.findByText('第1页-2')).toBeTruthy();
    await waitFor(() => expect(FakeIntersectionObserver.live.size).toBeGreaterThan(0));
    expect(loadPage).toHaveBeenCalledTimes(1);

    scrollToEnd();
    expect(await screen.findByText('第2页-1')).toBeTruthy();
    await scrollToEndWhenWatched();
    expect(await screen.findByText('第3页-2')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();

    // Locked: the sentinel is gone and further scrolling asks for nothing.
    scrollToEnd();
    scrollToEnd();
    expect(loadPage.mock.calls.map(([pageNo]) => pageNo)).toEqual([1, 2, 3]);
    expect(screen.queryByTestId('infinite-list-sentinel')).toBeNull();
    expect(screen.getAllByRole('paragraph')).toHaveLength(6);
  });

  it('asks for one page at a time however often the end is seen', async () => {
    let resolvePage: (page: ListPage<string>) => void = () => undefined;
    const loadPage = vi.fn((pageNo: number) =>
      pageNo === 1
        ? Promise.resolve({ items: ['a'], currentPage: 1, totalPage: 5 })
        : new Promise<ListPage<string>>((resolve) => {
            resolvePage = resolve;
          }),
    );
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    await screen.findByText('a');
    // The list starts watching its end in an effect after page 1 renders.
    await waitFor(() => expect(FakeIntersectionObserver.live.size).toBeGreaterThan(0));
    scrollToEnd();
    scrollToEnd();
    scrollToEnd();
    await waitFor(() => expect(loadPage).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    act(() => resolvePage({ items: ['b'], currentPage: 2, totalPage: 5 }));
    expect(await screen.findByText('b')).toBeTruthy();
  });

  it('locks after page 1 when there is a single page', async () => {
    const loadPage = pagedReadings(1);
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    await screen.findByText('第1页-1');
    scrollToEnd();
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('gives a finishedText function the number of items loaded', async () => {
    const finished = vi.fn((loaded: number) => (loaded >= 5 ? '没有更多了' : null));
    const short = vi.fn(async () => ({ items: ['a', 'b'], currentPage: 1, totalPage: 1 }));
    const { unmount } = render(<InfiniteList loadPage={short} renderItem={renderItem} finishedText={finished} />);
    await screen.findByText('b');
    await waitFor(() => expect(finished).toHaveBeenLastCalledWith(2));
    expect(screen.queryByText('没有更多了')).toBeNull();
    unmount();

    const loadPage = pagedReadings(3);
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} finishedText={finished} />);
    await screen.findByText('第1页-1');
    await scrollToEndWhenWatched();
    await screen.findByText('第2页-1');
    await scrollToEndWhenWatched();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(finished).toHaveBeenLastCalledWith(6);
  });

  it('shows 暂无数据 and locks when there is nothing (totalPage 0)', async () => {
    const loadPage = vi.fn(async () => ({ items: [], currentPage: 1, totalPage: 0 }));
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    scrollToEnd();
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('infinite-list-sentinel')).toBeNull();
  });

  it('shows the given empty text when the first page is empty', async () => {
    const loadPage = vi.fn(async () => ({ items: [], currentPage: 1, totalPage: 3 }));
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} emptyText="暂无数据~~" />);
    expect(await screen.findByText('暂无数据~~')).toBeTruthy();
    scrollToEnd();
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('stops at a failed page with an error state that has no message, and retries the same page', async () => {
    let failing = true;
    const loadPage = vi.fn(async (pageNo: number): Promise<ListPage<string>> => {
      if (pageNo === 2 && failing) {
        throw new Error('timeout');
      }
      return { items: [`第${pageNo}页`], currentPage: pageNo, totalPage: 3 };
    });
    const { container } = render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    await screen.findByText('第1页');
    await scrollToEndWhenWatched();

    const retry = await screen.findByRole('button', { name: '点击重试' });
    const errorState = container.querySelector('[data-state="error"]');
    expect(errorState?.textContent).toBe('点击重试');
    expect(screen.queryByText(/timeout|失败|错误/)).toBeNull();
    expect(screen.queryByTestId('infinite-list-sentinel')).toBeNull();
    scrollToEnd();
    expect(loadPage.mock.calls.map(([pageNo]) => pageNo)).toEqual([1, 2]);

    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByText('第2页')).toBeTruthy();
    expect(loadPage.mock.calls.map(([pageNo]) => pageNo)).toEqual([1, 2, 2]);
    expect(container.querySelector('[data-state="error"]')).toBeNull();
  });

  it('shows the error state instead of the empty state when page 1 fails', async () => {
    const loadPage = vi.fn(async (): Promise<ListPage<string>> => {
      throw new Error('offline');
    });
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    expect(await screen.findByRole('button', { name: '点击重试' })).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('starts again from page 1 when resetKey changes and drops the answer of the old request', async () => {
    const loadPage = vi.fn(async (pageNo: number) => ({
      items: [`全部-${pageNo}`],
      currentPage: pageNo,
      totalPage: 2,
    }));
    const { rerender } = render(<InfiniteList loadPage={loadPage} renderItem={renderItem} resetKey="all" />);
    await screen.findByText('全部-1');

    const filtered = vi.fn(async (pageNo: number) => ({
      items: [`本周-${pageNo}`],
      currentPage: pageNo,
      totalPage: 1,
    }));
    rerender(<InfiniteList loadPage={filtered} renderItem={renderItem} resetKey="week" />);
    expect(await screen.findByText('本周-1')).toBeTruthy();
    expect(screen.queryByText('全部-1')).toBeNull();
    expect(filtered).toHaveBeenCalledWith(1);
  });
});

describe('InfiniteList without IntersectionObserver', () => {
  it('offers a 加载更多 button instead of loading by itself', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const loadPage = pagedReadings(2);
    render(<InfiniteList loadPage={loadPage} renderItem={renderItem} />);
    fireEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('第2页-1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull());
    expect(loadPage).toHaveBeenCalledTimes(2);
  });
});
