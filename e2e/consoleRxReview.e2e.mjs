// A pharmacist reviews prescriptions in the console at 1280×800 (docs/adr/0159-pharmacist-review-in-the-console.md):
// a new patient's consultation with demo.doctor (bought, paid with the local provider, described and
// accepted through the API) gets two prescriptions; demo.pharmacist finds both under 待审核, reads one
// (patient, doctor, diagnosis, medicines) and approves it, is told a rejection needs a reason, rejects
// the other with one, and finds both under 已审核 with their new statuses; at 处方核销 the patient's QR
// seal of the approved one is dispensed once (a forged seal and a second use are refused). An operator
// has no entry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { apiCall, registerPatient } from './helpers.mjs';
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
const shot = (name) => `test-results/console-rx-review-${name}.png`;

/** A registered patient's token, made through the phone's registration. */
async function newPatient() {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(`${BASE_URL}/contactUs`);
    await page.waitForURL((url) => url.pathname === '/register/register');
    await registerPatient(page, { name: '陈淑芬' });
    await page.waitForURL((url) => url.pathname === '/contactUs');
    return await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
  } finally {
    await context.close();
  }
}

/** Two prescriptions demo.doctor wrote in a running consultation with a new patient: their codes, the first's id, the patient's token. */
async function twoPrescriptions() {
  const doctor = (await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor)).token;
  const patient = await newPatient();
  const me = await apiCall('GET', '/console/v1/me', undefined, doctor);
  const services = await apiCall('GET', `/consult/v1/queryService?doctorId=${me.staff.doctorId}`, undefined, patient);
  const bought = await apiCall('POST', '/consult/v1/pay', { serviceId: services.onceConsult.serviceId }, patient);
  await apiCall('POST', '/payment/v1/prepay', { intentId: bought.intent.intentId }, patient);
  await apiCall('POST', '/payment/v1/localPay', { intentId: bought.intent.intentId, action: 'pay' }, patient);
  await apiCall(
    'POST',
    '/consult/v1/saveDiagnosticInfo',
    { sessionId: bought.sessionId, diagnosticInfo: { desc: '血压最近偏高，早上150/95左右，头有点胀。', imgList: [] } },
    patient,
  );
  await apiCall('POST', `/console/v1/consults/${bought.consultId}/accept`, {}, doctor);
  const line = (medicineId) => ({ medicineId, number: 1, dosage: '1', usaged: '1', rate: '1', time: 30, timeUnit: 0 });
  const write = (content, medicineId, key) =>
    apiCall(
      'POST',
      '/console/v1/rx/prescriptions',
      { consultId: bought.consultId, content, rxCategory: '1', medicines: [line(medicineId)], requestKey: key },
      doctor,
    );
  const stamp = Date.now();
  const approve = await write(
    '原发性高血压1级。低盐饮食，规律作息，按处方服药，每日早晚各测一次血压。',
    8,
    `e2e-review-a-${stamp}`,
  );
  const reject = await write('原发性高血压1级，加用降压药物。', 10, `e2e-review-r-${stamp}`);
  return { approve: approve.rxCode, reject: reject.rxCode, approvedId: approve.infoId, patient };
}

