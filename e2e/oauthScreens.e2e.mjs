/* global document, getComputedStyle */
// The consent page and 设置 → 授权管理 on a phone (issue 23, docs/adr/0229-consent-and-authorized-apps-pages.md),
// against the real API with a client demo.admin registers through the console API:
//  1. a visitor opening /oauth/authorize is sent to registration and comes back to the same request;
//     the page names the app, its organisation and each scope in plain Chinese, in normal mode and
//     in 长辈模式 (text and tap targets measured); 同意授权 returns to the app's registered address
//     with code and state;
//  2. a request naming an address the client did not register gets the error page and stays here;
//  3. 授权管理 lists the app; 取消授权 asks first, and the empty state follows.
// Pictures: test-results/oauth-*.png.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient } from './helpers.mjs';
import { DEMO_STAFF } from './console.mjs';
import { collectVisibleText, worstContrast } from './wcag.mjs';

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** The integrator's app: an address outside the system that the browser never really reaches. */
const APP_ORIGIN = 'https://rehe-hospital.example';
const REDIRECT_URI = `${APP_ORIGIN}/oauth/callback`;
const APP_NAME = '仁和医院慢病管理';
const ORGANISATION = '仁和医院';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The consent address an integrator builds (authorization code + PKCE S256). @param {string} clientId @param {string} redirectUri */
function consentAddress(clientId, redirectUri) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'readings.read reports.read profile.read',
    state: 'st-42',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  return `${BASE_URL}/oauth/authorize?${query}`;
}

/**
 * Every visible text is at least `minPx` and 4.5:1 against what is behind it.
 * @param {import('playwright-core').Page} page @param {number} minPx @param {string} where
 */
async function assertReadable(page, minPx, where) {
  const texts = await page.evaluate(collectVisibleText);
  assert.ok(texts.length > 0, `${where}: no text measured`);
  const small = texts.filter((item) => item.fontSize < minPx).map((item) => `「${item.text}」 ${item.fontSize}px`);
  assert.deepEqual(small, [], `${where}: text under ${minPx}px`);
  const faint = texts
    .filter((item) => !item.image)
    .map((item) => ({ item, ratio: worstContrast(item) }))
    .filter(({ ratio }) => ratio !== null && ratio < 4.5)
    .map(({ item, ratio }) => `「${item.text}」 ${ratio?.toFixed(2)}:1`);
  assert.deepEqual(faint, [], `${where}: text under 4.5:1`);
}

/** The height of a control in px. @param {import('playwright-core').Locator} locator */
function heightOf(locator) {
  return locator.evaluate((element) => element.getBoundingClientRect().height);
}

/** Font size of an element in px. @param {import('playwright-core').Locator} locator */
function fontSizeOf(locator) {
  return locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
}

