/* global document */
// Shared steps of the end-to-end tests: fresh phone numbers, codes from the local SMS outbox,
// registration through the app and the phone-width check.
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { BASE_URL, FILE_NUMBER } from './phone.mjs';

/**
 * One call to the API as the web app makes it (brand headers, optional session), answering `data`;
 * the envelope must say 0.
 * @param {string} method @param {string} path @param {unknown} [body] @param {string} [token]
 */
export async function apiCall(method, path, body, token) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'X-Source-Id': '4',
      'X-App-Code': 'wechat_xty',
      // The test's own calls count against an address of this file, as its phones do (phone.mjs).
      'X-Forwarded-For': `198.21.${FILE_NUMBER}.1`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = await response.json();
  assert.equal(envelope.code, 0, `${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A mobile number no earlier run is likely to have registered. */
export function freshPhone(prefix = '139') {
  return `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * The latest verification code the local SMS outbox sent to a phone (the embedded default's
 * provider), waiting briefly for it to arrive.
 * @param {string} phone
 */
export async function outboxCode(phone) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const body = await (await fetch(`${BASE_URL}/api/dev/v1/smsOutbox?phone=${phone}`)).json();
    assert.equal(body.code, 0, `outbox answered ${JSON.stringify(body)}`);
    const latest = [...body.data].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).at(-1);
    if (latest !== undefined) {
      assert.match(latest.code, /^\d{6}$/);
      return latest.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${phone}`);
}

/**
 * Fails when the page is wider than the 390 px phone screen (sideways scrolling).
 * @param {import('playwright-core').Page} page
 */
export async function assertFitsWidth(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page is ${width}px wide on a 390px screen`);
}

/**
 * Scrolls /pdfDetail's manual PDF page by page and waits until each page is drawn (pdf.js draws a
 * page only near the screen): its canvas holds some dark pixels, the manual's text.
 * @param {import('playwright-core').Page} page
 * @param {number} count the manual's pages
 */
export async function drawEveryPdfPage(page, count) {
  for (let n = 1; n <= count; n += 1) {
    const figure = page.getByRole('figure', { name: `第 ${n} 页` });
    await figure.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (pageNumber) => {
        const drawn = document.querySelector(`figure[aria-label="第 ${pageNumber} 页"][data-drawn="true"] canvas`);
        if (drawn === null || drawn.width === 0 || drawn.height === 0) {
          return false;
        }
        const { data } = drawn.getContext('2d').getImageData(0, 0, drawn.width, drawn.height);
        for (let at = 0; at < data.length; at += 4 * 89) {
          if (data[at] < 160) {
            return true;
          }
        }
        return false;
      },
      n,
      { timeout: 30_000 },
    );
  }
}

/**
 * Answers registration's medical questions, which start with nothing chosen: sex, diabetes type
 * and hypertension type (by their labels).
 * @param {import('playwright-core').Page} page
 * @param {{ sex?: string, diabetesType?: string, bloodPressureType?: string }} [answers]
 */
export async function answerMedicalQuestions(
  page,
  { sex = '男', diabetesType = '2型糖尿病', bloodPressureType = '无高血压' } = {},
) {
  await page.getByRole('group', { name: '性别' }).getByText(sex, { exact: true }).tap();
  await page.getByRole('group', { name: '糖尿病类型' }).getByText(diabetesType, { exact: true }).tap();
  await page.getByRole('group', { name: '高血压类型' }).getByText(bloodPressureType, { exact: true }).tap();
}

/**
 * Registers a new user through the app (variant B) from the guarded page it was sent to
 * registration from; the app returns there afterwards. Step 2 is filled with a birthday, the
 * seeded doctor's invite code and an address, or skipped with 跳过 when `complete` is false.
 * @param {import('playwright-core').Page} page
 * @param {{ name: string, phone?: string, complete?: boolean }} user
 * @returns {Promise<string>} the phone number registered
 */
export async function registerPatient(page, { name, phone = freshPhone('137'), complete = true }) {
  await page.getByRole('heading', { name: '注册' }).waitFor();
  await page.getByRole('textbox', { name: '用户名' }).fill(name);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await page.getByRole('button', { name: /秒后获取$/ }).waitFor();
  await page.getByRole('textbox', { name: '验证码' }).fill(await outboxCode(phone));
  await page.locator('label.adm-checkbox', { hasText: '我已阅读并同意' }).locator('.adm-checkbox-icon').tap();
  await page.getByRole('button', { name: '下一步' }).tap();
  await page.getByRole('heading', { name: '完善资料' }).waitFor();
  if (!complete) {
    await page.getByRole('button', { name: '跳过' }).tap();
    return phone;
  }
  await answerMedicalQuestions(page);
  await page.getByRole('button', { name: '出生日期' }).tap();
  await page.getByText('确定', { exact: true }).tap();
  await page.getByRole('button', { name: '出生日期', exact: true }).filter({ hasText: '1972-01-01' }).waitFor();
  await page.getByRole('textbox', { name: '邀请码' }).fill('WANG01');
  await page.getByRole('textbox', { name: '详细地址' }).fill('人民路1号');
  await page.getByRole('button', { name: '完成' }).tap();
  await page.getByText('注册成功！').waitFor();
  return phone;
}

/**
 * A small PNG of one colour (a real, well-formed file: the server checks an upload's bytes).
 * @param {number} size the side in pixels
 */
export function solidPng(size = 24) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x3c)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Fakes the messaging app's JS-SDK for one page: the API's signature says enabled, and the SDK's
 * script defines a `wx` whose scanQRCode answers `scanned` (what the scanner reads off a label) and
 * counts the scans it was asked for (`window.__scans`, `window.__scanRequests` with their scanType).
 * Everything after that boundary — the app's scanner hook, extractImei, the form — is the real app.
 * @param {import('playwright-core').Page} page @param {string} scanned
 */
export async function fakeMessagingAppScanner(page, scanned) {
  await page.route('**/api/wechat/v1/getWxJsConfig?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 0,
        errMsg: '',
        data: { enabled: true, appId: 'wx_e2e', timestamp: 1763600000, nonceStr: 'n0nce', signature: 'sig' },
      }),
    }),
  );
  await page.route('https://res.wx.qq.com/open/js/jweixin-1.6.0.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.wx = {
        config() { setTimeout(() => this._ready && this._ready(), 0); },
        ready(cb) { this._ready = cb; },
        error() {},
        updateAppMessageShareData() {},
        updateTimelineShareData() {},
        scanQRCode(options) {
          window.__scans = (window.__scans || 0) + 1;
          window.__scanRequests = (window.__scanRequests || []).concat([options.scanType]);
          options.success({ resultStr: ${JSON.stringify(scanned)} });
        },
      };`,
    }),
  );
}
