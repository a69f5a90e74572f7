import { isPagingFinished } from '@glucoguard/domain';
import { Button, DotLoading } from 'antd-mobile';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { EmptyState } from './empty-state';
import styles from './infinite-list.module.css';
import { tokens } from './tokens';

/** One page as the list calls ask for it (`pageNo` from 1). */
export interface ListPage<T> {
  items: readonly T[];
  currentPage: number;
  totalPage: number;
}

export interface InfiniteListProps<T> {
  /** Fetches one page; a rejection puts the list in its error state. */
  loadPage: (pageNo: number) => Promise<ListPage<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  /** A stable key per item; the position by default. */
  itemKey?: (item: T, index: number) => Key;
  /** Shown when the first page is empty: 暂无数据 by default (the spec also uses 暂无数据！ and 暂无数据~~). */
  emptyText?: ReactNode;
  /** Shown under the empty text, when the first page is empty: what the list is and how it fills. */
  emptyExtra?: ReactNode;
  /**
   * Shown under the last page once the list is locked; nothing by default. A function gets how many
   * items the list holds (a line that shows only past a threshold, as the repair list's 没有更多了).
   */
  finishedText?: ReactNode | ((loaded: number) => ReactNode);
  /** Changing it drops what is loaded and starts again from page 1 (a new filter or tab). */
  resetKey?: Key;
  'aria-label'?: string;
}

type Status = 'loading' | 'ready' | 'finished' | 'failed';

interface ListState<T> {
  items: T[];
  /** The page the next load asks for. */
  nextPage: number;
  status: Status;
}

// Start loading the next page while the sentinel is still this far below the viewport.
const PRELOAD_MARGIN = '0px 0px 250px 0px';

/**
 * A list that loads page after page as its end scrolls into view (spec 1 §4, §8):
 *
 * - page 1 loads on mount; the next page loads when the sentinel under the items becomes
 *   visible, one request at a time;
 * - it locks for good when `isPagingFinished(currentPage, totalPage)` from the domain says so
 *   (which includes totalPage 0), or when page 1 comes back empty, which shows {@link EmptyState};
 * - a failed page stops loading and ends the list in an error state with no message text, as the
 *   spec asks: a warning icon and a 点击重试 button that asks for the same page again. Retrying is
 *   our addition; without it a user on a bad connection would have to leave the page;
 * - there is no pull-down refresh.
 */
export function InfiniteList<T>({
  loadPage,
  renderItem,
  itemKey,
  emptyText,
  emptyExtra,
  finishedText,
  resetKey,
  ...aria
}: InfiniteListProps<T>) {
  const [state, setState] = useState<ListState<T>>({ items: [], nextPage: 1, status: 'loading' });
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest loadPage without reloading when a page passes a new arrow function each render.
  const loadPageRef = useRef(loadPage);
  loadPageRef.current = loadPage;
  // Bumped on reset and unmount so an answer to an older request is dropped, not appended.
  const generation = useRef(0);

  const load = useCallback(async (pageNo: number) => {
    const asked = generation.current;
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const page = await loadPageRef.current(pageNo);
      if (asked !== generation.current) {
        return;
      }
      const locked = isPagingFinished(page.currentPage, page.totalPage) || (pageNo === 1 && page.items.length === 0);
      setState((s) => ({
        items: [...s.items, ...page.items],
        nextPage: pageNo + 1,
        status: locked ? 'finished' : 'ready',
      }));
    } catch {
      if (asked === generation.current) {
        setState((s) => ({ ...s, status: 'failed' }));
      }
    }
  }, []);

  useEffect(() => {
    generation.current += 1;
    setState({ items: [], nextPage: 1, status: 'loading' });
    void load(1);
    return () => {
      generation.current += 1;
    };
  }, [load, resetKey]);

  // A fresh observer per ready page: observing reports the current intersection at once, so a
  // short page whose sentinel is already on screen still pulls the next one.
  const { status, nextPage } = state;
  useEffect(() => {
    const element = sentinel.current;
    if (status !== 'ready' || element === null || typeof IntersectionObserver !== 'function') {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void load(nextPage);
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, nextPage, load]);

  const { items } = state;
  const empty = status === 'finished' && items.length === 0;
  return (
    <div aria-label={aria['aria-label']} aria-busy={status === 'loading'}>
      {empty ? <EmptyState title={emptyText}>{emptyExtra}</EmptyState> : null}
      {items.map((item, index) => (
        <Fragment key={itemKey ? itemKey(item, index) : index}>{renderItem(item, index)}</Fragment>
      ))}
      {status === 'loading' || status === 'ready' ? (
        <div ref={sentinel} data-testid="infinite-list-sentinel" className={styles.infiniteListBox}>
          {status === 'loading' ? <DotLoading aria-label="加载中" /> : null}
          {status === 'ready' && typeof IntersectionObserver !== 'function' ? (
            // Browsers without IntersectionObserver get a button instead of loading by themselves.
            <Button size="small" fill="none" onClick={() => void load(nextPage)}>
              加载更多
            </Button>
          ) : null}
        </div>
      ) : null}
      {status === 'failed' ? <ListError onRetry={() => void load(nextPage)} /> : null}
      {status === 'finished' && !empty && finishedText !== undefined ? (
        <div className={styles.infiniteListBox2}>
          {typeof finishedText === 'function' ? finishedText(items.length) : finishedText}
        </div>
      ) : null}
    </div>
  );
}

/** The end of a list whose page failed: an icon and a retry button, deliberately no message. */
function ListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div data-state="error" className={styles.listErrorBox}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="none" stroke={tokens.colorIllustrationLine} strokeWidth="2" />
        <path d="M16 9v9M16 22v1" stroke={tokens.colorIllustrationMark} strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Button size="small" fill="none" color="primary" onClick={onRetry}>
        点击重试
      </Button>
    </div>
  );
}