/** @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

describe('the consent page and 授权管理 on a phone (issue 23)', { skip }, () => {
  it('registers a visitor first, shows the consent readably in both modes, returns to the app, and revokes it in 授权管理', async () => {
    const { token: staffToken } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.admin);
    const { client } = await apiCall(
      'POST',
      '/console/v1/open/clients',
      {
        name: APP_NAME,
        organisation: ORGANISATION,
        contactPhone: '13800000000',
        contactEmail: 'it@rehe-hospital.example',
        redirectUris: [REDIRECT_URI],
        allowedScopes: ['readings.read', 'reports.read', 'profile.read'],
        grantTypes: ['authorization_code', 'refresh_token'],
      },
      staffToken,
    );

    const { context, page, problems } = await openPhone(browser);
    /** @type {string[]} */
    const leftFor = [];
    // The integrator's app is not on this machine: its callback answers a page of its own here.
    await context.route(`${APP_ORIGIN}/**`, (route) => {
      leftFor.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<h1>app callback</h1>' });
    });
    try {
      // 1. A visitor goes to registration first and comes back to the same request.
      const consent = consentAddress(client.clientId, REDIRECT_URI);
      await page.goto(consent);
      await page.getByText('注册完成后，会回到应用的授权页面').waitFor();
      await page.screenshot({ path: shot('oauth-register-first') });
      await registerPatient(page, { name: '王建国' });
      await page.getByRole('heading', { name: APP_NAME }).waitFor();
      assert.equal(new URL(page.url()).search, new URL(consent).search, 'back on the same request');
      await page.getByText('注册成功！').waitFor({ state: 'hidden' });
      await page.getByText(`由 ${ORGANISATION} 提供`).waitFor();
      const scopes = page.getByRole('list', { name: '授权内容' }).getByRole('listitem');
      assert.equal(await scopes.count(), 3);
      for (const text of await scopes.allTextContents()) {
        assert.match(text, /^✓[\u4e00-\u9fa5]/, `a scope in plain Chinese: ${text}`);
      }
      assert.match((await page.getByText(/授权账号/).textContent()) ?? '', /^授权账号：王建国 1\d\d\*{4}\d{4}$/);
      await settle(page);
      await assertFitsWidth(page);
      await assertReadable(page, 14, 'consent');
      const approve = page.getByRole('button', { name: '同意授权' });
      assert.ok((await heightOf(approve)) >= 44, '同意授权 is at least 44 px tall');
      assert.ok((await fontSizeOf(scopes.first())) >= 17, 'scope texts are at least 17 px');
      // What the phone shows first, and at the end of the page (the choice stays at the bottom).
      await page.screenshot({ path: shot('oauth-consent') });
      await page.mouse.wheel(0, 2000);
      await page.screenshot({ path: shot('oauth-consent-end') });

      // 长辈模式: the same page larger.
      await page.evaluate(() => localStorage.setItem('glucoguard.elderMode', 'on'));
      await page.reload();
      await page.getByRole('heading', { name: APP_NAME }).waitFor();
      await settle(page);
      await assertFitsWidth(page);
      await assertReadable(page, 18, 'consent in 长辈模式');
      assert.ok((await heightOf(approve)) >= 60, '同意授权 is at least 60 px tall in 长辈模式');
      await page.screenshot({ path: shot('oauth-consent-elder') });
      await page.mouse.wheel(0, 2000);
      await page.screenshot({ path: shot('oauth-consent-elder-end') });

      await approve.tap();
      await page.waitForURL((url) => url.origin === APP_ORIGIN);
      const back = new URL(page.url());
      assert.equal(`${back.origin}${back.pathname}`, REDIRECT_URI);
      assert.match(back.searchParams.get('code') ?? '', /./, 'the code comes back');
      assert.equal(back.searchParams.get('state'), 'st-42');

      // 2. An address the client did not register: the error page, and the browser stays here.
      const before = leftFor.length;
      await page.goto(consentAddress(client.clientId, `${APP_ORIGIN}/elsewhere`));
      await page.getByRole('heading', { name: '无法完成授权' }).waitFor();
      assert.match((await page.getByRole('alert').textContent()) ?? '', /[\u4e00-\u9fa5]/);
      assert.equal(await page.getByRole('button', { name: '同意授权' }).count(), 0);
      await settle(page);
      await assertReadable(page, 18, 'error page in 长辈模式');
      await page.screenshot({ path: shot('oauth-consent-error-elder'), fullPage: true });
      assert.equal(leftFor.length, before, 'nothing was sent to the unregistered address');
      assert.equal(new URL(page.url()).origin, new URL(BASE_URL).origin);

      // 3. 设置 → 授权管理 lists the app; 取消授权 asks first.
      await page.evaluate(() => localStorage.setItem('glucoguard.elderMode', 'off'));
      await page.goto(`${BASE_URL}/set/set`);
      await page.getByText('授权管理').tap();
      await page.waitForURL((url) => url.pathname === '/authorizedApps');
      const card = page.getByRole('listitem', { name: APP_NAME });
      await card.waitFor();
      assert.match((await card.textContent()) ?? '', /授权时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      assert.equal(await card.getByRole('list').getByRole('listitem').count(), 3);
      await settle(page);
      await assertFitsWidth(page);
      await assertReadable(page, 14, '授权管理');
      await page.screenshot({ path: shot('oauth-authorized-apps'), fullPage: true });

      // 长辈模式: larger text and a 60 px 取消授权.
      await page.evaluate(() => localStorage.setItem('glucoguard.elderMode', 'on'));
      await page.reload();
      await card.waitFor();
      await settle(page);
      await assertFitsWidth(page);
      await assertReadable(page, 18, '授权管理 in 长辈模式');
      assert.ok((await heightOf(card.getByRole('button', { name: '取消授权' }))) >= 60, '取消授权 is 60 px tall');
      await page.screenshot({ path: shot('oauth-authorized-apps-elder'), fullPage: true });

      await card.getByRole('button', { name: '取消授权' }).tap();
      const dialog = page.locator('.adm-dialog-body').filter({ hasText: APP_NAME });
      await dialog.waitFor();
      // Photographed once its fade-in has ended (every animated layer at full opacity).
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.adm-dialog [style*="opacity"]')].every(
          (layer) => getComputedStyle(layer).opacity === '1',
        ),
      );
      await page.screenshot({ path: shot('oauth-revoke-confirm') });
      await dialog.getByRole('button', { name: '取消授权' }).tap();
      await page.getByText('还没有授权任何应用').waitFor();
      await page.getByText('已取消授权').waitFor({ state: 'hidden' });
      await settle(page);
      await page.screenshot({ path: shot('oauth-authorized-apps-empty'), fullPage: true });

      // The list stays empty when read again.
      await page.reload();
      await page.getByText('还没有授权任何应用').waitFor();
      // The refused request's 400 is the browser's console line for a failed call, not a fault of the page.
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('Failed to load resource')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
