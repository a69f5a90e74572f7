// An operator runs the mall in the console at 1280×800, against the real API
// (docs/adr/0192-goods-management-in-the-console.md): finds the seeded goods and the off-shelf one,
// adds a cash + points goods item through the form (the sales mode's prices, a carousel picture
// uploaded as it is picked), which a visitor's phone then lists; moves its stock in and out, marks it
// 热销 (the hot column shows it), takes it off shelf (the phone's list drops it, the detail says
// 商品已下架); adds a category to 健康商城. A doctor sees neither page.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { launchBrowser } from './phone.mjs';
import { apiCall, solidPng } from './helpers.mjs';
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
const shot = (name) => `test-results/console-goods-${name}.png`;

const NAME = '血糖仪收纳包（防水便携）';

/** A visitor's session on the phone's API (the mall is readable by visitors). */
async function visitorToken() {
  const { token } = await apiCall(
    'GET',
    `/wechat/v1/getHtmlAccessToken?code=device_${randomUUID().replaceAll('-', '')}&sourceId=4`,
  );
  return token;
}

/** What a visitor finds in 健康商城 by part of a name, and whether its hot column holds such goods. */
async function patientSees(token, goodsName) {
  const containers = await apiCall('GET', '/goods/v1/queryGoodsContainerList', undefined, token);
  const mall = containers.find((/** @type {{ containerName: string }} */ c) => c.containerName === '健康商城');
  const query = new URLSearchParams({ containerId: String(mall.containerId), goodsName, pageNo: '1', pageSize: '10' });
  const found = await apiCall('GET', `/goods/v1/getListByContainerId?${query}`, undefined, token);
  const hot = await apiCall('GET', `/goods/v1/listHotByContainerId?containerId=${mall.containerId}`, undefined, token);
  const names = (/** @type {{ goodsName: string }[]} */ list) => list.map((g) => g.goodsName);
  return { listed: names(found.items), hot: names(hot).some((name) => name.includes(goodsName)) };
}

/** @param {import('playwright-core').Page} page @param {string} label */
async function openMenu(page, label) {
  await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: label }).click();
}

/** Picks `option` in the antd Select labelled `label` inside `scope`, and waits until it shows it. */
async function choose(page, scope, label, option) {
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await select.getByTitle(option, { exact: true }).waitFor();
}

