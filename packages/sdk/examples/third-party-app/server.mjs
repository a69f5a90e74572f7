// An example third-party app on GlucoGuard's open platform: a small Node server with one page.
// 连接糖护 sends the patient's browser to GlucoGuard's consent page (authorization code + PKCE);
// the callback exchanges the code for tokens, kept on this server (never in the browser); the page
// then lists the patient's readings through the SDK's open client. When the patient revokes the
// app in 设置 → 授权管理, the next call is refused with 401 and the page says so.
//
//   GLUCOGUARD_URL=http://localhost:3000 CLIENT_ID=gg_client_… CLIENT_SECRET=gg_secret_… \
//     node packages/sdk/examples/third-party-app/server.mjs
//
// The client must list this app's callback (http://localhost:4000/callback by default, or
// APP_URL + /callback) among its redirect URIs, exactly. See docs/integrators.md.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import {
  buildAuthorizeUrl,
  createOpenClient,
  createPkcePair,
  exchangeCode,
  isOpenApiError,
} from '@glucoguard/sdk/open';
import { connectPage, readingsPage, refusedPage } from './page.mjs';

/** How long a started consent (its state and PKCE verifier) is kept: the API's codes live 10 minutes. */
const PENDING_MS = 10 * 60 * 1000;
const SESSION_COOKIE = 'example_app_session';
/** The kinds of reading the page lists, and how many of each. */
const KINDS_SHOWN = /** @type {const} */ (['glucose', 'pressure']);
const PAGE_SIZE = 10;

/**
 * @typedef {object} AppOptions
 * @property {string} glucoguardUrl GlucoGuard's origin, e.g. `http://localhost:3000` (the API is under /api)
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {string} appUrl this app's own origin, e.g. `http://localhost:4000`
 * @property {string} [scope] space-separated scopes to ask for (default `readings.read`)
 */

/**
 * One browser's state on this server: a started consent, then the tokens.
 * @typedef {{ pending: { state: string, verifier: string, at: number } | null, tokens: import('@glucoguard/sdk/open').TokenSet | null, notice: string | null }} Session
 */

