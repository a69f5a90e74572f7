import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '../lib/errors';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist). */
  root: string;
}

/**
 * Serves the built web app on the same origin as the API. Any other GET that is not under /api
 * gets index.html, so the app's client-side routes work on reload and from shared links.
 */
export default fp<WebPluginOptions>(
  async (app: FastifyInstance, { root }) => {
    const hasWeb = existsSync(join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          // Bundles carry a content hash in their names; index.html must always be revalidated.
          res.header('Cache-Control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
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
        return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: ErrorCodes.notFound, errMsg: `页面不存在：${path}`, data: null, requestId: String(request.id) });
    });
  },
  { name: 'web' },
);
