import { KEEP_ALIVE_ROUTES, normalisePath } from '@glucoguard/domain';
import { Suspense, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType, useOutlet } from 'react-router-dom';
import { PageLoading } from './PageLoading';

/**
 * The pages kept alive (spec 1 §2.1). The home page `/` is on the spec's list but is not kept:
 * it must show a reading the moment it was recorded, and it reads little
 * (docs/adr/0184-goods-list-kept-alive.md).
 */
export const KEPT_ALIVE_PATHS: readonly string[] = KEEP_ALIVE_ROUTES.filter((path) => path !== '/');

/** The kept-alive path an address opens, or null. */
export function keptAlivePath(pathname: string): string | null {
  const path = normalisePath(pathname);
  return KEPT_ALIVE_PATHS.find((kept) => kept.toLowerCase() === path.toLowerCase()) ?? null;
}

interface Kept {
  element: ReactNode;
  scrollY: number;
  title: string;
}

/**
 * The router's outlet, except that a kept-alive page, once opened, stays mounted: leaving it hides
 * it (its state, its loaded pages and its requests' answers stay), and going back to it shows it
 * again at the scroll position and with the title it had. Coming back by the back button restores
 * the position; opening it anew by a link starts at the top with the data it already has.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const active = keptAlivePath(pathname);
  const kept = useRef(new Map<string, Kept>());
  const shown = useRef<string | null>(null);

  if (active !== null && !kept.current.has(active)) {
    kept.current.set(active, { element: outlet, scrollY: 0, title: '' });
  }

  useLayoutEffect(() => {
    const before = shown.current;
    if (before === active) {
      return;
    }
    const left = before === null ? undefined : kept.current.get(before);
    if (left !== undefined) {
      left.scrollY = window.scrollY;
      left.title = document.title;
      // The next page starts at its top, not at the list's scroll position.
      window.scrollTo(0, 0);
    }
    const back = active === null ? undefined : kept.current.get(active);
    if (back !== undefined && back.title !== '') {
      document.title = back.title;
      window.scrollTo(0, navigationType === NavigationType.Pop ? back.scrollY : 0);
    }
    shown.current = active;
  }, [active, navigationType]);

  return (
    <>
      {[...kept.current].map(([path, page]) => (
        <div key={path} hidden={path !== active} data-kept-alive={path}>
          <Suspense fallback={<PageLoading />}>{page.element}</Suspense>
        </div>
      ))}
      {active === null ? outlet : null}
    </>
  );
}
