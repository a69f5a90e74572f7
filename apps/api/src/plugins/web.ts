import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCodes } from '../lib/errors';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist). */
  root: string;
}

/** Cache-Control of a file whose name carries its content hash: it never changes under that name. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html (and the SPA fallback): always revalidated, so a deploy shows at once. */
export const HTML_CACHE = 'no-cache';
/** Cache-Control of a file without a hash in its name (favicon.svg): a day, then revalidated. */
export const UNHASHED_FILE_CACHE = 'public, max-age=86400';
/** Names the build gives its bundles: `assets/<name>.<10 hex of the content hash>.<ext>` (apps/web/rspack.config.ts). */
const HASHED_NAME = /[\\/]assets[\\/][^\\/]+\.[0-9a-f]{10}\.[a-z0-9]+$/;

/**
 * The CSP hashes of the inline `<style>` elements of index.html (the start-up skeleton's CSS,
 * apps/web/index.html), so the app's policy can allow exactly them without 'unsafe-inline'.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** Adds the skeleton's style hashes to the policy the security-headers plugin put on this reply. */
function allowInlineStyles(reply: FastifyReply, hashes: string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (hashes.length > 0 && typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace(/(^|;\s*)style-src ([^;]*)/, (_all, start: string, sources: string) => {
        return `${start}style-src ${sources} ${hashes.join(' ')}`;
      }),
    );
  }
}

/**
 * Serves the built web app on the same origin as the API. The build writes a brotli (`.br`) and a
 * gzip (`.gz`) copy beside each text file (apps/web/build/precompress.ts); @fastify/static picks the
 * one the browser's Accept-Encoding allows, with Content-Encoding and `Vary: Accept-Encoding`, and
 * the plain file otherwise (docs/adr/0098-precompressed-web-assets.md). Hashed bundles are cached
 * for a year as immutable; index.html is always revalidated. Any other GET that is not under /api
 * gets index.html, so the app's client-side routes work on reload and from shared links.
 */
export default fp<WebPluginOptions>(
  async (app: FastifyInstance, { root }) => {
    const indexPath = join(root, 'index.html');
    const hasWeb = existsSync(indexPath);
    // Read again when a new build replaced index.html under a running API, so the hashes always fit the page sent.
    let styles = { modified: -1, hashes: [] as string[] };
    const styleHashes = (): string[] => {
      const modified = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? -1;
      if (modified !== styles.modified) {
        styles = { modified, hashes: modified < 0 ? [] : inlineStyleHashes(readFileSync(indexPath, 'utf8')) };
      }
      return styles.hashes;
    };
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, path) {
          // `path` is the file sent: main.abc.js.br for a brotli answer of main.abc.js.
          const served = path.replace(/\.(?:br|gz)$/, '');
          if (served.endsWith('.html')) {
            res.header('Cache-Control', HTML_CACHE);
            allowInlineStyles(res, styleHashes());
          } else {
            res.header('Cache-Control', HASHED_NAME.test(served) ? HASHED_ASSET_CACHE : UNHASHED_FILE_CACHE);
          }
        },
      });
    } else {
      app.log.warn({ root }, 'the web app is not built; only the API is served');
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
      if (
        hasWeb &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        !looksLikeFile
      ) {
        // sendFile goes through the same static handler: compressed by Accept-Encoding, no-cache, the style hashes.
        return reply.sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: ErrorCodes.notFound, errMsg: `页面不存在：${path}`, data: null, requestId: String(request.id) });
    });
  },
  { name: 'web' },
);
