import pg from 'pg';

type QueryMethod = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

// Taken unbound on purpose: it is only ever called with `.call(client, …)`.
// eslint-disable-next-line @typescript-eslint/unbound-method
const baseQuery = pg.Client.prototype.query as unknown as QueryMethod;

/**
 * node-postgres's `Client`, except that a query asked for without a callback (as Kysely, and so
 * MikroORM, asks for every query) is run with a callback handed to the query up front and answered
 * through a promise made here.
 *
 * Same results, same errors, but far less garbage-collection work. Through `pg`'s own promise path
 * (8.23 on Node 24), the rows of nearly every answer outlived the young generation. They were
 * copied at every scavenge and promoted to the old generation, and a later full collection freed
 * them. In the API this meant scavenges of 20–28 ms every quarter second under the day table's
 * load, against about 1 ms once the callback was given up front (see docs/adr/0006-our-own-pg-client-class.md, and
 * bench/README.md for the measurements).
 */
export class CallbackQueryClient extends pg.Client {}

Object.defineProperty(CallbackQueryClient.prototype, 'query', {
  configurable: true,
  writable: true,
  value: function query(this: pg.Client, config: unknown, values?: unknown, callback?: unknown): unknown {
    const object =
      typeof config === 'object' && config !== null ? (config as { submit?: unknown; callback?: unknown }) : null;
    // A query with its own callback, or a submittable (a cursor), is pg's business alone.
    const answeredByPg =
      callback !== undefined ||
      typeof values === 'function' ||
      typeof object?.submit === 'function' ||
      typeof object?.callback === 'function';
    if (answeredByPg) {
      return baseQuery.call(this, config, values, callback);
    }
    // pg writes the callback into a config object it is given; a copy keeps the caller's clean.
    const own = object ? { ...object } : config;
    return new Promise((resolve, reject) => {
      baseQuery.call(this, own, values, (error: Error | null, result: unknown) =>
        error ? reject(error) : resolve(result),
      );
    }).catch((error: unknown) => {
      // As pg does: a stack that leads back to the caller rather than to the socket's read.
      if (error instanceof Error) {
        Error.captureStackTrace(error);
      }
      throw error;
    });
  },
});
