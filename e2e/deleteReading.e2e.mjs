/* global document */
// Deleting readings on a phone: a new patient records a sugar and a pressure reading, opens each
// from its table, deletes it after the confirmation 确定删除此条记录吗? and sees it gone from the
// table and the counts; then the same for a ketone reading in its table.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, freshPhone, outboxCode } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * A patient registered through the API (registration itself is another test's subject): the
 * browser's device key signs in, a code from the local outbox binds a phone. Answers the key.
 */
async function registeredPatientKey(nickname) {
  const key = randomBytes(32).toString('base64url');
  const call = apiCall;
  const { token } = await call('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=4`);
  const phone = freshPhone('137');
  await call('POST', '/shortMsg/v1/getCode', { phone }, token);
  await call('POST', '/register/v1/bind', { nickname, phone, validCode: await outboxCode(phone) }, token);
  return key;
}

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** The showing confirmation dialog (antd-mobile keeps closed ones around for a moment). */
const confirmation = (page) => page.locator('.adm-dialog').filter({ hasText: '确定删除此条记录吗?' }).last();

describe('deleting readings on a phone', { skip: skipStatic }, () => {
  it('deletes a sugar and a pressure reading from their edit pages, and a ketone reading from its table, after the confirmation', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      const key = await registeredPatientKey('王五');
      await page.addInitScript((deviceKey) => localStorage.setItem('glucoguard.deviceKey', deviceKey), key);
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);

      // Sugar: record one reading.
      await page.getByRole('tab', { name: '血糖' }).waitFor();
      await page.getByLabel('添加血糖').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/addBloodSugarReport/add');
      await page.getByRole('textbox', { name: '血糖值' }).fill('6.5');
      await page.getByRole('group', { name: '测量时段' }).getByText('早餐后', { exact: true }).tap();
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      const table = page.getByRole('table', { name: '血糖数据表' });
      await table.locator('td', { hasText: '6.5' }).waitFor();
      await page.getByLabel('总次数').filter({ hasText: /^1$/ }).waitFor();

      // Open it from the day pop-up, as the user finds a single reading.
      await table.locator('tbody tr').first().tap();
      const day = page.getByRole('dialog', { name: /的血糖记录$/ });
      await day.getByRole('link', { name: /^编辑/ }).tap();
      await page.waitForURL((url) => /^\/reportCenter\/bloodSugar\/addBloodSugarReport\/\d+$/.test(url.pathname));
      const remove = page.getByRole('button', { name: '删除此条记录' });
      await remove.waitFor();
      const box = await remove.boundingBox();
      assert.ok(box !== null && box.height >= 44, `the delete button is ${box?.height}px high`);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('delete-sugar-edit') });

      // 取消 keeps it.
      await remove.tap();
      await confirmation(page).getByText('确定删除此条记录吗?').waitFor();
      await page.screenshot({ path: shot('delete-sugar-confirm') });
      await confirmation(page).getByRole('button', { name: '取消' }).tap();
      await confirmation(page).waitFor({ state: 'hidden' });
      assert.match(new URL(page.url()).pathname, /addBloodSugarReport\/\d+$/);

      // 删除 deletes it and goes back to the table, now empty.
      await remove.tap();
      await confirmation(page).getByRole('button', { name: '删除' }).tap();
      await page.getByText('删除成功').waitFor();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      await page.getByLabel('总次数').filter({ hasText: /^0$/ }).waitFor();
      assert.equal(await table.locator('td', { hasText: '6.5' }).count(), 0);
      await page.waitForFunction(() => document.querySelector('.adm-toast-mask') === null); // every toast gone, however many
      await page.screenshot({ path: shot('delete-sugar-after') });

      // Pressure: record one reading, open it from the table, delete it.
      await page.getByRole('tab', { name: '血压' }).tap();
      await page.getByText('暂无血压数据').waitFor();
      await page.getByLabel('添加血压').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodPressure/addBloodPressureReport/add');
      await page.getByRole('textbox', { name: /^收缩压/ }).fill('128');
      await page.getByRole('textbox', { name: /^舒张压/ }).fill('82');
      await page.getByRole('textbox', { name: /^(脉搏|心率)/ }).fill('70');
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      const row = page.getByRole('button', { name: /128\/82$/ });
      await row.tap();
      await page.waitForURL((url) => /^\/reportCenter\/bloodPressure\/addBloodPressureReport\/\d+$/.test(url.pathname));
      await page.getByRole('button', { name: '删除此条记录' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('delete-pressure-edit'), fullPage: true });
      await page.getByRole('button', { name: '删除此条记录' }).tap();
      await confirmation(page).getByRole('button', { name: '删除' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      await page.getByText('暂无血压数据').waitFor();
      assert.equal(await page.getByRole('button', { name: /128\/82$/ }).count(), 0);
      await page.screenshot({ path: shot('delete-pressure-after') });

      // Ketone: each row of the table has its own delete button.
      await page.getByRole('tab', { name: '血酮' }).tap();
      await page.getByText('暂无血酮数据').waitFor();
      await page.getByRole('button', { name: '添加血酮' }).tap();
      await page.getByRole('spinbutton', { name: '血酮值' }).fill('0.4');
      await page.getByRole('dialog', { name: '添加血酮' }).getByRole('button', { name: '保存' }).tap();
      const rowDelete = page.getByRole('button', { name: /^删除.*的血酮记录$/ });
      await rowDelete.waitFor();
      await page.waitForFunction(() => document.querySelector('.adm-toast-mask') === null); // every toast gone, however many
      const rowBox = await rowDelete.boundingBox();
      assert.ok(
        rowBox !== null && rowBox.height >= 44 && rowBox.width >= 44,
        `the row's delete button is ${rowBox?.width}×${rowBox?.height}px`,
      );
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('delete-ketone-table') });
      await rowDelete.tap();
      await confirmation(page).getByRole('button', { name: '删除' }).tap();
      await page.getByText('暂无血酮数据').waitFor();

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
