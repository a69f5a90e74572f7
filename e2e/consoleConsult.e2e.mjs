// The doctor's consultation desk on a desktop (1280×800), against the real API: a patient (set up
// through the API: registered, readings, paid with the local provider, description with a photo)
// waits in demo.doctor's 问诊队列; the doctor opens it, sees the description and photo, accepts, reads
// the patient's 健康数据 (charts, tables, summaries), sends 用药建议 (and a prescription when the
// linked doctor may prescribe), and ends the consultation after the confirm
// (docs/adr/0156-consult-readings-window.md, docs/adr/0157-doctor-consultation-pages.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { launchBrowser } from './phone.mjs';
import { apiCall, freshPhone, outboxCode, solidPng } from './helpers.mjs';
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
const shot = (name) => `test-results/console-consult-${name}.png`;

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

/** China wall-clock text of `daysAgo` days before now at `hhmm`. */
function chinaTime(daysAgo, hhmm) {
  const day = new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `${day} ${hhmm}`;
}

/** A new registered patient with a week of readings and a waiting consultation with demo.doctor's doctor. */
async function waitingConsultation(nickname) {
  const signIn = await apiCall(
    'GET',
    `/wechat/v1/getHtmlAccessToken?code=device_${randomUUID().replaceAll('-', '')}&sourceId=4`,
  );
  const token = signIn.token;
  const phone = freshPhone('136');
  await apiCall('POST', '/shortMsg/v1/getCode', { phone }, token);
  await apiCall('POST', '/register/v1/bind', { nickname, phone, validCode: await outboxCode(phone) }, token);
  for (const [daysAgo, sugar, time] of [
    [6, 8.6, '07:00'],
    [5, 11.2, '09:30'],
    [3, 7.4, '07:05'],
    [2, 12.1, '19:40'],
    [1, 6.9, '07:10'],
  ]) {
    await apiCall('POST', '/sugarTest/v1/add', { sugar, createTime: chinaTime(daysAgo, time), tags: [] }, token);
  }
  for (const [daysAgo, sbp, dbp, hr] of [
    [4, 148, 92, 78],
    [2, 156, 98, 82],
    [1, 138, 86, 74],
  ]) {
    await apiCall(
      'POST',
      '/bloodPressureTest/v1/add',
      { sbp, dbp, hr, createTime: chinaTime(daysAgo, '08:00') },
      token,
    );
  }

  const { staff } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor);
  assert.ok(staff.doctorId, 'demo.doctor is linked to a directory doctor');
  const services = await apiCall('GET', `/consult/v1/queryService?doctorId=${staff.doctorId}`, undefined, token);
  const service = services.onceConsult ?? services.intervalConsults[0];
  assert.ok(service, 'demo.doctor offers a service');
  const { sessionId, intent } = await apiCall('POST', '/consult/v1/pay', { serviceId: service.serviceId }, token);
  await apiCall('POST', '/payment/v1/localPay', { intentId: intent.intentId, action: 'pay' }, token);
  const photo = await apiCall(
    'POST',
    '/common/v1/uploadImage',
    { data: solidPng(64).toString('base64'), businessCode: 273 },
    token,
  );
  await apiCall(
    'POST',
    '/consult/v1/saveDiagnosticInfo',
    {
      sessionId,
      diagnosticInfo: {
        desc: '确诊2型糖尿病3年，最近一周早上空腹血糖8左右，晚饭后有时超过12，想请医生看看要不要调整用药。',
        imgList: [photo.path],
      },
    },
    token,
  );
  return { sessionId };
}

