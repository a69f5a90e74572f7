// How the gateway chooses where to store, and what happens when it stores in PostgreSQL itself
// before the API has migrated the database.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openMeterStore, SchemaNotReadyError } from '../../api/src/meter-store';
import { loadGatewayConfig } from '../src/config';
import { InternalApi, openMeterStorage } from '../src/internal-api';

describe('choosing the storage', () => {
  it('goes through the API without DATABASE_URL and refuses a URL that is not PostgreSQL', async () => {
    expect(loadGatewayConfig({}).databaseUrl).toBeNull();
    expect(loadGatewayConfig({ DATABASE_URL: '' }).databaseUrl).toBeNull();
    expect(loadGatewayConfig({ DATABASE_URL: 'postgres://u@db:5432/gg' }).databaseUrl).toBe('postgres://u@db:5432/gg');
    expect(() => loadGatewayConfig({ DATABASE_URL: 'mysql://u:secret@db/gg' })).toThrow(
      'DATABASE_URL must be a postgres:// URL (or unset to store readings through the API), got "mysql://…@db/gg".',
    );
    // In production only the way through the API needs the shared token.
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow('GATEWAY_TOKEN must be set');
    expect(loadGatewayConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/gg' }).databaseUrl).toBe(
      'postgres://u@db/gg',
    );
    const storage = await openMeterStorage({
      databaseUrl: null,
      apiUrl: 'http://127.0.0.1:9/api',
      gatewayToken: 't',
      poolSize: 1,
    });
    expect(storage).toBeInstanceOf(InternalApi);
  });
});

describe.runIf(process.env.DATABASE_URL)('storing in PostgreSQL itself', () => {
  it('waits for the API to migrate the schema, and says so when it never does', async () => {
    const base = process.env.DATABASE_URL as string;
    const name = `gg_empty_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const error = await openMeterStore({ databaseUrl: url.toString(), schemaWaitMs: 1200 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SchemaNotReadyError);
      expect((error as Error).message).toMatch(
        /^the database schema is not up to date \(\d+ migration\(s\) pending, first Migration\w+\); start the API, which migrates it$/,
      );
      // It never migrates on its own, and does not even create the migrator's table: the database is still empty.
      const tables = new pg.Client({ connectionString: url.toString() });
      await tables.connect();
      expect(
        (await tables.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`))
          .rows,
      ).toEqual([{ n: 0 }]);
      await tables.end();
      // A database that does not exist is an error, not something to create.
      const missing = new URL(base);
      missing.pathname = `/${name}_missing`;
      await expect(openMeterStore({ databaseUrl: missing.toString(), schemaWaitMs: 0 })).rejects.toThrow();
      expect(
        (await admin.query('select count(*)::int as n from pg_database where datname = $1', [`${name}_missing`])).rows,
      ).toEqual([{ n: 0 }]);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
