// The patient's consultation screens on a phone (issue 19, ADR 0151): a new patient buys two of
// demo.doctor's single consultations (paid with the local provider, described through the API) and
// on the phone: the list's cards, the waiting chat and its cancel (取消成功 … 原路退回, then 找医生);
// the chat switching to the input bar the moment the doctor accepts; /consult/more's hotline and
// 结束咨询 (then 购买服务); /consultationDetails with the photo, and its cancel after the doctor
// accepted meanwhile (50008 → the chat); the 我的 badge and 在线问诊 counting the doctor's message.
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

/** demo.doctor's console token and the single consultation its linked doctor offers. */
async function demoDoctor(patientToken) {
  const { token } = await apiCall('POST', '/console/v1/signIn', { username: 'demo.doctor', password: 'Doctor#2026' });
  const me = await apiCall('GET', '/console/v1/me', undefined, token);
  assert.ok(me.staff.doctorId, 'demo.doctor is linked to a directory doctor');
  const services = await apiCall(
    'GET',
    `/consult/v1/queryService?doctorId=${me.staff.doctorId}`,
    undefined,
    patientToken,
  );
  assert.ok(services.onceConsult, 'the linked doctor offers a single consultation');
  return { token, doctorId: me.staff.doctorId, serviceId: services.onceConsult.serviceId };
}

/** Buys the service, pays it with the local provider and describes the illness: status 3. */
async function waitingConsult(patientToken, serviceId, desc, imgList = []) {
  const bought = await apiCall('POST', '/consult/v1/pay', { serviceId }, patientToken);
  await apiCall('POST', '/payment/v1/prepay', { intentId: bought.intent.intentId }, patientToken);
  await apiCall('POST', '/payment/v1/localPay', { intentId: bought.intent.intentId, action: 'pay' }, patientToken);
  const saved = await apiCall(
    'POST',
    '/consult/v1/saveDiagnosticInfo',
    { sessionId: bought.sessionId, diagnosticInfo: { desc, imgList } },
    patientToken,
  );
  assert.equal(saved.status, 3);
  return saved;
}

let doctorSeq = 0;
async function doctorSays(token, sessionId, text) {
  doctorSeq += 1;
  return apiCall(
    'POST',
    '/console/v1/chat/send',
    { sessionId, clientId: `e2e-consult-${Date.now()}-${doctorSeq}`, payload: { type: 'text', text } },
    token,
  );
}

