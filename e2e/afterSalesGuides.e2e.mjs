/* global document, window */
// The after-sales guides on a phone (issue 22; docs/adr/0203, 0204, 0205): a visitor opens the
// service centre and finds a model's usage guide through the product types; the manual opens as
// its page images and as its PDF drawn page by page by pdf.js; a guide an operator saved with a
// <script> and an onerror handler shows its text in Chromium and runs neither; the service
// centre in 长辈模式.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, drawEveryPdfPage } from './helpers.mjs';
import { DEMO_STAFF } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** A visitor's session token (the product reads need a session, not an account). */
async function visitorToken() {
  const key = randomBytes(32).toString('base64url');
  const { token } = await apiCall('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=4`);
  return token;
}

/** The first seeded model whose detail has a manual PDF (the demo manual). */
async function modelWithManual(token) {
  for (const category of await apiCall('GET', '/product/v1/queryCategoryList', undefined, token)) {
    for (const model of await apiCall(
      'GET',
      `/product/v1/queryProductList?categoryId=${category.id}`,
      undefined,
      token,
    )) {
      const detail = await apiCall('GET', `/product/v1/getProductDetail?productId=${model.id}`, undefined, token);
      if (detail.manualUrl !== '') {
        return detail;
      }
    }
  }
  throw new Error('no seeded model has a manual');
}

describe('after-sales guides', { skip }, () => {
  it('lets a visitor find a model’s usage guide from the service centre', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/serviceCenter`);
      await page.waitForFunction(() => document.title === '售后服务');
      await page.getByRole('region', { name: '售后活动' }).getByRole('img').first().waitFor();
      await page.getByRole('region', { name: '联系我们' }).getByText('客服热线').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-service-center') });

      await page
        .getByRole('region', { name: '基础服务' })
        .getByRole('link', { name: /^使用指南/ })
        .click();
      await page.waitForURL((url) => url.pathname === '/usageGuide' && url.searchParams.get('name') === 'guide');
      await page.getByRole('navigation', { name: '产品类型' }).getByRole('link').first().click();
      await page.waitForURL((url) => url.searchParams.has('categoryId'));
      await page.screenshot({ path: shot('after-sales-models') });
      await page.getByRole('navigation', { name: '产品型号' }).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname === '/usageGuideDetail');
      await page.getByRole('link', { name: /^操作指南/ }).waitFor();
      await page.screenshot({ path: shot('after-sales-model-guides') });
      await page.getByRole('link', { name: /^操作指南/ }).click();
      await page.waitForURL((url) => url.pathname === '/operationGuideList');
      await page.getByRole('navigation', { name: '操作指南' }).getByRole('link').first().click();
      await page.waitForURL((url) => url.pathname === '/productUseSkill');
      await page.getByLabel('指南内容').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-guide') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('opens a model’s manual as its page images and as the PDF drawn page by page', async () => {
    const model = await modelWithManual(await visitorToken());
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/pdfDetail?productId=${model.id}&deviceKey=demo-patient-0000000001`);
      await page.waitForURL((url) => url.pathname === '/pdfDetail');
      await page.getByRole('heading', { name: `${model.name} 说明书` }).waitFor();
      if (model.manualImages.length > 0) {
        await page.getByRole('img', { name: '说明书第 1 页' }).waitFor();
        await page.screenshot({ path: shot('after-sales-manual-images') });
        await page.getByRole('button', { name: '查看 PDF 原文' }).click();
      }
      const pdf = page.getByLabel('说明书 PDF');
      await pdf.waitFor();
      const pages = Number(await pdf.getAttribute('data-pages'));
      assert.ok(pages >= 2, `the demo manual has ${pages} pages`);
      // Each page is drawn as it comes near the screen: scrolled to, its canvas shows the text.
      await drawEveryPdfPage(page, pages);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-manual-pdf') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows a guide saved with a script and an onerror handler without running either', async () => {
    const token = await visitorToken();
    const [category] = await apiCall('GET', '/product/v1/queryCategoryList', undefined, token);
    const { token: staff } = await apiCall('POST', '/console/v1/signIn', DEMO_STAFF.operator);
    const saved = await apiCall(
      'POST',
      '/console/v1/after-sales/guides',
      {
        title: '测量前的准备',
        iconUrl: '',
        guideType: 1,
        categoryId: category.id,
        productId: null,
        content:
          '<h2>测量前的准备</h2><p>先用温水洗手并擦干。</p><script>window.__guideScriptRan = true</script>' +
          '<img src="/nothing-here.png" onerror="window.__guideHandlerRan = true">',
        contentUrl: '',
        sort: 99,
        status: 1,
      },
      staff,
    );
    const guideId = saved.guideId ?? saved.id;
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/productUseSkill?guideId=${guideId}`);
      await page.getByText('先用温水洗手并擦干。').waitFor();
      // Give a stray handler the time to fire: the broken image has failed to load by now.
      await page.waitForLoadState('networkidle');
      const ran = await page.evaluate(() => ({
        script: window.__guideScriptRan === true,
        handler: window.__guideHandlerRan === true,
        html: document.querySelector('[aria-label="指南内容"]')?.innerHTML ?? '',
      }));
      assert.equal(ran.script, false);
      assert.equal(ran.handler, false);
      assert.doesNotMatch(ran.html, /script|onerror/i);
      await page.screenshot({ path: shot('after-sales-guide-sanitised') });
      // The picture itself is missing on purpose (the browser logs its 404); nothing else went wrong.
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('404 (Not Found)')),
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('shows the service centre and the policy in 长辈模式', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await context.addInitScript(() => window.localStorage.setItem('glucoguard.elderMode', 'on'));
      await page.goto(`${BASE_URL}/serviceCenter?deviceKey=demo-patient-0000000001`);
      await page.waitForFunction(() => document.documentElement.dataset.elder === 'on');
      await page.getByRole('region', { name: '基础服务' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-service-center-elder') });
      await page.getByRole('link', { name: /^售后政策/ }).click();
      await page.waitForURL((url) => url.pathname === '/servicePolicy');
      const clauses = page.getByRole('article', { name: '售后政策' }).getByRole('heading', { level: 2 });
      await clauses.nth(4).waitFor();
      assert.equal(await clauses.count(), 5);
      await page.getByRole('link', { name: '联系专属客服' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('after-sales-policy-elder'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
