/* global document, window */
// Warranty registration on a phone (spec 3 §2.8, issue 22): a new patient registers a meter by
// scanning inside the messaging app — the scanner faked at the JS-SDK boundary (getWxJsConfig and
// the SDK's script), the scanned text read by the app's real extractImei — chooses the model the API
// cannot tell, sees 在保 and the manual; a visitor scans with the camera (Chromium's fake camera
// plays a QR code that ZXing decodes); the patient registers a bound meter from the device page in
// one tap.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import QRCode from 'qrcode';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, fakeMessagingAppScanner, registerPatient } from './helpers.mjs';

const skip = process.env.E2E_STATIC === '1' ? 'needs the API' : false;

/** The seeded demo blood-pressure meter with its public bind code (unbound again at the end). */
const METER = JSON.parse(readFileSync(new URL('../apps/api/src/seed/demoMeters.json', import.meta.url), 'utf8')).find(
  (m) => m.kind === 'bp',
);

/** A device code no meter of the system has, so the API asks for the model. */
const randomImei = () => `86${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

/** What the messaging app's scanner reads from a label: a link with the IMEI in it. */
const labelText = (imei) => `https://m.glucoguard.cn/d?imei=${imei}&v=1`;

/**
 * A Y4M video (what Chromium's fake camera plays) of a QR code holding `text`, black on white,
 * 640×480, a few identical frames.
 * @param {string} text
 */
