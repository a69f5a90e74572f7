// The health record on a phone: a new patient of the health brand (no invite code, so the doctor may
// be chosen) fills the three tabs — the ID number fills in birthday and sex, height and weight give
// the BMI, smoking asks for the daily count, the treatment comes from /treatment — saves, picks a
// doctor through hospital → department → doctor, and sees everything again after a reload.
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
/** The GB 11643-1999 worked example: born 1949-12-31, a woman. */
const ID_NUMBER = '11010519491231002X';
const RECORD = '/healthTarget/healthInfo';

/** Taps a chip of a labelled choice group. @param {import('playwright-core').Page} page @param {string} group @param {string} label */
async function chip(page, group, label) {
  await page.getByRole('group', { name: group }).getByText(label, { exact: true }).tap();
}

/** Waits for a toast and for it to go, so the next one can be told apart. @param {import('playwright-core').Page} page @param {string} text */
async function toastSeen(page, text) {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor();
  await page.locator('.adm-toast-main', { hasText: text }).waitFor({ state: 'detached', timeout: 10_000 });
}

describe('the health record on a phone', { skip: skipStatic }, () => {
  it('fills, saves and reloads the record, and picks a doctor through hospital → department → doctor', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}${RECORD}?sourceId=3`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '王小明', complete: false });
      await page.waitForURL((url) => url.pathname === RECORD);

      // 基本信息: the name given at registration is offered; a name is required on the first save.
      await page.getByRole('tab', { name: '基本信息' }).waitFor();
      await page.getByRole('textbox', { name: '姓名' }).and(page.locator('[value="王小明"]')).waitFor();
      await page.getByRole('textbox', { name: '姓名' }).fill('');
      await page.getByRole('button', { name: '提交' }).tap();
      await toastSeen(page, '请输入姓名');
      await page.getByRole('textbox', { name: '姓名' }).fill('王小明');
      await page.getByRole('textbox', { name: '身份证号' }).fill(ID_NUMBER);
      assert.equal(await page.getByLabel('出生日期', { exact: true }).innerText(), '1949-12-31');
      assert.equal(await page.getByLabel('性别', { exact: true }).innerText(), '女');
      await page.getByRole('textbox', { name: '身高' }).fill('160');
      await page.getByRole('textbox', { name: '体重' }).fill('55.5');
      assert.equal(await page.getByLabel('BMI', { exact: true }).innerText(), '21.68 标准');
      // The region picker opens at the first entries: 北京市 北京市 东城区.
      await page.getByRole('button', { name: '所在地区' }).tap();
      await page.locator('.adm-picker-view-column-item').first().waitFor();
      await page.getByText('确定', { exact: true }).tap();
      await page.getByRole('button', { name: '所在地区' }).filter({ hasText: '北京市 北京市 东城区' }).waitFor();
      await page.getByRole('textbox', { name: '详细地址' }).fill('东四十条8号');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-record-basic'), fullPage: true });

      // 生活方式: a smoker is asked for the daily count.
      await page.getByRole('tab', { name: '生活方式' }).tap();
      await chip(page, '吸烟情况', '吸烟');
      await page.getByRole('button', { name: '提交' }).tap();
      await toastSeen(page, '请填写每日吸烟数量');
      await page.getByRole('textbox', { name: '每日吸烟数量' }).fill('10');
      await chip(page, '饮酒情况', '从不饮酒');
      await chip(page, '运动频率', '每周3~5次');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-record-lifestyle'), fullPage: true });

      // 病历信息: the treatment comes from /treatment and the unsaved form survives the visit.
      await page.getByRole('tab', { name: '病历信息' }).tap();
      await chip(page, '糖尿病类型', '2型糖尿病');
      await chip(page, '糖尿病并发症', '糖尿病足');
      await page.getByRole('button', { name: '治疗方式' }).tap();
      await page.waitForURL((url) => url.pathname === '/treatment');
      await chip(page, '治疗方式', '饮食控制');
      await chip(page, '治疗方式', '胰岛素');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-record-treatment') });
      await page.getByRole('button', { name: '确定' }).tap();
      await page.waitForURL((url) => url.pathname === RECORD);
      await page.getByRole('button', { name: '治疗方式' }).filter({ hasText: '饮食控制、胰岛素' }).waitFor();
      await page.getByRole('button', { name: '提交' }).tap();
      await toastSeen(page, '保存成功');

      // The doctor: the user's city first, then hospital → department → doctor.
      await page.getByRole('button', { name: '就诊医生' }).tap();
      const picker = page.getByRole('dialog', { name: '选择就诊医生' });
      await picker.getByText('北京德康医院').tap();
      await picker.getByText('内分泌科', { exact: true }).tap();
      await picker.getByRole('heading', { name: '北京德康医院 · 内分泌科' }).waitFor();
      await picker.getByText('陈立群').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-record-doctor-picker') });
      await picker.getByText('陈立群').tap();
      await toastSeen(page, '保存成功');
      await page
        .getByRole('button', { name: '就诊医生' })
        .filter({ hasText: '陈立群（北京德康医院 内分泌科）' })
        .waitFor();

      // After a reload everything comes back from the server; the name is now locked.
      await page.reload();
      await page.getByRole('tab', { name: '基本信息' }).waitFor();
      assert.equal(await page.getByLabel('姓名', { exact: true }).innerText(), '王小明');
      assert.equal(await page.getByRole('textbox', { name: '姓名' }).count(), 0);
      assert.equal(await page.getByRole('textbox', { name: '身份证号' }).inputValue(), ID_NUMBER);
      assert.equal(await page.getByLabel('性别', { exact: true }).innerText(), '女');
      assert.equal(await page.getByRole('textbox', { name: '体重' }).inputValue(), '55.5');
      assert.equal(await page.getByLabel('BMI', { exact: true }).innerText(), '21.68 标准');
      await page.getByRole('button', { name: '所在地区' }).filter({ hasText: '北京市 北京市 东城区' }).waitFor();
      await page.getByRole('tab', { name: '生活方式' }).tap();
      assert.equal(await page.getByRole('textbox', { name: '每日吸烟数量' }).inputValue(), '10');
      await page.getByRole('tab', { name: '病历信息' }).tap();
      await page.getByRole('button', { name: '治疗方式' }).filter({ hasText: '饮食控制、胰岛素' }).waitFor();
      await page.getByRole('button', { name: '就诊医生' }).filter({ hasText: '陈立群' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('health-record-reloaded'), fullPage: true });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
