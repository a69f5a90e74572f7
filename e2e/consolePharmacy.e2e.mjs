// An operator manages pharmacies and online stores in the console at 1280×800, against the real API
// (docs/adr/0158-pharmacy-management-in-the-console.md): adds a pharmacy in 成都 锦江区 through the
// form (region picker, coordinates, opening hours), which a patient's search of that district then
// finds; sets its stock so the search by an advice's medicine finds it too; closes it, and patients
// no longer find it. Adds an online store hidden (下架), so the phone's 在线购药 keeps its three.
// A pharmacist and a doctor see neither page.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { launchBrowser } from './phone.mjs';
import { apiCall } from './helpers.mjs';
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
const shot = (name) => `test-results/console-pharmacy-${name}.png`;

/** 四川省 成都市 锦江区: no seeded pharmacy and no other test's. */
const JINJIANG = { province: '510000', city: '510100', district: '510104' };
const NAME = '锦城大药房（春熙路店）';

/** What a visitor's phone finds in 锦江区 (optionally only pharmacies stocking `medicineIds`). */
async function patientFinds(medicineIds) {
  const { token } = await apiCall(
    'GET',
    `/wechat/v1/getHtmlAccessToken?code=device_${randomUUID().replaceAll('-', '')}&sourceId=4`,
  );
  const query = new URLSearchParams({ ...JINJIANG, ...(medicineIds ? { medicineIds } : {}) });
  const page = await apiCall('GET', `/store/v1/queryStoreAddressByLocation?${query}`, undefined, token);
  return page.items.map((/** @type {{ store: string }} */ item) => item.store);
}

/** @param {import('playwright-core').Page} page @param {string} label */
async function openMenu(page, label) {
  await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: label }).click();
}

