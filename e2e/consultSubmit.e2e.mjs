// The patient's submission and the prescription intake forms on a phone (issue 19, ADRs 0149–0150):
// a new patient pays demo.doctor's single consultation with the local provider and describes it on
// /findDoctor/subConsult (the content's 300 limit, a photo through the uploader, 提交 → the chat
// waiting for the doctor); after cancelling it, pays again and goes the prescription way:
// checkPatientInfo → fillInformation (every field required, the ID checked) → discripIllness →
// allergicHistory (exclusive options, 其他 needs its detail) → chooseDrugStore → the chat.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient, solidPng } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** demo.doctor's linked doctor and its single consultation. */
async function demoDoctor(patientToken) {
  const { token } = await apiCall('POST', '/console/v1/signIn', { username: 'demo.doctor', password: 'Doctor#2026' });
  const { staff } = await apiCall('GET', '/console/v1/me', undefined, token);
  assert.ok(staff.doctorId, 'demo.doctor is linked to a directory doctor');
  const services = await apiCall('GET', `/consult/v1/queryService?doctorId=${staff.doctorId}`, undefined, patientToken);
  return { doctorId: staff.doctorId, serviceId: services.onceConsult.serviceId };
}

/** Buys the service and pays it with the local provider: a consultation in status 1. */
async function paidConsult(patientToken, serviceId) {
  const bought = await apiCall('POST', '/consult/v1/pay', { serviceId }, patientToken);
  await apiCall('POST', '/payment/v1/prepay', { intentId: bought.intent.intentId }, patientToken);
  await apiCall('POST', '/payment/v1/localPay', { intentId: bought.intent.intentId, action: 'pay' }, patientToken);
  return bought.sessionId;
}

const toastText = (page, text) => page.locator('.adm-toast-main').filter({ hasText: text }).waitFor();

