// The main page's tabs, each its own chunk. They are defined outside MainPage's chunk so that
// start-up (the '/' route's preload handle) can fetch the open tab alongside the page itself.
import { lazyPage } from '../../lazyPage';
import type { PreloadHandle } from '../../lazyPage';
import { useSession } from '../../store/session';
import { prefetchBanners } from '../home/bannerPrefetch';
import { tabFromSearch } from './tabs';
import type { MainTab } from './tabs';

export const HomeTab = lazyPage(() => import(/* webpackChunkName: "tab-home" */ '../home/HomeTab'));
export const AiTab = lazyPage(() => import(/* webpackChunkName: "tab-ai" */ '../ai/AiTab'));
export const MineTab = lazyPage(() => import(/* webpackChunkName: "tab-mine" */ '../mine/MineTab'));

const TAB_PAGES: Record<MainTab, { preload: () => Promise<unknown> }> = { home: HomeTab, ai: AiTab, mine: MineTab };

/** The '/' route's handle: the tab the address opens (`?tab=`, `?isToAI=`) loads with the page. */
export const mainPagePreload: PreloadHandle = {
  preload: ({ search }) => {
    const tab = tabFromSearch(new URLSearchParams(search));
    TAB_PAGES[tab].preload().catch(() => {});
    if (tab === 'home') {
      // The home's largest paint is its banner picture: its list goes out with the chunks, not after them.
      prefetchBanners(useSession.getState().sourceId);
    }
  },
};
