// Lazily loaded pages that can also be fetched ahead of their first render: main.tsx starts the
// current address's chunks before React renders and while sign-in runs (docs/adr/0099-parallel-first-screen.md).
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent, ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

/** A React.lazy page with `preload()`, which starts (or joins) the same chunk load its first render would. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** Route `handle` of a page whose first screen needs more than its own chunk (a default tab's view). */
export interface PreloadHandle {
  preload: (location: { pathname: string; search: string }) => void;
}

/** React.lazy of `load`, with `preload()`. */
export function lazyPage<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed chunk load may be retried by the next render (the route's error page offers it).
      loading = null;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
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
    const type = (route.element as ReactElement | null | undefined)?.type as Partial<LazyPage<unknown>> | undefined;
    if (typeof type?.preload === 'function') {
      // A failure shows when the page renders and React.lazy meets the same rejected load.
      type.preload().catch(() => {});
    }
    if (isPreloadHandle(route.handle)) {
      route.handle.preload(location);
    }
  }
}
