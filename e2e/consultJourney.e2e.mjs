/* global document */
// Issue 19's journey on two browser contexts, everything through the screens: a newly registered
// patient on a phone (390×844) finds demo.doctor's linked doctor, buys the single consultation with
// the local payment sheet, describes the illness with two photos and chats; demo.doctor in the
// console (1280×800) accepts from the queue, replies in the chat, prescribes, advises and ends the
// consultation; demo.pharmacist approves the prescription; the patient opens the prescription from
// the chat (QR seal shown), then the advice, then 去买药, and sees the nearby pharmacies stocking it.
// The single pages' details are tested by their own files (findDoctor, consultSubmit, consultScreens,
// consoleConsult, prescriptions): this one only follows the whole way once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { assertFitsWidth, registerPatient, solidPng } from './helpers.mjs';
import { CONSOLE_URL, DEMO_STAFF, openDesktop, settled, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/journey-${name}.png`;

/** The phone stands in 西单, Beijing: the seed has pharmacies around it. */
const XIDAN = { latitude: 39.9131, longitude: 116.3742 };
/** demo.doctor's linked directory doctor (apps/api/src/seed/doctors.ts). */
const DOCTOR_NAME = '王明远';
const PATIENT_NAME = '韩秀云';
/** A seeded pharmacy near 西单 that stocks every catalogue medicine. */
const PHARMACY = '康宁大药房（西单店）';

/**
 * Opens an antd select and takes its first option (the keyboard's Enter on the active option).
 * @param {import('playwright-core').Locator} combobox
 */
async function pickFirst(combobox) {
  await combobox.click();
  await combobox.and(combobox.page().locator('[aria-expanded="true"]')).waitFor();
  await combobox.press('Enter');
  await combobox.and(combobox.page().locator('[aria-expanded="false"]')).waitFor();
}

/**
 * Fills the console's 开处方 / 用药建议 dialog with one catalogue medicine and sends it.
 * @param {import('playwright-core').Page} page @param {'开处方' | '用药建议'} kind @param {string} content
 */
async function writeRx(page, kind, content) {
  await page.getByRole('button', { name: kind }).click();
  const dialog = page.getByRole('dialog', { name: kind });
  // The dialog starts from a blank form once it has opened: fill it after the opening animation.
  await dialog.waitFor();
  await settled(page);
  if (kind === '开处方') {
    await pickFirst(dialog.getByLabel('处方类别', { exact: true }));
    await dialog.getByLabel('诊断及处理意见').fill(content);
  } else {
    await dialog.getByLabel('建议内容').fill(content);
    if ((await dialog.getByLabel('药品 1', { exact: true }).count()) === 0) {
      await dialog.getByRole('button', { name: /添加药品/ }).click();
    }
  }
  await pickFirst(dialog.getByLabel('药品 1', { exact: true }));
  await dialog.getByLabel('单次剂量 1', { exact: true }).fill('1');
  await pickFirst(dialog.getByLabel('用法 1', { exact: true }));
  await pickFirst(dialog.getByLabel('频次 1', { exact: true }));
  await dialog.getByRole('button', { name: kind === '开处方' ? '提交审核' : '发送给患者' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the online consultation from finding a doctor to the pharmacy', { skip }, () => {
  it('patient, doctor and pharmacist each on their own screen', async () => {
    const patient = await openPhone(browser);
    const doctor = await openDesktop(browser);
    const pharmacist = await openDesktop(browser);
    const phone = patient.page;
    const desk = doctor.page;
    try {
      await patient.context.grantPermissions(['geolocation'], { origin: BASE_URL });
      await patient.context.setGeolocation(XIDAN);

      // 1. The patient registers on the way to 找医生 and finds the doctor by name.
      await phone.goto(`${BASE_URL}/findDoctor/findDoctor`);
      await phone.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(phone, { name: PATIENT_NAME });
      await phone.waitForURL((url) => url.pathname === '/findDoctor/findDoctor');
      await phone.getByRole('textbox', { name: '搜索医生' }).fill(DOCTOR_NAME);
      const doctors = phone.getByLabel('医生列表');
      await phone.waitForFunction((name) => {
        const links = [...document.querySelectorAll('[aria-label="医生列表"] a')];
        return links.length > 0 && links.every((a) => a.textContent?.includes(name));
      }, DOCTOR_NAME);
      await doctors.getByRole('link', { name: DOCTOR_NAME }).first().tap();

      // 2. The doctor's single consultation, paid in the local payment sheet.
      await phone.waitForURL((url) => url.pathname === '/findDoctor/doctorDetail');
      await phone.getByRole('region', { name: '咨询服务' }).getByRole('link', { name: '单次图文咨询' }).tap();
      await phone.waitForURL((url) => url.pathname === '/findDoctor/serviceDetail');
      await phone.getByRole('button', { name: '购买' }).tap();
      const sheet = phone.getByRole('dialog', { name: '支付' });
      await sheet.getByRole('button', { name: '支付' }).tap();

      // 3. The description with two photos, then the chat waiting for the doctor.
      await phone.waitForURL((url) => url.pathname === '/findDoctor/subConsult');
      await phone.getByRole('heading', { name: '提交咨询' }).waitFor();
      const description = '最近两周空腹血糖在8到9之间，餐后常超过12，一直吃二甲双胍，想请医生看看要不要调整用药。';
      await phone.getByRole('textbox', { name: /咨询内容/ }).fill(description);
      await phone.locator('input[type="file"]').setInputFiles([
        { name: 'meter.png', mimeType: 'image/png', buffer: solidPng(64) },
        { name: 'report.png', mimeType: 'image/png', buffer: solidPng(48) },
      ]);
      await phone.getByRole('button', { name: '删除图片' }).nth(1).waitFor();
      await phone.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await assertFitsWidth(phone);
      await phone.screenshot({ path: shot('1-submit') });
      await phone.getByRole('button', { name: '提交' }).tap();
      await phone.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      const sessionId = new URL(phone.url()).searchParams.get('sessionId');
      assert.ok(sessionId, 'the chat names its session');
      const history = phone.getByRole('list', { name: '聊天记录' });
      await history.getByText(description).first().waitFor();
      await phone.getByRole('button', { name: '取消咨询' }).waitFor();
      assert.equal(await phone.getByRole('textbox', { name: '消息' }).count(), 0, 'no input bar before the accept');

      // 4. The doctor takes it from the queue: the description and both photos, 接诊.
      await signInToConsole(desk, DEMO_STAFF.doctor);
      await desk.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '问诊队列' }).click();
      await desk.waitForURL((url) => url.pathname === '/console/consults');
      const row = desk.getByRole('row').filter({ hasText: PATIENT_NAME });
      await row.getByText('待接诊').waitFor();
      await row
        .getByRole('link', { name: new RegExp(PATIENT_NAME) })
        .first()
        .click();
      await desk.waitForURL((url) => /^\/console\/consults\/[^/]+$/.test(url.pathname));
      const consultPath = new URL(desk.url()).pathname;
      await desk.getByText('最近两周空腹血糖在8到9之间').waitFor();
      await desk.getByRole('img', { name: '病情图片 2' }).waitFor();
      await desk.getByRole('button', { name: '接诊' }).click();
      await desk.getByRole('button', { name: '结束咨询' }).waitFor();

      // 5. They chat: the patient's input bar arrives with the accept; a question and an answer.
      const box = phone.getByRole('textbox', { name: '消息' });
      await box.waitFor();
      await box.fill('医生您好，二甲双胍我现在每天吃两次，每次一片。');
      await phone.getByRole('button', { name: '发送', exact: true }).tap();
      await desk.getByRole('link', { name: '进入聊天' }).click();
      await desk.waitForURL(
        (url) => url.pathname === '/console/chat' && url.searchParams.get('sessionId') === sessionId,
      );
      const conversation = desk.getByRole('region', { name: '聊天记录' });
      await conversation.getByText('二甲双胍我现在每天吃两次，每次一片').waitFor();
      await desk.getByRole('textbox', { name: '回复内容' }).fill('您好，我看了您的血糖，先开一点药，用法写在处方里。');
      await desk.getByRole('button', { name: '发送', exact: true }).click();
      await history.getByText('您好，我看了您的血糖，先开一点药，用法写在处方里。').waitFor();
      await assertFitsWidth(phone);
      await phone.screenshot({ path: shot('2-chat') });
      await settled(desk);
      await desk.screenshot({ path: shot('3-console-chat') });

      // 6. Back in the consultation: 开处方, 用药建议, then 结束咨询 after the confirm.
      await desk.goBack();
      await desk.waitForURL((url) => url.pathname === consultPath);
      await desk.getByRole('button', { name: '结束咨询' }).waitFor();
      await writeRx(desk, '开处方', '2型糖尿病，空腹及餐后血糖控制欠佳。继续饮食控制与运动，按处方服药，两周后复查。');
      await desk.getByTestId('consult-rx').first().getByText('审核中').waitFor();
      await writeRx(desk, '用药建议', '晚餐主食减半，饭后散步30分钟；药随餐服用，胃肠不适请及时告诉我。');
      await desk.getByTestId('consult-advice').first().waitFor();
      await desk.getByRole('button', { name: '结束咨询' }).click();
      const confirm = desk.locator('.ant-modal-confirm');
      await confirm.getByRole('button', { name: '结束咨询' }).click();
      await desk.locator('.ant-tag').filter({ hasText: '已结束' }).first().waitFor();
      await settled(desk);
      await desk.screenshot({ path: shot('4-console-ended'), fullPage: true });
      await phone.getByRole('link', { name: '购买服务' }).waitFor();
      assert.equal(await box.count(), 0, 'the input bar leaves with the end');

      // 7. The pharmacist approves the prescription from the review queue.
      await signInToConsole(pharmacist.page, DEMO_STAFF.pharmacist);
      await pharmacist.page.goto(`${CONSOLE_URL}/rx-reviews`);
      const pending = pharmacist.page.locator('.ant-table-row').filter({ hasText: PATIENT_NAME });
      await pending.getByRole('button', { name: /^审核 / }).click();
      const drawer = pharmacist.page.locator('.ant-drawer');
      await drawer.getByText(DOCTOR_NAME, { exact: false }).first().waitFor();
      await drawer.getByRole('button', { name: '通过' }).click();
      await pharmacist.page.locator('.ant-popconfirm').getByRole('button', { name: '通过' }).click();
      // The review writes the notice and the template message before the list reloads: allow for a loaded CI machine.
      await pending.waitFor({ state: 'detached', timeout: 30_000 });

      // 8. The patient opens the prescription from the chat (the QR seal), the advice and 去买药.
      const rxLink = history.getByRole('link', { name: '查看处方' });
      await rxLink.nth(1).waitFor(); // the prescription's note and the review's
      await phone.screenshot({ path: shot('5-chat-ended') });
      await rxLink.last().tap();
      await phone.waitForURL((url) => url.pathname === '/myRecipe/recipeDetail');
      const qr = phone.getByAltText('处方二维码');
      await qr.waitFor();
      assert.ok((await qr.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth)) > 100);
      await assertFitsWidth(phone);
      await phone.screenshot({ path: shot('6-prescription'), fullPage: true });
      await phone.goBack();
      await phone.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      await history.getByRole('link', { name: '查看用药建议' }).tap();
      await phone.waitForURL((url) => url.pathname === '/proposal');
      await phone.getByText('晚餐主食减半', { exact: false }).waitFor();
      await phone.getByRole('link', { name: '去买药' }).tap();
      await phone.waitForURL((url) => url.pathname === '/drugMain' && url.searchParams.has('medicineIds'));
      await phone.getByText('这些药店都可以买到您所需要的药店哦~').waitFor();
      await phone.getByRole('group', { name: '当前位置' }).getByRole('button', { name: '重新定位' }).tap();
      // Located in 西城区: the list narrows to the district, nearest first with the distance.
      await phone
        .getByRole('button', { name: /所在地区/ })
        .filter({ hasText: '北京市 北京市 西城区' })
        .waitFor();
      const store = phone.getByRole('article', { name: PHARMACY });
      await store.getByText(/^\d+(\.\d)?\s?k?m$/).waitFor();
      await phone.getByText('没有更多药店了...').waitFor();
      const shown = await phone.getByRole('article').allInnerTexts();
      assert.ok(shown.length > 0 && shown.every((text) => text.includes('西城区')), shown.join(' | '));
      await assertFitsWidth(phone);
      await phone.screenshot({ path: shot('7-pharmacies') });

      assert.deepEqual(patient.problems, []);
      assert.deepEqual(doctor.problems, []);
      assert.deepEqual(pharmacist.problems, []);
    } finally {
      await patient.context.close();
      await doctor.context.close();
      await pharmacist.context.close();
    }
  });
});