describe('an operator runs the mall at 1280×800', { skip }, () => {
  it('adds a goods item patients then find, moves its stock, marks it hot and takes it off shelf', async () => {
    const { context, page, problems } = await openDesktop(browser);
    const token = await visitorToken();
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await openMenu(page, '商品管理');
      await page.waitForURL((url) => url.pathname === '/console/goods');
      await page.getByText(/共 \d+ 件商品/).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('list') });
      await page.getByRole('searchbox', { name: '商品名称或编码' }).fill('4G');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByText('共 1 件商品').waitFor();
      await page.getByText('糖护 4G 血糖仪（测完自动上传）').waitFor();
      await page.getByRole('searchbox', { name: '商品名称或编码' }).fill('');
      await page.getByRole('button', { name: '搜索' }).click();

      await choose(page, page, '上架状态', '已下架');
      await page.getByText('共 1 件商品').waitFor();
      await page.getByRole('row', { name: /已下架/ }).waitFor();
      await choose(page, page, '上架状态', '全部状态');

      assert.deepEqual((await patientSees(token, '收纳包')).listed, []);
      await page.getByRole('button', { name: '新增商品' }).click();
      const dialog = page.getByRole('dialog', { name: '新增商品' });
      await dialog.getByLabel('商品名称').fill(NAME);
      await dialog.getByLabel(/商品简介/).fill('血糖仪、试纸、采血笔一包装下');
      await choose(page, dialog, '所属商城', '健康商城');
      await choose(page, dialog, '商品分类', '生活好物');
      await dialog.locator('label').filter({ hasText: '现金+积分' }).click();
      await dialog.getByLabel('价格（元）').fill('39.9');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('请填写兑换所需积分').first().waitFor();
      await dialog.getByLabel('所需积分').fill('200');
      await dialog.getByLabel('初始库存').fill('20');
      await dialog
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'bag.png', mimeType: 'image/png', buffer: solidPng(120) });
      await dialog.getByAltText('轮播图 1').scrollIntoViewIfNeeded();
      await settled(page);
      await dialog.screenshot({ path: shot('form-pictures') });
      await dialog.locator('.ant-modal-body').evaluate((body) => body.scrollTo(0, 0));
      await dialog.screenshot({ path: shot('form') });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText(`已新增商品 ${NAME}`).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('searchbox', { name: '商品名称或编码' }).fill('收纳包');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByText('共 1 件商品').waitFor();
      const row = page.getByRole('row', { name: new RegExp(NAME.replace(/[()（）]/g, '.')) });
      await row.getByText('¥39.90+200积分').waitFor();
      await row.getByText('20 件').waitFor();
      await row.getByText(/^G-/).waitFor();
      assert.deepEqual(await patientSees(token, '收纳包'), { listed: [NAME], hot: false });

      await row.getByRole('button', { name: `库存 ${NAME}` }).click();
      const stock = page.getByRole('dialog', { name: `库存：${NAME}` });
      await stock.locator('label').filter({ hasText: '出库（减少）' }).click();
      await stock.getByLabel('数量').fill('25');
      await stock.getByRole('button', { name: /保\s*存/ }).click();
      await stock.getByRole('alert').getByText('库存不足').waitFor();
      await stock.getByLabel('数量').fill('5');
      await stock.getByText('15 件').waitFor();
      assert.equal(await stock.getByRole('alert').count(), 0);
      await settled(page);
      await stock.screenshot({ path: shot('stock') });
      await stock.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('库存已更新为 15 件').waitFor();
      await row.getByText('15 件').waitFor();

      await row.getByRole('switch', { name: `热销 ${NAME}` }).click();
      await page.getByText('热销已开启').waitFor();
      assert.deepEqual(await patientSees(token, '收纳包'), { listed: [NAME], hot: true });

      await row.getByRole('button', { name: `下架 ${NAME}` }).click();
      await page.getByRole('tooltip').getByRole('button', { name: '下架' }).click();
      await page.getByText(`已下架 ${NAME}`).waitFor();
      await row.getByText('已下架', { exact: true }).waitFor();
      assert.deepEqual(await patientSees(token, '收纳包'), { listed: [], hot: false });
      await settled(page);
      await page.screenshot({ path: shot('off-shelf') });

      await row.getByRole('button', { name: `编辑 ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: `编辑商品：${NAME}` });
      assert.equal(await edit.getByLabel('当前库存').inputValue(), '15');
      await edit.getByLabel('价格（元）').fill('35');
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('商品信息已保存').waitFor();
      await row.getByText('¥35.00+200积分').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('adds a category to 健康商城', async () => {
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await openMenu(page, '商城与分类');
      await page.waitForURL((url) => url.pathname === '/console/goods-shelves');
      await page.getByText('「健康商城」的分类').waitFor();
      await page.getByRole('cell', { name: '试纸耗材', exact: true }).waitFor();
      await page.getByRole('button', { name: '新增分类' }).click();
      const dialog = page.getByRole('dialog', { name: '新增分类' });
      await dialog.getByLabel('分类名称').fill('护理用品');
      await dialog.getByLabel('排序（小的在前）').fill('9');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('已新增分类 护理用品').waitFor();
      await page.getByRole('cell', { name: '护理用品', exact: true }).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('shelves') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows a doctor no mall entries, and 无权限 at their address', async () => {
    const { context, page } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.doctor);
      await page.waitForURL((url) => url.pathname === '/console/home');
      const menu = page.getByRole('menu', { name: '功能菜单' });
      await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
      assert.equal(await menu.getByRole('menuitem', { name: '商品管理' }).count(), 0);
      await page.goto(`${page.url().replace(/\/home$/, '')}/goods`);
      await page.getByText('无权限').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
