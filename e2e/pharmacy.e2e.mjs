// Pharmacies on a phone (issue 19, spec 3 §2.3): /drugMain opens on 在线购药 with the open online
// stores (status 1 only) and the spec's end text; opened from a medication advice (infoId with its
// medicineIds) it starts on 附近药店, where the location panel places the phone (西单, Beijing) and the
// list shows the pharmacies of that district stocking every medicine, nearest first, with hours,
// distance, call and map links and 这些药店都可以买到您所需要的药店哦~. /findDrugstore in a district
// without pharmacies (深圳 南山) says 暂无药店数据; /purchaseDrug lists the online stores.
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
/** 北京市 西城区, by 西单. */
const XIDAN = { latitude: 39.9131, longitude: 116.3742 };
/** 深圳市 南山区, where the seed has no pharmacy. */
const SHENZHEN = { latitude: 22.5333, longitude: 113.9305 };
/** The seed's first and eighth medicines (盐酸二甲双胍片, 苯磺酸氨氯地平片) in a fresh database. */
const MEDICINE_IDS = '1,8';

/** Registers a new patient (the location is saved for registered customers). @param {import('playwright-core').Page} page */
async function register(page) {
  await page.goto(`${BASE_URL}/healthTarget/healthInfo?sourceId=3`);
  await page.waitForURL((url) => url.pathname === '/register/register');
  await registerPatient(page, { name: '王购药', complete: false });
  await page.waitForURL((url) => url.pathname === '/healthTarget/healthInfo');
  await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
}

describe('pharmacies on a phone', { skip: skipStatic }, () => {
  it('lists online stores, then nearby pharmacies filtered by the advice’s medicines', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await context.grantPermissions(['geolocation'], { origin: BASE_URL });
      await context.setGeolocation(XIDAN);
      await register(page);

      await page.goto(`${BASE_URL}/drugMain`);
      await page.getByRole('button', { name: /康宁大药房官方网店/ }).waitFor();
      await page.getByText('没有更多药店了...').waitFor();
      const stores = await page.getByRole('button', { name: /网店|商城|药店/ }).allInnerTexts();
      assert.equal(stores.length, 3, stores.join(' | '));
      assert.equal(await page.getByText('百草园药房网店').count(), 0);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('pharmacy-online') });

      await page.goto(`${BASE_URL}/drugMain?infoId=1&medicineIds=${MEDICINE_IDS}`);
      await page.getByText('这些药店都可以买到您所需要的药店哦~').waitFor();
      const panel = page.getByRole('group', { name: '当前位置' });
      await panel.getByRole('button', { name: '重新定位' }).tap();
      await page
        .getByRole('button', { name: /所在地区/ })
        .filter({ hasText: '北京市 北京市 西城区' })
        .waitFor();
      const card = page.getByRole('article', { name: '康宁大药房（西单店）' });
      await card.waitFor();
      await card.getByText('营业时间 08:00-22:00').waitFor();
      assert.match(await card.innerText(), /\d+m|\d+\.\dkm/);
      assert.equal(await card.getByRole('link', { name: '拨打电话' }).getAttribute('href'), 'tel:010-66071234');
      assert.match(
        (await card.getByRole('link', { name: '查看地图' }).getAttribute('href')) ?? '',
        /^https:\/\/apis\.map\.qq\.com\//,
      );
      // 仁和堂 (金融街) is in 西城区 too but has no 氨氯地平.
      assert.equal(await page.getByRole('article', { name: '仁和堂药店（金融街店）' }).count(), 0);
      await page.getByText('没有更多药店了...').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('pharmacy-nearby') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('says 暂无药店数据 where there is none, and /purchaseDrug lists the online stores', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await context.grantPermissions(['geolocation'], { origin: BASE_URL });
      await context.setGeolocation(SHENZHEN);
      await register(page);
      await page.goto(`${BASE_URL}/findDrugstore`);
      await page.getByRole('group', { name: '当前位置' }).getByRole('button', { name: '重新定位' }).tap();
      await page
        .getByRole('button', { name: /所在地区/ })
        .filter({ hasText: '广东省 深圳市' })
        .waitFor();
      await page.getByText('暂无药店数据').waitFor();
      await page.screenshot({ path: shot('pharmacy-none') });

      await page.goto(`${BASE_URL}/purchaseDrug`);
      await page.getByRole('button', { name: /济民健康商城/ }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