/** @param {AppOptions} options */
export function createThirdPartyApp(options) {
  const scope = options.scope ?? 'readings.read';
  const apiBaseUrl = `${options.glucoguardUrl}/api`;
  const redirectUri = `${options.appUrl}/callback`;
  /** @type {Map<string, Session>} */
  const sessions = new Map();

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  function sessionOf(req, res) {
    const cookie = /(?:^|;\s*)example_app_session=([A-Za-z0-9_-]{20,})/.exec(req.headers.cookie ?? '');
    const id = cookie?.[1];
    if (id !== undefined && sessions.has(id)) {
      return /** @type {Session} */ (sessions.get(id));
    }
    const fresh = randomBytes(24).toString('base64url');
    /** @type {Session} */
    const session = { pending: null, tokens: null, notice: null };
    sessions.set(fresh, session);
    res.setHeader('set-cookie', `${SESSION_COOKIE}=${fresh}; Path=/; HttpOnly; SameSite=Lax`);
    return session;
  }

  /** @type {WeakMap<Session, import('@glucoguard/sdk/open').OpenClient>} */
  const openClients = new WeakMap();

  /**
   * The open client of one session, made once and reused by all its requests: the SDK refreshes
   * and rotates the tokens in it, one refresh at a time (a refresh token works once; sending a
   * rotated one again ends the grant). Several server processes would also need a lock per grant
   * in a shared token store (docs/integrators.md §4). @param {Session} session
   */
  function openClientFor(session) {
    const known = openClients.get(session);
    if (known !== undefined) {
      return known;
    }
    const made = createOpenClient({
      baseUrl: apiBaseUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      tokens: {
        get: () => session.tokens,
        set: (tokens) => {
          session.tokens = tokens;
        },
      },
    });
    openClients.set(session, made);
    return made;
  }

  /** @param {import('node:http').ServerResponse} res @param {string} html */
  function sendPage(res, html) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  }

  /** @param {import('node:http').ServerResponse} res @param {string} location */
  function redirect(res, location) {
    res.writeHead(302, { location, 'cache-control': 'no-store' });
    res.end();
  }

  /** GET /: connect, or the readings, or the API's refusal. @param {Session} session @param {import('node:http').ServerResponse} res */
  async function home(session, res) {
    if (session.tokens === null) {
      const notice = session.notice;
      session.notice = null;
      sendPage(res, connectPage(notice));
      return;
    }
    try {
      const api = openClientFor(session);
      const lists = [];
      // One call after the other: the first one refreshes the tokens when they have expired.
      for (const kind of KINDS_SHOWN) {
        const page = await api.GET('/open/v1/readings', { params: { query: { kind, page: 1, pageSize: PAGE_SIZE } } });
        lists.push({ kind, total: page.total, items: page.items });
      }
      sendPage(res, readingsPage(lists));
    } catch (error) {
      // The SDK already tried one refresh: a 401 now means the grant is gone (revoked by the
      // patient, or the refresh token expired). Forget the tokens and say so.
      if (!isOpenApiError(error) || error.status === undefined) {
        throw error;
      }
      if (error.status === 401) {
        session.tokens = null;
      }
      sendPage(res, refusedPage({ status: error.status, code: error.code, errMsg: error.errMsg }));
    }
  }

  /** GET /connect: a fresh state and PKCE pair, then off to the consent page. @param {Session} session @param {import('node:http').ServerResponse} res */
  async function connect(session, res) {
    const pkce = await createPkcePair();
    const state = randomBytes(16).toString('base64url');
    session.pending = { state, verifier: pkce.verifier, at: Date.now() };
    redirect(
      res,
      buildAuthorizeUrl({
        authorizeUrl: `${options.glucoguardUrl}/oauth/authorize`,
        clientId: options.clientId,
        redirectUri,
        scope,
        state,
        codeChallenge: pkce.challenge,
      }),
    );
  }

  /** GET /callback?code=…&state=… (or error=access_denied). @param {Session} session @param {URL} url @param {import('node:http').ServerResponse} res */
  async function callback(session, url, res) {
    const pending = session.pending;
    session.pending = null;
    const state = url.searchParams.get('state');
    if (pending === null || state !== pending.state || Date.now() - pending.at > PENDING_MS) {
      session.notice = '连接已过期或来源不明，请重新连接糖护。';
      redirect(res, '/');
      return;
    }
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null || code === null) {
      session.notice =
        error === 'access_denied' ? '您没有同意授权，本应用不会读取您的数据。' : '授权没有完成，请重试。';
      redirect(res, '/');
      return;
    }
    session.tokens = await exchangeCode({
      tokenUrl: `${apiBaseUrl}/oauth/v1/token`,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      code,
      redirectUri,
      codeVerifier: pending.verifier,
    });
    redirect(res, '/');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', options.appUrl);
    const session = sessionOf(req, res);
    /** @type {Promise<void> | null} */
    let handled = null;
    if (req.method === 'GET' && url.pathname === '/') {
      handled = home(session, res);
    } else if (req.method === 'GET' && url.pathname === '/connect') {
      handled = connect(session, res);
    } else if (req.method === 'GET' && url.pathname === '/callback') {
      handled = callback(session, url, res);
    }
    if (handled === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    handled.catch((error) => {
      console.error('example app:', error);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      }
      res.end('出错了，请稍后再试');
    });
  });
  return server;
}

/**
 * Starts the app on a port (0: any free one) and answers its address.
 * @param {AppOptions & { port?: number, host?: string }} options
 */
export async function startThirdPartyApp(options) {
  const server = createThirdPartyApp(options);
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  return { server, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 4000);
  const required = (name) => {
    const value = process.env[name];
    if (value === undefined || value === '') {
      console.error(`Set ${name} (see packages/sdk/examples/third-party-app/README.md).`);
      process.exit(1);
    }
    return value;
  };
  const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
  await startThirdPartyApp({
    glucoguardUrl: process.env.GLUCOGUARD_URL ?? 'http://localhost:3000',
    clientId: required('CLIENT_ID'),
    clientSecret: required('CLIENT_SECRET'),
    appUrl,
    scope: process.env.SCOPE,
    port,
    host: process.env.HOST ?? '127.0.0.1',
  });
  console.log(`示例健康助手: ${appUrl}/ (redirect URI ${appUrl}/callback)`);
}
