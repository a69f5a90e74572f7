// The SDK's runnable examples (packages/sdk/examples) against the real API: each runs as its own
// Node process, exactly as the README tells an integrator to run it (with the SDK's sources instead
// of its build), and this file checks what it prints and what it leaves behind. The consent, code
// exchange, client-credentials and idempotent writes they need go through @glucoguard/sdk/open too.
// Also: the open client's FHIR paging against the real export, and its webhook verifier and signer
// against the standardwebhooks package (the convention's reference implementation).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  buildAuthorizeUrl,
  createOpenClient,
  createPkcePair,
  createState,
  exchangeCode,
  refreshTokens,
  signWebhook,
  verifyWebhook,
  type OpenClient,
  type TokenSet,
} from '@glucoguard/sdk/open';
import { pruneOpenHistory } from '../src/contexts/open';
import { registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const SDK_DIR = fileURLToPath(new URL('../../../packages/sdk/', import.meta.url));
const REDIRECT_URI = 'http://127.0.0.1:4000/callback';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts an example as an integrator would (`node examples/<file>`), resolving the SDK to its sources. */
function startExample(file: string, env: Record<string, string>, args: string[] = []): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--conditions=@glucoguard/source', '--import', 'tsx', `examples/${file}`, ...args], {
    cwd: SDK_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

/** Runs an example to its end and answers its exit code and output. */
function runExample(file: string, env: Record<string, string>, args: string[] = []): Promise<Run> {
  const child = startExample(file, env, args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('the SDK examples against a real API', () => {
  let api: TestApi;
  let dir: string;
  let origin: string;
  let clientId: string;
  let clientSecret: string;
  let patient: Awaited<ReturnType<typeof registeredCustomer>>;
  /** The app acting for the patient (readings.read + readings.write), its tokens in memory. */
  let forPatient: OpenClient;
  let grantTokens: TokenSet;
  const written: string[] = [];

  /** The patient's consent through the API the consent page uses, then the code exchanged with the verifier. */
  async function consent(scope: string[] = ['readings.read', 'readings.write']): Promise<TokenSet> {
    const pkce = await createPkcePair();
    const state = createState();
    const authorizeUrl = new URL(
      buildAuthorizeUrl({
        authorizeUrl: `${origin}/oauth/authorize`,
        clientId,
        redirectUri: REDIRECT_URI,
        scope,
        state,
        codeChallenge: pkce.challenge,
      }),
    );
    const query = Object.fromEntries(authorizeUrl.searchParams) as Record<string, string>;
    const { redirectTo } = await patient.client.POST('/oauth/v1/authorize', {
      body: {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: query.scope ?? '',
        state,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        approve: true,
      },
    });
    const back = new URL(redirectTo);
    expect(back.searchParams.get('state')).toBe(state);
    return exchangeCode({
      baseUrl: api.baseUrl,
      clientId,
      clientSecret,
      code: back.searchParams.get('code') ?? '',
      redirectUri: REDIRECT_URI,
      codeVerifier: pkce.verifier,
    });
  }

  /** Records a glucose reading through the open API (an Idempotency-Key is sent for it) and answers its id. */
  async function recordGlucose(mmolL: number, measuredAt: string): Promise<string> {
    const reading = await forPatient.POST('/open/v1/readings', {
      body: { kind: 'glucose', measuredAt, glucose: { mmolL, timeType: 1 } },
    });
    written.push(reading.id);
    return reading.id;
  }

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' });
    origin = api.baseUrl.replace(/\/api$/, '');
    dir = await mkdtemp(join(tmpdir(), 'gg-sdk-examples-'));
    const admin = await signedInStaff(api, 'admin');
    const created = await admin.client.POST('/console/v1/open/clients', {
      body: {
        name: '示例健康助手',
        organisation: '示例科技有限公司',
        contactPhone: '010-12345678',
        redirectUris: [REDIRECT_URI],
        allowedScopes: ['readings.read', 'readings.write', 'patient/Observation.read'],
        grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'],
      },
    });
    clientId = created.client.clientId;
    clientSecret = created.clientSecret;
    patient = await registeredCustomer(api, '示例患者');
    grantTokens = await consent();
    forPatient = createOpenClient({ baseUrl: api.baseUrl, clientId, clientSecret, tokens: grantTokens });
    await recordGlucose(6.2, '2026-11-20T07:30:00+08:00');
    await recordGlucose(8.9, '2026-11-20T10:00:00+08:00');
  });

  afterAll(async () => {
    await api?.close();
    if (dir) {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores one reading for a write sent twice with one Idempotency-Key', async () => {
    const body = {
      kind: 'glucose' as const,
      measuredAt: '2026-11-20T12:00:00+08:00',
      glucose: { mmolL: 7.1, timeType: 3 },
    };
    const key = `example-${Date.now()}`;
    const first = await forPatient.POST('/open/v1/readings', { body, params: { header: { 'Idempotency-Key': key } } });
    const again = await forPatient.POST('/open/v1/readings', { body, params: { header: { 'Idempotency-Key': key } } });
    expect(again.id).toBe(first.id);
    written.push(first.id);
  });

  it('the open client walks FHIR Observation pages by their next links with the grant token', async () => {
    const fhir = createOpenClient({
      baseUrl: api.baseUrl,
      clientId,
      clientSecret,
      tokens: await consent(['patient/Observation.read']),
    });
    const bundles = [];
    for await (const page of fhir.pages('/fhir/R4/Observation', {
      params: { query: { code: '14743-9', _count: 1 } },
    })) {
      bundles.push(page);
    }
    expect(bundles.length).toBeGreaterThanOrEqual(written.length);
    const ids = bundles.flatMap((b) => b.items.map((o) => o.id));
    expect(new Set(ids).size).toBe(ids.length);
    // One id per reading: the Observations are named as the open API named the readings written (ADR 0231).
    expect(ids).toEqual(expect.arrayContaining(written));
    const values = bundles.flatMap((b) =>
      b.items.map((o) => ('valueQuantity' in o ? o.valueQuantity?.value : undefined)),
    );
    expect(values).toEqual(expect.arrayContaining([6.2, 8.9, 7.1]));
  });

  it('read-readings.mjs lists every reading, refreshing the expired token and storing the rotated pair', async () => {
    const tokensFile = join(dir, 'read-tokens.json');
    const tokens = await consent();
    // Expired on purpose: the example's first call refreshes it (and writes the rotated pair back).
    await writeFile(tokensFile, JSON.stringify({ ...tokens, expiresAt: 0 }));
    const env = { GLUCOGUARD_URL: origin, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, TOKENS_FILE: tokensFile };

    const run = await runExample('read-readings.mjs', env, ['glucose']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = lines(run.stdout);
    for (const id of written) {
      expect(out.some((line) => line.endsWith(`  ${id}`))).toBe(true);
    }
    expect(out).toContain(`glucose: ${written.length} readings`);
    expect(out.find((line) => line.includes('  8.9 mmol/L'))).toMatch(
      /^2026-11-20T10:00:00(\.000)?\+08:00 {2}glucose {2}8\.9 mmol\/L/,
    );

    const stored = JSON.parse(await readFile(tokensFile, 'utf8')) as TokenSet;
    expect(stored.refreshToken).toMatch(/^ort_/);
    expect(stored.refreshToken).not.toBe(tokens.refreshToken);
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    // The stored refresh token is the grant's live one.
    const renewed = await refreshTokens({
      baseUrl: api.baseUrl,
      clientId,
      clientSecret,
      refreshToken: stored.refreshToken ?? '',
    });
    expect(renewed.accessToken).toMatch(/^oat_/);
  });

  it('read-readings.mjs says so and exits 3 when the patient revoked the app', async () => {
    const tokensFile = join(dir, 'revoked-tokens.json');
    const tokens = await consent();
    await writeFile(tokensFile, JSON.stringify(tokens));
    // The patient revokes the app in 设置 → 授权管理.
    const grants = (await patient.client.GET('/oauth/v1/grants')).items.filter((g) => g.client.clientId === clientId);
    expect(grants.length).toBeGreaterThan(0);
    for (const grant of grants) {
      await patient.client.POST('/oauth/v1/grants/{grantId}/revoke', {
        params: { path: { grantId: grant.grantId } },
        body: {},
      });
    }
    const run = await runExample('read-readings.mjs', {
      GLUCOGUARD_URL: origin,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      TOKENS_FILE: tokensFile,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('refused: 授权已失效，请重新授权');
    // Later tests need a live grant again.
    grantTokens = await consent();
    forPatient = createOpenClient({ baseUrl: api.baseUrl, clientId, clientSecret, tokens: grantTokens });
  });

  it('change-feed.mjs catches up from its stored cursor: new changes once, tombstones included, then nothing', async () => {
    const tokensFile = join(dir, 'feed-tokens.json');
    const cursorFile = join(dir, 'cursor.txt');
    await writeFile(tokensFile, JSON.stringify(grantTokens));
    const env = {
      GLUCOGUARD_URL: origin,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      TOKENS_FILE: tokensFile,
      CURSOR_FILE: cursorFile,
    };

    /**
     * Runs the example until every expected change has been printed, and answers all the change lines
     * of those runs. On PostgreSQL the feed withholds changes of transactions younger than the oldest
     * one still running anywhere on the server (ADR 0221), so a run may legitimately stop short of a
     * change that committed a moment ago; the next run (from the stored cursor) prints it.
     */
    async function catchUp(expected: string[]): Promise<string[]> {
      const printed: string[] = [];
      await vi.waitFor(
        async () => {
          const run = await runExample('change-feed.mjs', env);
          expect(run.stderr).toBe('');
          expect(run.code).toBe(0);
          const out = lines(run.stdout);
          expect(out.at(-1)).toBe(`${out.length - 1} changes`);
          printed.push(...out.slice(0, -1));
          for (const fragment of expected) {
            expect(printed.some((line) => line.includes(fragment))).toBe(true);
          }
        },
        { timeout: 30_000, interval: 300 },
      );
      return printed;
    }
    const count = (printed: string[], fragment: string) => printed.filter((line) => line.includes(fragment)).length;

    const first = await catchUp(written.map((id) => ` created reading ${id} `));
    for (const id of written) {
      expect(count(first, ` created reading ${id} `)).toBe(1);
    }
    const cursorAfterFirst = await readFile(cursorFile, 'utf8');

    const added = await recordGlucose(5.4, '2026-11-21T07:00:00+08:00');
    const sugarId = added.replace(/^glucose-/, '');
    await patient.client.POST('/sugarTest/v1/delete', { body: { testId: sugarId } });

    const second = await catchUp([` created reading ${added} `, ` deleted reading ${added} `]);
    expect(second).toHaveLength(2);
    expect(second[0]).toContain(` created reading ${added} `);
    expect(second[1]).toContain(` deleted reading ${added} `);
    expect(second[1]).toMatch(/\(tombstone\)$/);
    expect(await readFile(cursorFile, 'utf8')).not.toBe(cursorAfterFirst);

    const third = await runExample('change-feed.mjs', env);
    expect(lines(third.stdout)).toEqual(['0 changes']);
  });

  it('change-feed.mjs removes an expired cursor, says so and exits 4; the next run starts again', async () => {
    const cursorFile = join(dir, 'expired-cursor.txt');
    const env = {
      GLUCOGUARD_URL: origin,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      TOKENS_FILE: join(dir, 'expired-tokens.json'),
      CURSOR_FILE: cursorFile,
    };
    await writeFile(env.TOKENS_FILE, JSON.stringify(grantTokens));
    // The cursor after the feed's first change of the patient: the later ones lie after it.
    const first = await forPatient.GET('/open/v1/changes', { params: { query: { limit: 1 } } });
    expect(first.hasMore).toBe(true);
    // Retention 31 days from now: every change written so far is older than its 30 days. On
    // PostgreSQL it leaves what a transaction running elsewhere on the server might precede, so it
    // runs again until the cursor has lost a change.
    const expired = await vi.waitFor(
      async () => {
        await pruneOpenHistory(api.app.orm.em.fork(), new Date(Date.now() + 31 * 24 * 3_600_000));
        await writeFile(cursorFile, `${first.nextCursor}\n`);
        const run = await runExample('change-feed.mjs', env);
        expect(run.code).toBe(4);
        return run;
      },
      { timeout: 30_000, interval: 300 },
    );
    expect(expired.stderr).toContain('cursor expired: 同步游标已过期，请从头同步');
    await expect(readFile(cursorFile, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

    const again = await runExample('change-feed.mjs', env);
    expect(again.code).toBe(0);
    expect(lines(again.stdout).at(-1)).toMatch(/^\d+ changes$/);
    expect(await readFile(cursorFile, 'utf8')).toMatch(/^[A-Za-z0-9_-]+\n$/);
  });

  it('verify-webhook.mjs accepts a signed delivery of a new reading and refuses a forged one', async () => {
    // The client's own token (client credentials) manages its subscriptions.
    const asClient = createOpenClient({ baseUrl: api.baseUrl, clientId, clientSecret });
    const subscription = await asClient.POST('/open/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/webhooks', events: ['reading.created'], description: 'SDK example' },
    });
    const receiver = startExample('verify-webhook.mjs', { WEBHOOK_SECRET: subscription.secret, PORT: '0' });
    let stdout = '';
    receiver.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    try {
      const url = await vi.waitFor(
        () => {
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (!match?.[1]) {
            throw new Error('the receiver has not started yet');
          }
          return match[1];
        },
        { timeout: 20_000, interval: 100 },
      );
      await asClient.PATCH('/open/v1/webhooks/{subscriptionId}', {
        params: { path: { subscriptionId: subscription.subscriptionId } },
        body: { url },
      });

      const forged = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        },
        body: JSON.stringify({ type: 'reading.created', timestamp: new Date().toISOString(), data: {} }),
      });
      expect(forged.status).toBe(400);

      const id = await recordGlucose(6.6, '2026-11-22T07:00:00+08:00');
      const line = await vi.waitFor(
        () => {
          const found = lines(stdout).find((l) => l.startsWith('reading.created msg_'));
          if (!found) {
            throw new Error('no delivery yet');
          }
          return found;
        },
        { timeout: 30_000, interval: 200 },
      );
      // The event names the reading by kind and number (the open API's id is `glucose-<number>`).
      expect(line).toMatch(new RegExp(` glucose (glucose-)?${id.replace(/^glucose-/, '')} of patient `));
      expect(lines(stdout)).toContain('refused a delivery: signature');
    } finally {
      receiver.kill();
    }
  });
});

describe("the SDK's webhook verifier against the Standard Webhooks reference implementation", () => {
  const secret = `whsec_${Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString('base64')}`;
  const body = JSON.stringify({
    type: 'consent.revoked',
    timestamp: '2026-11-20T08:00:00.000+08:00',
    data: { patientId: '6f1c2a54-3f5e-4c8a-9b1e-2d7f0a4b5c6d', grantId: 'g1' },
  });
  const at = new Date();
  const timestamp = Math.floor(at.getTime() / 1000);

  it('accepts what standardwebhooks signs, and refuses it after one byte changed', async () => {
    const signature = new Webhook(secret).sign('msg_ref', at, body);
    const headers = { 'webhook-id': 'msg_ref', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    await expect(verifyWebhook(secret, headers, body)).resolves.toMatchObject({ type: 'consent.revoked' });
    await expect(verifyWebhook(secret, headers, body.replace('g1', 'g2'))).rejects.toMatchObject({
      reason: 'signature',
    });
  });

  it('signs what standardwebhooks accepts', async () => {
    const signature = await signWebhook(secret, 'msg_sdk', timestamp, body);
    const headers = { 'webhook-id': 'msg_sdk', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'consent.revoked' });
  });
});
