// The example third-party app (packages/sdk/examples/third-party-app) against the real API, without a
// browser: the app runs as its own Node process, exactly as its README starts it (with the SDK's
// sources instead of its build), and this file plays the browser — it follows the app's redirects,
// keeps its cookie, and answers the consent page's call (`oauthAuthorize`) as the signed-in patient.
// The same story in Chromium, through the real consent and 授权管理 pages, is e2e/openIntegration.e2e.mjs
// (docs/adr/0230-integrator-journey-e2e.md).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const APP_DIR = fileURLToPath(new URL('../../../packages/sdk/examples/third-party-app/', import.meta.url));

/** The app's process, started as its README says; resolves once it prints its address. */
async function startApp(env: Record<string, string>): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--conditions=@glucoguard/source', '--import', 'tsx', 'server.mjs'], {
    cwd: APP_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('示例健康助手:')) {
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`the app exited with ${code}: ${output}`)));
  });
  return child;
}

/** Text of the page without its markup, whitespace folded. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the example third-party app against a real API', () => {
  let api: TestApi;
  let app: ChildProcessWithoutNullStreams;
  let appUrl: string;
  let clientId: string;
  let patient: Awaited<ReturnType<typeof registeredCustomer>>;
  /** The app's session cookie in this "browser". */
  let cookie = '';

  /** A GET of the app as a browser sends it (the cookie, no redirects followed). */
  async function browse(url: string): Promise<Response> {
    const response = await fetch(url, { headers: cookie === '' ? {} : { cookie }, redirect: 'manual' });
    const set = response.headers.get('set-cookie');
    if (set !== null) {
      cookie = set.split(';')[0] ?? '';
    }
    return response;
  }

  /** The app's page after following its redirects. */
  async function page(url = `${appUrl}/`): Promise<string> {
    let response = await browse(url);
    while (response.status === 302) {
      response = await browse(new URL(response.headers.get('location') ?? '/', appUrl).toString());
    }
    expect(response.status).toBe(200);
    return textOf(await response.text());
  }

  /** 连接糖护: the app sends the browser to the consent page; the patient answers there; back to the app. */
  async function consent(approve: boolean): Promise<string> {
    const connect = await browse(`${appUrl}/connect`);
    expect(connect.status).toBe(302);
    const authorize = new URL(connect.headers.get('location') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(api.baseUrl.replace(/\/api$/, '/oauth/authorize'));
    const query = Object.fromEntries(authorize.searchParams) as Record<string, string>;
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: `${appUrl}/callback`,
      scope: 'readings.read',
      code_challenge_method: 'S256',
    });
    // What the consent page shows, then the patient's choice (the page's two calls).
    const request = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: query.redirect_uri ?? '',
      scope: query.scope ?? '',
      state: query.state ?? '',
      code_challenge: query.code_challenge ?? '',
      code_challenge_method: 'S256',
    };
    const shown = await patient.client.GET('/oauth/v1/authorize/request', { params: { query: request } });
    expect(shown.client).toMatchObject({ name: '示例健康助手', organisation: '示例科技有限公司' });
    const { redirectTo } = await patient.client.POST('/oauth/v1/authorize', { body: { ...request, approve } });
    return page(redirectTo);
  }

  beforeAll(async () => {
    api = await startTestApi();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const admin = await signedInStaff(api, 'admin');
    const created = await admin.client.POST('/console/v1/open/clients', {
      body: {
        name: '示例健康助手',
        organisation: '示例科技有限公司',
        contactPhone: '010-12345678',
        redirectUris: [`${appUrl}/callback`],
        allowedScopes: ['readings.read'],
        grantTypes: ['authorization_code', 'refresh_token'],
      },
    });
    clientId = created.client.clientId;
    app = await startApp({
      GLUCOGUARD_URL: api.baseUrl.replace(/\/api$/, ''),
      CLIENT_ID: clientId,
      CLIENT_SECRET: created.clientSecret,
      PORT: String(port),
      APP_URL: appUrl,
    });
    patient = await registeredCustomer(api, '示例患者');
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 6.2, createTime: '2026-11-20 07:30' } });
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 8.9, createTime: '2026-11-20 10:00' } });
  });

  afterAll(async () => {
    app?.kill();
    await api?.close();
  });

  it('offers 连接糖护, and says so when the patient refuses', async () => {
    expect(await page()).toContain('连接糖护');
    expect(await consent(false)).toContain('您没有同意授权，本应用不会读取您的数据。');
  });

  it('refuses a callback it did not start (unknown state) without exchanging anything', async () => {
    expect(await page(`${appUrl}/callback?code=forged&state=forged`)).toContain('连接已过期或来源不明');
  });

  it('lists the patient’s readings once they consent, newest first', async () => {
    const text = await consent(true);
    expect(text).toContain('血糖（共 2 条）');
    expect(text).toContain('血压（共 0 条）');
    expect(text.indexOf('2026-11-20 10:00 8.9 mmol/L')).toBeGreaterThan(-1);
    expect(text.indexOf('2026-11-20 10:00 8.9 mmol/L')).toBeLessThan(text.indexOf('2026-11-20 07:30 6.2 mmol/L'));
  });

  it('shows the API’s 401 after the patient revokes the app, and forgets the tokens', async () => {
    const grants = (await patient.client.GET('/oauth/v1/grants')).items.filter((g) => g.client.clientId === clientId);
    expect(grants).toHaveLength(1);
    await patient.client.POST('/oauth/v1/grants/{grantId}/revoke', {
      params: { path: { grantId: grants[0]?.grantId ?? '' } },
      body: {},
    });
    const refused = await page();
    expect(refused).toMatch(/HTTP 401 ?（40100）/);
    expect(refused).toContain('授权已失效，请重新授权');
    expect(await page()).toContain('连接糖护');
  });
});
