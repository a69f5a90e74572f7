// Sessions cached in the API process: on only with PostgreSQL, where a connection listens for the
// `session_changed` notifications that the session and customer triggers send; off with PGlite.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';

const onPostgres = Boolean(process.env.DATABASE_URL);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

let api: TestApi;
let db: pg.Client | null = null;
beforeAll(async () => {
  api = await startTestApi();
  if (api.databaseUrl) {
    db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
  }
});
afterAll(async () => {
  await db?.end();
  await api.close();
});

/** Retries `check` until it passes or `ms` run out (notifications arrive on their own connection). */
async function eventually(check: () => Promise<void> | void, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * Uses a session until the cache holds it. Registering changed the customer row, and the
 * notification of that change may still be on its way: when it lands it drops the session again.
 */
async function cachedAfterUse(
  client: Awaited<ReturnType<typeof registeredCustomer>>['client'],
  token: string,
): Promise<void> {
  await eventually(async () => {
    await client.GET('/customer/v1/getMsgSetting');
    expect(api.app.sessionCache.get(hashOf(token), new Date())).toMatchObject({ registered: true });
  });
}

const sql = (text: string, params: unknown[] = []) => {
  if (!db) {
    throw new Error('PostgreSQL only');
  }
  return db.query(text, params);
};

describe.runIf(!onPostgres)('session cache with PGlite', () => {
  it('stays off: every request asks the database', async () => {
    const { client } = await registeredCustomer(api);
    await client.GET('/customer/v1/getMsgSetting');
    expect(api.app.sessionCache.isEnabled).toBe(false);
    expect(api.app.sessionCache.size).toBe(0);
  });
});

describe.runIf(onPostgres)('session cache with PostgreSQL', () => {
  it('is on while its listener is connected, and answers a registered caller from memory', async () => {
    expect(api.app.sessionCache.isEnabled).toBe(true);
    const { client, signIn } = await registeredCustomer(api);
    await cachedAfterUse(client, signIn.token);
    // With the trigger switched off, a revocation by hand goes unheard and the cached session still
    // answers: what the trigger prevents in every other test here.
    await sql('alter table session disable trigger session_changed');
    try {
      await sql('update session set revoked_at = now() where token_hash = $1', [hashOf(signIn.token)]);
      expect(await client.GET('/customer/v1/getMsgSetting')).toMatchObject({ code: 'sugarTest' });
    } finally {
      await sql('alter table session enable trigger session_changed');
    }
  });

  it('does not keep a visitor who has not registered', async () => {
    const { client, signIn } = await signInNewVisitor(api);
    expect(await client.POST('/login/v1/auth', { body: {} })).toMatchObject({ isAuth: '0' });
    expect(api.app.sessionCache.get(hashOf(signIn.token), new Date())).toBeUndefined();
  });

  it('hears of a session revoked in the database by anyone and refuses its token', async () => {
    const { client, signIn } = await registeredCustomer(api);
    await cachedAfterUse(client, signIn.token);
    await sql('update session set revoked_at = now() where token_hash = $1', [hashOf(signIn.token)]);
    await eventually(() => expect(api.app.sessionCache.get(hashOf(signIn.token), new Date())).toBeUndefined());
    expect(await failure(client.GET('/customer/v1/getMsgSetting'))).toMatchObject({
      code: 40100,
      errMsg: '登录已过期，请重新登录',
    });
  });

  it('hears of a customer removed from the database and refuses every token of theirs', async () => {
    const first = await registeredCustomer(api);
    await cachedAfterUse(first.client, first.signIn.token);
    // The same customer's sessions all go when their identity changes (a deleted row, a new openid).
    await sql(`update customer set openid = openid || '_moved' where id = $1`, [first.cid]);
    await eventually(() => expect(api.app.sessionCache.get(hashOf(first.signIn.token), new Date())).toBeUndefined());
    expect(
      await first.client.POST('/login/v1/auth', { body: { openid: first.signIn.openid } }).catch((e: unknown) => e),
    ).toMatchObject({ code: 40300 });
  });

  it('forgets a token this process logs out before answering', async () => {
    const { client, signIn } = await registeredCustomer(api);
    await cachedAfterUse(client, signIn.token);
    await client.POST('/login/v1/logout', { body: {} });
    expect(api.app.sessionCache.get(hashOf(signIn.token), new Date())).toBeUndefined();
    expect(await failure(client.GET('/customer/v1/getMsgSetting'))).toMatchObject({ code: 40100 });
  });

  it('goes off while its listener is disconnected, reads the database meanwhile, and comes back', async () => {
    const { client, signIn } = await registeredCustomer(api);
    await client.GET('/customer/v1/getMsgSetting');
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'glucoguard-session-listener' and datname = current_database()`,
    );
    await eventually(() => expect(api.app.sessionCache.isEnabled).toBe(false));
    expect(api.app.sessionCache.size).toBe(0);
    expect(api.logs.some((line) => line.includes('session change listener lost its connection'))).toBe(true);
    await eventually(() => expect(api.app.sessionCache.isEnabled).toBe(true));
    await cachedAfterUse(client, signIn.token);
    await sql('update session set revoked_at = now() where token_hash = $1', [hashOf(signIn.token)]);
    await eventually(async () =>
      expect(await failure(client.GET('/customer/v1/getMsgSetting'))).toMatchObject({ code: 40100 }),
    );
  });
});
