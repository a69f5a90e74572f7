// An operator refunds a payment in the console at 1280×800, against the real API with the local
// payment provider: a patient pays ¥29.90 on a phone, the operator finds the payment by its number,
// refunds ¥10.00 (部分退款, ¥19.90 left), is refused more than is left, then refunds the rest (退款成功,
// nothing left to refund). The local provider's refund notify settles each refund through the same
// check as WeChat Pay's (docs/adr/0116-partial-refunds-one-at-a-time.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { apiCall, registerPatient } from './helpers.mjs';
import { DEMO_STAFF, openDesktop, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/console-payment-${name}.png`;

/** A payment the patient made through the local sheet's server path: its intent id. */
async function paidIntent() {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(`${BASE_URL}/contactUs`);
    await page.waitForURL((url) => url.pathname === '/register/register');
    await registerPatient(page, { name: '孙八' });
    await page.waitForURL((url) => url.pathname === '/contactUs');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
    const intent = await apiCall(
      'POST',
      '/dev/v1/paymentIntent',
      { amountCents: 2990, description: '血糖试纸' },
      token,
    );
    const paid = await apiCall('POST', '/payment/v1/localPay', { intentId: intent.intentId, action: 'pay' }, token);
    assert.equal(paid.outcome, 'success');
    return intent.intentId;
  } finally {
    await context.close();
  }
}

/**
 * Refunds `yuan` through the dialog.
 * @param {import('playwright-core').Page} page @param {string} yuan
 */
async function refund(page, yuan) {
  await page.locator('.ant-card-extra').getByRole('button', { name: /退款$/ }).click();
  const dialog = page.getByRole('dialog', { name: '退款' });
  const amount = dialog.getByLabel(/退款金额/);
  await amount.fill(yuan);
  await dialog.getByLabel(/退款原因/).fill('部分商品缺货');
  return dialog;
}

describe('an operator refunds in the console at 1280×800', { skip }, () => {
  it('refunds part, is refused more than is left, refunds the rest', async () => {
    const intentId = await paidIntent();
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '支付与退款' }).click();
      await page.waitForURL((url) => url.pathname === '/console/payments');

      await page.getByRole('searchbox', { name: '商户订单号或支付单号' }).fill(intentId);
      await page.getByRole('button', { name: '查询' }).click();
      await page.getByText('¥29.90').first().waitFor();
      await page.getByText('已支付').first().waitFor();
      await page.screenshot({ path: shot('found') });

      let dialog = await refund(page, '10');
      await dialog.screenshot({ path: shot('dialog') });
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await page.getByText('成功发起退款，1-3个工作日原路退回').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The local provider's REFUND.SUCCESS notify follows the answer: refresh until it has arrived.
      for (let i = 0; i < 20 && (await page.getByText('部分退款').count()) === 0; i += 1) {
        await page.getByRole('button', { name: '刷新' }).click();
        await page.waitForTimeout(250);
      }
      await page.getByText('部分退款').waitFor();
      await page.getByText('¥19.90').waitFor();
      const refunds = page.locator('.ant-table');
      await refunds.getByRole('cell', { name: '退款成功' }).waitFor();
      await page.screenshot({ path: shot('partly-refunded') });

      dialog = await refund(page, '19.91');
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await dialog.getByText('退款金额不能超过可退金额').waitFor();
      await dialog.getByLabel(/退款金额/).fill('19.90');
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await dialog.waitFor({ state: 'hidden' });
      for (let i = 0; i < 20 && (await refunds.getByRole('cell', { name: '退款成功' }).count()) < 2; i += 1) {
        await page.getByRole('button', { name: '刷新' }).click();
        await page.waitForTimeout(250);
      }
      assert.equal(await refunds.getByRole('cell', { name: '退款成功' }).count(), 2);
      await page.getByText('¥0.00').waitFor();
      assert.equal(await page.locator('.ant-card-extra').getByRole('button', { name: /退款$/ }).isDisabled(), true);
      await page.screenshot({ path: shot('refunded') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows a doctor no payments entry, and 无权限 at its address', async () => {
    const { context, page } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.doctor);
      await page.waitForURL((url) => url.pathname === '/console/home');
      const menu = page.getByRole('menu', { name: '功能菜单' });
      await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
      assert.equal(await menu.getByRole('menuitem', { name: '支付与退款' }).count(), 0);
      await page.goto(`${BASE_URL}/console/payments`);
      await page.getByText('无权限').waitFor();
    } finally {
      await context.close();
    }
  });
});
