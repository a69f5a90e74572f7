// The storage side of meter ingestion, for a device gateway or ingestion worker that reaches
// PostgreSQL itself instead of calling the API's internal endpoints: the same functions the API's
// `meterAuth` and `storeMeterReadings` operations run, on a connection pool of the caller's own.
// Used by apps/device-gateway when DATABASE_URL is set (docs/device-protocol.md, "Storage").
import { MikroORM } from '@mikro-orm/core';
import type { MeterAck, MeterKind } from '@glucoguard/domain';
import { ormOptions } from './db/orm';
import { migrations } from './migrations';
import { authenticateMeter, storeMeterMessages, type MeterMessage } from './modules/device/device.service';

export type { MeterMessage };

export interface MeterStore {
  /** Whether the meter's MQTT credentials are good, and what it measures. */
  meterAuth(input: {
    imei: string;
    secret: string;
    clientId: string;
  }): Promise<{ ok: boolean; kind: MeterKind | null }>;
  /** Stores a batch of messages in one transaction; the acks of each message, in order. */
  storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]>;
  close(): Promise<void>;
}

export interface MeterStoreOptions {
  databaseUrl: string;
  /** Connections in the pool (the gateway stores at most INGEST_MAX_IN_FLIGHT batches at once). */
  poolSize?: number;
  /** How long to wait for the API to bring the schema up to date, in milliseconds. */
  schemaWaitMs?: number;
  /** The clock (tests set it). */
  clock?: () => Date;
}

/**
 * The migrations of this code that the database has not run, read without touching anything: the
 * migrator's own check would create its table, racing the API that is about to migrate.
 */
async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  let done: Set<string>;
  try {
    const rows = (await orm.em.getConnection().execute('select name from mikro_orm_migrations')) as { name: string }[];
    done = new Set(rows.map((r) => r.name));
  } catch (error) {
    // 42P01: no migrations table yet, so nothing has run.
    if ((error as { code?: string }).code !== '42P01') {
      throw error;
    }
    done = new Set();
  }
  return migrations.filter((m) => !done.has(m.name)).map((m) => m.name);
}

/** Thrown when the database schema is older than this code: the API has not migrated it (yet). */
export class SchemaNotReadyError extends Error {
  override name = 'SchemaNotReadyError';
}

/**
 * Opens a pool to PostgreSQL for meter ingestion. The API owns the schema and migrates it as it
 * starts; this waits (up to `schemaWaitMs`) until no migration is pending and never runs one.
 */
export async function openMeterStore(options: MeterStoreOptions): Promise<MeterStore> {
  const clock = options.clock ?? (() => new Date());
  // A mistyped URL fails here rather than creating an empty database to wait on.
  const orm = await MikroORM.init({
    ...ormOptions({ databaseUrl: options.databaseUrl, pgliteDir: '' }),
    pool: { min: 0, max: options.poolSize ?? 4 },
    ensureDatabase: false,
  });
  try {
    const deadline = Date.now() + (options.schemaWaitMs ?? 60_000);
    for (;;) {
      const pending = await pendingMigrations(orm);
      if (pending.length === 0) {
        break;
      }
      if (Date.now() >= deadline) {
        throw new SchemaNotReadyError(
          `the database schema is not up to date (${pending.length} migration(s) pending, first ${pending[0]!}); start the API, which migrates it`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await orm.close();
    throw error;
  }
  return {
    async meterAuth(input) {
      const verdict = await authenticateMeter(orm.em.fork(), input, clock());
      return { ok: verdict.ok, kind: verdict.kind };
    },
    async storeMeterReadings(messages) {
      return (await storeMeterMessages(orm.em.fork(), messages, clock())).map((r) => r.acks);
    },
    close: () => orm.close(),
  };
}
