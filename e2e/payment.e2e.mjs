/* global window */
// The local payment sheet on a phone: a registered patient opens the checkout of a payment
// intent, cancels once (支付取消, still unpaid), then pays (支付成功, 已支付). 支付 goes through the
// server's notify verification, signed by the local provider (docs/adr/0114).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

describe('the local payment sheet on a phone', { skip }, () => {
  it('cancels with 支付取消 and pays with 支付成功', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/contactUs`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '钱七' });
      await page.waitForURL((url) => url.pathname === '/contactUs');
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
      const intent = await apiCall(
        'POST',
        '/dev/v1/paymentIntent',
        { amountCents: 2990, description: '图文问诊' },
        token,
      );

      await page.goto(`${BASE_URL}/payment/${intent.intentId}`);
      const checkout = page.getByRole('region', { name: '支付' });
      await checkout.getByText('¥29.90').waitFor();
      await checkout.getByText('待支付').waitFor();
      await assertFitsWidth(page);

      await page.getByRole('button', { name: '去支付' }).tap();
      const sheet = page.getByRole('dialog', { name: '支付' });
      await sheet.getByText('本地演示支付，不会真实扣款').waitFor();
      await page.getByText('拼命上传中...').waitFor({ state: 'hidden' });
      // The sheet slides up: photograph it once its buttons are wholly on the screen and still.
      const payButton = sheet.getByRole('button', { name: '支付' });
      await payButton.evaluate(
        (button) =>
          new Promise((resolve) => {
            let last = -1;
            const check = () => {
              const bottom = button.getBoundingClientRect().bottom;
              if (bottom <= window.innerHeight && bottom === last) {
                resolve(undefined);
              } else {
                last = bottom;
                window.requestAnimationFrame(check);
              }
            };
            check();
          }),
      );
      await page.screenshot({ path: shot('payment-local-sheet') });
      await sheet.getByRole('button', { name: '取消' }).tap();
      await page.getByText('支付取消').waitFor();
      await checkout.getByText('待支付').waitFor();

      await page.getByRole('button', { name: '去支付' }).tap();
      await sheet.getByRole('button', { name: '支付' }).tap();
      await page.getByText('支付成功').waitFor();
      await checkout.getByText('已支付').waitFor();
      assert.equal(await page.getByRole('button', { name: '去支付' }).count(), 0);
      await sheet.waitFor({ state: 'hidden' });
      await page.screenshot({ path: shot('payment-local-paid') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
