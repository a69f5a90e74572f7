/* global document */
// Shared steps of the end-to-end tests: fresh phone numbers, codes from the local SMS outbox and
// the phone-width check.
import assert from 'node:assert/strict';
import { BASE_URL } from './phone.mjs';

/** A mobile number no earlier run is likely to have registered. */
export function freshPhone(prefix = '139') {
  return `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * The latest verification code the local SMS outbox sent to a phone (the embedded default's
 * provider), waiting briefly for it to arrive.
 * @param {string} phone
 */
export async function outboxCode(phone) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const body = await (await fetch(`${BASE_URL}/api/dev/v1/smsOutbox?phone=${phone}`)).json();
    assert.equal(body.code, 0, `outbox answered ${JSON.stringify(body)}`);
    const latest = [...body.data].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).at(-1);
    if (latest !== undefined) {
      assert.match(latest.code, /^\d{6}$/);
      return latest.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/**
 * Fails when the page is wider than the 390 px phone screen (sideways scrolling).
 * @param {import('playwright-core').Page} page
 */
export async function assertFitsWidth(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page is ${width}px wide on a 390px screen`);
}
