/* global document */
// Finding a doctor on a phone (issue 19, spec 3 §2.1, §4): /findDoctor/findDoctor lists the seeded
// consulting doctors in pages of 10 (more load on scroll), refuses an emoji in the search (the box
// clears, 请不要输入表情), searches 300 ms after typing, says 暂无医生 when nothing matches, and the
// filter panel narrows to prescribing chief physicians; the doctor page shows the profile with the
// strengths cut at 36 characters and the services; the service page's red 购买 pays through the local
// payment sheet and goes on to the submission page, after which the same service reads 点击咨询 in green
// and another service of the doctor offers the open consultation instead of a second purchase.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, registerPatient } from './helpers.mjs';
import { DEMO_STAFF, openDesktop, settled, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** @param {import('playwright-core').Page} page */
async function register(page) {
  await page.goto(`${BASE_URL}/findDoctor/findDoctor?sourceId=3`);
  await page.waitForURL((url) => url.pathname === '/register/register');
  await registerPatient(page, { name: '李找医', complete: false });
  await page.waitForURL((url) => url.pathname === '/findDoctor/findDoctor');
  await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
}

/** @param {import('playwright-core').Page} page */
const cards = (page) => page.locator('[aria-label="医生列表"]').getByRole('link');

describe('finding a doctor on a phone', { skip: skipStatic }, () => {
  it('searches, filters, opens a doctor and buys a consultation', async () => {
    const { page, problems } = await openPhone(browser);
    try {
      await register(page);
      // A patient reaches 找医生 from 我的 → 在线问诊 too.
      await page.goto(`${BASE_URL}/findDoctor/myConsultList`);
      await page.getByRole('link', { name: '找医生，在线咨询' }).waitFor();
      await page.screenshot({ path: shot('find-doctor-from-consult-list') });
      await page.getByRole('link', { name: '找医生，在线咨询' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/findDoctor');
      const list = page.locator('[aria-label="医生列表"]');
      await list.getByRole('link', { name: '王明远' }).waitFor();
      assert.equal(await cards(page).count(), 10);
      await page.screenshot({ path: shot('find-doctor-list') });
      await assertFitsWidth(page);
      await list.getByRole('link').last().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="医生列表"] a').length > 10);

      const search = page.getByRole('textbox', { name: '搜索医生' });
      await search.fill('王😀');
      await page.getByText('请不要输入表情').waitFor();
      assert.equal(await search.inputValue(), '');
      await search.fill('湖滨');
      await list.getByRole('link', { name: '徐海峰' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="医生列表"] a').length <= 4);
      await search.fill('没有这个医生');
      await page.getByText('暂无医生').waitFor();
      await search.fill('');
      await list.getByRole('link', { name: '王明远' }).waitFor();

      await page.getByRole('button', { name: '筛选' }).tap();
      const panel = page.getByRole('dialog', { name: '筛选医生' });
      await panel.getByRole('button', { name: '可开处方' }).tap();
      await panel.getByRole('button', { name: '主任医师', exact: true }).tap();
      await page.screenshot({ path: shot('find-doctor-filter') });
      await panel.getByRole('button', { name: '确定' }).tap();
      await page.getByRole('button', { name: '筛选(2)' }).waitFor();
      await page.waitForFunction(() => {
        const links = [...document.querySelectorAll('[aria-label="医生列表"] a')];
        return links.length > 0 && links.every((a) => !a.textContent?.includes('副主任医师'));
      });
      await page.getByText('没有更多了').waitFor();
      const texts = await cards(page).allInnerTexts();
      assert.ok(
        texts.some((t) => t.includes('王明远')),
        texts.join(' | '),
      );
      assert.ok(
        texts.every((t) => !t.includes('副主任医师') && t.includes('可开处方')),
        texts.join(' | '),
      );

      await list.getByRole('link', { name: '王明远' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/doctorDetail');
      const profile = page.getByRole('region', { name: '医生信息' });
      await profile.getByText('内分泌科主任').waitFor();
      assert.match(await profile.innerText(), /擅长：.{36}\.\.\./);
      const services = page.getByRole('region', { name: '咨询服务' });
      await services.getByRole('link', { name: '30天包月服务' }).waitFor();
      await page.screenshot({ path: shot('find-doctor-detail') });
      await assertFitsWidth(page);

      await services.getByRole('link', { name: '单次图文咨询' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/serviceDetail');
      assert.equal(new URL(page.url()).searchParams.get('onTheWay'), '0');
      await page
        .getByRole('region', { name: '服务介绍' })
        .getByText(/24小时内未接诊/)
        .waitFor();
      const buy = page.getByRole('button', { name: '购买' });
      await buy.waitFor();
      await page.screenshot({ path: shot('find-doctor-service') });
      await buy.tap();
      const sheet = page.getByRole('dialog', { name: '支付' });
      await sheet.getByText('¥60.00').waitFor();
      await sheet.getByRole('button', { name: '支付' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/subConsult');
      assert.equal(new URL(page.url()).searchParams.get('doctorName'), '王明远');

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/findDoctor/serviceDetail');
      await page.getByRole('button', { name: '点击咨询' }).waitFor();
      await page.screenshot({ path: shot('find-doctor-service-paid') });
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/findDoctor/doctorDetail');
      await services.getByRole('link', { name: '7天包周服务' }).tap();
      await page.getByRole('button', { name: '购买' }).tap();
      await page.getByRole('dialog').getByText('您与该医生还有未结束的咨询').waitFor();
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await page.screenshot({ path: shot('find-doctor-open-offer') });
      await page.getByRole('button', { name: '进入咨询' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/subConsult');
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });

  it('lets the doctor change a price in the console (服务与价格, 1280×800)', async () => {
    const { page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.doctor);
      await page.getByRole('menuitem', { name: '服务与价格' }).click();
      const row = page.getByRole('row', { name: /30天包月服务/ });
      await row.getByText('¥599.00').waitFor();
      assert.equal(
        await page
          .getByRole('row', { name: /单次图文咨询/ })
          .getByText('已开通')
          .count(),
        1,
      );
      await row.getByRole('button', { name: '编辑 30天包月服务' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑服务：30天包月服务' });
      await dialog.getByLabel('价格（元）').fill('0.5');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByRole('alert').getByText('服务价格须在1至9999元之间').waitFor();
      await dialog.getByLabel('价格（元）').fill('499');
      await settled(page);
      await page.screenshot({ path: shot('console-doctor-services-edit') });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await row.getByText('¥499.00').waitFor();
      await settled(page);
      await page.screenshot({ path: shot('console-doctor-services') });
      // Put the seeded price back for the other tests of this run.
      await row.getByRole('button', { name: '编辑 30天包月服务' }).click();
      await dialog.getByLabel('价格（元）').fill('599');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await row.getByText('¥599.00').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await page.context().close();
    }
  });
});
