/* global document, window, HTMLImageElement */
// Issue 22's after-sales journey once through, on a phone (390×844) and demo.operator's console
// (1280×800), against the real API (docs/adr/0214-after-sales-journey-e2e.md):
//  1. a visitor's 我的产品 opens the warranty form, where they register a meter by scanning it inside
//     the messaging app — the scanner faked at the JS-SDK boundary (`wx.scanQRCode` answers a
//     `CODE_128,` barcode), the app's real extractImei reads it — then register an account and find
//     the product under 我的产品 and its detail, 在保;
//  2. opens the model's manual on /pdfDetail: its page images, then the PDF drawn page by page;
//  3. files a repair with a purchase voucher and two fault photos (real uploads); the operator
//     assigns it, records a handling result and completes it in the console; the phone's notice
//     报修已完成 opens the request, 已完成 with the result, and the request is under 已完成;
//  4. a visitor sends a dealer enquiry, which the operator finds in the console;
//  5. a guide stored with a <script>, event handlers, a javascript: link and a frame shows its text
//     in Chromium and runs none of them (a page-level flag and a dialog listener);
//  6. a visitor opens exactly the §6 whitelist's pages of §2.8 and is sent to registration from the
//     others (from 我的产品 to /addProduct); none shows the 404 page.
// The pages' own details are tested by their files (warranty, afterSalesGuides, afterSalesRepair,
// consoleAfterSalesService, consoleAfterSalesCatalogue).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import {
  apiCall,
  assertFitsWidth,
  drawEveryPdfPage,
  fakeMessagingAppScanner,
  freshPhone,
  registerPatient,
  solidPng,
} from './helpers.mjs';
import { CONSOLE_URL, DEMO_STAFF, openDesktop, settled, signInToConsole } from './console.mjs';

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/after-sales-journey-${name}.png`;

/** The seeded model with the demo manual (apps/api/src/seed/afterSalesCatalogue.ts). */
const MODEL_WITH_MANUAL = '糖护 G1 4G血糖仪';

/** A fifteen-digit device code no meter of the system has, so the page asks for the model. */
const randomImei = () => `86${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

/** A PNG file for a page's file input. @param {string} name @param {number} size */
const png = (name, size) => ({ name, mimeType: 'image/png', buffer: solidPng(size) });

/**
 * Taps a form row's picker and confirms what its wheel shows first.
 * @param {import('playwright-core').Page} page @param {string} field
 */
async function pickFirst(page, field) {
  await page.getByRole('button', { name: field, exact: true }).tap();
  const popup = page
    .locator('.adm-popup-body')
    .filter({ has: page.locator('.adm-picker-header-title', { hasText: field }) });
  await popup.getByText('确定', { exact: true }).tap();
  await popup.waitFor({ state: 'hidden' });
}

/** A visitor's session token straight from the API (the catalogue reads need a session). */
async function visitorToken() {
  const { token } = await apiCall(
    'GET',
    `/wechat/v1/getHtmlAccessToken?code=${randomBytes(32).toString('base64url')}&sourceId=4`,
  );
  return token;
}

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

describe('the after-sales journey (issue 22)', { skip }, () => {
  it('registers a scanned meter, reads its manual, and follows a repair the operator completes to its result', async () => {
    const phone = await openPhone(browser);
    const desk = await openDesktop(browser);
    const page = phone.page;
    const imei = randomImei();
    /** @type {string[]} */
    const refused = [];
    page.on('response', (response) => {
      if (response.status() >= 400) {
        refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
      }
    });
    try {
      // 1. A visitor's 我的产品 is the registration form (spec 3 §2.8: without a cid it goes to /addProduct).
      await fakeMessagingAppScanner(page, `CODE_128,${imei}`);
      await page.goto(`${BASE_URL}/productList`);
      await page.waitForURL((url) => url.pathname === '/addProduct');
      await page.getByRole('heading', { name: '登记产品保修' }).waitFor();
      await page.getByRole('button', { name: '我是亲友' }).waitFor();
      const submit = page.getByRole('button', { name: '提交' });
      assert.equal(await submit.isDisabled(), true, '提交 waits for the phone, the date and the IMEI');
      const mobile = freshPhone('137');
      await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
      await page.getByRole('button', { name: '购买日期' }).tap();
      await page.getByText('确定', { exact: true }).tap();
      await page
        .getByRole('button', { name: '购买日期' })
        .filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ })
        .waitFor();
      assert.equal(await submit.isDisabled(), true, 'still no IMEI');
      await page.getByRole('button', { name: '扫码' }).tap();
      // The barcode's `CODE_128,` prefix is taken off by the domain's extractImei.
      await page.waitForFunction((value) => document.querySelector('#warranty-imei')?.value === value, imei);
      assert.equal((await page.evaluate(() => window.__scanRequests ?? [])).length, 1, 'one scan asked of the SDK');
      assert.equal(await submit.isDisabled(), false, 'phone, date and IMEI: 提交 is enabled');
      // No meter of the system has this IMEI: the model is chosen from the catalogue.
      await page.getByRole('button', { name: '产品型号' }).tap();
      const sheet = page.getByRole('dialog', { name: '选择产品型号' });
      await sheet.getByRole('tab', { name: '血糖仪' }).tap();
      await sheet.getByRole('button', { name: MODEL_WITH_MANUAL }).tap();
      await page.getByRole('button', { name: '产品型号' }).filter({ hasText: MODEL_WITH_MANUAL }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('1-add-product-scanned') });
      await submit.tap();
      await page.getByRole('heading', { name: '登记成功' }).waitFor();
      await page.screenshot({ path: shot('1-registered-as-visitor') });
      // Registration, then the product registered as a visitor is under 我的产品.
      await page.getByRole('button', { name: '注册并查看我的产品' }).tap();
      await registerPatient(page, { name: '赵桂兰', phone: mobile });
      await page.waitForURL((url) => url.pathname === '/productList');
      const card = page.getByRole('link', { name: `产品 ${MODEL_WITH_MANUAL}` });
      await card.waitFor();
      assert.match(await card.innerText(), new RegExp(`IMEI：${imei}`));
      await page.screenshot({ path: shot('1-product-list') });
      await card.tap();
      await page.waitForURL(/\/productDetail\?warrantyId=\d+$/);
      await page.getByRole('heading', { name: MODEL_WITH_MANUAL }).waitFor();
      assert.match(await page.getByLabel('保修状态').innerText(), /^在保\s*保修至 \d{4}-\d{2}-\d{2}$/);
      await page.getByRole('region', { name: '产品' }).getByText(imei, { exact: true }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('1-product-detail'), fullPage: true });

      // 2. The manual: its page images, then the PDF drawn by pdf.js page by page.
      await page.getByRole('link', { name: '查看产品说明书' }).tap();
      await page.waitForURL((url) => url.pathname === '/pdfDetail');
      await page.getByRole('heading', { name: `${MODEL_WITH_MANUAL} 说明书` }).waitFor();
      await page.getByRole('img', { name: '说明书第 1 页' }).waitFor();
      await page.waitForFunction(() => {
        const first = document.querySelector('img[alt="说明书第 1 页"]');
        return first instanceof HTMLImageElement && first.complete && first.naturalWidth > 0;
      });
      await page.screenshot({ path: shot('2-manual-images') });
      await page.getByRole('button', { name: '查看 PDF 原文' }).tap();
      const pdf = page.getByLabel('说明书 PDF');
      await pdf.waitFor({ timeout: 30_000 });
      const pages = Number(await pdf.getAttribute('data-pages'));
      assert.ok(pages >= 2, `the demo manual has ${pages} pages`);
      // Each page is drawn as it comes near the screen: scrolled to, its canvas shows the text.
      await drawEveryPdfPage(page, pages);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('2-manual-pdf') });

      // 3. The repair form with a voucher and two fault photos, uploaded for real.
      await page.goto(`${BASE_URL}/repairFilling`);
      await page.waitForFunction(() => document.title === '故障报修');
      await page.getByRole('textbox', { name: '联系人' }).fill('赵桂兰');
      await pickFirst(page, '购买日期');
      await page.getByRole('textbox', { name: '地址' }).fill('江苏省南京市鼓楼区中山北路 30 号');
      await pickFirst(page, '品类');
      await pickFirst(page, '型号');
      await page.getByRole('textbox', { name: '批次号' }).fill('G1-2026-03');
      await page.getByRole('textbox', { name: 'SN/IMEI' }).fill(imei);
      await page
        .getByRole('group', { name: '发票信息' })
        .locator('input[type="file"]')
        .setInputFiles([png('invoice.png', 56)]);
      const fault = '插入试纸后屏幕一直显示 E-2，换了新试纸也一样。';
      await page.getByLabel('故障描述').fill(fault);
      await page
        .getByRole('group', { name: '故障图片' })
        .locator('input[type="file"]')
        .setInputFiles([png('screen.png', 44), png('strip.png', 36)]);
      await page.getByRole('group', { name: '发票信息' }).getByText('上传成功').waitFor();
      await page.getByRole('group', { name: '故障图片' }).getByText('上传成功').nth(1).waitFor();
      assert.equal(await page.getByText('上传失败').count(), 0);
      await assertFitsWidth(page);
      // The form's 提交 bar is fixed to the screen's bottom: photographed as the screen shows it, at the photos.
      await page.screenshot({ path: shot('3-repair-form-top') });
      await page.getByRole('group', { name: '故障图片' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('3-repair-form-photos') });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.waitForURL((url) => url.pathname === '/faultServiceList');
      const newest = page.getByRole('link', { name: /^报修 / }).first();
      await newest.waitFor();
      const code = ((await newest.getAttribute('aria-label')) ?? '').replace(/^报修 /, '');
      assert.match(code, /\S/, 'the request has its 服务编码');
      await page
        .getByRole('link', { name: `报修 ${code}` })
        .getByText('服务中')
        .waitFor();
      await page.screenshot({ path: shot('3-repair-in-service') });

      // The operator: 指派, 填写处理结果, 完成报修, each confirmed in a dialog.
      const console = desk.page;
      await signInToConsole(console, DEMO_STAFF.operator);
      await console.goto(`${CONSOLE_URL}/after-sales/repairs`);
      await console.getByRole('searchbox', { name: '服务编码、手机号或 IMEI' }).fill(code);
      await console.getByRole('button', { name: '搜索' }).click();
      await console.getByRole('button', { name: `处理报修 ${code}` }).click();
      const drawer = console.getByRole('dialog', { name: `报修 ${code}` });
      await drawer.getByText(fault).waitFor();
      // The patient's private photos reach the operator, each under the group it was uploaded to.
      const vouchers = drawer.getByLabel('发票信息', { exact: true }).getByRole('img');
      const faults = drawer.getByLabel('故障图片', { exact: true }).getByRole('img');
      await console.waitForFunction(() =>
        [...document.querySelectorAll('.ant-drawer .ant-image img')].every(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        ),
      );
      assert.deepEqual(
        await vouchers.evaluateAll((imgs) => imgs.map((img) => /** @type {HTMLImageElement} */ (img).naturalWidth)),
        [56],
      );
      assert.deepEqual(
        await faults.evaluateAll((imgs) => imgs.map((img) => /** @type {HTMLImageElement} */ (img).naturalWidth)),
        [44, 36],
      );
      await settled(console);
      await console.screenshot({ path: shot('3-console-repair') });

      await drawer.getByRole('button', { name: '指派', exact: true }).click();
      const assign = console.getByRole('dialog', { name: '指派处理人' });
      await assign.getByLabel('处理人').click();
      await console
        .getByTitle(/（运营）$/)
        .first()
        .click();
      await assign.getByRole('button', { name: '确认指派' }).click();
      await drawer.getByText(/^处理人：/).waitFor();

      const progress = '已收到您寄回的血糖仪，检测为试纸插口接触不良，正在维修。';
      await drawer.getByRole('button', { name: '填写处理结果' }).click();
      const resultDialog = console.getByRole('dialog', { name: '填写处理结果' });
      await resultDialog.getByLabel('处理结果（患者会看到）').fill(progress);
      await resultDialog.getByRole('button', { name: '保存结果' }).click();
      await drawer.getByText(progress).first().waitFor();

      const final = '已更换试纸插口并通过检测，维修后的血糖仪已寄回，请注意查收。';
      await drawer.getByRole('button', { name: '完成报修' }).click();
      const complete = console.getByRole('dialog', { name: '完成报修' });
      await complete.getByLabel('处理结果（患者会看到）').fill(final);
      await settled(console);
      await console.screenshot({ path: shot('3-console-complete-dialog') });
      await complete.getByRole('button', { name: '确认完成' }).click();
      await drawer.getByText(/^已于 .* 完成$/).waitFor();
      await settled(console);
      await console.screenshot({ path: shot('3-console-completed') });

      // The phone: the notice 报修已完成 opens the request, 已完成 with the result.
      await page.goto(`${BASE_URL}/notice/noticeList`);
      const notices = page.getByLabel('通知', { exact: true });
      for (const title of ['报修已受理', '报修处理进展', '报修已完成']) {
        await notices.getByRole('button', { name: title }).first().waitFor();
      }
      const doneNotice = notices.getByRole('button', { name: '报修已完成' }).first();
      const noticeText = await doneNotice.innerText();
      assert.match(noticeText, new RegExp(`服务编码 ${code}）已处理完成，处理结果：已更换试纸插口`));
      assert.doesNotMatch(noticeText, /。。/);
      await page.screenshot({ path: shot('3-notices') });
      await doneNotice.tap();
      await page.waitForURL((url) => url.pathname === '/faultServiceDetail');
      assert.match(page.url(), /upkeepId=\d+/);
      await page.getByRole('region', { name: '处理结果' }).getByText(final).waitFor();
      assert.equal(await page.getByLabel('状态').textContent(), '已完成');
      assert.equal(await page.getByRole('region', { name: '发票信息' }).getByRole('img').count(), 1);
      assert.equal(await page.getByRole('region', { name: '故障图片' }).getByRole('img').count(), 2);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('section img')].every(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        ),
      );
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('3-repair-done'), fullPage: true });
      // The photos are private: their address opens only with its signature, and a doctor's console
      // session is refused the repair queue (aftersales.service is the operators' and admins').
      const photo = await page.getByRole('region', { name: '发票信息' }).getByRole('img').first().getAttribute('src');
      assert.ok(photo, 'the voucher photo has an address');
      const photoUrl = new URL(photo, BASE_URL);
      assert.equal((await fetch(photoUrl)).status, 200, 'the signed address opens');
      assert.notEqual((await fetch(new URL(photoUrl.pathname, BASE_URL))).status, 200, 'unsigned, it does not');
      const { token: doctor } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.doctor);
      const queue = await fetch(`${BASE_URL}/api/console/v1/after-sales/repairs?status=1&pageNo=1&pageSize=10`, {
        headers: { Authorization: `Bearer ${doctor}` },
      });
      assert.equal(queue.status, 403);
      await page.goto(`${BASE_URL}/faultServiceList`);
      await page.getByRole('tab', { name: '已完成' }).tap();
      await page
        .getByRole('link', { name: `报修 ${code}` })
        .getByText('已完成')
        .waitFor();
      await page.screenshot({ path: shot('3-repair-list-done') });

      assert.deepEqual(refused, []);
      assert.deepEqual(phone.problems, []);
      assert.deepEqual(desk.problems, []);
    } finally {
      await phone.context.close();
      await desk.context.close();
    }
  });

  it('takes a visitor’s dealer enquiry and shows it to the operator', async () => {
    const phone = await openPhone(browser);
    const desk = await openDesktop(browser);
    try {
      const { page } = phone;
      await page.goto(`${BASE_URL}/serviceCenter`);
      await page.waitForFunction(() => document.title === '售后服务');
      await page.getByRole('region', { name: '基础服务' }).getByRole('link', { name: /经销/ }).tap();
      await page.waitForURL((url) => url.pathname === '/dealerProcurement');
      const purchaser = `周志强${Math.floor(Math.random() * 10000)}`;
      await page.getByRole('textbox', { name: '采购人' }).fill(purchaser);
      // Non-digits are stripped as they are typed.
      await page.getByRole('textbox', { name: '联系电话' }).fill('137 0000-1234');
      assert.equal(await page.getByRole('textbox', { name: '联系电话' }).inputValue(), '13700001234');
      await page.getByRole('textbox', { name: '采购商品名称' }).fill('糖护 G1 4G血糖仪');
      await page.getByRole('textbox', { name: '采购商品数量' }).fill('120');
      await page.getByRole('textbox', { name: '销售渠道' }).fill('社区诊所');
      await page.getByRole('textbox', { name: '销售区域' }).fill('江苏省南京市');
      await page.getByLabel('备注').fill('希望了解社区诊所的批量价格和售后安排。');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('4-dealer-form'), fullPage: true });
      await page.getByRole('button', { name: '提交' }).tap();
      await page.getByText('提交成功', { exact: true }).waitFor();

      const console = desk.page;
      await signInToConsole(console, DEMO_STAFF.operator);
      await console.goto(`${CONSOLE_URL}/after-sales/dealers`);
      await console.getByRole('searchbox', { name: '采购人姓名或手机号' }).fill(purchaser);
      await console.getByRole('button', { name: '搜索' }).click();
      await console.getByRole('button', { name: `查看 ${purchaser} 的采购咨询` }).click();
      const enquiry = console.getByRole('dialog', { name: `采购咨询 · ${purchaser}` });
      await enquiry.getByText('希望了解社区诊所的批量价格和售后安排。').waitFor();
      await enquiry.getByText('13700001234').first().waitFor();
      await enquiry.getByText('社区诊所', { exact: true }).first().waitFor();
      await settled(console);
      await console.screenshot({ path: shot('4-console-dealer') });

      assert.deepEqual(phone.problems, []);
      assert.deepEqual(desk.problems, []);
    } finally {
      await phone.context.close();
      await desk.context.close();
    }
  });

  it('never runs a script, handler, javascript: link or frame stored in a guide', async () => {
    const token = await visitorToken();
    const [category] = await apiCall('GET', '/product/v1/queryCategoryList', undefined, token);
    const { token: staff } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.operator);
    const title = `测量前洗手${Math.floor(Math.random() * 10000)}`;
    const saved = await apiCall(
      'POST',
      '/console/v1/after-sales/guides',
      {
        title,
        iconUrl: '',
        guideType: 1,
        categoryId: category.id,
        productId: null,
        content:
          '<h2>测量前请洗手</h2><p>用温水和肥皂洗手，擦干后再采血，指尖残留的糖分会让读数偏高。</p>' +
          '<script>window.__ran = (window.__ran || []).concat("script"); alert("script")</script>' +
          '<img src="/no-such-picture.png" onerror="window.__ran = (window.__ran || []).concat(\'onerror\'); alert(1)">' +
          '<p onclick="window.__ran = (window.__ran || []).concat(\'onclick\')">点这里看视频</p>' +
          '<p><a href="javascript:window.__ran=(window.__ran||[]).concat(\'link\');alert(2)">查看更多</a></p>' +
          '<iframe srcdoc="<script>parent.__ran=(parent.__ran||[]).concat(\'frame\');parent.alert(3)</script>"></iframe>' +
          '<svg><animate onbegin="window.__ran=(window.__ran||[]).concat(\'svg\')" attributeName="x" dur="1s"/></svg>',
        contentUrl: '',
        sort: 98,
        status: 1,
      },
      staff,
    );
    const guideId = saved.guideId ?? saved.id;
    // What the API keeps and serves has none of it.
    const served = await apiCall('GET', `/product/v1/getGuide?guideId=${guideId}`, undefined, token);
    assert.doesNotMatch(served.content, /<script|onerror|onclick|onbegin|javascript:|<iframe|srcdoc/i);

    const { context, page, problems } = await openPhone(browser);
    /** @type {string[]} */
    const dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      // Through the guide list of the category, as a visitor.
      await page.goto(`${BASE_URL}/usageGuiDeList?categoryId=${category.id}&name=${encodeURIComponent(category.name)}`);
      await page.getByRole('link', { name: new RegExp(title) }).tap();
      await page.waitForURL((url) => url.pathname === '/productUseSkill');
      const content = page.getByLabel('指南内容');
      await content.getByText('用温水和肥皂洗手').waitFor();
      // Tap what a handler or a javascript: link would have been on, and let the broken image fail.
      await content.getByText('点这里看视频').tap();
      const more = content.getByText('查看更多');
      if ((await more.count()) > 0) {
        await more.tap();
      }
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[aria-label="指南内容"] img')].every((img) => img.complete),
      );
      assert.equal(page.url().includes('/productUseSkill'), true, 'still on the guide');
      assert.deepEqual(await page.evaluate(() => window.__ran ?? []), [], 'nothing stored in the guide ran');
      assert.deepEqual(dialogs, [], 'no dialog opened');
      const html = await content.innerHTML();
      assert.doesNotMatch(html, /<script|onerror|onclick|onbegin|javascript:|<iframe/i);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('5-guide-sanitised') });
      // The broken picture may log its 404; nothing else.
      assert.deepEqual(
        problems.filter((p) => !p.includes('404')),
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('lets a visitor open exactly the §6 whitelist’s after-sales pages, sends them to registration from the others and from 我的产品 to /addProduct', async () => {
    const token = await visitorToken();
    const [category] = await apiCall('GET', '/product/v1/queryCategoryList', undefined, token);
    const [model] = await apiCall('GET', `/product/v1/queryProductList?categoryId=${category.id}`, undefined, token);
    const [guide] = await apiCall('GET', `/product/v1/queryGuideList?categoryId=${category.id}`, undefined, token);
    const [platform] = await apiCall('GET', '/product/v1/queryPlatformList', undefined, token);
    const [guarantee] = await apiCall(
      'GET',
      `/product/v1/queryGuaranteeList?categoryId=${platform.id}`,
      undefined,
      token,
    );
    const ids = `productId=${model.id}&categoryId=${category.id}`;
    const name = encodeURIComponent(category.name);
    // Every address of spec 3 §2.8 and where a visitor lands (spec 3 §6): true its own page, false
    // registration, or the page named.
    const routes = [
      ['/serviceCenter', true],
      ['/usageGuide?name=guide', true],
      [`/usageGuideDetail?${ids}`, true],
      [`/commonFaults?categoryId=${category.id}&name=${name}`, true],
      [`/usageGuiDeList?categoryId=${category.id}&name=${name}`, true],
      [`/operationGuideList?${ids}`, true],
      [`/instructionDetail?${ids}`, true],
      [`/productUseSkill?guideId=${guide.guideId}`, true],
      [`/guaranteeDetail?id=${guarantee.id}`, true],
      ['/addProduct', true],
      ['/dealerProcurement', true],
      ['/authorizationShop', true],
      ['/servicePolicy', false],
      [`/factoryWarranty?productId=${model.id}`, false],
      [`/guaranteeList`, false],
      [`/credential?id=${guarantee.id}`, false],
      // Without a cid 我的产品 goes to /addProduct (spec 3 §2.8), not to registration.
      ['/productList', '/addProduct'],
      ['/productDetail?warrantyId=1', false],
      [`/pdfDetail?productId=${model.id}`, false],
      ['/repairFilling', false],
      ['/faultServiceList', false],
      ['/faultServiceDetail?upkeepId=1', false],
    ];
    // The title the app's page has before a page of the app sets its own.
    const shellTitle = /<title>([^<]*)<\/title>/.exec(await (await fetch(`${BASE_URL}/`)).text())?.[1] ?? '';
    const { context, page, problems } = await openPhone(browser);
    try {
      // The visitor's session first (the guard needs to know it is a visitor).
      await page.goto(`${BASE_URL}/serviceCenter`);
      await page.waitForFunction(() => document.title === '售后服务');
      /** @type {string[]} */
      const wrong = [];
      for (const [address, lands] of routes) {
        const path = address.split('?')[0];
        const target = lands === true ? path : lands === false ? '/register/register' : lands;
        await page.goto(`${BASE_URL}${address}`);
        try {
          await page.waitForURL((url) => url.pathname === target, { timeout: 15_000 });
          // The page's own title (never the 404 page's) once it has drawn, and still where it should be.
          await page.waitForFunction((before) => document.title !== '' && document.title !== before, shellTitle, {
            timeout: 15_000,
          });
          await page.waitForLoadState('networkidle');
          const at = new URL(page.url()).pathname;
          const title = await page.title();
          if (at !== target || title === '页面不存在' || (await page.getByText('您访问的页面不存在').count()) > 0) {
            wrong.push(`${address}: a visitor should be at ${target}, but is at ${at} (${title})`);
          }
        } catch {
          wrong.push(`${address}: a visitor should be at ${target}, but is at ${page.url()}`);
        }
      }
      await page.goto(`${BASE_URL}/repairFilling`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await page.getByRole('heading', { name: '注册' }).waitFor();
      await page.screenshot({ path: shot('6-visitor-sent-to-register') });
      assert.deepEqual(wrong, []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
