// Chat on two screens (issue 18 §4): the demo patient on a phone (390×844) and demo.doctor in the
// console (1280×800) exchange text, pictures and voice clips (the doctor's recorded in the console,
// ADR 0141), through the real API and socket; the doctor's connection drops and comes back without
// losing or doubling a message;
// and a session that is not the doctor's own is refused in the page and by the API
// (docs/adr/0130-doctor-chat-in-the-console.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, solidPng } from './helpers.mjs';
import { DEMO_STAFF, openDesktop, signInToConsole } from './console.mjs';

const DEMO_PATIENT = 'demo-patient-0000000001';
/**
 * With E2E_SECOND_BASE_URL (a second API process on the same PostgreSQL) the console talks to that
 * process while the phone talks to E2E_BASE_URL's: every message then crosses processes.
 */
const DESK_URL = process.env.E2E_SECOND_BASE_URL || BASE_URL;
const NOT_MINE = '00000000-0000-4000-8000-000000000000';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

describe('chat between a patient’s phone and the doctor’s console', { skip }, () => {
  it('exchanges text, a picture and a voice clip, and survives a dropped connection', async () => {
    const { token } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor);
    const { items } = await apiCall('GET', '/console/v1/chat/sessions', undefined, token);
    const session = items.find((item) => item.patient?.nickname === '张建国');
    assert.ok(session, 'the demo chat exists');
    const { sessionId } = session;

    const doctor = await openDesktop(browser);
    const patient = await openPhone(browser);
    try {
      // The doctor opens 医患沟通 from the menu: the demo patient's session is open.
      await signInToConsole(doctor.page, DEMO_STAFF.doctor, `${DESK_URL}/console`);
      await doctor.page.getByRole('menuitem', { name: '医患沟通' }).click();
      await doctor.page.waitForURL((url) => url.pathname === '/console/chat');
      const desk = doctor.page.getByRole('region', { name: '聊天记录' });
      await desk.getByRole('heading', { name: '张建国' }).waitFor();
      await desk.getByText('咨询中').waitFor();

      // The patient opens the same chat on the phone.
      assert.equal(new URL(doctor.page.url()).origin, new URL(DESK_URL).origin);
      await patient.context.grantPermissions(['microphone'], { origin: BASE_URL });
      await patient.page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT}`);
      await patient.page.getByRole('tab', { name: '我的' }).waitFor();
      await patient.page.goto(
        `${BASE_URL}/findDoctor/C2CChat?sessionId=${sessionId}&toId=doctor&toName=${encodeURIComponent('王医生')}&status=2&type=1`,
      );
      const phone = patient.page.getByRole('list', { name: '聊天记录' });
      const phoneBox = patient.page.getByRole('textbox', { name: '消息' });
      await phoneBox.waitFor();

      // Doctor → patient: text.
      const reply = doctor.page.getByRole('textbox', { name: '回复内容' });
      await reply.fill('张先生您好，今天早上的空腹血糖是多少？');
      await doctor.page.getByRole('button', { name: '发送', exact: true }).click();
      await desk.locator('[data-state="sent"]', { hasText: '今天早上的空腹血糖是多少' }).waitFor();
      await phone.getByText('张先生您好，今天早上的空腹血糖是多少？').waitFor();
      // Doctor → patient: a picture (after the send throttle's second).
      const phonePictures = await phone.locator('img[alt="图片消息"]').count();
      await doctor.page.waitForTimeout(1100);
      await doctor.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'diet.png', mimeType: 'image/png', buffer: solidPng(32) });
      await desk.locator('[data-state="sent"] img[alt="图片消息"]').last().waitFor();
      await phone.locator('img[alt="图片消息"]').nth(phonePictures).waitFor();
      // Doctor → patient: a voice clip recorded in the console (Chromium's fake microphone, ADR 0141).
      const phoneVoices = phone.getByRole('button', { name: /^语音 \d+ 秒/ });
      const phoneVoicesBefore = await phoneVoices.count();
      await doctor.context.grantPermissions(['microphone'], { origin: new URL(DESK_URL).origin });
      await doctor.page.waitForTimeout(1100);
      await doctor.page.getByRole('button', { name: /录音$/ }).click();
      const stopAndSend = doctor.page.getByRole('button', { name: /停止并发送/ });
      await stopAndSend.waitFor();
      await doctor.page.waitForTimeout(2200);
      await doctor.page.screenshot({ path: shot('console-chat-recording') });
      await stopAndSend.click();
      const deskVoice = desk.locator('[data-state="sent"] audio[aria-label="语音消息"]').last();
      await deskVoice.waitFor();
      await phoneVoices.nth(phoneVoicesBefore).waitFor();
      const clip = await apiCall('GET', `/console/v1/chat/messages?sessionId=${sessionId}`, undefined, token);
      const sentVoice = clip.items.findLast((m) => m.payload.type === 'voice');
      assert.ok(sentVoice && sentVoice.payload.seconds >= 2, 'the doctor’s clip is stored with its length');
      const served = await fetch(new URL(await deskVoice.getAttribute('src'), DESK_URL));
      assert.equal(served.status, 200);
      assert.match(served.headers.get('content-type') ?? '', /^audio\//);

      // Patient → doctor: text, a picture, a voice clip (one message a second: the send throttle).
      await phoneBox.fill('6.9，比上周低了一些。');
      await patient.page.getByRole('button', { name: '发送', exact: true }).tap();
      await desk.getByText('6.9，比上周低了一些。').waitFor();
      await patient.page.waitForTimeout(1100);
      await patient.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: solidPng() });
      await desk.locator('[data-testid="chat-line"] img[alt="图片消息"]').last().waitFor();
      await patient.page.waitForTimeout(1100);
      await patient.page.getByRole('button', { name: '切换到语音输入' }).tap();
      const hold = patient.page.getByRole('button', { name: '按住 说话' });
      const where = await hold.boundingBox();
      assert.ok(where);
      await patient.page.mouse.move(where.x + where.width / 2, where.y + where.height / 2);
      await patient.page.mouse.down();
      await patient.page.getByRole('button', { name: '松开 发送' }).waitFor();
      await patient.page.waitForTimeout(1500);
      await patient.page.mouse.up();
      const voice = desk.locator('[data-testid="chat-line"] audio[aria-label="语音消息"]').last();
      await voice.waitFor();
      assert.match((await voice.getAttribute('src')) ?? '', /^\/api\/files\/uploads\//);
      await patient.page.getByRole('button', { name: '切换到文字输入' }).tap();
      const picture = desk.locator('[data-testid="chat-line"] img[alt="图片消息"]').last();
      assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), 'the picture loads');
      await doctor.page.screenshot({ path: shot('console-chat-received') });
      await patient.page.screenshot({ path: shot('console-chat-phone') });

      // The doctor's connection drops: the patient writes, the doctor writes (failed), then it is back.
      await doctor.context.setOffline(true);
      await desk.getByText('连接中…').waitFor();
      await patient.page.waitForTimeout(1100);
      await phoneBox.fill('断网时患者发的：晚饭后散步了四十分钟。');
      await patient.page.getByRole('button', { name: '发送', exact: true }).tap();
      await phone.locator('li[data-state="sent"]', { hasText: '晚饭后散步了四十分钟' }).waitFor();
      await reply.fill('断网时医生写的：很好，继续保持。');
      await doctor.page.getByRole('button', { name: '发送', exact: true }).click();
      await desk.locator('[data-state="failed"]', { hasText: '断网时医生写的' }).waitFor();
      await doctor.page.screenshot({ path: shot('console-chat-offline') });
      await doctor.context.setOffline(false);
      await desk.locator('[data-state="sent"]', { hasText: '断网时医生写的' }).waitFor({ timeout: 30_000 });
      await desk.getByText('断网时患者发的：晚饭后散步了四十分钟。').waitFor();
      await phone.getByText('断网时医生写的：很好，继续保持。').waitFor();
      await desk.getByText('连接中…').waitFor({ state: 'hidden' });
      await doctor.page.screenshot({ path: shot('console-chat-back-online') });

      const history = await apiCall(
        'GET',
        `/console/v1/chat/messages?sessionId=${sessionId}&pageSize=50`,
        undefined,
        token,
      );
      for (const text of ['断网时患者发的', '断网时医生写的', '6.9，比上周低了一些', '今天早上的空腹血糖是多少']) {
        assert.equal(
          await desk.locator('[data-testid="chat-line"]', { hasText: text }).count(),
          1,
          `${text}: once in the console`,
        );
        assert.equal(await phone.locator(':scope > li', { hasText: text }).count(), 1, `${text}: once on the phone`);
        assert.equal(history.items.filter((m) => m.payload.text?.includes(text)).length, 1, `${text}: stored once`);
      }
      assert.equal(await desk.locator('[data-state="failed"], [data-state="pending"]').count(), 0);
      // While offline the reconnect's querySig cannot load: expected, and nothing else may fail.
      assert.deepEqual(
        doctor.problems.filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED')),
        [],
      );
      assert.deepEqual(patient.problems, []);
    } catch (error) {
      await patient.page.screenshot({ path: shot('console-chat-failed-phone') }).catch(() => undefined);
      await doctor.page.screenshot({ path: shot('console-chat-failed-desk') }).catch(() => undefined);
      console.error(patient.problems, doctor.problems);
      throw error;
    } finally {
      await doctor.context.close();
      await patient.context.close();
    }
  });

  it('refuses a session that is not the doctor’s own, in the page and in the API', async () => {
    const doctor = await openDesktop(browser);
    try {
      await signInToConsole(doctor.page, DEMO_STAFF.doctor, `${DESK_URL}/console`);
      await doctor.page.goto(`${DESK_URL}/console/chat?sessionId=${NOT_MINE}`);
      await doctor.page.getByText('您不是该会话的成员').waitFor();
      await doctor.page.screenshot({ path: shot('console-chat-not-mine') });
      const { token } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor);
      const response = await fetch(`${BASE_URL}/api/console/v1/chat/messages?sessionId=${NOT_MINE}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 403);
      const body = await response.json();
      assert.equal(body.code, 40300);
      assert.equal(body.errMsg, '您不是该会话的成员');
    } finally {
      await doctor.context.close();
    }
  });
});
