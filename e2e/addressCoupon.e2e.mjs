// Addresses and coupons on a phone and in the console (issue 21; docs/adr/0182, docs/adr/0183): a new
// patient's empty address book says 您还没有收货地址,请添加收货地址; the patient adds an address with
// the region picker, sees it as the default, edits it and is refused deleting the default; an
// operator creates a coupon in the console at 1280×800 and issues it to that patient by phone
// number; the patient finds it in 我的优惠券 beside nothing else.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, freshPhone, registerPatient } from './helpers.mjs';
import { DEMO_STAFF, openDesktop, settled, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

describe('addresses and coupons', { skip }, () => {
  it('keeps an address book, and shows a coupon the operator issued', async () => {
    const phone = freshPhone('136');
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/address/addressManage`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '王秀英', phone });
      await page.waitForURL((url) => url.pathname === '/address/addressManage');
      await page.getByText('您还没有收货地址,请添加收货地址').waitFor();
      await page.screenshot({ path: shot('address-empty') });

      await page.getByRole('button', { name: '新增收货地址' }).click();
      await page.waitForURL((url) => url.pathname === '/address/addAddress');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('收货人不能为空').waitFor();
      await page.getByRole('textbox', { name: '收货人' }).fill('王秀英');
      await page.getByRole('textbox', { name: '手机号码' }).fill('13812345678');
      await page.getByLabel('所在地区').click();
      // The wheels start on the first region (北京市 北京市 东城区); 确定 takes it.
      await page.locator('.adm-picker-view-column-item').first().waitFor();
      await page.getByText('确定', { exact: true }).click();
      await page.getByText('北京市 北京市 东城区').waitFor();
      await page.getByLabel('详细地址').fill('东四北大街107号院2号楼301');
      await page.screenshot({ path: shot('address-form') });
      await assertFitsWidth(page);
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.waitForURL((url) => url.pathname === '/address/addressManage');
      const card = page.getByRole('article', { name: '王秀英的收货地址' });
      await card.getByText('默认', { exact: true }).waitFor();
      await card.getByText('北京市北京市东城区东四北大街107号院2号楼301').waitFor();
      await page.screenshot({ path: shot('address-list') });

      await card.getByRole('button', { name: '编辑' }).click();
      await page.waitForURL((url) => url.pathname === '/address/addAddress');
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await page.getByText('确定删除地址吗?').waitFor();
      await page.locator('.adm-dialog').getByText('删除', { exact: true }).click();
      await page.getByText('存在默认地址,请先删除默认地址').waitFor();
      await page.screenshot({ path: shot('address-delete-default') });

      const { context: desk, page: console } = await openDesktop(browser);
      try {
        await signInToConsole(console, DEMO_STAFF.operator);
        await console.waitForURL((url) => url.pathname === '/console/home');
        await console.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '优惠券' }).click();
        await console.waitForURL((url) => url.pathname === '/console/coupons');
        await console.getByRole('button', { name: /新建优惠券/ }).click();
        const form = console.getByRole('dialog', { name: '新建优惠券' });
        await form.getByLabel('优惠券名称').fill('长者关怀立减8元');
        await form.getByLabel(/优惠金额/).fill('8');
        await form.getByPlaceholder('开始日期').click();
        await console.locator('.ant-picker-cell-today').first().click();
        await console.locator('.ant-picker-cell-today').first().click();
        await settled(console);
        await console.screenshot({ path: shot('console-coupon-form') });
        await form.getByRole('button', { name: /保\s*存/ }).click();
        await console.getByRole('cell', { name: '长者关怀立减8元' }).first().waitFor();
        await console.getByRole('button', { name: '发放 长者关怀立减8元' }).first().click();
        const issue = console.getByRole('dialog', { name: /发放优惠券/ });
        await issue.getByRole('combobox', { name: '发放用户' }).fill(phone);
        await console.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).click();
        await settled(console);
        await console.screenshot({ path: shot('console-coupon-issue') });
        await issue.getByRole('button', { name: /保\s*存/ }).click();
        await console.getByText('已发放给 1 位用户').waitFor();
        await settled(console);
        await console.screenshot({ path: shot('console-coupons') });
      } finally {
        await desk.close();
      }

      await page.goto(`${BASE_URL}/coupon/myCoupon`);
      const coupon = page.getByRole('article', { name: '长者关怀立减8元' });
      await coupon.getByText('全部商品可用').waitFor();
      assert.match((await coupon.textContent()) ?? '', /¥8\.00/);
      await page.screenshot({ path: shot('coupon-mine') });
      await assertFitsWidth(page);
      // The one refusal asked for above (deleting the default) is the only failed request.
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('status of 409')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
