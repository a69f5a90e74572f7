// Lazily loaded pages that can also be fetched ahead of their first render: main.tsx starts the
// current address's chunks before React renders and while sign-in runs (docs/adr/0099-parallel-first-screen.md).
import { createElement, lazy } from 'react';
import type { Attributes, ComponentType, ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

/**
 * A lazily loaded page with `preload()`, which starts (or joins) the same chunk load its first
 * render would.
 */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Route `handle` of a page whose first screen needs more than its own chunk (a default tab's view). */
export interface PreloadHandle {
  preload: (location: { pathname: string; search: string }) => void;
}

/**
 * A page loaded with `load` on its first render (React.lazy), with `preload()`. Once its chunk has
 * arrived — preloaded at start-up or opened before — it renders at once: React.lazy would still
 * suspend its first render for a tick, show the nearest loader and then hold the page back for
 * React's fallback throttle (about 300 ms), which at start-up put a spinner between the skeleton
 * and a page whose code was already there (docs/adr/0134-first-screen-without-waits.md).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed chunk load may be retried by the next render (the route's error page offers it).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy: ComponentType<P> = lazy(once);
  const Page = (props: P) => createElement<P>(loaded ?? Lazy, props as P & Attributes);
  return Object.assign(Page, { preload: once });
}

function isPreloadHandle(handle: unknown): handle is PreloadHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PreloadHandle).preload === 'function';
}

/**
 * Starts loading every chunk the page at `location` shows first: the lazy page of each matching
 * route and what its `handle.preload` names. Unknown addresses and eager elements start nothing.
 */
export function preloadRoute(routes: RouteObject[], location: { pathname: string; search: string }): void {
  for (const { route } of matchRoutes(routes, location.pathname) ?? []) {
    const type = (route.element as ReactElement | null | undefined)?.type as Partial<LazyPage<object>> | undefined;
    if (typeof type?.preload === 'function') {
      // A failure shows when the page renders and React.lazy meets the same rejected load.
      type.preload().catch(() => {});
    }
    if (isPreloadHandle(route.handle)) {
      route.handle.preload(location);
    }
  }
}
