// Shared set-up of the end-to-end tests: Debian's Chromium (never a downloaded browser),
// driven by playwright-core as a phone inside the messaging app.
import { chromium } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** The in-app browser of the messaging app on an iPhone. */
export const MESSAGING_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ' +
  'MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: MESSAGING_APP_UA,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};

/** @param {string[]} [extraArgs] more Chromium switches (e.g. a fake microphone for the chat's voice test) */
export function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...extraArgs,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

let phonesOpened = 0;

/**
 * The address the next phone appears to come from. Every phone is a client of its own, as in life:
 * e2e/run.mjs starts the API with TRUST_PROXY=loopback, so the API counts its per-client limits
 * (sign-in, the front log) on this forwarded address rather than on 127.0.0.1 for the whole run.
 * Against a system started elsewhere (E2E_BASE_URL) the header is ignored unless that system trusts it.
 */
function nextClientAddress() {
  phonesOpened += 1;
  return `198.18.${Math.floor(phonesOpened / 250) % 250}.${(phonesOpened % 250) + 1}`;
}

/**
 * A new phone page that records uncaught page errors and console errors, so a test can
 * assert the app ran cleanly.
 * @param {import('playwright-core').Browser} browser
 */
export async function openPhone(browser) {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console error: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

/** Path of a screenshot under test-results/. */
export function shot(name) {
  return `test-results/${name}.png`;
}