function qrVideo(text) {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(360 / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (qr.modules.get(y, x)) {
        for (let dy = 0; dy < scale; dy += 1) {
          luma.fill(
            16,
            (top + y * scale + dy) * width + left + x * scale,
            (top + y * scale + dy) * width + left + (x + 1) * scale,
          );
        }
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(tmpdir(), `gg-warranty-qr-${process.pid}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
}

describe('warranty registration', { skip }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {import('playwright-core').Browser} */
  let cameraBrowser;
  /** @type {import('playwright-core').BrowserContext} */
  let patientContext;
  /** @type {import('playwright-core').Page} */
  let patient;
  const cameraImei = randomImei();

  before(async () => {
    browser = await launchBrowser();
    cameraBrowser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(`CODE:X1;IMEI:${cameraImei}`)}`,
    ]);
  });

  after(async () => {
    await browser?.close();
    await cameraBrowser?.close();
  });

  it('registers a meter by scanning in the messaging app, with the model chosen, and opens its manual', async () => {
    const imei = randomImei();
    const phone = await openPhone(browser);
    patientContext = phone.context;
    patient = phone.page;
    const page = patient;
    await fakeMessagingAppScanner(page, labelText(imei));
    // Registers from the device page (a guarded page), then opens 我的产品.
    await page.goto(`${BASE_URL}/devices/unbindDevices`);
    await registerPatient(page, { name: '保修测试' });
    await page.waitForURL(/\/devices\/unbindDevices$/);
    await page.goto(`${BASE_URL}/productList`);
    await page.getByText('尚未添加任何产品').waitFor();
    await page.getByRole('button', { name: '添加产品' }).tap();
    await page.waitForURL(/\/addProduct$/);
    const submit = page.getByRole('button', { name: '提交' });
    assert.equal(await submit.isDisabled(), true, '提交 waits for the date and the IMEI');
    assert.match(await page.getByRole('textbox', { name: '手机号' }).inputValue(), /^1\d{10}$/);
    await page.getByRole('button', { name: '购买日期' }).tap();
    await page.getByText('确定', { exact: true }).tap();
    await page
      .getByRole('button', { name: '购买日期' })
      .filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ })
      .waitFor();
    await page.getByRole('button', { name: '扫码' }).tap();
    await page.waitForFunction((value) => document.querySelector('#warranty-imei')?.value === value, imei, {
      timeout: 10_000,
    });
    assert.equal(await page.evaluate(() => window.__scans), 1);
    await page.screenshot({ path: shot('warranty-add-product') });
    await assertFitsWidth(page);
    await submit.tap();
    // No meter of the system has this IMEI: the API asks for the model and the list opens.
    const sheet = page.getByRole('dialog', { name: '选择产品型号' });
    await sheet.waitFor();
    await sheet.getByRole('tab', { name: '血糖仪' }).tap();
    const firstModel = sheet.locator('li button').first();
    await firstModel.waitFor();
    const model = (await firstModel.innerText()).trim();
    await page.screenshot({ path: shot('warranty-model-picker') });
    await firstModel.tap();
    await page.getByRole('button', { name: '产品型号' }).filter({ hasText: model }).waitFor();
    await submit.tap();
    await page.waitForURL(/\/productDetail\?warrantyId=\d+$/);
    await page.getByRole('heading', { name: model }).waitFor();
    const state = await page.getByLabel('保修状态').innerText();
    assert.match(state, /^在保\s*保修至 \d{4}-\d{2}-\d{2}$/);
    assert.ok((await page.locator('main, #root').innerText()).includes(imei));
    await page.screenshot({ path: shot('warranty-product-detail'), fullPage: true });
    await assertFitsWidth(page);
    const manual = page.getByRole('link', { name: '查看产品说明书' });
    if ((await manual.count()) > 0) {
      await manual.tap();
      await page.waitForURL(/\/pdfDetail\?productId=\d+$/);
      await page.locator('[aria-label="说明书页面"], [aria-label="说明书 PDF"]').first().waitFor({ timeout: 20_000 });
      await page.goBack();
    }
    await page.goto(`${BASE_URL}/productList`);
    const card = page.getByRole('link', { name: `产品 ${model}` });
    await card.waitFor();
    assert.match(await card.innerText(), new RegExp(`IMEI：${imei}`));
    await page.screenshot({ path: shot('warranty-product-list') });
    // The one 400 is the API asking for the model (请选择产品型号), which the page answered.
    assert.deepEqual(
      phone.problems.filter((p) => !p.includes('status of 400')),
      [],
    );
    assert.equal(phone.problems.length, 1);
  });

  it('lets a visitor scan with the camera elsewhere, with 我是亲友 offered', async () => {
    const { context, page, problems } = await openPhone(cameraBrowser);
    await context.grantPermissions(['camera'], { origin: BASE_URL });
    // Without an account, 我的产品 is the registration form (spec 3 §2.8).
    await page.goto(`${BASE_URL}/productList`);
    await page.waitForURL(/\/addProduct$/);
    // This visitor uses 长辈模式: the form keeps to the screen's width with the larger text.
    await page.evaluate(() => window.localStorage.setItem('glucoguard.elderMode', 'on'));
    await page.reload();
    await page.locator('html[data-elder="on"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: '登记产品保修' }).waitFor();
    await page.getByRole('button', { name: '我是亲友' }).waitFor();
    await page.screenshot({ path: shot('warranty-add-product-elder'), fullPage: true });
    await assertFitsWidth(page);
    await page.getByRole('textbox', { name: '手机号' }).fill('13912345678');
    await page.getByRole('button', { name: '购买日期' }).tap();
    await page.getByText('确定', { exact: true }).tap();
    await page.getByRole('button', { name: '扫码' }).tap();
    await page.getByRole('dialog', { name: '扫描条码' }).waitFor();
    await page.screenshot({ path: shot('warranty-camera') });
    // The camera's view shows the QR code; ZXing reads it and the app takes the IMEI out of it.
    await page.waitForFunction((value) => document.querySelector('#warranty-imei')?.value === value, cameraImei, {
      timeout: 20_000,
    });
    await page.getByRole('dialog', { name: '扫描条码' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '产品型号' }).tap();
    const sheet = page.getByRole('dialog', { name: '选择产品型号' });
    try {
      await sheet.locator('li button').first().tap();
    } catch (e) {
      await page.screenshot({ path: shot('warranty-debug-visitor') });
      throw e;
    }
    await page.getByRole('button', { name: '提交' }).tap();
    await page.getByRole('heading', { name: '登记成功' }).waitFor();
    await page.screenshot({ path: shot('warranty-visitor-done') });
    await context.close();
    assert.deepEqual(problems, []);
  });

  it('registers a bound meter from the device page in one tap', async () => {
    assert.ok(patient, 'the first test signed the patient in');
    const page = patient;
    await page.goto(`${BASE_URL}/devices/bindDevices/0`);
    await page.getByRole('textbox', { name: '设备IMEI号' }).fill(METER.imei);
    await page.getByRole('textbox', { name: '绑定码' }).fill(METER.bindCode);
    await page.getByRole('button', { name: '绑定', exact: true }).tap();
    await page.waitForURL(/\/devices\/unbindDevices/);
    const meterCard = page.getByRole('article', { name: `设备 ${METER.imei}` });
    await meterCard.getByRole('button', { name: '登记保修' }).tap();
    await page.getByText(`为这台设备（IMEI ${METER.imei}）登记保修`).waitFor();
    await page.screenshot({ path: shot('warranty-device-one-tap') });
    await page.getByRole('button', { name: '一键登记' }).tap();
    try {
      await page.waitForURL(/\/productDetail\?warrantyId=\d+$/);
    } catch (e) {
      await page.screenshot({ path: shot('warranty-debug-onetap') });
      throw e;
    }
    assert.match(await page.getByLabel('保修状态').innerText(), /^在保/);
    await page.getByText('血压计', { exact: true }).waitFor();
    // Leave the demo meter unbound, as a fresh system has it.
    await page.goto(`${BASE_URL}/devices/unbindDevices`);
    await page
      .getByRole('article', { name: `设备 ${METER.imei}` })
      .getByRole('button', { name: '解绑' })
      .tap();
    await page.getByRole('button', { name: '确定' }).tap();
    await page.getByRole('article', { name: `设备 ${METER.imei}` }).waitFor({ state: 'detached' });
    await patientContext.close();
  });
});
