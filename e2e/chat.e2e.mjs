/* global document */
// The patient's chat on a phone (issue 18 §4): the demo patient opens the running consultation with
// demo.doctor, sends a text, a picture and a voice clip (held 1.5 s on a fake microphone); the doctor
// answers through the console API; then the phone goes offline, both sides write, and once it is back
// every message shows exactly once and matches the server's history.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth } from './helpers.mjs';

const DEMO_PATIENT = 'demo-patient-0000000001';
/** A 24×24 PNG of one colour (a real, well-formed file: the server checks the bytes). */
function meterPhoto() {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const size = 24;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

let clientSeq = 0;
/** The doctor writes through the console API (as the console's chat page does). */
async function doctorSays(token, sessionId, text) {
  clientSeq += 1;
  return apiCall(
    'POST',
    '/console/v1/chat/send',
    { sessionId, clientId: `e2e-doctor-${Date.now()}-${clientSeq}`, payload: { type: 'text', text } },
    token,
  );
}

describe('the patient’s chat on a phone', { skip }, () => {
  it('sends text, a picture and a voice clip, hears the doctor, and loses or doubles nothing offline', async () => {
    const { token: doctor } = await apiCall('POST', '/console/v1/signIn', {
      username: 'demo.doctor',
      password: 'Doctor#2026',
    });
    const sessions = await apiCall('GET', '/console/v1/chat/sessions', undefined, doctor);
    const session = sessions.items.find((item) => item.patient?.nickname === '张建国');
    assert.ok(session, 'the demo chat exists');
    const sessionId = session.sessionId;

    const { context, page, problems } = await openPhone(browser);
    try {
      await context.grantPermissions(['microphone'], { origin: BASE_URL });
      // The way in: 我的 → 在线问诊 → the consultation's card (the mine tab makes no 长辈模式 offer).
      await page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT}&tab=mine`);
      await page.getByText('在线问诊', { exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/myConsultList');
      // The demo patient has a consultation in each status: the running one's card.
      const card = page.getByLabel('问诊消息').getByRole('link').filter({ hasText: '记下了，谢谢王医生！' });
      await card.getByText('咨询中').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('chat-list') });
      await card.tap();
      await page.waitForURL((url) => url.pathname === '/findDoctor/C2CChat');
      assert.equal(new URL(page.url()).searchParams.get('sessionId'), sessionId);
      assert.equal(new URL(page.url()).searchParams.get('status'), '2');
      const chat = page.getByRole('list', { name: '聊天记录' });
      await chat.getByText('记下了，谢谢王医生！').waitFor();
      await chat.getByText('医生已接诊').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('chat-opened') });

      // Text.
      const box = page.getByRole('textbox', { name: '消息' });
      await box.fill('王医生，今天早上空腹血糖 6.8，比上周好一些。');
      await page.getByRole('button', { name: '发送', exact: true }).tap();
      await chat.locator('li[data-state="sent"]', { hasText: '今天早上空腹血糖 6.8' }).waitFor();
      assert.equal(await box.inputValue(), '');

      // A picture (the send throttle allows one message a second).
      await page.waitForTimeout(1100);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'meter.png', mimeType: 'image/png', buffer: meterPhoto() });
      await chat.locator('li[data-state="sent"] img[alt="图片消息"]').waitFor();

      // A voice clip: hold the button 1.5 s (it records after 400 ms), release to send.
      await page.waitForTimeout(1100);
      await page.getByRole('button', { name: '切换到语音输入' }).tap();
      const hold = page.getByRole('button', { name: '按住 说话' });
      const where = await hold.boundingBox();
      assert.ok(where);
      await page.mouse.move(where.x + where.width / 2, where.y + where.height / 2);
      await page.mouse.down();
      await page.getByRole('button', { name: '松开 发送' }).waitFor();
      await page.waitForTimeout(1500);
      await page.mouse.up();
      await chat
        .locator('li[data-state="sent"]')
        .getByRole('button', { name: /^语音 \d+ 秒/ })
        .waitFor();
      await page.getByRole('button', { name: '切换到文字输入' }).tap();

      // The doctor answers through the API and it arrives on the phone.
      await doctorSays(doctor, sessionId, '收到，继续保持。这张血糖仪照片很清楚。');
      await chat.getByText('收到，继续保持。这张血糖仪照片很清楚。').waitFor();
      await page.screenshot({ path: shot('chat-sent-text-image-voice') });

      // Offline: the doctor writes twice, the patient once; nothing is lost or doubled when back.
      await context.setOffline(true);
      await page.getByRole('status').getByText('网络已断开，正在重新连接…').waitFor();
      await doctorSays(doctor, sessionId, '断网期间的第一条：记得晚饭后散步。');
      await doctorSays(doctor, sessionId, '断网期间的第二条：下周一复查空腹血糖。');
      await page.waitForTimeout(1100);
      await box.fill('我这边网络不好，稍后再看。');
      await page.getByRole('button', { name: '发送', exact: true }).tap();
      await chat.locator('li[data-state="failed"]', { hasText: '我这边网络不好' }).waitFor();
      await page.screenshot({ path: shot('chat-offline') });
      await context.setOffline(false);
      await chat.locator('li[data-state="sent"]', { hasText: '我这边网络不好' }).waitFor({ timeout: 30_000 });
      await chat.getByText('断网期间的第二条：下周一复查空腹血糖。').waitFor();
      // The consultation's own status line stays; the reconnecting notice goes.
      await page.getByRole('status').filter({ hasText: '网络已断开' }).waitFor({ state: 'hidden' });
      await page.screenshot({ path: shot('chat-back-online') });

      const history = await apiCall(
        'GET',
        `/console/v1/chat/messages?sessionId=${sessionId}&pageSize=50`,
        undefined,
        doctor,
      );
      const shown = await chat.locator(':scope > li').count();
      assert.equal(shown, history.items.length, 'the phone shows each stored message once');
      for (const text of ['断网期间的第一条', '断网期间的第二条', '我这边网络不好', '今天早上空腹血糖 6.8']) {
        assert.equal(await chat.locator(':scope > li', { hasText: text }).count(), 1, `${text} once`);
        assert.equal(history.items.filter((m) => m.payload.text?.includes(text)).length, 1, `${text} stored once`);
      }
      assert.equal(await chat.locator('li[data-state="failed"], li[data-state="pending"]').count(), 0);
      const fontSize = await box.evaluate((el) =>
        Number.parseFloat(document.defaultView.getComputedStyle(el).fontSize),
      );
      assert.ok(fontSize >= 18, `the input's text is large (${fontSize}px)`);
      // The same account opens the chat elsewhere: this phone is told, and stops reconnecting.
      const elsewhere = await context.newPage();
      await elsewhere.goto(page.url());
      await elsewhere.getByRole('list', { name: '聊天记录' }).getByText('我这边网络不好，稍后再看。').waitFor();
      await page.getByRole('alert').filter({ hasText: '该账号已在别处登录，请刷新后重试' }).waitFor();
      await page.getByRole('dialog').getByText('该账号已在别处登录，请刷新后重试').waitFor();
      await page.screenshot({ path: shot('chat-kicked') });
      await page.getByRole('button', { name: '知道了' }).tap();
      assert.equal(
        await page.getByRole('status').filter({ hasText: '网络已断开' }).count(),
        0,
        'no reconnecting notice after a kick',
      );
      assert.equal(await page.getByRole('textbox', { name: '消息' }).count(), 0, 'no input bar after a kick');

      // While offline the browser logs the calls it could not make (the reconnect's querySig); nothing else.
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('net::ERR_INTERNET_DISCONNECTED')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
