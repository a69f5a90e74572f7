// `npm run staff -- create …` makes an account on the server's database, and it signs in.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { failure, startTestApi, type TestApi } from './harness';

const run = promisify(execFile);
const apiDir = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'gg-staff-cli-'));
let api: TestApi | undefined;

afterAll(async () => {
  await api?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The command opens the server's database: on PostgreSQL the test's own database while the API runs;
 * on the embedded PGlite (one process at a time) a data directory the API opens afterwards.
 */
let cliDatabaseUrl = '';
const staffCli = (...args: string[]) =>
  run(join(apiDir, '../../node_modules/.bin/tsx'), ['--conditions=@glucoguard/source', 'src/staff-cli.ts', ...args], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: cliDatabaseUrl },
  });

describe('npm run staff', () => {
  it('creates an account and prints its one-time password, which signs in', { timeout: 180_000 }, async () => {
    const onPostgres = Boolean(process.env.DATABASE_URL);
    if (onPostgres) {
      api = await startTestApi();
      cliDatabaseUrl = api.databaseUrl ?? '';
    }
    const { stdout } = await staffCli('create', '--role', 'admin', '--username', 'cli.admin');
    const password = /One-time password[^:]*: (\S+)/.exec(stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    const refused = await staffCli('create', '--role', 'admin', '--username', 'cli.admin').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in refused && refused.code).toBe(1);
    expect(refused.stderr).toContain('用户名已存在');
    const usage = await staffCli('create', '--role', 'boss', '--username', 'x').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in usage && usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run staff');

    api ??= await startTestApi({ DATA_DIR: dataDir });
    const session = await api
      .client()
      .POST('/console/v1/signIn', { body: { username: 'cli.admin', password: password! } });
    expect(session.staff).toMatchObject({ username: 'cli.admin', role: 'admin', mustChangePassword: true });
    expect(
      await failure(api.client().POST('/console/v1/signIn', { body: { username: 'cli.admin', password: 'nope' } })),
    ).toMatchObject({ errMsg: '用户名或密码错误' });
  });
});
