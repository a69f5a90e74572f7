// Forms that cannot mislead, on a phone (issue 15): an extreme sugar value keeps its clamp message in
// view and is saved only after a confirmation; the pressure form labels its three fields and refuses
// 80/120; the health record offers the registration's name and address, and a weight typed there
// reaches 体重管理.
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

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

const call = apiCall;

/**
 * A patient registered through the API (registration is the accounts test's subject), with the
 * registration's name and, when given, its full profile. Answers the browser's device key and the token.
 */
async function registeredPatient(nickname, profile) {
  const key = randomBytes(32).toString('base64url');
  const { token } = await call('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=4`);
  const phone = freshPhone('136');
  await call('POST', '/shortMsg/v1/getCode', { phone }, token);
  await call('POST', '/register/v1/bind', { nickname, phone, validCode: await outboxCode(phone) }, token);
  if (profile !== undefined) {
    await call('POST', '/customer/v1/edit', profile, token);
  }
  return { key, token };
}

/** Opens a page signed in as the patient of `key`. @param {import('playwright-core').Page} page */
async function signedIn(page, key, path) {
  await page.addInitScript((deviceKey) => localStorage.setItem('glucoguard.deviceKey', deviceKey), key);
  await page.goto(`${BASE_URL}${path}`);
}

/** The dialog box showing now (antd-mobile keeps closed ones around for a moment; its outer element has no size). */
const dialogWith = (page, text) => page.locator('.adm-dialog-body').filter({ hasText: text }).last();

describe('forms that cannot mislead, on a phone', { skip: skipStatic }, () => {
  it('shows the clamp message of an extreme sugar value and saves it only after a confirmation', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      const { key, token } = await registeredPatient('钱七');
      await signedIn(page, key, '/reportCenter/reportCenter');
      await page.getByRole('tab', { name: '血糖' }).waitFor();
      await page.getByLabel('添加血糖').tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/addBloodSugarReport/add');

      const field = page.getByRole('textbox', { name: '血糖值' });
      await field.fill('99');
      // Straight to 保存: the field is left on the way, and the message stays in view under it.
      await page.getByRole('button', { name: '保存' }).tap();
      const confirm = dialogWith(page, '确定保存吗？');
      await confirm.waitFor();
      assert.match(await confirm.innerText(), /血糖不能高于33\.3，将按33\.3 mmol\/L保存。确定保存吗？/);
      assert.equal(await page.getByRole('alert').innerText(), '血糖不能高于33.3，请核对');
      assert.equal(await field.inputValue(), '33.3');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('plausible-sugar-extreme-confirm') });

      // 重新输入 keeps the page and stores nothing.
      await confirm.getByText('重新输入', { exact: true }).tap();
      await confirm.waitFor({ state: 'hidden' });
      assert.equal(new URL(page.url()).pathname, '/reportCenter/bloodSugar/addBloodSugarReport/add');
      assert.equal((await call('GET', '/sugarTestReport/v1/queryJudge?dateType=1', undefined, token)).total, 0);
      await page.screenshot({ path: shot('plausible-sugar-extreme-message') });

      // Confirmed, the clamped value is saved, and the page goes back.
      await page.getByRole('button', { name: '保存' }).tap();
      await dialogWith(page, '确定保存吗？').getByText('确定保存', { exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      const judged = await call('GET', '/sugarTestReport/v1/queryJudge?dateType=1', undefined, token);
      assert.equal(judged.total, 1);
      assert.equal(judged.seriousHighCount, 1);

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('labels the pressure fields with their units and refuses a systolic value not above the diastolic one', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      const { key, token } = await registeredPatient('孙八');
      await signedIn(page, key, '/reportCenter/bloodPressure/addBloodPressureReport/add');
      for (const label of ['收缩压(高压)', '舒张压(低压)', '心率']) {
        await page.locator('label', { hasText: label }).waitFor();
        assert.ok(await page.locator('label', { hasText: label }).isVisible(), `${label} is visible`);
      }
      assert.equal(await page.getByText('mmHg', { exact: true }).count(), 2);
      assert.equal(await page.getByText('次/分', { exact: true }).count(), 1);
      assert.equal(await page.getByText('PM', { exact: true }).count(), 0);

      await page.getByLabel('收缩压(高压)', { exact: true }).fill('80');
      await page.getByLabel('舒张压(低压)', { exact: true }).fill('120');
      await page.getByLabel('心率', { exact: true }).fill('72');
      const swapped = '收缩压(高压)应高于舒张压(低压)，请检查是否填反';
      await page.getByRole('alert').filter({ hasText: swapped }).waitFor();
      await page.getByRole('button', { name: '保存' }).tap();
      await page.locator('.adm-toast-main', { hasText: swapped }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/reportCenter/bloodPressure/addBloodPressureReport/add');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('plausible-bp-swapped'), fullPage: true });
      const none = await call('GET', '/bloodPressureTest/v1/pageQueryList', undefined, token);
      assert.equal(none.items.length, 0);

      await page.getByLabel('收缩压(高压)', { exact: true }).fill('130');
      await page.getByLabel('舒张压(低压)', { exact: true }).fill('85');
      await page.getByRole('alert').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      const saved = await call('GET', '/bloodPressureTest/v1/pageQueryList', undefined, token);
      assert.deepEqual(
        saved.items.map((item) => [item.sbp, item.dbp, item.hr]),
        [[130, 85, 72]],
      );

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('offers the registration’s name and address in the health record, and a weight saved there reaches 体重管理', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      const address = `幸福路${'一'.repeat(46)}号`;
      assert.equal(address.length, 50);
      const { key } = await registeredPatient('一二三四五六七八九十', { sex: 2, birthday: '1956-03-08', address });
      await signedIn(page, key, '/healthTarget/healthInfo');
      await page.getByRole('tab', { name: '基本信息' }).waitFor();
      // What registration took, the health record shows and takes: a 10-character name and a 50-character address.
      const name = page.getByRole('textbox', { name: '姓名' });
      await name.and(page.locator('[value="一二三四五六七八九十"]')).waitFor();
      assert.equal(await page.getByRole('textbox', { name: '详细地址' }).inputValue(), address);
      await page.getByRole('textbox', { name: '身高' }).fill('158');
      await page.getByRole('textbox', { name: '体重' }).fill('61.5');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('plausible-health-record-prefilled'), fullPage: true });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.locator('.adm-toast-main', { hasText: '保存成功' }).waitFor();

      await page.goto(`${BASE_URL}/weightDetails`);
      await page.getByLabel('当前体重').filter({ hasText: '123' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('plausible-weight-from-health-record') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
