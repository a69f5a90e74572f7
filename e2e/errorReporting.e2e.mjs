/* global window */
// A page that throws reports it to the front log (issue 17 §7, ADR 0107): an uncaught error and an
// unhandled rejection arrive in the log table with the page, where and what, recorded against the
// session; the same error thrown twice is reported once. The table is read back through the
// development-only GET /api/dev/v1/frontLog, which answers the caller's own reports.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/**
 * The caller's own reports, as the table holds them.
 * @param {string} token
 * @returns {Promise<Array<{ id: string, url: string, funName: string | null, errName: string, errMessage: string }>>}
 */
async function ownReports(token) {
  const response = await fetch(`${BASE_URL}/api/dev/v1/frontLog`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await response.json();
  assert.equal(body.code, 0, JSON.stringify(body));
  return body.data;
}

describe('error reporting', { skip: skipStatic }, () => {
  it('stores an uncaught error and an unhandled rejection of a page, each once', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/`);
      await page.waitForFunction(
        () => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token !== undefined,
      );
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
      const marker = `e2e-${Date.now()}`;

      const reported = page.waitForResponse((r) => r.url().endsWith('/api/front/v1/log') && r.status() === 200);
      // The page throws the same error twice (from one place) and leaves a promise rejected.
      await page.evaluate((text) => {
        const boom = () => {
          throw new Error(`boom ${text}`);
        };
        window.setTimeout(boom, 0);
        window.setTimeout(boom, 0);
        void Promise.reject(new TypeError(`rejected ${text}`));
      }, marker);
      await reported;

      /** @type {Awaited<ReturnType<typeof ownReports>>} */
      let mine = [];
      for (let attempt = 0; attempt < 40; attempt += 1) {
        mine = (await ownReports(token)).filter((r) => r.errMessage.includes(marker));
        if (mine.length >= 2) {
          break;
        }
        await page.waitForTimeout(250);
      }
      // Give a duplicate the time to arrive, if the page were to send one.
      await page.waitForTimeout(500);
      mine = (await ownReports(token)).filter((r) => r.errMessage.includes(marker));

      const thrown = mine.filter((r) => r.errName === 'Error');
      const rejected = mine.filter((r) => r.errName === 'TypeError');
      assert.equal(thrown.length, 1, `one report of the error thrown twice: ${JSON.stringify(mine)}`);
      assert.equal(rejected.length, 1, `one report of the rejection: ${JSON.stringify(mine)}`);
      assert.equal(thrown[0]?.url, '/');
      assert.match(thrown[0]?.errMessage ?? '', new RegExp(`boom ${marker}`));
      assert.equal(rejected[0]?.funName, 'unhandledrejection');
      assert.match(rejected[0]?.errMessage ?? '', new RegExp(`rejected ${marker}`));
      // The page errors themselves happened (they are what was reported), and nothing else went wrong.
      assert.deepEqual(
        problems.filter((p) => !p.includes(marker)),
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('stores a call the server failed (a 5xx), with the call and the answer', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      const marker = `e2e-503-${Date.now()}`;
      // The sign-in page's first call fails as a broken server would answer it.
      await page.route('**/api/sign/v1/getSignInfo', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 50300, errMsg: `服务暂不可用 ${marker}`, data: null }),
        }),
      );
      await page.goto(`${BASE_URL}/signIn?deviceKey=demo-patient-0000000001`);
      await page.getByText('加载失败，请稍后再试').waitFor();
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);

      /** @type {Awaited<ReturnType<typeof ownReports>>} */
      let mine = [];
      for (let attempt = 0; attempt < 40 && mine.length === 0; attempt += 1) {
        await page.waitForTimeout(250);
        mine = (await ownReports(token)).filter((r) => r.errMessage.includes(marker));
      }
      assert.equal(mine.length, 1, JSON.stringify(mine));
      assert.equal(mine[0]?.funName, 'GET /sign/v1/getSignInfo');
      assert.equal(mine[0]?.errName, 'HTTP 503');
      assert.match(mine[0]?.url ?? '', /^\/signIn/);
      assert.doesNotMatch(mine[0]?.url ?? '', /demo-patient/);
      // The browser logs the failed resource itself; nothing else went wrong.
      assert.deepEqual(
        problems.filter((p) => !p.includes('503')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
