// Issue 23's integrator journey once through (docs/adr/0230-integrator-journey-e2e.md): the example
// third-party app of packages/sdk/examples/third-party-app, a Node server using @glucoguard/sdk/open,
// runs beside the system on a port of its own with a client demo.admin registers through the console
// API (its redirect URI is the app's callback on that port, exactly).
//  1. the demo patient's phone opens the app and taps 连接糖护; the app sends the browser to the
//     consent page /oauth/authorize (authorization code + PKCE S256), which names the app, its
//     organisation and what it may read; 拒绝 comes back to the app as access_denied;
//  2. 连接糖护 again and 同意授权: the app exchanges the code and lists the patient's readings, the
//     same ones the patient's own API answers;
//  3. the patient revokes the app in 设置 → 授权管理 (/authorizedApps), with a confirmation;
//  4. the app's next call is refused with 401 (授权已失效，请重新授权), and the app says so.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { apiCall } from './helpers.mjs';
import { DEMO_STAFF } from './console.mjs';

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/open-integration-${name}.png`;

const DEMO_PATIENT = 'demo-patient-0000000001';
/** The client's name, one per run: against a system that is already running, earlier runs' grants stay listed. */
const APP_NAME = `示例健康助手 ${randomBytes(2).toString('hex')}`;
const ORGANISATION = '示例科技有限公司';

/** A port nothing listens on right now (the OS picks it). */
async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  assert.ok(address !== null && typeof address === 'object');
  return address.port;
}

/** @type {import('playwright-core').Browser} */
let browser;
/** @type {{ close: () => Promise<unknown> } | undefined} */
let app;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await app?.close();
  await browser?.close();
});

describe('an integrator’s app reads a patient’s readings with consent (issue 23)', { skip }, () => {
  it('connects through the consent page, lists the readings, and gets 401 once the patient revokes it', async () => {
    // The example app needs the SDK's built open entry, as an integrator installs it.
    const { startThirdPartyApp } = await import('../packages/sdk/examples/third-party-app/server.mjs');
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;

    // demo.admin registers the app in 应用接入 (through the console's API; the pages have their own test).
    const { token: staffToken } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.admin);
    const { client, clientSecret } = await apiCall(
      'POST',
      '/console/v1/open/clients',
      {
        name: APP_NAME,
        organisation: ORGANISATION,
        contactPhone: '13800000000',
        contactEmail: 'dev@example.com',
        redirectUris: [`${appUrl}/callback`],
        allowedScopes: ['readings.read'],
        grantTypes: ['authorization_code', 'refresh_token'],
      },
      staffToken,
    );
    assert.match(client.clientId, /^gg_client_/);
    assert.match(clientSecret, /^gg_secret_/);
    app = await startThirdPartyApp({
      glucoguardUrl: BASE_URL,
      clientId: client.clientId,
      clientSecret,
      appUrl,
      port,
    });

    const { context, page, problems } = await openPhone(browser);
    try {
      // The patient is signed in to GlucoGuard on this phone (the demo account's key).
      await page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT}`);
      await page.waitForLoadState('networkidle');

      // 1. 连接糖护 → the consent page; 拒绝 comes back as access_denied.
      await page.goto(`${appUrl}/`);
      await page.getByRole('link', { name: '连接糖护' }).tap();
      await page.waitForURL((url) => url.origin === BASE_URL && url.pathname === '/oauth/authorize');
      await page.getByText(APP_NAME).first().waitFor();
      await page.getByText(ORGANISATION).first().waitFor();
      await page.getByText('读取您的血糖、血压、体重等测量记录').waitFor();
      await page.screenshot({ path: shot('consent') });
      await page.getByRole('button', { name: '拒绝' }).tap();
      await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/');
      await page.getByRole('alert').filter({ hasText: '您没有同意授权' }).waitFor();

      // 2. Again, and 同意授权: the app lists the readings.
      await page.getByRole('link', { name: '连接糖护' }).tap();
      await page.waitForURL((url) => url.pathname === '/oauth/authorize');
      await page.getByRole('button', { name: '同意授权' }).tap();
      await page.waitForURL((url) => url.origin === appUrl && url.pathname === '/');
      const glucose = page.getByRole('table', { name: '血糖记录' });
      await glucose.waitFor();
      await page.getByRole('table', { name: '血压记录' }).waitFor();
      const total = Number(await page.getByTestId('total-glucose').innerText());
      assert.ok(total > 0, 'the demo patient has glucose readings');
      assert.equal(await glucose.locator('tbody tr').count(), Math.min(total, 10));
      // The newest is the one the patient's own app shows on its home page.
      const { token: patientToken } = await apiCall(
        'GET',
        `/wechat/v1/getHtmlAccessToken?code=${DEMO_PATIENT}&sourceId=4`,
      );
      const latest = await apiCall('GET', '/sugarTest/v1/getLastRecord', undefined, patientToken);
      assert.deepEqual(await glucose.locator('tbody tr').first().locator('td').allInnerTexts(), [
        latest.createTime.slice(0, 16),
        `${latest.sugar} mmol/L`,
      ]);
      await page.screenshot({ path: shot('readings'), fullPage: false });

      // 3. 设置 → 授权管理: the app is there; 取消授权 after the confirmation.
      await page.goto(`${BASE_URL}/set/set`);
      await page.getByText(/^授权管理/).tap();
      await page.waitForURL((url) => url.pathname === '/authorizedApps');
      const entry = page.getByRole('listitem', { name: APP_NAME, exact: true });
      await entry.waitFor();
      await page.screenshot({ path: shot('authorized-apps') });
      await entry.getByRole('button', { name: '取消授权' }).tap();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '取消授权' }).tap();
      await entry.waitFor({ state: 'detached' });

      // 4. The app's next call: 401, and the app shows it.
      await page.goto(`${appUrl}/`);
      const refusal = page.getByRole('alert');
      await refusal.waitFor();
      assert.equal(await page.getByTestId('status').innerText(), '401');
      await refusal.getByText('授权已失效，请重新授权').waitFor();
      await page.screenshot({ path: shot('revoked') });
      // And it no longer holds tokens: the page offers to connect again.
      await page.getByRole('link', { name: '重新连接糖护' }).waitFor();

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
      // The client served this run only (its redirect URI names this run's port).
      await apiCall('POST', `/console/v1/open/clients/${client.clientId}`, { disabled: true }, staffToken);
    }
  });
});
