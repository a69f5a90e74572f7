// The home's banner list, asked for at start-up (the '/' route's preload handle, ADR 0099) so the
// banner picture — the home's largest paint — no longer waits for the home tab's chunk to arrive and
// render before its list is even requested. The carousel takes the request under way once; any
// later mount (or another brand's list) reads afresh.
import { bannerProductCode } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';

type Banners = Schema<'Banner'>[];

/** The start-up read; `arrived` once its answer is in, so a carousel mounting after that shows it on its first render. */
let prefetched: { productCode: string; banners: Promise<Banners>; arrived?: Banners } | null = null;

function loadBanners(productCode: string): Promise<Banners> {
  return api().GET('/activity/v1/bannerList', { params: { query: { productCode } } });
}

/** Starts reading the brand's banners now (public: no sign-in needed), unless already under way. */
export function prefetchBanners(sourceId: number): void {
  const productCode = bannerProductCode(sourceId);
  if (prefetched?.productCode === productCode) {
    return;
  }
  const banners = loadBanners(productCode);
  const entry: NonNullable<typeof prefetched> = { productCode, banners };
  // The first picture too, as soon as the list is known: the carousel renders only after sign-in.
  banners.then(
    (list) => {
      entry.arrived = list;
      preloadImage(list[0]?.imgUrl);
    },
    () => {},
  );
  prefetched = entry;
}

function preloadImage(href: string | undefined): void {
  if (href === undefined || typeof document === 'undefined') {
    return;
  }
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * The brand's banners when the start-up read has already answered (taken once), else null: the
 * carousel then shows them on its first render instead of a placeholder for a render and a tick.
 */
export function takeArrivedBanners(productCode: string): Banners | null {
  if (prefetched?.productCode === productCode && prefetched.arrived !== undefined) {
    const { arrived } = prefetched;
    prefetched = null;
    return arrived;
  }
  return null;
}

/** The brand's banners: the prefetched read if one for this product code is waiting (taken once), else a new read. */
export function takeBanners(productCode: string): Promise<Banners> {
  if (prefetched?.productCode === productCode) {
    const { banners } = prefetched;
    prefetched = null;
    return banners;
  }
  return loadBanners(productCode);
}
