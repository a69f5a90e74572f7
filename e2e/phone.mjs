// Shared set-up of the end-to-end tests: Debian's Chromium (never a downloaded browser),
// driven by playwright-core as a phone inside the messaging app.
import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * A number of the e2e file this process runs (node --test runs each file in a process of its own):
 * its place among e2e/*.e2e.mjs. Each file's phones and desktops come from addresses no other file
 * uses, so a per-address limit (sign-in: 30 in 10 minutes) counts one file, not the whole run.
 */
function fileNumber() {
  const files = readdirSync(dirname(fileURLToPath(import.meta.url)))
    .filter((name) => name.endsWith('.e2e.mjs'))
    .sort();
  const running = process.argv.map((arg) => basename(arg)).find((name) => files.includes(name));
  return running === undefined ? process.pid % 250 : files.indexOf(running) % 250;
}

/** This process's e2e file as the third part of its clients' addresses (e2e/console.mjs uses it too). */
export const FILE_NUMBER = fileNumber();

/**
 * The address the next phone appears to come from. Every phone is a client of its own, as in life:
 * e2e/run.mjs starts the API with TRUST_PROXY=loopback, so the API counts its per-client limits
 * (sign-in, the front log) on this forwarded address rather than on 127.0.0.1 for the whole run.
 * Against a system started elsewhere (E2E_BASE_URL) the header is ignored unless that system trusts it.
 */
function nextClientAddress() {
  phonesOpened += 1;
  return `198.18.${FILE_NUMBER}.${(phonesOpened % 250) + 1}`;
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