describe('the consultation submission on a phone', { skip }, () => {
  it('describes a paid consultation, then goes the prescription way with patient information, allergy and pharmacy', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await context.grantPermissions(['geolocation'], { origin: BASE_URL });
      // 西单, Beijing: the seed has pharmacies around it.
      await context.setGeolocation({ latitude: 39.9131, longitude: 116.3742 });
      await page.goto(`${BASE_URL}/contactUs`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '赵桂芳' });
      await page.waitForURL((url) => url.pathname === '/contactUs');
      const patient = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
      const doctor = await demoDoctor(patient);

      // 1. The submission page: required content, the limit's toast, a photo, 提交 → the waiting chat.
      const first = await paidConsult(patient, doctor.serviceId);
      const query = new URLSearchParams({
        sessionId: first,
        doctorId: String(doctor.doctorId),
        doctorName: doctor.name,
      });
      await page.goto(`${BASE_URL}/findDoctor/subConsult?${query.toString()}`);
      await page.getByRole('heading', { name: '提交咨询' }).waitFor();
      await page.getByRole('button', { name: '提交' }).tap();
      await toastText(page, '请输入咨询内容');
      const content = page.getByRole('textbox', { name: /咨询内容/ });
      await content.fill('糖'.repeat(310));
      await toastText(page, '咨询内容最多输入300个字');
      assert.equal((await content.inputValue()).length, 300);
      await content.fill('最近一周空腹血糖在8到9之间，晚饭后偶尔头晕，想请医生看看二甲双胍的用量是否需要调整。');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: solidPng(64) });
      await page.getByRole('button', { name: '删除图片' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-submit') });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      const chat = new URL(page.url()).searchParams;
      assert.equal(chat.get('sessionId'), first);
      assert.equal(chat.get('status'), '3');
      const saved = await apiCall('GET', `/consult/v1/querySessionBySessionId?sessionId=${first}`, undefined, patient);
      assert.equal(saved.status, 3);
      assert.equal(saved.diagnosticInfo.imgList.length, 1);
      // The chat shows the description the server posted (startConsult) and no loader is left over.
      await page
        .getByText(/最近一周空腹血糖在8到9之间/)
        .first()
        .waitFor();
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 5_000 });
      await page.screenshot({ path: shot('consult-submit-chat') });
      // The photo's note (imgStartConsult) leads to the details page, where the photo is shown.
      await page.getByRole('link', { name: '查看图片' }).tap();
      await page.waitForURL((url) => url.pathname === '/consultationDetails');
      await page.getByRole('img', { name: '病情图片1' }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');

      // 2. A new purchase needs the previous one ended: cancel it, pay again, take the prescription way.
      await apiCall('POST', '/consult/v1/cancel', { sessionId: first }, patient);
      const second = await paidConsult(patient, doctor.serviceId);
      query.set('sessionId', second);
      await page.goto(`${BASE_URL}/findDoctor/subConsult?${query.toString()}`);
      await page.getByRole('link', { name: '填写处方信息' }).tap();
      await page.waitForURL((url) => url.pathname === '/recipe/fillInformation');
      await page.getByRole('textbox', { name: '姓名' }).waitFor();
      await page.getByRole('button', { name: '下一步' }).tap();
      await toastText(page, '所有选项均为必填项');
      await page.getByRole('textbox', { name: '姓名' }).fill('赵桂芳');
      await page.getByRole('textbox', { name: '身份证号' }).fill('11010519491231002X');
      await page.getByRole('button', { name: '出生日期' }).filter({ hasText: '1949-12-31' }).waitFor();
      await page.getByRole('button', { name: '民族' }).tap();
      await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).last().tap();
      await page.getByRole('button', { name: '民族' }).filter({ hasText: '汉族' }).waitFor();
      await assertFitsWidth(page);
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await page.screenshot({ path: shot('recipe-fill-information') });
      await page.getByRole('button', { name: '下一步' }).tap();

      await page.waitForURL((url) => url.pathname === '/recipe/discripIllness');
      await page.getByRole('button', { name: '下一步' }).tap();
      await toastText(page, '请输入病情描述');
      await page
        .getByRole('textbox', { name: /病情描述/ })
        .fill('2型糖尿病六年，一直服用二甲双胍，药快吃完了，想续开。');
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('recipe-discrip-illness') });
      await page.getByRole('button', { name: '下一步' }).tap();

      await page.waitForURL((url) => url.pathname === '/recipe/allergicHistory');
      const options = page.getByRole('group', { name: '过敏史选项' });
      await options.getByRole('button', { name: '青霉素类' }).tap();
      await options.getByRole('button', { name: '头孢菌素类' }).tap();
      await options.getByRole('button', { name: '无过敏史' }).tap();
      assert.equal(await options.locator('[aria-pressed="true"]').count(), 1);
      await options.getByRole('button', { name: /其他/ }).tap();
      await page.getByRole('button', { name: '下一步' }).tap();
      await toastText(page, '请输入详细过敏史');
      await page.getByRole('textbox', { name: /详细过敏史/ }).fill('对海鲜过敏，吃后起皮疹');
      await assertFitsWidth(page);
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await page.screenshot({ path: shot('recipe-allergic-history') });
      await page.getByRole('button', { name: '下一步' }).tap();

      await page.waitForURL((url) => url.pathname === '/recipe/chooseDrugStore');
      await page.getByRole('group', { name: '当前位置' }).getByRole('button', { name: '重新定位' }).tap();
      await page
        .getByRole('button', { name: /所在地区/ })
        .filter({ hasText: '北京市 北京市 西城区' })
        .waitFor();
      const storeName = '康宁大药房（西单店）';
      const card = page.getByRole('article', { name: storeName });
      await card.getByRole('button', { name: '选择' }).tap();
      await page.getByText(`已选择：${storeName}`).waitFor();
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('recipe-choose-drug-store') });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      const described = await apiCall(
        'GET',
        `/consult/v1/querySessionBySessionId?sessionId=${second}`,
        undefined,
        patient,
      );
      assert.equal(described.status, 3);
      assert.deepEqual(described.allergicHistory, { items: ['5'], detail: '对海鲜过敏，吃后起皮疹' });
      assert.equal(described.drugStore?.store, storeName);
      const info = await apiCall('GET', '/patient/v1/checkPatientInfo', undefined, patient);
      assert.equal(info, 1);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