describe('an operator manages pharmacies and online stores at 1280×800', { skip }, () => {
  it('adds a pharmacy patients then find, stocks it, and closes it', async () => {
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await openMenu(page, '药店管理');
      await page.waitForURL((url) => url.pathname === '/console/pharmacies');
      await page.getByText('康宁大药房（西单店）', { exact: true }).waitFor();
      await page.getByText(/共 \d+ 家/).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('list') });

      await page.getByRole('searchbox', { name: '药店名称或地址' }).fill('西单');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByText('共 1 家').waitFor();
      await page.getByRole('searchbox', { name: '药店名称或地址' }).fill('');
      await page.getByRole('button', { name: '搜索' }).click();

      assert.deepEqual(await patientFinds(), []);
      await page.getByRole('button', { name: '新增药店' }).click();
      const dialog = page.getByRole('dialog', { name: '新增药店' });
      await dialog.getByLabel('药店名称').fill(NAME);
      await dialog.getByRole('combobox', { name: '所在地区' }).click();
      await page.keyboard.type('锦江');
      await page.getByRole('menuitemcheckbox', { name: /四川省.*成都市.*锦江区/ }).click();
      await dialog.getByTitle('四川省 / 成都市 / 锦江区').waitFor();
      await dialog.getByLabel('详细地址').fill('锦江区春熙路北段8号');
      await dialog.getByLabel('联系电话').fill('028-86661234');
      // Latitude first: the saved message below shows the form refusing swapped coordinates.
      await dialog.getByLabel('经度（GCJ-02，腾讯地图坐标）').fill('30.65768');
      await dialog.getByLabel('纬度').fill('104.08047');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('经纬度须在中国境内（经度73–136，纬度3–54）').first().waitFor();
      await dialog.getByLabel('经度（GCJ-02，腾讯地图坐标）').fill('104.08047');
      await dialog.getByLabel('纬度').fill('30.65768');
      await settled(page);
      await dialog.screenshot({ path: shot('form') });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText(`已新增药店 ${NAME}`).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('searchbox', { name: '药店名称或地址' }).fill('春熙路');
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByText('共 1 家').waitFor();
      const row = page.getByRole('row', { name: new RegExp(NAME) });
      await row.getByText('四川省 成都市 锦江区').waitFor();
      await row.getByText('营业时间 08:00-22:00').waitFor();
      await row.getByText('无库存').waitFor();
      assert.deepEqual(await patientFinds(), [NAME]);

      await row.getByRole('button', { name: `库存 ${NAME}` }).click();
      const stock = page.getByRole('dialog', { name: `库存：${NAME}` });
      const metformin = stock.getByLabel('盐酸二甲双胍片 0.5g×20片 库存');
      await metformin.fill('30');
      await metformin.blur();
      await settled(page);
      await stock.screenshot({ path: shot('stock') });
      await stock.getByRole('button', { name: /保存（1 项修改）/ }).click();
      await page.getByText('已更新 1 种药品的库存').waitFor();
      await row.getByText('1 种').waitFor();
      // The seed's first medicine is 盐酸二甲双胍片; the eighth (苯磺酸氨氯地平片) is not stocked here.
      assert.deepEqual(await patientFinds('1'), [NAME]);
      assert.deepEqual(await patientFinds('1,8'), []);

      await row.getByRole('button', { name: `编辑 ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: `编辑药店：${NAME}` });
      await edit.locator('label').filter({ hasText: '已停用' }).click();
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('药店信息已保存').waitFor();
      await row.getByText('已停用').waitFor();
      assert.deepEqual(await patientFinds(), []);
      await settled(page);
      await page.screenshot({ path: shot('closed') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('adds an online store hidden and edits it', async () => {
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await openMenu(page, '网店管理');
      await page.waitForURL((url) => url.pathname === '/console/online-stores');
      await page.getByRole('row', { name: /百草园药房网店.*已下架/ }).waitFor();

      await page.getByRole('button', { name: '新增网店' }).click();
      const dialog = page.getByRole('dialog', { name: '新增网店' });
      await dialog.getByLabel('网店名称').fill('锦城健康网上药店');
      await dialog.getByLabel('网店地址（患者点击后打开）').fill('http://m.jincheng-health.example.cn');
      await dialog.getByLabel('简介').fill('慢病常用药，川内次日达');
      await dialog.locator('label').filter({ hasText: '已下架' }).click();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByRole('alert').getByText('网店地址须以 https:// 开头（不超过512个字）').waitFor();
      await dialog.getByLabel('网店地址（患者点击后打开）').fill('https://m.jincheng-health.example.cn/shop');
      await settled(page);
      await dialog.screenshot({ path: shot('store-form') });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('已新增网店 锦城健康网上药店').waitFor();
      const row = page.getByRole('row', { name: /锦城健康网上药店/ });
      await row.getByText('已下架').waitFor();

      await row.getByRole('button', { name: '编辑 锦城健康网上药店' }).click();
      const edit = page.getByRole('dialog', { name: '编辑网店：锦城健康网上药店' });
      await edit.getByLabel('简介').fill('慢病常用药，成都市内当日达');
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('网店信息已保存').waitFor();
      await row.getByText('慢病常用药，成都市内当日达').waitFor();
      await settled(page);
      await page.screenshot({ path: shot('stores') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows a pharmacist and a doctor no pharmacy entries, and 无权限 at their address', async () => {
    for (const account of [DEMO_STAFF.pharmacist, DEMO_STAFF.doctor]) {
      const { context, page } = await openDesktop(browser);
      try {
        await signInToConsole(page, account);
        await page.waitForURL((url) => url.pathname === '/console/home');
        const menu = page.getByRole('menu', { name: '功能菜单' });
        await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
        assert.equal(await menu.getByRole('menuitem', { name: '药店管理' }).count(), 0);
        await page.goto(`${page.url().replace(/\/home$/, '')}/pharmacies`);
        await page.getByText('无权限').first().waitFor();
      } finally {
        await context.close();
      }
    }
  });
});
