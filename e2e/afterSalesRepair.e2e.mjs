/* global document, window, HTMLImageElement */
// The repair pages and the dealer form on a phone (issue 22; docs/adr/0208, 0209): a new patient files
// a repair with a purchase voucher and two fault photos, each saying 上传成功, and finds it under 服务中;
// once completed (through the console's API here — afterSalesJourney.e2e.mjs drives the console's
// screens) the phone finds it under 已完成 with the result, both photo groups labelled by what they
// hold, and opens the photo tapped; the form and the detail in 长辈模式. A visitor's dealer enquiry
// says each missing field's own message and keeps the digits of a pasted phone number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient, solidPng } from './helpers.mjs';
import { DEMO_STAFF } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** A PNG file for the page's file input. */
function png(name, size) {
  return { name, mimeType: 'image/png', buffer: solidPng(size) };
}

/**
 * Taps a form row's picker and confirms what its wheel shows.
 * @param {import('playwright-core').Page} page @param {string} field
 */
async function pickFirst(page, field) {
  await page.getByRole('button', { name: field, exact: true }).tap();
  const popup = page
    .locator('.adm-popup-body')
    .filter({ has: page.locator('.adm-picker-header-title', { hasText: field }) });
  await popup.getByText('确定', { exact: true }).tap();
  await popup.waitFor({ state: 'hidden' });
}

/**
 * Fills the repair form of a registered patient and submits it; answers the request's 服务编码.
 * @param {import('playwright-core').Page} page @param {string} name @param {string} fault
 */
async function fileRepair(page, name, fault) {
  await page.getByRole('textbox', { name: '联系人' }).fill(name);
  await pickFirst(page, '购买日期');
  await page.getByRole('textbox', { name: '地址' }).fill('浙江省杭州市西湖区文三路90号');
  await pickFirst(page, '品类');
  await pickFirst(page, '型号');
  await page.getByRole('textbox', { name: '批次号' }).fill('B2025-07');
  await page.getByRole('textbox', { name: 'SN/IMEI' }).fill('861234567890123');
  await page
    .getByRole('group', { name: '发票信息' })
    .locator('input[type="file"]')
    .setInputFiles([png('receipt.png', 360)]);
  await page.getByLabel('故障描述').fill(fault);
  await page
    .getByRole('group', { name: '故障图片' })
    .locator('input[type="file"]')
    .setInputFiles([png('screen.png', 320), png('back.png', 280)]);
  await page.getByRole('group', { name: '发票信息' }).getByText('上传成功').waitFor();
  await page.getByRole('group', { name: '故障图片' }).getByText('上传成功').nth(1).waitFor();
  assert.equal(await page.getByText('上传失败').count(), 0);
  await assertFitsWidth(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot('after-sales-repair-form') });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: shot('after-sales-repair-form-photos') });
  await page.getByRole('button', { name: '提交' }).tap();
  await page.waitForURL((url) => url.pathname === '/faultServiceList');
  const card = page.getByRole('link', { name: /^报修 / }).first();
  await card.waitFor();
  return (await card.getAttribute('aria-label'))?.replace(/^报修 /, '') ?? '';
}

