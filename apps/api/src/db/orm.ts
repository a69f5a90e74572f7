import { MikroORM, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { mkdirSync } from 'node:fs';
import { entities } from './entities';
import { CallbackQueryClient } from './pg-client';
import { durablePgliteOptions, isNewDataDir, syncTree } from './pglite-durable';
import { migrations } from '../migrations';

export type DatabaseKind = 'postgresql' | 'pglite';

export interface DatabaseOptions {
  /** A postgres:// URL, or undefined for PGlite. */
  databaseUrl: string | undefined;
  /** PGlite's data directory, or `memory://`. */
  pgliteDir: string;
  debug?: boolean;
}

/** Builds the MikroORM options for PostgreSQL (when a URL is given) or embedded PGlite. */
export function ormOptions(db: DatabaseOptions): Partial<Options> {
  const common: Partial<Options> = {
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      snapshot: false,
      silent: true,
      emit: 'ts',
    },
    debug: db.debug ?? false,
    // Every request forks its own EntityManager through RequestContext.
    allowGlobalContext: false,
    forceUtcTimezone: true,
  };
  if (db.databaseUrl) {
    // pg's Client with a callback-based query (see pg-client.ts): the same answers, far less GC work.
    return {
      ...common,
      driver: PostgreSqlDriver,
      clientUrl: db.databaseUrl,
      pool: { min: 0, max: 10 },
      driverOptions: { Client: CallbackQueryClient },
    };
  }
  if (!db.pgliteDir.startsWith('memory://')) {
    mkdirSync(db.pgliteDir, { recursive: true });
  }
  // On disk, PGlite with fsync (pglite-durable.ts); `memory://` has nothing to sync.
  const driverOptions = db.pgliteDir.startsWith('memory://') ? undefined : durablePgliteOptions(db.pgliteDir);
  return { ...common, driver: PgliteDriver, dbName: db.pgliteDir, ...(driverOptions && { driverOptions }) };
}

export function databaseKind(db: DatabaseOptions): DatabaseKind {
  return db.databaseUrl ? 'postgresql' : 'pglite';
}

/** Opens the database and applies every pending migration. */
export async function openDatabase(db: DatabaseOptions): Promise<MikroORM> {
  const onDisk = !db.databaseUrl && !db.pgliteDir.startsWith('memory://');
  const fresh = onDisk && isNewDataDir(db.pgliteDir);
  const orm = await MikroORM.init(ormOptions(db));
  await orm.migrator.up();
  if (fresh) {
    // initdb wrote the new directory with fsync off (pglite-durable.ts).
    syncTree(db.pgliteDir);
  }
  return orm;
}
