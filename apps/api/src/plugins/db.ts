import fp from 'fastify-plugin';
import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import { databaseKind, openDatabase, type DatabaseKind, type DatabaseOptions } from '../db/orm';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
    /** The EntityManager of the current request (a RequestContext fork). */
    em: EntityManager;
    databaseKind: DatabaseKind;
  }
}

/** Opens the database, applies migrations, gives each request its own EntityManager and closes it on shutdown. */
export default fp<DatabaseOptions>(
  async (app: FastifyInstance, options) => {
    const orm = await openDatabase(options);
    app.decorate('orm', orm);
    app.decorate('databaseKind', databaseKind(options));
    app.decorate('em', {
      getter: () => RequestContext.getEntityManager() ?? orm.em,
    });
    app.addHook('onRequest', (_request, _reply, done) => {
      RequestContext.create(orm.em, done);
    });
    app.addHook('onClose', async () => {
      await orm.close();
    });
  },
  { name: 'db' },
);
