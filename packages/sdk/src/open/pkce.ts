import { bytesToBase64Url, utf8, webCrypto } from './encoding';

/** A PKCE pair: keep `verifier` on your server, send `challenge` (S256) with the authorize URL. */
export interface PkcePair {
  /** 43 characters of base64url (32 random bytes); sent only with the code exchange. */
  verifier: string;
  /** base64url(SHA-256(verifier)). */
  challenge: string;
  /** Always S256: GlucoGuard refuses `plain`. */
  method: 'S256';
}

/** Makes a PKCE verifier and its S256 challenge (RFC 7636) with WebCrypto. */
export async function createPkcePair(): Promise<PkcePair> {
  const crypto = webCrypto();
  const verifier = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: await pkceChallenge(verifier), method: 'S256' };
}

/** The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await webCrypto().subtle.digest('SHA-256', utf8(verifier));
  return bytesToBase64Url(new Uint8Array(digest));
}

/** A random `state` value (base64url of 16 bytes) to tie the callback to the browser that started it. */
export function createState(): string {
  return bytesToBase64Url(webCrypto().getRandomValues(new Uint8Array(16)));
}

export interface AuthorizeUrlOptions {
  /** GlucoGuard's consent page, e.g. `https://your-host/oauth/authorize` (the web app, not the API). */
  authorizeUrl: string;
  clientId: string;
  /** One of the client's registered redirect URIs, exactly as registered. */
  redirectUri: string;
  /** The scopes to ask for: a space-separated string or a list (e.g. `['readings.read']`). */
  scope: string | readonly string[];
  /** An unguessable value you check on the callback (see {@link createState}). */
  state: string;
  /** The `challenge` of {@link createPkcePair}. */
  codeChallenge: string;
}

/** The address to send the patient's browser to: the standard authorization request with PKCE S256. */
export function buildAuthorizeUrl(options: AuthorizeUrlOptions): string {
  const url = new URL(options.authorizeUrl);
  const scope = typeof options.scope === 'string' ? options.scope : options.scope.join(' ');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', options.state);
  url.searchParams.set('code_challenge', options.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}
