// Serves the built staff console (apps/console/dist) at /console, the same way the web app is
// served at / (precompressed files, hashed bundles cached for a year, index.html revalidated), in
// its own scope with its own 404 handling and its own Content-Security-Policy
// (docs/adr/0120-console-app.md).
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCodes } from '../lib/errors';
import { policyText } from './security-headers';
import { HASHED_ASSET_CACHE, HTML_CACHE, UNHASHED_FILE_CACHE } from './web';

export interface ConsolePluginOptions {
  /** The built console (apps/console/dist). */
  root: string;
  /** The app's own origin; https adds upgrade-insecure-requests. */
  publicBaseUrl: string;
  /** Where the chat provider's web SDK connects besides our origin (Tencent Cloud IM's hosts with CHAT_PROVIDER=tencent). */
  chatConnectSources?: readonly string[];
}

/** Where the console lives; apps/console/rspack.config.ts builds for this public path. */
export const CONSOLE_PREFIX = '/console';
const HASHED_NAME = /[\\/]assets[\\/][^\\/]+\.[0-9a-f]{10}\.[a-z0-9]+$/;

/**
 * The console's policy: its own scripts only, API calls to our own origin, no framing. antd's
 * CSS-in-JS writes `<style>` elements at run time (its components' styles, and the scroll lock of
 * its dialogs without a nonce), so styles allow 'unsafe-inline'; scripts never do.
 */
export function consoleContentSecurityPolicy(
  publicBaseUrl: string,
  chatConnectSources: readonly string[] = [],
): string {
  return policyText({
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...chatConnectSources],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(publicBaseUrl.startsWith('https:') && { 'upgrade-insecure-requests': [] }),
  });
}

export default async function consoleApp(
  app: FastifyInstance,
  { root, publicBaseUrl, chatConnectSources }: ConsolePluginOptions,
) {
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root }, 'the staff console is not built; /console is not served');
    return;
  }
  const policy = consoleContentSecurityPolicy(publicBaseUrl, chatConnectSources);
  // Read again when a new build replaced index.html under a running API.
  let index = { modified: -1, html: '' };
  const indexHtml = (): string => {
    const modified = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (modified !== index.modified) {
      index = { modified, html: modified < 0 ? '' : readFileSync(indexPath, 'utf8') };
    }
    return index.html;
  };
  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('content-security-policy', policy)
      .header('Cache-Control', HTML_CACHE)
      .type('text/html; charset=utf-8')
      .send(indexHtml());

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: false,
        preCompressed: true,
        setHeaders(res, path) {
          const served = path.replace(/\.(?:br|gz)$/, '');
          res.header('content-security-policy', policy);
          res.header(
            'Cache-Control',
            served.endsWith('.html') ? HTML_CACHE : HASHED_NAME.test(served) ? HASHED_ASSET_CACHE : UNHASHED_FILE_CACHE,
          );
        },
      });
      // /console and /console/ (the prefix's route answers both).
      scope.get('/', (_request, reply) => sendIndex(reply));
      // The console's own client-side routes (/console/staff, /console/audit …) get index.html on
      // reload and from shared links; a missing file is a 404.
      scope.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? CONSOLE_PREFIX;
        if ((request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
          return sendIndex(reply);
        }
        return reply.status(404).send({
          code: ErrorCodes.notFound,
          errMsg: `页面不存在：${path}`,
          data: null,
          requestId: String(request.id),
        });
      });
    },
    { prefix: CONSOLE_PREFIX },
  );
}
