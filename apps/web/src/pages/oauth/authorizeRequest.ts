/**
 * The consent page's handling of the address an integrator sends the browser to
 * (`/oauth/authorize?client_id=…&redirect_uri=…&response_type=code&scope=…&state=…&code_challenge=…&code_challenge_method=S256`)
 * and of the address the API answers after the patient's choice (docs/adr/0229-consent-and-authorized-apps-pages.md).
 */

import type { operations } from '@glucoguard/sdk';

/** The authorization request's query as the API's `oauthAuthorizeRequest` takes it. */
export type AuthorizeQuery = operations['oauthAuthorizeRequest']['parameters']['query'];

/** The parameters without which no request can be shown (RFC 6749 §4.1.1 with PKCE, RFC 7636). */
const REQUIRED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;
const OPTIONAL = ['state', 'login_hint', 'patient'] as const;

/** The request read from the address, or the names of the parameters it lacks. */
type AuthorizeRequestRead =
  | { readonly complete: true; readonly query: AuthorizeQuery }
  | { readonly complete: false; readonly missing: readonly string[] };

/**
 * The request's parameters from the address, each as sent. The API checks them all (the page never
 * decides on its own that a request is good); the page only tells a request that lacks a required
 * parameter, which it cannot even ask about.
 */
export function readAuthorizeRequest(search: URLSearchParams): AuthorizeRequestRead {
  const missing = REQUIRED.filter((name) => (search.get(name) ?? '') === '');
  if (missing.length > 0) {
    return { complete: false, missing };
  }
  const given = (name: string) => search.get(name) ?? '';
  const query: AuthorizeQuery = {
    response_type: given('response_type'),
    client_id: given('client_id'),
    redirect_uri: given('redirect_uri'),
    scope: given('scope'),
    code_challenge: given('code_challenge'),
    code_challenge_method: given('code_challenge_method'),
  };
  for (const name of OPTIONAL) {
    const value = search.get(name);
    if (value !== null) {
      query[name] = value;
    }
  }
  return { complete: true, query };
}

/** Said when the address lacks a required parameter. */
export function missingParamsMessage(missing: readonly string[]): string {
  return `授权请求不完整（缺少 ${missing.join('、')}），请回到发起授权的应用重新操作`;
}

const SCRIPT_SCHEMES = /^\s*(javascript|data|vbscript|blob|file):/i;

/**
 * Whether `redirectTo` (the API's answer to the patient's choice) is the request's own
 * `redirect_uri` (which the API matched exactly against the client's registered addresses) with the
 * answer's parameters added, and nothing else. The page leaves for no other address, so a fault
 * anywhere can never send the patient, or a code, to an address the client did not register.
 */
export function isAnswerFor(redirectTo: string, redirectUri: string): boolean {
  if (redirectUri === '' || SCRIPT_SCHEMES.test(redirectUri) || !redirectTo.startsWith(redirectUri)) {
    return false;
  }
  const rest = redirectTo.slice(redirectUri.length);
  // The answer's parameters start a query, or continue the registered address's own query.
  return rest.startsWith(redirectUri.includes('?') ? '&' : '?') && !rest.includes('#');
}
