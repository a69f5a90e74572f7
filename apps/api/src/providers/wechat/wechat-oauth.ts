import { IdentityError, type IdentityErrorReason, type IdentityProvider, type MessagingIdentity } from './identity';
import {
  callWechat,
  DEFAULT_API_BASE,
  DEFAULT_TIMEOUT_MS,
  requireString,
  WechatApiError,
  type FetchLike,
  type WechatHttpOptions,
  type WechatJson,
} from './wechat-http';

export const DEFAULT_OPEN_BASE = 'https://open.weixin.qq.com';

export interface WechatOAuthConfig {
  appId: string;
  appSecret: string;
  apiBase?: string;
  openBase?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Milliseconds since the epoch; injectable so the used-code memory can be tested. */
  now?: () => number;
}

// The messaging app's codes live 5 minutes and are single-use; remembering them that long on
// our side covers every window in which a replay could still succeed at the provider.
const SEEN_CODE_TTL_MS = 5 * 60 * 1000;
const SEEN_CODE_LIMIT = 10_000;
// Real codes are 32 alphanumerics; anything outside this is refused before it costs a call.
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Codes already presented to this instance. A code is claimed *before* the network call, so
 * two concurrent requests with one code cannot both reach the provider; it stays claimed even
 * if the call then fails, because the provider may have consumed it anyway. Other API
 * instances do not share this memory — the provider's own 40163 covers them.
 */
class SeenCodes {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** False when the code was already seen within the TTL. */
  claim(code: string): boolean {
    const now = this.now();
    const expiresAt = this.expiries.get(code);
    if (expiresAt !== undefined && expiresAt > now) {
      return false;
    }
    this.expiries.delete(code);
    if (this.expiries.size >= SEEN_CODE_LIMIT) {
      this.prune(now);
    }
    this.expiries.set(code, now + SEEN_CODE_TTL_MS);
    return true;
  }

  /** Drops expired entries, then the oldest ones if a flood of codes still fills the map. */
  private prune(now: number): void {
    for (const [code, expiresAt] of this.expiries) {
      if (expiresAt <= now) {
        this.expiries.delete(code);
      }
    }
    for (const code of this.expiries.keys()) {
      if (this.expiries.size < SEEN_CODE_LIMIT) {
        break;
      }
      this.expiries.delete(code);
    }
  }
}

function toSex(value: unknown): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

function optionalString(json: WechatJson, field: string): string | null {
  const value = json[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Error codes of the code exchange that are the user's to fix, as the web-authorisation and return-code docs list them. */
const CODE_ERRCODES: ReadonlyMap<number, IdentityErrorReason> = new Map([
  [40029, 'invalid_code'], // invalid oauth_code
  [42003, 'invalid_code'], // oauth_code timed out
  [40163, 'code_used'], // code been used
]);

function exchangeError(err: unknown): IdentityError {
  if (!(err instanceof WechatApiError)) {
    return new IdentityError(
      'provider_error',
      err instanceof Error ? err.message : 'Unexpected failure talking to WeChat.',
    );
  }
  const reason = err.errcode === null ? undefined : CODE_ERRCODES.get(err.errcode);
  return new IdentityError(reason ?? err.reason, err.message);
}

/**
 * The messaging app's OAuth2 web authorisation (网页授权) with scope snsapi_userinfo:
 * code → user access token + openid → userinfo.
 */
export class WechatOAuthProvider implements IdentityProvider {
  readonly name = 'wechat' as const;
  private readonly http: WechatHttpOptions;
  private readonly openBase: string;
  private readonly seen: SeenCodes;

  constructor(private readonly config: WechatOAuthConfig) {
    if (!config.appId || !config.appSecret) {
      throw new Error('WechatOAuthProvider needs an appId and an appSecret.');
    }
    this.http = {
      apiBase: config.apiBase ?? DEFAULT_API_BASE,
      fetch: config.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
    this.openBase = (config.openBase ?? DEFAULT_OPEN_BASE).replace(/\/+$/, '');
    this.seen = new SeenCodes(config.now ?? Date.now);
  }

  /**
   * Built by hand rather than with URLSearchParams: the docs insist on this parameter order and
   * on the `#wechat_redirect` suffix, and some clients reportedly fail the page otherwise.
   */
  authorizeUrl(redirectUri: string, state: string): string {
    const params = [
      `appid=${encodeURIComponent(this.config.appId)}`,
      `redirect_uri=${encodeURIComponent(redirectUri)}`,
      'response_type=code',
      'scope=snsapi_userinfo',
      `state=${encodeURIComponent(state)}`,
    ];
    return `${this.openBase}/connect/oauth2/authorize?${params.join('&')}#wechat_redirect`;
  }

  async exchangeCode(code: string): Promise<MessagingIdentity> {
    if (typeof code !== 'string' || !CODE_PATTERN.test(code)) {
      throw new IdentityError('invalid_code', 'The login code is malformed.');
    }
    if (!this.seen.claim(code)) {
      throw new IdentityError('code_used', 'This login code has already been used.');
    }

    let accessToken: string;
    let openid: string;
    let tokenUnionid: string | null;
    try {
      const token = await callWechat(this.http, '/sns/oauth2/access_token', {
        query: { appid: this.config.appId, secret: this.config.appSecret, code, grant_type: 'authorization_code' },
      });
      accessToken = requireString(token, 'access_token', '/sns/oauth2/access_token');
      openid = requireString(token, 'openid', '/sns/oauth2/access_token');
      tokenUnionid = optionalString(token, 'unionid');
    } catch (err) {
      throw exchangeError(err);
    }

    let info: WechatJson;
    try {
      info = await callWechat(this.http, '/sns/userinfo', {
        query: { access_token: accessToken, openid, lang: 'zh_CN' },
      });
    } catch (err) {
      // A code error is impossible here; everything is the provider's or the network's fault.
      throw err instanceof WechatApiError ? new IdentityError(err.reason, err.message) : exchangeError(err);
    }
    // The token was issued for one user: a profile for anyone else means something is badly wrong.
    if (info.openid !== openid) {
      throw new IdentityError(
        'provider_error',
        'WeChat API /sns/userinfo answered for a different openid than the token.',
      );
    }
    return {
      openid,
      unionid: optionalString(info, 'unionid') ?? tokenUnionid,
      nickname: typeof info.nickname === 'string' ? info.nickname : '',
      headimgurl: typeof info.headimgurl === 'string' ? info.headimgurl : '',
      sex: toSex(info.sex),
    };
  }
}