describe('after-sales repair pages and the dealer form', { skip }, () => {
  it('files a repair with two photo groups and shows its result once it is completed', async () => {
    const phone = await openPhone(browser);
    try {
      const { page } = phone;
      // A visitor is sent to registration first and comes back to the form.
      await page.goto(`${BASE_URL}/repairFilling`);
      await registerPatient(page, { name: '王秀英' });
      await page.waitForURL((url) => url.pathname === '/repairFilling');
      await page.waitForFunction(() => document.title === '故障报修');
      const fault = '开机后屏幕不亮，换了新电池也一样。';
      const code = await fileRepair(page, '王秀英', fault);
      assert.match(code, /\S/);
      const card = page.getByRole('link', { name: `报修 ${code}` });
      await card.getByText('服务中').waitFor();
      await page.screenshot({ path: shot('after-sales-repair-list') });

      // An operator completes it with a handling result.
      const upkeepId = new URL(String(await card.getAttribute('href')), BASE_URL).searchParams.get('upkeepId');
      const { token: staff } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.operator);
      const result = '已为您更换同型号新机，旧机已回收检测，新机已寄出，请注意查收。';
      await apiCall('POST', `/console/v1/after-sales/repairs/${upkeepId}/complete`, { remark: result }, staff);

      // The patient finds it under 已完成, with the result and both photo groups.
      await page.goto(`${BASE_URL}/faultServiceList`);
      await page.getByRole('tab', { name: '已完成' }).tap();
      await page.getByRole('link', { name: `报修 ${code}` }).tap();
      await page.waitForURL((url) => url.pathname === '/faultServiceDetail');
      await page.getByRole('region', { name: '处理结果' }).getByText(result).waitFor();
      assert.equal(await page.getByLabel('状态').textContent(), '已完成');
      assert.equal(await page.getByRole('region', { name: '故障描述' }).getByText(fault).count(), 1);
      const vouchers = page.getByRole('region', { name: '发票信息' }).getByRole('img');
      const faults = page.getByRole('region', { name: '故障图片' }).getByRole('img');
      assert.equal(await vouchers.count(), 1);
      assert.equal(await faults.count(), 2);
      // Every photo loads for its owner through its signed address.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('section img')].every(
          (img) => img instanceof HTMLImageElement && img.naturalWidth > 0,
        ),
      );
      // The voucher is the 360-pixel picture uploaded under 发票信息 on the form.
      assert.equal(await vouchers.first().evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth), 360);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-repair-detail'), fullPage: true });
      await page.getByRole('button', { name: '查看故障图片第2张' }).tap();
      await page.locator('.adm-image-viewer-indicator', { hasText: /^2 \/ 2$/ }).waitFor();
      await page.waitForFunction(() =>
        document.querySelector('.adm-mask')?.getAttribute('style')?.includes('opacity: 1'),
      );
      await page.screenshot({ path: shot('after-sales-repair-photo') });

      // 长辈模式: the same detail and the form, larger, still within the screen's width.
      await page.evaluate(() => window.localStorage.setItem('glucoguard.elderMode', 'on'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.elder === 'on');
      await page.getByRole('region', { name: '处理结果' }).getByText(result).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-repair-detail-elder') });
      await page.goto(`${BASE_URL}/repairFilling`);
      await page.getByRole('button', { name: '品类', exact: true }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-repair-form-elder') });

      assert.deepEqual(phone.problems, []);
    } finally {
      await phone.context.close();
    }
  });

  it('takes a visitor’s dealer enquiry with the right message per field', async () => {
    const phone = await openPhone(browser);
    try {
      const { page } = phone;
      await page.goto(`${BASE_URL}/dealerProcurement`);
      await page.waitForFunction(() => document.title === '经销商采购');
      await page.getByRole('textbox', { name: '采购人' }).fill('陈建华');
      await page.getByRole('textbox', { name: '联系电话' }).fill('139-1234-5678');
      assert.equal(await page.getByRole('textbox', { name: '联系电话' }).inputValue(), '13912345678');
      await page.getByRole('textbox', { name: '采购商品名称' }).fill('糖护血糖仪');
      await page.getByRole('textbox', { name: '销售渠道' }).fill('连锁药店');
      await page.getByRole('button', { name: '提交' }).tap();
      // The quantity is missing: its own message, not the old app's 销售区域！.
      await page.getByText('采购商品数量！', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: '采购商品数量' }).fill('200');
      await page.getByRole('button', { name: '提交' }).tap();
      await page.getByText('销售区域！', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: '销售区域' }).fill('浙江省杭州市');
      await page.getByLabel('备注').fill('想了解批量采购的价格和供货周期。');
      await page.getByText('销售区域！', { exact: true }).waitFor({ state: 'hidden' });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-dealer-form'), fullPage: true });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.getByText('提交成功', { exact: true }).waitFor();
      await page.waitForURL((url) => url.pathname === '/serviceCenter');

      assert.deepEqual(phone.problems, []);
    } finally {
      await phone.context.close();
    }
  });
});
