import fp from 'fastify-plugin';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import { databaseKind, openDatabase, type DatabaseKind, type DatabaseOptions } from '../db/orm';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
    /** The EntityManager of the current request (its own fork, made on first use). */
    em: EntityManager;
    databaseKind: DatabaseKind;
  }
}

/**
 * A request's own EntityManager, forked when first asked for. MikroORM's `RequestContext.create`
 * forks one for every request (about a twentieth of a bare request's time here); a request that
 * never touches the database (the server time, a static file, a refusal) need not pay for it.
 */
class RequestFork {
  #em: EntityManager | undefined;
  #forking = false;

  constructor(private readonly root: EntityManager) {}

  /** The request's EntityManager, forked now if this is the first call. */
  get em(): EntityManager {
    if (this.#em === undefined) {
      // Making a fork asks the ORM's context (below) again: it must see none yet, as with RequestContext.
      this.#forking = true;
      try {
        this.#em = this.root.fork({ useContext: true });
      } finally {
        this.#forking = false;
      }
    }
    return this.#em;
  }

  /** What the ORM's `context` answers: the fork, or nothing while it is being made. */
  get context(): EntityManager | undefined {
    return this.#forking ? undefined : this.em;
  }
}

const requestForks = new AsyncLocalStorage<RequestFork>();

/** Opens the database, applies migrations, gives each request its own EntityManager and closes it on shutdown. */
export default fp<DatabaseOptions>(
  async (app: FastifyInstance, options) => {
    const orm = await openDatabase(options);
    app.decorate('orm', orm);
    app.decorate('databaseKind', databaseKind(options));
    // The ORM's own `context` option: `orm.em` used inside a request resolves to that request's fork.
    orm.config.set('context', (name: string) => (name === orm.em.name ? requestForks.getStore()?.context : undefined));
    app.decorate('em', {
      getter: () => requestForks.getStore()?.em ?? orm.em,
    });
    app.addHook('onRequest', (_request, _reply, done) => {
      requestForks.run(new RequestFork(orm.em), done);
    });
    app.addHook('onClose', async () => {
      await orm.close();
    });
  },
  { name: 'db' },
);
