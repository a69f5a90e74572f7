import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SessionCache } from '../contexts/identity/session/session.cache';
import { listenForSessionChanges } from '../contexts/identity/session/session.listener';

/** How long a checked session is trusted without asking the database (a backstop: changes are heard at once). */
export const SESSION_CACHE_TTL_MS = 60_000;
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Recently checked sessions; on only while the database's change notifications reach this process. */
    sessionCache: SessionCache;
  }
}

export interface SessionCacheOptions {
  /** With PostgreSQL, sessions are cached while a connection listens for their changes; PGlite asks every time. */
  databaseUrl: string | undefined;
}

/** The process's session cache and, with PostgreSQL, the connection that keeps it true. */
export default fp<SessionCacheOptions>(
  async (app: FastifyInstance, options) => {
    const cache = new SessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES });
    app.decorate('sessionCache', cache);
    if (options.databaseUrl) {
      const listener = listenForSessionChanges({
        databaseUrl: options.databaseUrl,
        cache,
        onError: (error) =>
          app.log.warn(
            { err: error },
            'session change listener lost its connection; sessions are read from the database until it is back',
          ),
      });
      await listener.ready;
      app.addHook('onClose', () => listener.close());
    }
  },
  { name: 'session-cache', dependencies: ['db'] },
);
