// The doctor's glucose monitoring plan (issue 20, spec 3 §2.5, ADRs 0166–0167): a new patient on a
// phone has no plan yet; their consultation with demo.doctor is accepted (status 2); the doctor, in the
// console at 1280×800, issues a three-day plan of every slot from the consultation's 监测计划 panel;
// the patient gets the notice, which opens the plan; a glucose reading recorded through the app marks
// its slot ✓ 已测 and the adherence reaches the doctor's panel. Screenshots in normal and 长辈模式.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient } from './helpers.mjs';
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
const desktopShot = (name) => `test-results/monitoring-plan-console-${name}.png`;

/** A running consultation (status 2) of the patient with demo.doctor's linked doctor. */
async function runningConsult(patientToken) {
  const { token: doctorToken, staff } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor);
  const services = await apiCall('GET', `/consult/v1/queryService?doctorId=${staff.doctorId}`, undefined, patientToken);
  const service = services.onceConsult ?? services.intervalConsults[0];
  assert.ok(service, 'demo.doctor offers a service');
  const bought = await apiCall('POST', '/consult/v1/pay', { serviceId: service.serviceId }, patientToken);
  await apiCall('POST', '/payment/v1/prepay', { intentId: bought.intent.intentId }, patientToken);
  await apiCall('POST', '/payment/v1/localPay', { intentId: bought.intent.intentId, action: 'pay' }, patientToken);
  await apiCall(
    'POST',
    '/consult/v1/saveDiagnosticInfo',
    {
      sessionId: bought.sessionId,
      diagnosticInfo: { desc: '最近空腹血糖8左右，晚饭后偶尔超过12，想请医生安排怎么测。', imgList: [] },
    },
    patientToken,
  );
  await apiCall('POST', `/console/v1/consults/${bought.consultId}/accept`, {}, doctorToken);
  return bought.consultId;
}

/** The number of cells of the plan's table marked `word` (已测 / 待测 / 未测). */
const marked = (page, word) =>
  page.getByRole('table', { name: '监测计划表' }).locator(`[aria-label$="${word}"]`).count();

describe('a monitoring plan from the console on the phone', { skip }, () => {
  it('issues a plan in the console, shows it on the phone, and a reading marks its slot done', async () => {
    const phone = await openPhone(browser);
    const desktop = await openDesktop(browser);
    const { page } = phone;
    try {
      // A new patient: no plan yet.
      await page.goto(`${BASE_URL}/monitoringPlan`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '赵淑芬' });
      await page.waitForURL((url) => url.pathname === '/monitoringPlan');
      await page.getByText('暂无监测计划').waitFor();
      await page.screenshot({ path: shot('monitoring-plan-empty') });
      const patientToken = await page.evaluate(
        () => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token,
      );
      const consultId = await runningConsult(patientToken);

      // The doctor plans three days of every slot from the consultation page.
      const desk = desktop.page;
      await signInToConsole(desk, DEMO_STAFF.doctor);
      await desk.goto(`${BASE_URL}/console/consults/${consultId}`);
      const panel = desk.locator('.ant-card').filter({ hasText: '监测计划' }).filter({ hasText: '制定监测计划' });
      await panel.getByText('还没有给这位患者制定监测计划').waitFor();
      await panel.getByRole('button', { name: /制定监测计划/ }).click();
      const dialog = desk.getByRole('dialog', { name: '制定监测计划' });
      await dialog.getByText('共 7 天、28 次测量', { exact: false }).waitFor();
      await dialog.getByLabel('监测天数').fill('3');
      await dialog.getByRole('button', { name: '每天全部时段' }).click();
      await dialog.getByText('共 3 天、24 次测量', { exact: false }).waitFor();
      // Nothing is sent without a description.
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.getByRole('alert').filter({ hasText: '请填写监测说明' }).waitFor();
      await dialog
        .getByLabel('监测说明')
        .fill('接下来三天请把每个时段的血糖都测一次，餐后血糖在饭后两小时测，测完在 App 里记录。');
      await settled(desk);
      await desk.screenshot({ path: desktopShot('dialog') });
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const plan = panel.getByTestId('monitor-plan');
      await plan.getByText('尚无到期的测量').waitFor();
      await settled(desk);
      await desk.screenshot({ path: desktopShot('issued'), fullPage: true });

      // The patient's notice opens the plan: three dates × 8 slots, all still to measure.
      await page.goto(`${BASE_URL}/notice/noticeList`);
      const notice = page.getByRole('button', { name: /监测计划/ }).first();
      await notice.waitFor();
      await notice.tap();
      await page.waitForURL((url) => url.pathname === '/monitoringPlan');
      const table = page.getByRole('table', { name: '监测计划表' });
      await table.waitFor();
      assert.equal(await table.locator('tbody tr').count(), 3);
      assert.equal(await marked(page, '待测'), 24);
      assert.equal(await marked(page, '已测'), 0);
      await page.getByText('计划刚开始，按时测量后这里会显示完成情况').waitFor();
      await page.getByText('接下来三天请把每个时段的血糖都测一次', { exact: false }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('monitoring-plan-issued'), fullPage: true });

      // A reading recorded through the app now (its slot from the time) marks that slot done.
      await page.getByRole('link', { name: '记录血糖' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/addBloodSugarReport/add');
      await page.getByRole('textbox', { name: '血糖值' }).fill('7.2');
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname !== '/reportCenter/bloodSugar/addBloodSugarReport/add');
      await page.goto(`${BASE_URL}/monitoringPlan`);
      await table.waitFor();
      assert.equal(await marked(page, '已测'), 1);
      assert.equal(await marked(page, '待测'), 23);
      const done = table.locator('[aria-label$="已测"]');
      assert.equal(await done.innerText(), '✓\n已测');
      // The row of today holds it.
      assert.match(
        await table
          .locator('tbody tr')
          .filter({ has: page.locator('[aria-label$="已测"]') })
          .innerText(),
        /今天/,
      );
      await page.getByText('应测 1 次，已测 1 次').waitFor();
      await page.getByText('100%', { exact: true }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('monitoring-plan-done'), fullPage: true });

      // 历史 lists it; tapping it opens the same plan by its id.
      await page.getByRole('link', { name: '历史' }).tap();
      await page.waitForURL((url) => url.pathname === '/monitoringPlanList');
      const list = page.getByLabel('历史监测计划');
      const card = list.getByRole('button').filter({ hasText: '接下来三天' });
      await card.waitFor();
      assert.equal(await list.getByRole('button').count(), 1);
      await page.screenshot({ path: shot('monitoring-plan-list') });
      await card.tap();
      await page.waitForURL((url) => url.pathname === '/monitoringPlan' && url.searchParams.has('monitorId'));
      await table.waitFor();
      assert.equal(await marked(page, '已测'), 1);

      // 长辈模式: the same plan, larger; the table scrolls sideways rather than squeezing.
      await page.goto(`${BASE_URL}/set/set`);
      await page.getByRole('switch', { name: '长辈模式' }).tap();
      await page.locator('html[data-elder="on"]').waitFor({ state: 'attached' });
      await page.goto(`${BASE_URL}/monitoringPlan`);
      await table.waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('monitoring-plan-elder'), fullPage: true });

      // The doctor sees the adherence.
      await desk.reload();
      await plan.getByText('已测 1 / 应测 1').waitFor();
      await settled(desk);
      await desk.screenshot({ path: desktopShot('adherence'), fullPage: true });

      assert.deepEqual(phone.problems, []);
      assert.deepEqual(desktop.problems, []);
    } finally {
      await phone.context.close();
      await desktop.context.close();
    }
  });
});
