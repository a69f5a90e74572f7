/* global window, document */
// The mall's screens on a phone (issue 21, ADRs 0184–0186): a visitor browses the demo mall, meets
// the search's emoji refusal, scrolls, opens a goods detail and comes back to the kept-alive list at
// the same place; buying sends them to registration and back to the goods. The registered patient
// then orders strips with an address, pays with the local payment sheet and lands on the order list;
// a points good they cannot afford asks them to earn points; 去兑换's strips exchange is titled 兑换试纸.
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

/** @param {import('playwright-core').Page} page */
const scrollY = (page) => page.evaluate(() => window.scrollY);

/** @param {import('playwright-core').Page} page */
const sessionToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token ?? null);

describe('the mall on a phone', { skip }, () => {
  it('browses, searches, opens a detail, comes back to the kept-alive list, registers and orders', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/mall/goodsList`);
      const hot = page.getByRole('region', { name: '热销产品' });
      await hot.getByRole('link').first().waitFor();
      const list = page.getByLabel('商品', { exact: true });
      await list.getByRole('link').nth(3).waitFor();
      assert.equal(await page.title(), '健康商城');
      await page.getByRole('region', { name: '商品分类' }).getByRole('button', { name: '血糖仪器' }).waitFor();
      await page.screenshot({ path: shot('mall-goods-list') });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('mall-goods-list-full'), fullPage: true });

      // The search refuses an emoji and clears the box.
      const box = page.getByRole('textbox', { name: '搜索商品名称' });
      await box.fill('试纸😀');
      await page.getByText('请不要输入表情').waitFor();
      assert.equal(await box.inputValue(), '');

      // Scroll down the list, open a goods item, and come back to the same place.
      await page.evaluate(() => window.scrollTo(0, 700));
      await page.waitForFunction(() => window.scrollY > 600);
      const before = await scrollY(page);
      const target = list.getByRole('link', { name: '糖尿病护足袜（2 双装）' });
      await target.scrollIntoViewIfNeeded();
      const atTap = await scrollY(page);
      await target.tap();
      await page.waitForURL((url) => url.pathname === '/mall/goodsDetail');
      await page.getByRole('heading', { name: '糖尿病护足袜（2 双装）' }).waitFor();
      assert.equal(await scrollY(page), 0, 'the detail opens at its top');
      await page.getByRole('region', { name: '商品信息' }).getByText('积分', { exact: false }).first().waitFor();
      await page.screenshot({ path: shot('mall-goods-detail') });
      await page.screenshot({ path: shot('mall-goods-detail-full'), fullPage: true });
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/mall/goodsList');
      await list.getByRole('link', { name: '糖尿病护足袜（2 双装）' }).waitFor();
      assert.ok(before > 0);
      assert.equal(await scrollY(page), atTap, 'the list is where it was left');
      assert.equal(await page.title(), '健康商城');
      await page.screenshot({ path: shot('mall-goods-list-back') });

      // A search after 300 ms.
      await box.fill('试纸');
      await list.getByRole('link', { name: '血糖试纸 50 条装（配糖护血糖仪）' }).waitFor();
      await page.getByRole('heading', { name: /“试纸”的搜索结果/ }).waitFor();
      await page.screenshot({ path: shot('mall-search') });

      // A visitor's 立即购买 registers first and comes back to the goods.
      await list.getByRole('link', { name: '血糖试纸 50 条装（配糖护血糖仪）' }).tap();
      await page.getByRole('button', { name: '立即购买' }).tap();
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '商城测试' });
      await page.waitForURL((url) => url.pathname === '/mall/goodsDetail');
      const token = await sessionToken(page);
      assert.ok(token);
      await apiCall(
        'POST',
        '/address/v1/add',
        {
          consigneeName: '商城测试',
          phone: '13912345678',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          detailAddress: '科技园南路88号3栋501',
        },
        token,
      );

      await page.getByRole('button', { name: '立即购买' }).tap();
      await page.waitForURL((url) => url.pathname === '/mall/sendOrder');
      await page.getByRole('button', { name: '提交订单' }).and(page.locator(':not([disabled])')).waitFor();
      await page.getByRole('radio', { name: '快递邮寄' }).tap();
      await page.getByRole('link', { name: '收货地址' }).getByText('科技园南路88号3栋501').waitFor();
      await page.getByRole('button', { name: '增加' }).tap();
      await page.getByText('实付 ¥').filter({ hasText: '¥' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('mall-send-order'), fullPage: true });
      await page.getByRole('button', { name: '提交订单' }).tap();
      const sheet = page.getByRole('dialog', { name: '支付' });
      await sheet.waitFor();
      await page.screenshot({ path: shot('mall-send-order-pay') });
      await sheet.getByRole('button', { name: '支付' }).tap();
      await page.getByText('支付成功').waitFor();
      await page.waitForURL((url) => url.pathname === '/order/orderList');
      const orders = await apiCall('GET', '/order/v1/list?pageNo=1&pageSize=4', undefined, token);
      assert.equal(orders.items[0]?.goodsName, '血糖试纸 50 条装（配糖护血糖仪）');
      assert.equal(orders.items[0]?.number, 2);

      // A points good the new patient cannot afford asks to earn points.
      await page.goto(`${BASE_URL}/mall/goodsList`);
      await page.getByRole('textbox', { name: '搜索商品名称' }).fill('采血针');
      await page.getByLabel('商品', { exact: true }).getByRole('link', { name: '一次性采血针 100 支' }).tap();
      await page.getByRole('button', { name: '立即购买' }).tap();
      await page.waitForURL((url) => url.pathname === '/mall/sendOrder');
      await page.getByRole('button', { name: '提交订单' }).and(page.locator(':not([disabled])')).waitFor();
      const receive = page.getByRole('radio', { name: '快递邮寄' });
      if ((await receive.getAttribute('aria-checked')) !== 'true') {
        await receive.tap();
      }
      await page.getByRole('button', { name: '提交订单' }).tap();
      await page.getByText('您的积分不足，是否去做任务赚取积分？').waitFor();
      // The dialog has finished fading in before it is photographed.
      await page.waitForFunction(
        () =>
          document.querySelector('.adm-center-popup-wrap > div')?.getAttribute('style')?.includes('opacity: 1') ??
          false,
      );
      await page.screenshot({ path: shot('mall-points-short') });
      await page.getByRole('button', { name: '去赚积分' }).tap();
      await page.waitForURL((url) => url.pathname === '/integralTask');

      // The strips exchange 去兑换 opens.
      await page.goto(`${BASE_URL}/categorysGoods?servicePackage=0&salesMode=paper`);
      await page.getByRole('link', { name: '试纸兑换：血糖试纸 50 条' }).waitFor();
      assert.equal(await page.title(), '兑换试纸');
      await page.screenshot({ path: shot('mall-strips-exchange') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
