// Sugar targets on a phone: a new patient's fasting reading of 8.0 is high (red) against the
// default target, the patient raises the fasting high target to 9.0 from mine → 健康目标, the
// saved values are there after a reload, and the same reading turns normal (green) in the table.
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
/** The table's colours (apps/web/src/pages/reportCenter/colours.ts). */
const RED = '#c9302c'; // --gg-color-level-high
const GREEN = '#1b7f4e'; // --gg-color-level-normal

/**
 * The fasting cell holding 8 in the sugar table, once the table shows it.
 * @param {import('playwright-core').Page} page
 */
async function fastingCell(page) {
  const cell = page.getByRole('table', { name: '血糖数据表' }).locator('td', { hasText: /^8(\.0)?$/ });
  await cell.waitFor();
  assert.equal(await cell.evaluate((td) => td.cellIndex), 1, 'in the 空腹 column');
  return cell;
}

describe('sugar targets on a phone', { skip: skipStatic }, () => {
  it('sets a fasting target from mine and sees the table judge a reading by it', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '赵六' });
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');

      // A fasting reading of 8.0: above the default fasting high of 7.0.
      await page.getByLabel('添加血糖').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/addBloodSugarReport/add');
      await page.getByRole('textbox', { name: '血糖值' }).fill('8');
      await page.getByRole('group', { name: '测量时段' }).getByText('空腹', { exact: true }).tap();
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      assert.equal(await (await fastingCell(page)).getAttribute('data-colour'), RED);

      // Mine → 健康目标 lists the eight time types.
      await page.goto(`${BASE_URL}/?tab=mine`);
      await page.getByRole('link', { name: '健康目标' }).tap();
      await page.waitForURL((url) => url.pathname === '/healthTarget/healthTarget');
      await page.getByLabel('空腹目标').filter({ hasText: '正常 4.4~7.0' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^设置/ }).count(), 8);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('sugar-targets-list') });

      // The detail page checks the order, then saves.
      await page.getByRole('button', { name: '设置空腹' }).tap();
      await page.waitForURL(
        (url) =>
          url.pathname === '/healthTarget/healthTargetDetail' &&
          url.searchParams.get('index') === '1' &&
          url.searchParams.get('value') === '空腹',
      );
      const high = page.getByRole('textbox', { name: '高血糖值', exact: true });
      assert.equal(await high.inputValue(), '7.0');
      await high.fill('20');
      await page.getByRole('button', { name: '保存' }).tap();
      await page.getByText('严重高血糖值应大于高血糖值').waitFor();
      await high.fill('9');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('sugar-targets-detail') });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.getByText('保存成功').waitFor();
      await page.waitForURL((url) => url.pathname === '/healthTarget/healthTarget');
      await page.getByLabel('空腹目标').filter({ hasText: '正常 4.4~9.0' }).waitFor();

      // The saved values are the server's: a reload of the detail page shows them.
      await page.goto(`${BASE_URL}/healthTarget/healthTargetDetail?value=${encodeURIComponent('空腹')}&index=1`);
      await page.getByRole('textbox', { name: '高血糖值', exact: true }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: '高血糖值', exact: true }).inputValue(), '9.0');

      // The same reading is normal now.
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page.getByRole('tab', { name: '血糖' }).waitFor();
      const cell = await fastingCell(page);
      await page.waitForFunction((td) => td?.getAttribute('data-colour') === '#1b7f4e', await cell.elementHandle());
      assert.equal(await cell.getAttribute('data-colour'), GREEN);
      await page.screenshot({ path: shot('sugar-targets-table') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