describe('the patient’s consultation screens on a phone', { skip }, () => {
  it('lists the demo patient’s consultations in every status and opens each where the domain says', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/?deviceKey=demo-patient-0000000001&tab=mine`);
      await page.getByText('在线问诊', { exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/myConsultList');
      const cards = page.getByLabel('问诊消息').getByRole('link');
      await page.getByText('没有更多了').waitFor();
      const labels = await cards.evaluateAll((links) =>
        links.map((link) => link.querySelector('[data-status]')?.textContent ?? ''),
      );
      assert.deepEqual([...labels].sort(), ['咨询中', '已取消', '已结束', '待填写病情', '待接诊'].sort());
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-list-demo'), fullPage: true });
      // A paid single consultation not yet described opens the submission page; the others their chat.
      const toConsult = cards.filter({ hasText: '待填写病情' });
      assert.match((await toConsult.getAttribute('href')) ?? '', /^\/findDoctor\/subConsult\?/);
      for (const label of ['咨询中', '已取消', '已结束', '待接诊']) {
        assert.match((await cards.filter({ hasText: label }).getAttribute('href')) ?? '', /^\/findDoctor\/C2CChat\?/);
      }
      await cards.filter({ hasText: '已结束' }).tap();
      await page.getByRole('link', { name: '购买服务' }).waitFor();
      await page.screenshot({ path: shot('consult-chat-demo-finished') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('lists, cancels, follows the accept live, ends, shows the details and counts unread', async () => {
    const { context, page, problems } = await openPhone(browser);
    /** @type {string[]} */
    const refused = [];
    page.on('response', (response) => {
      if (response.status() >= 400) {
        refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
      }
    });
    try {
      await page.goto(`${BASE_URL}/contactUs`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '孙建华' });
      await page.waitForURL((url) => url.pathname === '/contactUs');
      const patient = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
      const doctor = await demoDoctor(patient);

      // 1. Waiting for the doctor: the card, the chat's banner, the cancel and 找医生.
      const first = await waitingConsult(
        patient,
        doctor.serviceId,
        '最近一周空腹血糖在8到9之间，想请医生看看用药是否需要调整。',
      );
      await page.goto(`${BASE_URL}/findDoctor/myConsultList`);
      const cards = page.getByLabel('问诊消息');
      const card = cards.getByRole('link').first();
      await card.getByText('待接诊').waitFor();
      await card.getByText(/^下单时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-list') });
      await card.tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      await page.getByText('等待医生接诊，医生24小时内未接诊将自动取消并全额退款').waitFor();
      await page
        .getByRole('list', { name: '聊天记录' })
        .getByText(/^已通知医生，请耐心等待医生接诊/)
        .waitFor();
      await page.locator('header').getByText('王明远').waitFor();
      assert.equal(await page.getByRole('textbox', { name: '消息' }).count(), 0);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-chat-waiting') });
      await page.getByRole('button', { name: '取消咨询' }).tap();
      await page.getByRole('button', { name: '确定取消' }).tap();
      await page.getByText('取消成功，费用将自动原路退回（可能有延迟）').waitFor();
      await page.getByRole('link', { name: '找医生' }).waitFor();
      await page.screenshot({ path: shot('consult-chat-cancelled') });
      const cancelled = await apiCall(
        'GET',
        `/consult/v1/querySessionBySessionId?sessionId=${first.sessionId}`,
        undefined,
        patient,
      );
      assert.equal(cancelled.status, 4);

      // 2. The doctor accepts while the patient watches: the input bar comes without a reload.
      const second = await waitingConsult(patient, doctor.serviceId, '餐后两小时血糖常在12以上，晚上口渴明显。');
      await page.goto(`${BASE_URL}/findDoctor/C2CChat?sessionId=${second.sessionId}&status=3&type=1`);
      // The history shows once the socket is open too: from then on the doctor's messages arrive live.
      await page
        .getByRole('list', { name: '聊天记录' })
        .getByText('餐后两小时血糖常在12以上，晚上口渴明显。')
        .waitFor();
      await page.getByRole('button', { name: '取消咨询' }).waitFor();
      await apiCall('POST', `/console/v1/consults/${second.consultId}/accept`, {}, doctor.token);
      await page.getByRole('textbox', { name: '消息' }).waitFor();
      await page.getByText('咨询中', { exact: true }).waitFor();
      await doctorSays(doctor.token, second.sessionId, '您好，我看了您的描述，请问目前在用什么降糖药？');
      await page.getByText('您好，我看了您的描述，请问目前在用什么降糖药？').waitFor();
      await page.screenshot({ path: shot('consult-chat-accepted') });

      // 3. 更多: the hotline and 结束咨询 with its confirm, back to the chat with 购买服务.
      await page.getByRole('link', { name: '更多' }).tap();
      await page.waitForURL((url) => url.pathname === '/consult/more');
      await page.getByText(/请拨打客服热线 400-826-0404（服务时间：每天 7:00–00:30）/).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-more') });
      await page.getByRole('button', { name: '结束咨询' }).tap();
      await page.getByRole('button', { name: '确定结束' }).tap();
      await page.getByText('本次咨询已结束').first().waitFor();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      const buy = page.getByRole('link', { name: '购买服务' });
      await buy.waitFor();
      assert.equal(await buy.getAttribute('href'), `/findDoctor/doctorDetail?doctorId=${doctor.doctorId}`);
      assert.equal(await page.getByRole('textbox', { name: '消息' }).count(), 0);
      await page.screenshot({ path: shot('consult-chat-ended') });

      // 4. The details with a photo; the doctor accepts meanwhile and the cancel answers 50008.
      const photo = await apiCall(
        'POST',
        '/common/v1/uploadImage',
        { data: solidPng(64).toString('base64'), businessCode: 273 },
        patient,
      );
      const third = await waitingConsult(patient, doctor.serviceId, '这两天头晕，血压也偏高，想一起咨询。', [
        photo.path,
      ]);
      await page.goto(`${BASE_URL}/consultationDetails?sessionId=${third.sessionId}`);
      const service = page.getByRole('region', { name: '服务信息' });
      await service.getByText('待接诊').waitFor();
      await page.getByRole('img', { name: '病情图片1' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('consult-details'), fullPage: true });
      await apiCall('POST', `/console/v1/consults/${third.consultId}/accept`, {}, doctor.token);
      await page.getByRole('button', { name: '取消咨询' }).tap();
      // The chat that opens marks the doctor's approveConsult read; step 5 counts only what comes after.
      const marked = page.waitForResponse((response) => response.url().endsWith('/consult/v1/setSessionReaded'));
      await page.getByRole('button', { name: '确定取消' }).tap();
      await page.getByText('医生已接诊，无法取消，请继续咨询').waitFor();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      await page.getByRole('textbox', { name: '消息' }).waitFor();
      assert.equal((await marked).status(), 200);

      // 5. A message from the doctor counts on 我的 and on 在线问诊 until the chat is read.
      await page.goto(`${BASE_URL}/?tab=mine`);
      await doctorSays(doctor.token, third.sessionId, '头晕时请先测一下血压，把数值发给我。');
      await page.reload();
      const entry = page.getByRole('link', { name: '在线问诊，1条未读' });
      await entry.waitFor();
      await page.screenshot({ path: shot('consult-mine-unread') });
      await entry.tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/myConsultList');
      await page
        .getByLabel('问诊消息')
        .getByText(/^头晕时请先测一下血压/)
        .waitFor();
      // The one refusal is the cancel the doctor's accept overtook (50008), which the app handles.
      assert.deepEqual(refused, ['400 /api/consult/v1/cancel']);
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('status of 400')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