describe("the doctor's consultation desk at 1280×800", { skip }, () => {
  it('takes a waiting consultation from the queue to its end, with the patient’s readings and advice', async () => {
    const nickname = `陈桂英${Math.floor(Math.random() * 1000)}`;
    await waitingConsultation(nickname);

    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.doctor);
      await page.getByRole('menu', { name: '功能菜单' }).getByRole('menuitem', { name: '问诊队列' }).click();
      await page.waitForURL((url) => url.pathname === '/console/consults');
      const row = page.getByRole('row').filter({ hasText: nickname });
      await row.waitFor();
      await row.getByText('待接诊').waitFor();
      const waiting = await page.getByTestId('consult-tab-waiting').locator('[title]').getAttribute('title');
      assert.ok(Number(waiting) >= 1, `待接诊 count ${waiting}`);
      await settled(page);
      await page.screenshot({ path: shot('queue') });

      // The consultation: description and photo, then 接诊.
      await row
        .getByRole('link', { name: new RegExp(nickname) })
        .first()
        .click();
      await page.getByText('最近一周早上空腹血糖8左右').waitFor();
      await page.getByRole('img', { name: '病情图片 1' }).waitFor();
      await page.getByRole('button', { name: '接诊' }).click();
      await page.getByRole('button', { name: '结束咨询' }).waitFor();
      await page.locator('.ant-tag').filter({ hasText: '咨询中' }).first().waitFor();
      await settled(page);
      await page.screenshot({ path: shot('accepted'), fullPage: true });

      // 健康数据: the window's readings as a chart and a table, and the summaries.
      await page.getByRole('button', { name: '健康数据' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/readings'));
      await page.getByRole('img', { name: '血糖趋势图' }).waitFor();
      await page.getByRole('cell', { name: '12.1' }).waitFor();
      await page
        .getByTestId('summary-week')
        .getByText(/本期共测量血糖5次/)
        .waitFor();
      await settled(page);
      await page.screenshot({ path: shot('readings'), fullPage: true });
      await page.getByRole('tab', { name: '血压（3）' }).click();
      await page.getByRole('img', { name: '血压趋势图' }).waitFor();
      await page.getByRole('cell', { name: '156' }).waitFor();
      await page.getByRole('button', { name: '返回咨询' }).click();

      // 用药建议 from the catalogue.
      await page.getByRole('button', { name: '用药建议' }).click();
      const advice = page.getByRole('dialog', { name: '用药建议' });
      await advice
        .getByLabel('建议内容')
        .fill('晚餐后血糖偏高：晚餐主食减半，饭后散步30分钟，一周后复测餐后2小时血糖。');
      await advice.getByRole('button', { name: /添加药品/ }).click();
      await pickFirst(advice.getByLabel('药品 1', { exact: true }));
      await advice.getByLabel('单次剂量 1', { exact: true }).fill('1');
      await pickFirst(advice.getByLabel('用法 1', { exact: true }));
      await pickFirst(advice.getByLabel('频次 1', { exact: true }));
      await settled(page);
      await page.screenshot({ path: shot('advice-form') });
      await advice.getByRole('button', { name: '发送给患者' }).click();
      await page.getByTestId('consult-advice').first().waitFor();

      if ((await page.getByRole('button', { name: '开处方' }).count()) > 0) {
        await page.getByRole('button', { name: '开处方' }).click();
        const rx = page.getByRole('dialog', { name: '开处方' });
        await pickFirst(rx.getByLabel('处方类别', { exact: true }));
        await rx.getByLabel('诊断及处理意见').fill('2型糖尿病，血糖控制欠佳。继续二甲双胍，监测空腹及餐后血糖。');
        await pickFirst(rx.getByLabel('药品 1', { exact: true }));
        await rx.getByLabel('单次剂量 1', { exact: true }).fill('1');
        await pickFirst(rx.getByLabel('用法 1', { exact: true }));
        await pickFirst(rx.getByLabel('频次 1', { exact: true }));
        await rx.getByRole('button', { name: '提交审核' }).click();
        await page.getByTestId('consult-rx').first().getByText('审核中').waitFor();
      }

      // 结束咨询 after the confirm.
      await page.getByRole('button', { name: '结束咨询' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText('确定结束本次咨询吗').waitFor();
      await confirm.getByRole('button', { name: '结束咨询' }).click();
      await page.locator('.ant-tag').filter({ hasText: '已结束' }).first().waitFor();
      await confirm.waitFor({ state: 'hidden' });
      assert.equal(await page.getByRole('button', { name: '结束咨询' }).count(), 0);
      await settled(page);
      await page.screenshot({ path: shot('finished'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
