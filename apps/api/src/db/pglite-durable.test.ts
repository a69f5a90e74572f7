import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { durablePgliteOptions, durableStartParams, fsyncCount, isNewDataDir, syncTree } from './pglite-durable';

const dir = mkdtempSync(join(tmpdir(), 'gg-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PGlite on disk, made durable', () => {
  it('starts PostgreSQL without -F, with fsync on and the WAL synced by fsync()', () => {
    expect(PGlite.defaultStartParams).toContain('-F');
    expect(durableStartParams()).not.toContain('-F');
    expect(durableStartParams().join(' ')).toContain('-c fsync=on -c wal_sync_method=fsync');
  });

  it('syncs the WAL to disk at every commit', { timeout: 120_000 }, async () => {
    expect(isNewDataDir(join(dir, 'pglite'))).toBe(true);
    const db = await PGlite.create({ dataDir: join(dir, 'pglite'), ...durablePgliteOptions(join(dir, 'pglite')) });
    try {
      expect(await db.query('show fsync')).toMatchObject({ rows: [{ fsync: 'on' }] });
      expect(await db.query('show wal_sync_method')).toMatchObject({ rows: [{ wal_sync_method: 'fsync' }] });
      expect(await db.query('show synchronous_commit')).toMatchObject({ rows: [{ synchronous_commit: 'on' }] });
      await db.exec('create table reading (id int primary key)');
      const before = fsyncCount.value;
      for (let i = 0; i < 5; i += 1) {
        await db.query('insert into reading values ($1)', [i]);
      }
      // At least one real fsync per committed transaction (PGlite's own NODEFS makes none).
      expect(fsyncCount.value - before).toBeGreaterThanOrEqual(5);
    } finally {
      await db.close();
    }
  });

  it('syncs a new data directory, which initdb wrote with fsync off, file by file', () => {
    const pgdata = join(dir, 'pglite');
    expect(isNewDataDir(pgdata)).toBe(false);
    const entries = readdirSync(pgdata, { recursive: true, withFileTypes: true });
    const before = fsyncCount.value;
    syncTree(pgdata);
    // Every file and directory, the data directory itself included.
    expect(fsyncCount.value - before).toBe(entries.filter((e) => e.isFile() || e.isDirectory()).length + 1);
  });
});
