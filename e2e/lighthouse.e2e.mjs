// Lighthouse (12.2.3, pinned: newer ones do not install here) accessibility category on the demo
// patient's home, report centre and add-sugar page (issue 17 §9), in Debian's Chromium
// (/usr/bin/chromium or CHROMIUM_PATH) started by chrome-launcher, as a 390×844 phone at DPR 2.
// Prints each score with the audits that failed and writes them to test-results/lighthouse-a11y.json
// and test-results/lighthouse-a11y.md. The target (≥ 95) is a benchmark figure, not asserted here:
// the test fails only when Lighthouse could not audit a page. docs/adr/0100-web-budgets-in-npm-test.md.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BASE_URL, MESSAGING_APP_UA } from './phone.mjs';

const DEMO_PATIENT = 'deviceKey=demo-patient-0000000001';
const TARGET = 95;

const PAGES = [
  { name: 'home', path: `/?${DEMO_PATIENT}` },
  { name: 'report centre', path: `/reportCenter/reportCenter?${DEMO_PATIENT}` },
  { name: 'add sugar', path: `/reportCenter/bloodSugar/addBloodSugarReport?${DEMO_PATIENT}` },
];

/** @type {import('chrome-launcher').LaunchedChrome} */
let chrome;
/** @type {{ page: string, score: number, failing: { id: string, title: string, weight: number, items: number }[] }[]} */
const results = [];

before(async () => {
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
});

after(async () => {
  await chrome?.kill();
  if (results.length === 0) {
    return;
  }
  const lines = results.flatMap(({ page, score, failing }) => [
    `- ${page}: ${score}${score >= TARGET ? '' : ` (target ${TARGET})`}`,
    ...failing.map(
      (audit) =>
        `  - ${audit.id} (weight ${audit.weight}): ${audit.title}${audit.items > 0 ? ` (${audit.items} elements)` : ''}`,
    ),
  ]);
  const header = `Lighthouse 12.2.3 accessibility, demo patient, 390×844 DPR 2 (${new Date().toISOString()})`;
  await mkdir('test-results', { recursive: true });
  await writeFile('test-results/lighthouse-a11y.json', `${JSON.stringify(results, null, 2)}\n`);
  await writeFile('test-results/lighthouse-a11y.md', `${header}\n\n${lines.join('\n')}\n`);
  console.log(`\n${header}\n${lines.join('\n')}\nWritten to test-results/lighthouse-a11y.json and .md\n`);
});

describe(
  'Lighthouse accessibility (scores printed, target 95)',
  { skip: process.env.E2E_STATIC === '1' ? 'needs the API for the demo account' : false },
  () => {
    for (const target of PAGES) {
      it(`audits the ${target.name}`, async () => {
        const result = await lighthouse(`${BASE_URL}${target.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          formFactor: 'mobile',
          screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
          emulatedUserAgent: MESSAGING_APP_UA,
          // Accessibility does not depend on speed: no throttling, so the audit takes seconds.
          throttlingMethod: 'provided',
          locale: 'en-US',
          // A client address of its own (e2e/run.mjs trusts loopback's X-Forwarded-For), as in e2e/phone.mjs.
          extraHeaders: { 'X-Forwarded-For': `198.19.1.${results.length + 1}` },
        });
        assert.ok(result, `${target.name}: Lighthouse returned a result`);
        const { lhr } = result;
        assert.equal(lhr.runtimeError, undefined, `${target.name}: ${lhr.runtimeError?.message}`);
        // Still on the page asked for, signed in (a guest would have been sent to registration).
        assert.equal(new URL(lhr.finalDisplayedUrl).pathname, new URL(target.path, BASE_URL).pathname);
        const category = lhr.categories.accessibility;
        assert.equal(typeof category.score, 'number', `${target.name}: an accessibility score`);
        const failing = category.auditRefs
          .map((ref) => ({ audit: lhr.audits[ref.id], weight: ref.weight }))
          .filter(({ audit }) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
          .map(({ audit, weight }) => ({
            id: audit.id,
            title: audit.title,
            weight,
            items: audit.details?.items?.length ?? 0,
          }));
        results.push({ page: target.name, score: Math.round(category.score * 100), failing });
      });
    }
  },
);
