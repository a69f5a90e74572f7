// A small wrapper around the messaging app's JS-SDK: the script is loaded only when the server
// says the page runs inside the messaging app (getWxJsConfig answers enabled), `wx.config` is
// called with the server's signature, then the share card and the QR scanner are offered.
// Outside the messaging app every call here does nothing (the share card) or answers null (scan).
import { isMessagingAppBrowser } from '@glucoguard/domain';
import { useEffect, useRef } from 'react';
import { api } from '../api';
import { browserPosition, messagingAppPosition, type PositionAnswer } from './location';
import { RECORD_JS_API_LIST } from './record';
import { scanCode } from './scan';

/** The JS-SDK file the messaging app serves. */
export const JSSDK_SCRIPT_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'scanQRCode',
  'getLocation',
  ...RECORD_JS_API_LIST,
];

export interface ShareCard {
  title: string;
  desc: string;
  /**
   * Absolute link the card opens (same origin as the page, as the messaging app requires), or a
   * function of the messaging-app account's appId for links that carry it (the spec's `appid`).
   */
  link: string | ((appId: string) => string);
  /** Absolute address of the card's picture. */
  imgUrl: string;
}

type SdkCard = Omit<ShareCard, 'link'> & { link: string };

interface WxCallbacks {
  success?: () => void;
  fail?: (error: unknown) => void;
  cancel?: () => void;
}

/** The part of the JS-SDK's global `wx` this app uses. */
export interface WxApi {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (error: unknown) => void): void;
  updateAppMessageShareData(options: SdkCard & WxCallbacks): void;
  updateTimelineShareData(options: Omit<SdkCard, 'desc'> & WxCallbacks): void;
}

declare global {
  interface Window {
    wx?: WxApi;
  }
}

/** The configured `wx` of the current page address, or null outside the messaging app. */
const ready = new Map<string, Promise<{ wx: WxApi; appId: string } | null>>();

function loadScript(): Promise<WxApi> {
  if (window.wx !== undefined) {
    return Promise.resolve(window.wx);
  }
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.wx === undefined ? reject(new Error('JS-SDK did not load')) : resolve(window.wx));
    script.onerror = () => reject(new Error('JS-SDK did not load'));
    document.head.appendChild(script);
  });
}

/** The page address the signature is for: the messaging app signs it without the part after `#`. */
const currentUrl = () => window.location.href.split('#')[0] ?? window.location.href;

/**
 * Configures the JS-SDK for the current address once (a new address is signed anew: the
 * signature covers the address). Null outside the messaging app or when anything fails — sharing
 * is an extra, never an error shown to the user.
 */
export function wxReady(): Promise<{ wx: WxApi; appId: string } | null> {
  const url = currentUrl();
  const known = ready.get(url);
  if (known !== undefined) {
    return known;
  }
  const run = (async () => {
    const config = await api().GET('/wechat/v1/getWxJsConfig', { params: { query: { currentUrl: url } } });
    if (
      !config.enabled ||
      config.appId === null ||
      config.timestamp === null ||
      config.nonceStr === null ||
      config.signature === null
    ) {
      return null;
    }
    const wx = await loadScript();
    const { appId, timestamp, nonceStr, signature } = config;
    return new Promise<{ wx: WxApi; appId: string } | null>((resolve) => {
      wx.ready(() => resolve({ wx, appId }));
      wx.error(() => resolve(null));
      wx.config({ debug: false, appId, timestamp, nonceStr, signature, jsApiList: JS_API_LIST });
    });
  })().catch(() => null);
  ready.set(url, run);
  return run;
}

/** Forgets the configured pages (tests). */
export function resetWx(): void {
  ready.clear();
}

/** Sets the card a friend or the timeline sees when the user shares the current page. True when set. */
export async function setShareCard(card: ShareCard): Promise<boolean> {
  const sdk = await wxReady();
  if (sdk === null) {
    return false;
  }
  const link = typeof card.link === 'function' ? card.link(sdk.appId) : card.link;
  sdk.wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link, imgUrl: card.imgUrl });
  sdk.wx.updateTimelineShareData({ title: card.title, link, imgUrl: card.imgUrl });
  return true;
}

/**
 * Sets the share card while a page shows `card` (nothing while it is null or outside the
 * messaging app). `key` says when the card changed (a link function cannot be compared).
 */
export function useShareCard(card: ShareCard | null, key: string): void {
  const latest = useRef(card);
  latest.current = card;
  const live = card !== null;
  useEffect(() => {
    if (live && latest.current !== null) {
      void setShareCard(latest.current);
    }
  }, [live, key]);
}

/**
 * Opens the messaging app's QR scanner and answers what it read; null outside the messaging app
 * or when the user cancels. The scan itself is `scanCode` (wechat/scan.ts), called once the SDK
 * is configured here.
 */
export async function scanQRCode(): Promise<string | null> {
  const sdk = await wxReady();
  return sdk === null ? null : scanCode();
}

/** A page of this app as an absolute address (share links must be absolute). */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * The phone's position: through the messaging app's JS-SDK inside the app (configured here first),
 * through the browser's geolocation elsewhere or when the SDK cannot be configured.
 */
export async function currentPosition(): Promise<PositionAnswer> {
  const sdk = isMessagingAppBrowser(navigator.userAgent) ? await wxReady() : null;
  return (sdk === null ? null : messagingAppPosition()) ?? browserPosition();
}
