/* global document, getComputedStyle */
// Start-up on a phone (issue 17 §1): the branded skeleton is painted with the HTML before any script,
// the bundles arrive compressed and cached for good, and the first screen's chunks are requested
// alongside sign-in rather than after it. Figures under throttling: e2e/webVitals.e2e.mjs.
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

const staticOnly = process.env.E2E_STATIC === '1';

describe('start-up on a phone', () => {
  it('paints the branded skeleton from the HTML alone, under the Content-Security-Policy', async () => {
    const { context, page } = await openPhone(browser);
    try {
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          document.documentElement.dataset.cspViolation = `${event.violatedDirective} ${event.blockedURI}`;
        });
      });
      // No script at all: what the phone shows while the bundles are still on their way.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(`${BASE_URL}/`);
      const skeleton = page.locator('.gg-boot');
      await skeleton.waitFor();
      assert.equal(await skeleton.getAttribute('aria-hidden'), 'true');
      assert.match(await skeleton.innerText(), /糖护医疗/);
      const look = await page.evaluate(() => {
        const head = document.querySelector('.gg-boot-head');
        const box = head?.getBoundingClientRect();
        return {
          headBackground: head ? getComputedStyle(head).backgroundImage : '',
          headColour: head ? getComputedStyle(head).color : '',
          width: box?.width ?? 0,
          violation: document.documentElement.dataset.cspViolation ?? null,
        };
      });
      // The inline style applied (allowed by its hash), in the brand's blue with white text, full width.
      assert.match(look.headBackground, /linear-gradient\(.*rgb\(15, 106, 224\)/);
      assert.equal(look.headColour, 'rgb(255, 255, 255)');
      assert.equal(look.width, 390);
      if (!staticOnly) {
        assert.equal(look.violation, null);
      }
      await page.screenshot({ path: shot('startup-skeleton') });
    } finally {
      await context.close();
    }
  });

  it('replaces the skeleton with the page, its bundles compressed and cached for good', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      /** @type {{ url: string, headers: Record<string, string> }[]} */
      const scripts = [];
      page.on('response', (response) => {
        if (/\/assets\/.+\.js$/.test(response.url())) {
          scripts.push({ url: response.url(), headers: response.headers() });
        }
      });
      const document_ = await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: '糖护医疗' }).waitFor();
      assert.equal(await page.locator('.gg-boot').isVisible(), false);
      assert.ok(scripts.length >= 3, `only ${scripts.length} scripts`);
      if (!staticOnly) {
        assert.equal(document_?.headers()['cache-control'], 'no-cache');
        assert.equal(document_?.headers()['content-encoding'], 'br');
        for (const { url, headers } of scripts) {
          assert.equal(headers['content-encoding'], 'br', url);
          assert.match(headers.vary ?? '', /accept-encoding/i, url);
          assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable', url);
        }
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('asks for the home page’s chunks before the auth call, not after the customer arrived', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      /** @type {string[]} */
      const requested = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('heading', { name: '糖护医疗' }).waitFor();
      const first = (/** @type {RegExp} */ pattern) => requested.findIndex((path) => pattern.test(path));
      const auth = first(/\/api\/login\/v1\/auth$/);
      if (!staticOnly) {
        assert.ok(auth >= 0, `no auth call among ${requested.join(' ')}`);
        for (const chunk of [/\/assets\/page-main\./, /\/assets\/tab-home\./]) {
          const at = first(chunk);
          assert.ok(at >= 0 && at < auth, `${chunk} was not requested before auth: ${requested.join(' ')}`);
        }
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
