// The browser's half of security: one set of headers on every answer (the web app's pages, the API,
// its docs, the files). Built once at start with helmet; see
// docs/adr/0087-security-headers-and-content-security-policy.md.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fastifySymbols from 'fastify/lib/symbols.js';
import { MESSAGING_AVATAR_HOSTS } from '@glucoguard/domain';

/** Where the messaging app's JS-SDK (jweixin) is loaded from; apps/web/src/wechat/jssdk.ts uses the first, the second is its documented fallback. */
export const MESSAGING_JSSDK_ORIGINS = ['https://res.wx.qq.com', 'https://res2.wx.qq.com'] as const;

export interface SecurityHeadersOptions {
  /** The app's own origin; https turns on HSTS and upgrade-insecure-requests. */
  publicBaseUrl: string;
  /** IMG_DOMAIN: when it is absolute (a CDN), images may come from its origin too. */
  imgDomain: string;
  /** Where the chat provider's web SDK connects besides our origin (Tencent Cloud IM's hosts with CHAT_PROVIDER=tencent). */
  chatConnectSources?: readonly string[];
}

type Directives = Record<string, string[]>;

const httpsOnly = (publicBaseUrl: string) => publicBaseUrl.startsWith('https:');

/**
 * The web app's policy: exactly what apps/web loads. Its own bundles and styles; the messaging
 * app's JS-SDK; images from our uploads, data:/blob: previews of photos being uploaded, and the
 * messaging app's avatar hosts; API calls to our own origin only; no plugins, no framing.
 * antd-mobile and React set styles through the CSSOM, which style-src does not govern, so no
 * 'unsafe-inline' is needed (the e2e test e2e/browserHardening.e2e.mjs fails on any violation).
 */
export function appContentSecurityPolicy({
  publicBaseUrl,
  imgDomain,
  chatConnectSources = [],
}: SecurityHeadersOptions): Directives {
  const imageOrigins = [...MESSAGING_AVATAR_HOSTS.map((host) => `https://${host}`)];
  if (/^https?:\/\//.test(imgDomain) && URL.canParse(imgDomain)) {
    imageOrigins.push(new URL(imgDomain).origin);
  }
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...MESSAGING_JSSDK_ORIGINS],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...chatConnectSources],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(httpsOnly(publicBaseUrl) && { 'upgrade-insecure-requests': [] }),
  };
}

/**
 * The API docs' policy (swagger-ui at /api/docs): its own bundle from our origin, the spec fetched
 * from our origin, and the <style> element swagger-ui injects (blocked without 'unsafe-inline', as
 * e2e/browserHardening.e2e.mjs shows; a hash would break on every swagger-ui upgrade). The docs
 * hold no user data, and their scripts stay limited to our own files.
 */
export function docsContentSecurityPolicy({
  publicBaseUrl,
}: Pick<SecurityHeadersOptions, 'publicBaseUrl'>): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(httpsOnly(publicBaseUrl) && { 'upgrade-insecure-requests': [] }),
  };
}

/** A policy as the header's text. */
export function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** The headers helmet sets for these options, computed once (helmet's own middleware run against a recorder). */
export function securityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  const config: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(options) },
    // Nothing of ours needs the referrer elsewhere; same-origin requests keep it for our own logs.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    // HSTS only where the app is really served over https: on plain http it would lock a LAN or dev address out.
    strictTransportSecurity: httpsOnly(options.publicBaseUrl)
      ? { maxAge: 180 * 24 * 3600, includeSubDomains: true }
      : false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({} as never, recorder as never, (error?: unknown) => {
    if (error) {
      throw error instanceof Error ? error : new Error('helmet refused its configuration');
    }
  });
  return headers;
}

/**
 * Sets the security headers and `X-Request-Id` on every answer, in one synchronous hook (an async
 * onSend cost a promise and a microtask on every request; each further hook costs its own call).
 * helmet is run once at start and its headers copied onto each reply: @fastify/helmet would rebuild
 * helmet's middleware on every request (about 9 µs each, against 0.3 µs for a built one). Routes
 * that need their own policy (stored files, the API docs) overwrite the content-security-policy
 * header on their reply.
 *
 * The copy is one object spread into the reply's own header object, which Fastify has just made
 * empty: `reply.headers()` lowercased and stored the twelve names one by one (about 1 µs a
 * request, a thirtieth of the getServerTime route; docs/adr/0136-request-path-trimmed-at-its-root.md).
 */
export default fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    const { kReplyHeaders } = fastifySymbols;
    if (typeof kReplyHeaders !== 'symbol') {
      throw new Error('fastify/lib/symbols.js no longer names kReplyHeaders: set the headers with reply.headers()');
    }
    const headers = securityHeaders(options);
    app.addHook('onRequest', (request, reply, done) => {
      const own = reply as unknown as Record<symbol, Record<string, string>>;
      own[kReplyHeaders] = { ...headers, 'x-request-id': String(request.id), ...own[kReplyHeaders] };
      done();
    });
  },
  { name: 'security-headers' },
);
