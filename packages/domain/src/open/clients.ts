/**
 * Registering integrators' OAuth clients in the console (issue 23, docs/adr/0220): the grant types a
 * client may use, the rules its redirect URIs follow, and which settings go together. The API checks
 * a client's settings with {@link clientSettingsProblem} on every save; the console shows the same
 * labels.
 */
import { OAUTH_RULES, isOpenScope, patientMayGrant } from './scopes';

export const OPEN_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type OpenGrantType = (typeof OPEN_GRANT_TYPES)[number];

export function isOpenGrantType(value: string): value is OpenGrantType {
  return (OPEN_GRANT_TYPES as readonly string[]).includes(value);
}

export const OPEN_GRANT_TYPE_LABELS: Readonly<Record<OpenGrantType, string>> = {
  authorization_code: '授权码（患者授权）',
  refresh_token: '刷新令牌',
  client_credentials: '客户端凭证（机构自身）',
};

/** A client's open-operation calls a minute: the console may set 10 to 6,000 (600 unless set). */
export const CLIENT_RATE_LIMIT = {
  min: 10,
  max: 6000,
  default: OAUTH_RULES.defaultRateLimitPerMinute,
} as const;

/** At most this many redirect URIs per client. */
export const CLIENT_MAX_REDIRECT_URIS = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

// scheme://authority path-and-query #fragment, without whitespace (the domain has no URL class).
const URI_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^#\s]*)(#\S*)?$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The host of an authority (`user@host:port`, `[::1]:8080`), lower-cased. */
function hostOf(authority: string): string {
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.split(':')[0];
  return (host ?? '').toLowerCase();
}

/**
 * Why a redirect URI is refused, or null: an absolute `https://` address, or `http://` on the
 * loopback host only (an app on the patient's own computer, RFC 8252 §7.3); no user name or
 * password, no `#` fragment (RFC 6749 §3.1.2). It is matched exactly at authorization, so it is
 * stored as typed.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri === '' || /\s/.test(uri)) {
    return '回调地址不能为空或含有空格';
  }
  const httpsOnly = `回调地址必须以 https:// 开头（本机调试可用 http://127.0.0.1）：${uri}`;
  const parts = URI_PARTS.exec(uri);
  if (!parts) {
    const scheme = SCHEME.exec(uri)?.[1]?.toLowerCase();
    return scheme && scheme !== 'http' && scheme !== 'https' ? httpsOnly : `回调地址格式不正确：${uri}`;
  }
  const [, scheme = '', authority = '', , fragment] = parts;
  if (authority.includes('@') || fragment !== undefined) {
    return `回调地址不能包含用户名、密码或 # 片段：${uri}`;
  }
  const host = hostOf(authority);
  if (host === '' || host === '[]') {
    return `回调地址格式不正确：${uri}`;
  }
  if (scheme.toLowerCase() === 'https') {
    return null;
  }
  if (scheme.toLowerCase() === 'http' && LOOPBACK_HOSTS.has(host)) {
    return null;
  }
  return httpsOnly;
}

export interface ClientSettings {
  redirectUris: readonly string[];
  allowedScopes: readonly string[];
  grantTypes: readonly string[];
  rateLimitPerMinute: number;
}

/**
 * Why a client's settings do not go together (the first problem, in Chinese), or null:
 * - every redirect URI passes {@link redirectUriProblem}, at most 10, none twice;
 * - scopes and grant types are known ones, at least one of each;
 * - a scope a patient grants (all but `devices.provision`) needs the authorization code grant, and
 *   that grant needs at least one redirect URI;
 * - `devices.provision` needs client credentials;
 * - a refresh token comes only with the authorization code grant;
 * - the rate limit is a whole number from 10 to 6,000.
 */
export function clientSettingsProblem(settings: ClientSettings): string | null {
  const { redirectUris, allowedScopes, grantTypes, rateLimitPerMinute } = settings;
  if (redirectUris.length > CLIENT_MAX_REDIRECT_URIS) {
    return `回调地址最多${CLIENT_MAX_REDIRECT_URIS}个`;
  }
  if (new Set(redirectUris).size !== redirectUris.length) {
    return '回调地址不能重复';
  }
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) {
      return problem;
    }
  }
  if (allowedScopes.length === 0 || !allowedScopes.every(isOpenScope)) {
    return '请至少选择一项权限';
  }
  if (grantTypes.length === 0 || !grantTypes.every(isOpenGrantType)) {
    return '请至少选择一种授权方式';
  }
  const codeGrant = grantTypes.includes('authorization_code');
  if (allowedScopes.some((scope) => isOpenScope(scope) && patientMayGrant(scope)) && !codeGrant) {
    return '读取或写入患者数据的权限须开通授权码方式';
  }
  if (codeGrant && redirectUris.length === 0) {
    return '授权码方式须至少登记一个回调地址';
  }
  if (allowedScopes.includes('devices.provision') && !grantTypes.includes('client_credentials')) {
    return '设备登记权限须开通客户端凭证方式';
  }
  if (grantTypes.includes('refresh_token') && !codeGrant) {
    return '刷新令牌须与授权码方式一起开通';
  }
  if (
    !Number.isInteger(rateLimitPerMinute) ||
    rateLimitPerMinute < CLIENT_RATE_LIMIT.min ||
    rateLimitPerMinute > CLIENT_RATE_LIMIT.max
  ) {
    return `每分钟调用上限为${CLIENT_RATE_LIMIT.min}到${CLIENT_RATE_LIMIT.max}次`;
  }
  return null;
}
