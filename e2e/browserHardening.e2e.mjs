/* global document, window */
// The browser's half of security (issue 15 B): every main page and the API docs load under the
// Content-Security-Policy with no violation, private report photos show through their signed
// addresses, and the page can be pinch-zoomed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The demo patient (张建国), with months of readings for the charts. */
const DEMO_PATIENT_KEY = 'demo-patient-0000000001';

/** Main pages of the app: home, charts, friends, reports, profile, points, the feed, settings. */
const PAGES = [
  '/',
  '/reportCenter/reportCenter',
  '/weightDetails',
  '/healthTarget/healthInfo',
  '/friend/friendList',
  '/friend/searchFriend',
  '/examiningReport/uploadExaminingReport',
  '/register/editUserInfo',
  '/integral',
  '/rankPage',
  '/tangyouCircle/tangyouCircle',
  '/notice/noticeList',
  '/share/manage',
  '/set/set',
];

/** A 1×1 red PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/**
 * A phone page that records every Content-Security-Policy violation the document reports.
 * @param {{ deviceKey?: string }} [options]
 */
async function watchedPhone({ deviceKey } = {}) {
  const phone = await openPhone(browser);
  await phone.context.addInitScript((key) => {
    if (key) {
      localStorage.setItem('glucoguard.deviceKey', key);
    }
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, deviceKey ?? null);
  return phone;
}

/** Violations seen by the page, plus console errors that mention the policy. */
async function violations(page, problems) {
  const reported = await page.evaluate(() => window.__cspViolations ?? []);
  return [...reported, ...problems.filter((p) => /Content Security Policy|Content-Security-Policy/i.test(p))];
}

describe('the browser, hardened', () => {
  it('loads every main page under the Content-Security-Policy without a violation', async () => {
    const { context, page, problems } = await watchedPhone({ deviceKey: DEMO_PATIENT_KEY });
    try {
      const response = await page.goto(`${BASE_URL}/`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(response?.headers()['x-content-type-options'], 'nosniff');
      await page.getByRole('navigation', { name: '主导航' }).waitFor();
      /** @type {string[]} */
      const seen = [];
      for (const path of PAGES) {
        await page.goto(`${BASE_URL}${path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        seen.push(...(await violations(page, problems)).map((v) => `${path}: ${v}`));
      }
      assert.deepEqual(seen, []);
      // The trend chart draws on lightweight-charts canvases.
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page.getByText('趋势', { exact: true }).first().tap();
      await page.getByRole('img', { name: '血糖趋势图' }).locator('canvas').first().waitFor();
      await page.screenshot({ path: shot('browser-hardening-chart') });
      assert.deepEqual(await violations(page, problems), []);
    } finally {
      await context.close();
    }
  });

  it('shows a private report photo through its signed address, and lets the page be pinch-zoomed', async () => {
    const { context, page, problems } = await watchedPhone({ deviceKey: DEMO_PATIENT_KEY });
    try {
      await page.goto(`${BASE_URL}/examiningReport/uploadExaminingReport`);
      await page.waitForFunction(
        () => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token !== undefined,
      );
      const uploaded = await page.evaluate(async (data) => {
        const { token } = JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}');
        const response = await fetch('/api/customer/v1/uploadReport', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ reportName: '血脂', typeCode: 3, data }),
        });
        return (await response.json()).data;
      }, PNG_1X1);
      assert.match(uploaded.pressReportUrl, /^uploads\/274\/.+\?exp=\d+&cid=[0-9a-f-]+&sig=[\w-]+$/);
      await page.reload();
      const photo = page.locator(`img[src*="${uploaded.pressReportUrl.split('?')[0]}"]`).first();
      await photo.waitFor();
      await page.waitForFunction(
        (src) => [...document.images].some((img) => img.src.includes(src) && img.complete && img.naturalWidth > 0),
        uploaded.pressReportUrl.split('?')[0],
      );
      await page.screenshot({ path: shot('browser-hardening-report') });
      // The same path without its signature shows nothing.
      const bare = await page.evaluate(
        async (path) => (await fetch(`/api/files/${path}`)).status,
        uploaded.pressReportUrl.split('?')[0],
      );
      assert.equal(bare, 403);

      const viewport = await page.getAttribute('meta[name="viewport"]', 'content');
      assert.ok(
        viewport !== null && !/user-scalable\s*=\s*no/.test(viewport) && !/maximum-scale/.test(viewport),
        `viewport forbids zooming: ${viewport}`,
      );
      assert.deepEqual(await violations(page, problems), []);
    } finally {
      await context.close();
    }
  });

  it('loads the API docs under their own policy without a violation', async () => {
    const { context, page, problems } = await watchedPhone();
    try {
      const response = await page.goto(`${BASE_URL}/api/docs`);
      assert.match(response?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
      await page.locator('.swagger-ui .opblock').first().waitFor();
      await page.locator('.swagger-ui .opblock-summary').first().click();
      await page.waitForTimeout(500);
      assert.deepEqual(await violations(page, problems), []);
    } finally {
      await context.close();
    }
  });
});
