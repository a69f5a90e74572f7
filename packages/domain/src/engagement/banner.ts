import { brandFromSourceId, type Brand } from '../account/routing';

/**
 * The banner product code of each brand (spec 1 §1: the brand changes the banner product code).
 * The spec names the parameter but not its values; ours are the brand names.
 */
export const BANNER_PRODUCT_CODE: Readonly<Record<Brand, string>> = Object.freeze({
  health: 'health',
  medical: 'medical',
});

/** The banner product code for a source id (3 the health brand, anything else the medical one). */
export function bannerProductCode(sourceId: string | number | null | undefined): string {
  return BANNER_PRODUCT_CODE[brandFromSourceId(sourceId)];
}

/**
 * Hosts a banner may open outside the app: the messaging app's official-account articles. Anything
 * else is shown without a link, so a mistyped or planted address cannot send older users to an
 * unknown site.
 */
export const BANNER_EXTERNAL_HOSTS: readonly string[] = Object.freeze(['mp.weixin.qq.com']);

/** Where tapping a banner goes: an in-app route, an allowed https page, or nowhere. */
export type BannerTarget = { kind: 'route'; to: string } | { kind: 'external'; url: string } | { kind: 'none' };

/** An in-app path: one leading slash (not `//`, which is another host), then path and query characters only. */
const IN_APP_PATH = /^\/(?!\/)[A-Za-z0-9/_\-.~%?=&]*$/;
/** An https address: a host name (no user, no port), then optionally a path with query characters only. */
const HTTPS_URL = /^https:\/\/([A-Za-z0-9.-]+)(?:\/[A-Za-z0-9/_\-.~%?=&#]*)?$/;
const MAX_CLICK_URL = 512;

/**
 * What a banner's `clickUrl` may do. An in-app path (`/signIn`, `/articleDetails?articleId=101`)
 * navigates inside the app; an `https://` address on {@link BANNER_EXTERNAL_HOSTS} opens outside;
 * everything else (empty, `http:`, `javascript:`, another host, a protocol-relative `//…`, a
 * backslash) is not a link. The API stores and serves only what this accepts, and the web app
 * asks it again before it navigates.
 */
export function bannerTarget(clickUrl: string | null | undefined): BannerTarget {
  const url = (clickUrl ?? '').trim();
  if (url === '' || url.length > MAX_CLICK_URL) {
    return { kind: 'none' };
  }
  if (IN_APP_PATH.test(url)) {
    return { kind: 'route', to: url };
  }
  const external = HTTPS_URL.exec(url);
  if (external !== null && BANNER_EXTERNAL_HOSTS.includes((external[1] ?? '').toLowerCase())) {
    return { kind: 'external', url };
  }
  return { kind: 'none' };
}