describe('a pharmacist reviews prescriptions at 1280×800', { skip }, () => {
  it('approves one, rejects the other with a reason, and finds both reviewed', async () => {
    const codes = await twoPrescriptions();
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.pharmacist);
      await page.waitForURL((url) => url.pathname === '/console/home');
      await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '处方审核' }).click();
      await page.waitForURL((url) => url.pathname === '/console/rx-reviews');
      const approveRow = page.getByRole('row', { name: new RegExp(codes.approve) });
      const rejectRow = page.getByRole('row', { name: new RegExp(codes.reject) });
      await approveRow.waitFor();
      await rejectRow.getByText('待审核').waitFor();
      await approveRow.getByText(/陈淑芬/).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('queue') });

      await approveRow.getByRole('button', { name: `审核 ${codes.approve}` }).click();
      const drawer = page.getByRole('dialog', { name: `处方 ${codes.approve}` });
      await drawer.getByText('原发性高血压1级。低盐饮食', { exact: false }).waitFor();
      await drawer.getByText('苯磺酸氨氯地平片').waitFor();
      await drawer.getByText(/口服 · .+ · 每次 1片 · 30天/).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('drawer') });
      await drawer.getByRole('button', { name: /通\s*过/ }).click();
      await page
        .getByRole('tooltip')
        .getByRole('button', { name: /通\s*过/ })
        .click();
      await page.getByText('已通过，患者已收到通知').waitFor();
      await drawer.waitFor({ state: 'hidden' });
      await approveRow.waitFor({ state: 'detached' });

      await rejectRow.getByRole('button', { name: `审核 ${codes.reject}` }).click();
      const second = page.getByRole('dialog', { name: `处方 ${codes.reject}` });
      await second.getByRole('button', { name: /驳\s*回/ }).click();
      const reason = page.getByRole('dialog', { name: '驳回处方' });
      await reason.getByRole('button', { name: /^驳\s*回$/ }).click();
      await reason.getByText('请填写驳回原因').waitFor();
      await reason.getByLabel('驳回原因').fill('缬沙坦与患者既往用药重复，请核实后重新开具。');
      await settled(page);
      await reason.screenshot({ path: shot('reject') });
      await reason.getByRole('button', { name: /^驳\s*回$/ }).click();
      await page.getByText('已驳回，患者已收到通知').waitFor();
      await rejectRow.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: '已审核' }).click();
      await page
        .getByRole('row', { name: new RegExp(codes.approve) })
        .getByText('已通过（未使用）')
        .waitFor();
      await page
        .getByRole('row', { name: new RegExp(codes.reject) })
        .getByText('已驳回')
        .waitFor();
      await page.getByRole('button', { name: `查看 ${codes.reject}` }).click();
      const reviewed = page.getByRole('dialog', { name: `处方 ${codes.reject}` });
      await reviewed.getByText('缬沙坦与患者既往用药重复，请核实后重新开具。').waitFor();
      assert.equal(await reviewed.getByRole('button', { name: /通\s*过/ }).count(), 0);
      await settled(page);
      await page.screenshot({ path: shot('reviewed') });
      await reviewed.getByRole('button', { name: /Close|关闭/ }).click();

      // At the counter: the patient's QR seal of the approved prescription is dispensed once.
      const detail = await apiCall('GET', `/rx/v1/queryById?infoId=${codes.approvedId}`, undefined, codes.patient);
      await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '处方核销' }).click();
      await page.waitForURL((url) => url.pathname === '/console/rx-redeem');
      const box = page.getByRole('searchbox', { name: '处方二维码内容' });
      await box.fill('GGRX:not-a-real-seal');
      await box.press('Enter');
      await page.getByRole('alert').getByText('处方不存在').waitFor();
      await box.fill(detail.rxSealExtend.code);
      await box.press('Enter');
      await page.getByText(`已核销处方 ${codes.approve}，请按下列药品发药`).waitFor();
      await page.getByRole('cell', { name: '苯磺酸氨氯地平片' }).waitFor();
      await page.getByText('已使用').first().waitFor();
      await settled(page);
      await page.screenshot({ path: shot('redeemed') });
      await box.fill(detail.rxSealExtend.code);
      await box.press('Enter');
      await page.getByRole('alert').getByText('该处方已使用').waitFor();
      // The forged seal (404) and the second use (409) are the refusals asked for; nothing else failed.
      const refused = /status of (404|409) /;
      assert.deepEqual(
        problems.filter((problem) => !refused.test(problem)),
        [],
      );
      assert.equal(problems.length, 2);
    } finally {
      await context.close();
    }
  });

  it('shows an operator no review entry, and 无权限 at its address', async () => {
    const { context, page } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      const menu = page.getByRole('menu', { name: '功能菜单' });
      await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
      assert.equal(await menu.getByRole('menuitem', { name: '处方审核' }).count(), 0);
      await page.goto(page.url().replace(/\/home$/, '/rx-reviews'));
      await page.getByText('无权限').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
