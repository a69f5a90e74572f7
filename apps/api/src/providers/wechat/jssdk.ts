import { createHash, randomBytes } from 'node:crypto';
import {
  callWechat,
  DEFAULT_API_BASE,
  downloadWechatMedia,
  DEFAULT_TIMEOUT_MS,
  requireSeconds,
  requireString,
  WechatApiError,
  type FetchLike,
  type WechatHttpOptions,
  type WechatMedia,
} from './wechat-http';

export interface WechatJsSdkConfig {
  appId: string;
  appSecret: string;
  apiBase?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Milliseconds since the epoch; injectable so cache expiry can be tested. */
  now?: () => number;
  /**
   * `stable` (default): POST /cgi-bin/stable_token, which the docs recommend — fetching it does
   * not invalidate the token another API instance holds. `classic`: GET /cgi-bin/token.
   */
  tokenApi?: 'stable' | 'classic';
}

/** What the page passes to `wx.config` (plus its own `jsApiList`). */
export interface JsSdkSignedConfig {
  appId: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/**
 * The JS-SDK permission signature (JS-SDK docs, appendix 1): sha1 of the four fields sorted by
 * name and joined as key=value&…, raw values without URL escaping, the page URL without `#…`.
 */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number | string, url: string): string {
  const page = url.split('#', 1)[0] ?? '';
  const string1 = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`;
  return createHash('sha1').update(string1, 'utf8').digest('hex');
}

interface Cached {
  value: string;
  refreshAt: number;
}

// Refresh this long before the announced expiry so a signature is never made with a ticket
// that dies while the page is still calling wx.config…
const REFRESH_MARGIN_MS = 5 * 60 * 1000;
// …but stable_token may announce as little as 300 s, so never spend more than half a lifetime on margin.
function refreshAt(fetchedAt: number, lifetimeSeconds: number): number {
  const lifetimeMs = lifetimeSeconds * 1000;
  return fetchedAt + lifetimeMs - Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
}

// Answers meaning "this access token is no good" (invalid, expired): fetch a new one and retry once.
const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

/**
 * Signs JS-SDK configs. The access token and jsapi ticket are rate-limited upstream and must be
 * cached (the docs say so), so both are kept until shortly before expiry and concurrent callers
 * share one in-flight refresh instead of each fetching their own.
 */
export class WechatJsSdk {
  private readonly http: WechatHttpOptions;
  private readonly now: () => number;
  private token: Cached | null = null;
  private ticket: Cached | null = null;
  private tokenRefresh: Promise<string> | null = null;
  private ticketRefresh: Promise<string> | null = null;

  constructor(private readonly config: WechatJsSdkConfig) {
    if (!config.appId || !config.appSecret) {
      throw new Error('WechatJsSdk needs an appId and an appSecret.');
    }
    this.http = {
      apiBase: config.apiBase ?? DEFAULT_API_BASE,
      fetch: config.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
    this.now = config.now ?? Date.now;
  }

  /**
   * Signs for the page at `url` — exactly the string the page has (location.href); it is not
   * normalised, because the messaging app compares the signature against its own copy.
   * Throws TypeError for anything but an absolute http(s) address, WechatApiError when the API fails.
   */
  async getConfig(url: string): Promise<JsSdkSignedConfig> {
    const page = url.split('#', 1)[0] ?? '';
    if (!URL.canParse(page) || !/^https?:$/.test(new URL(page).protocol)) {
      throw new TypeError('The page URL must be an absolute http(s) address.');
    }
    const ticket = await this.jsapiTicket();
    const timestamp = Math.floor(this.now() / 1000);
    const nonceStr = randomBytes(8).toString('hex');
    return {
      appId: this.config.appId,
      timestamp,
      nonceStr,
      signature: jsapiSignature(ticket, nonceStr, timestamp, page),
    };
  }

  /**
   * A temporary media file the page uploaded through the JS-SDK (`wx.uploadVoice` answers its
   * serverId), from `GET /cgi-bin/media/get` with the app access token: a voice clip comes as AMR
   * (8 kHz). Kept by the messaging app for 3 days. A stale token is replaced and the call made once more.
   */
  async downloadMedia(mediaId: string, maxBytes: number): Promise<WechatMedia> {
    const path = '/cgi-bin/media/get';
    const token = await this.accessToken();
    try {
      return await downloadWechatMedia(this.http, path, { access_token: token, media_id: mediaId }, maxBytes);
    } catch (err) {
      if (!(err instanceof WechatApiError) || err.errcode === null || !STALE_TOKEN_ERRCODES.has(err.errcode)) {
        throw err;
      }
      if (this.token?.value === token) {
        this.token = null;
      }
      const fresh = await this.accessToken();
      return downloadWechatMedia(this.http, path, { access_token: fresh, media_id: mediaId }, maxBytes);
    }
  }

  private async jsapiTicket(): Promise<string> {
    if (this.ticket && this.now() < this.ticket.refreshAt) {
      return this.ticket.value;
    }
    this.ticketRefresh ??= this.fetchTicket().finally(() => {
      this.ticketRefresh = null;
    });
    return this.ticketRefresh;
  }

  private async fetchTicket(): Promise<string> {
    let token = await this.accessToken();
    let answer;
    try {
      answer = await callWechat(this.http, '/cgi-bin/ticket/getticket', {
        query: { access_token: token, type: 'jsapi' },
      });
    } catch (err) {
      if (!(err instanceof WechatApiError) || err.errcode === null || !STALE_TOKEN_ERRCODES.has(err.errcode)) {
        throw err;
      }
      // Revoked or expired early (e.g. someone else forced a refresh): drop it and try once more.
      if (this.token?.value === token) {
        this.token = null;
      }
      token = await this.accessToken();
      answer = await callWechat(this.http, '/cgi-bin/ticket/getticket', {
        query: { access_token: token, type: 'jsapi' },
      });
    }
    const value = requireString(answer, 'ticket', '/cgi-bin/ticket/getticket');
    const lifetime = requireSeconds(answer, 'expires_in', '/cgi-bin/ticket/getticket');
    this.ticket = { value, refreshAt: refreshAt(this.now(), lifetime) };
    return value;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) {
      return this.token.value;
    }
    this.tokenRefresh ??= this.fetchToken().finally(() => {
      this.tokenRefresh = null;
    });
    return this.tokenRefresh;
  }

  private async fetchToken(): Promise<string> {
    const { appId, appSecret } = this.config;
    const stable = (this.config.tokenApi ?? 'stable') === 'stable';
    const path = stable ? '/cgi-bin/stable_token' : '/cgi-bin/token';
    const answer = stable
      ? await callWechat(this.http, path, {
          json: { grant_type: 'client_credential', appid: appId, secret: appSecret },
        })
      : await callWechat(this.http, path, {
          query: { grant_type: 'client_credential', appid: appId, secret: appSecret },
        });
    const value = requireString(answer, 'access_token', path);
    const lifetime = requireSeconds(answer, 'expires_in', path);
    this.token = { value, refreshAt: refreshAt(this.now(), lifetime) };
    return value;
  }
}
