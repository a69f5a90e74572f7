// Health data on a phone: a new patient records one sugar reading and one pressure reading
// through the report center and sees each in its table with the right colour and count.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
/** The high colour of the tables (apps/web/src/pages/reportCenter/colours.ts). */
const RED = '#c9302c'; // --gg-color-level-high

describe('health data on a phone', { skip: skipStatic }, () => {
  it('records a sugar and a pressure reading through the report center and sees them coloured and counted', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '李四' });
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');

      // Sugar: empty table, then one high reading.
      await page.getByRole('tab', { name: '血糖' }).waitFor();
      await page.getByLabel('总次数').filter({ hasText: /^0$/ }).waitFor();
      await page.screenshot({ path: shot('health-sugar-empty') });
      await page.getByLabel('添加血糖').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/addBloodSugarReport/add');
      const value = page.getByRole('textbox', { name: '血糖值' });
      await value.fill('40');
      await page.getByText('测量时段', { exact: true }).tap();
      await page.getByRole('alert').filter({ hasText: '血糖不能高于33.3' }).waitFor();
      assert.equal(await value.inputValue(), '33.3');
      await value.fill('12.5');
      await page.getByRole('group', { name: '测量时段' }).getByText('早餐后', { exact: true }).tap();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-sugar-add') });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');

      const table = page.getByRole('table', { name: '血糖数据表' });
      const cell = table.locator('td', { hasText: '12.5' });
      await cell.waitFor();
      assert.equal(await cell.evaluate((td) => td.cellIndex), 2, 'in the 早餐后 column');
      assert.equal(await cell.getAttribute('data-colour'), RED, '12.5 mmol/L is above every slot’s high threshold');
      await page.getByLabel('总次数').filter({ hasText: /^1$/ }).waitFor();
      assert.equal(await page.getByLabel('偏高', { exact: true }).innerText(), '1');
      assert.equal(await table.locator('tbody tr').count(), 1);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-sugar-table') });

      // The day pop-up lists the reading with its edit link.
      await table.locator('tbody tr').first().tap();
      const day = page.getByRole('dialog', { name: /的血糖记录$/ });
      await day.getByText('12.5').waitFor();
      await day.getByRole('link', { name: /^编辑/ }).waitFor();
      await page.screenshot({ path: shot('health-sugar-day') });
      await page
        .locator('.adm-mask')
        .first()
        .tap({ position: { x: 20, y: 20 } });
      await day.waitFor({ state: 'hidden' });

      // The after-meal trend holds the after-breakfast reading, with its min / max / average.
      await page.getByText('趋势', { exact: true }).tap();
      await page.getByRole('group', { name: '测量时段' }).getByText('餐后', { exact: true }).tap();
      await page.getByLabel('最高值').filter({ hasText: '12.5' }).waitFor();
      assert.equal(await page.getByLabel('平均值').innerText(), '12.50');
      await page.getByRole('img', { name: '血糖趋势图' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot('health-sugar-chart') });
      await page.getByText('数据', { exact: true }).tap();

      // Pressure: empty state, then one high reading.
      await page.getByRole('tab', { name: '血压' }).tap();
      await page.getByText('暂无血压数据').waitFor();
      await page.getByLabel('添加血压').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodPressure/addBloodPressureReport/add');
      await page.getByRole('textbox', { name: '收缩压' }).fill('160');
      await page.getByRole('textbox', { name: '舒张压' }).fill('100');
      await page.getByRole('textbox', { name: '心率' }).fill('72');
      await page.getByRole('meter', { name: '血压水平' }).filter({ hasText: '偏高' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-pressure-add') });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');

      // The remembered tab brings the user back to the pressure list.
      const systolic = page
        .getByRole('button', { name: /160\/100$/ })
        .locator('span[data-colour]')
        .first();
      await systolic.waitFor();
      assert.equal(await systolic.getAttribute('data-colour'), RED);
      assert.equal(await page.getByRole('button', { name: /\d+\/\d+$/ }).count(), 1);
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-pressure-table') });

      await page.getByText('趋势', { exact: true }).tap();
      await page.getByRole('img', { name: '血压趋势图' }).waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot('health-pressure-chart') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
