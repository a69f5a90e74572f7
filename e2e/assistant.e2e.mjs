/* global window, document, MutationObserver, HTMLImageElement */
// The AI assistant and the invitation poster on a phone, as the seeded demo patient: ask
// 我最近血糖怎么样 and see a streamed answer that quotes the patient's real numbers (computed here
// from the API's own data), then open the invitation poster and see the server-drawn PNG load.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth } from './helpers.mjs';

const DEMO_PATIENT = 'demo-patient-0000000001';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** A GET through the API's envelope. */
async function get(token, path) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-source-id': '4' },
  });
  const body = await response.json();
  assert.equal(body.code, 0, `${path}: ${body.errMsg}`);
  return body.data;
}

/** The demo patient's glucose readings of the last 14 China days, read day by day from the API. */
async function recentSugar() {
  const signIn = await fetch(`${BASE_URL}/api/wechat/v1/getHtmlAccessToken?code=${DEMO_PATIENT}&sourceId=4`).then((r) =>
    r.json(),
  );
  const token = signIn.data.token;
  const today = new Date(Date.now() + 8 * 3600_000);
  const values = [];
  for (let i = 0; i < 14; i += 1) {
    const day = new Date(today.getTime() - i * 24 * 3600_000).toISOString().slice(0, 10);
    for (const reading of await get(token, `/sugarTest/v1/queryDayData?dateTime=${day}`)) {
      values.push(Number(reading.sugar));
    }
  }
  return values;
}

describe('AI assistant and invitation poster on a phone', { skip: skipStatic }, () => {
  it('answers 我最近血糖怎么样 with a streamed answer that quotes the demo patient’s numbers', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT}&isToAI=1`);
      await page.getByRole('heading', { name: 'AI助手' }).waitFor();
      const input = page.getByRole('textbox', { name: '消息' });
      const send = page.getByRole('button', { name: '发送' });
      await input.waitFor();
      assert.equal(await send.isDisabled(), true, 'send is off while the box is empty');

      const values = await recentSugar();
      assert.ok(values.length > 0, 'the demo patient has readings in the last 14 days');
      const mean = (values.reduce((a, b) => a + b, 0) / values.length).toFixed(1);
      const expected = `最近14天您记录了${values.length}次血糖，平均${mean} mmol/L，最低${Math.min(...values).toFixed(1)}，最高${Math.max(...values).toFixed(1)}`;

      // Watch the bubble grow: several distinct partial texts prove it streamed in.
      await page.evaluate(() => {
        const seen = new Set();
        window.__aiSeen = seen;
        new MutationObserver(() => {
          const bubbles = document.querySelectorAll('[data-role="assistant"]');
          const last = bubbles[bubbles.length - 1];
          if (last) {
            seen.add(last.textContent ?? '');
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await input.fill('我最近血糖怎么样');
      await send.tap();
      await page.getByLabel('正在回复').or(page.locator('[data-role="assistant"]')).first().waitFor();
      assert.equal(await send.isDisabled(), true, 'send is off while the answer arrives');
      const bubble = page.locator('[data-role="assistant"]').last();
      await bubble.filter({ hasText: '不能代替医生的诊断和治疗' }).waitFor({ timeout: 20_000 });
      const answer = await bubble.innerText();
      assert.ok(answer.includes(expected), `the answer quotes the real numbers:\n${expected}\n---\n${answer}`);
      const partials = await page.evaluate(() => window.__aiSeen.size);
      assert.ok(partials > 3, `the answer arrived in pieces (${partials} states seen)`);
      await input.fill('谢谢');
      await page.waitForFunction(() => !document.querySelector('button[type="submit"]')?.disabled);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('assistant-answer') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows the server-drawn invitation poster', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT}`);
      await page.waitForLoadState('networkidle');
      await page.goto(`${BASE_URL}/sharePage`);
      const poster = page.getByRole('img', { name: /邀请海报，邀请码/ });
      await poster.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector('img[alt*="邀请海报"]');
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
      });
      const size = await poster.evaluate((img) => [img.naturalWidth, img.naturalHeight]);
      assert.deepEqual(size, [750, 1240]);
      await page.screenshot({ path: shot('assistant-invitation-poster') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
