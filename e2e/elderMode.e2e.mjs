/* global document, getComputedStyle */
// 长辈模式 and the accessibility floor, measured in the browser (issue 17 §4): a patient born in 1950
// is offered the mode once on the home page; normal mode has no text under 12 px and every text at
// least 4.5:1 against what is behind it; after the switch in 设置, body text is at least 18 px, key
// numbers are larger than in normal mode, and every text is still at least 4.5:1. The key screens
// are photographed in both modes: into test-results/, or into docs/screens/ with UPDATE_SCREENS=1
// (`npm run screens:update`), the pictures the README shows.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, PHONE, launchBrowser } from './phone.mjs';
import { apiCall, assertFitsWidth, freshPhone, outboxCode } from './helpers.mjs';
import { collectVisibleText, worstContrast } from './wcag.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const screensDir = process.env.UPDATE_SCREENS === '1' ? 'docs/screens' : 'test-results/screens';

/** `YYYY-MM-DD HH:mm` in China, `hoursAgo` before now. */
function chinaTime(hoursAgo) {
  return new Date(Date.now() + 8 * 3_600_000 - hoursAgo * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A patient born in 1950 with a week of sugar readings (high, normal and low), signed in by device key. */
async function elderPatient() {
  const key = randomBytes(32).toString('base64url');
  const { token } = await apiCall('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=4`);
  const phone = freshPhone('134');
  await apiCall('POST', '/shortMsg/v1/getCode', { phone }, token);
  await apiCall('POST', '/register/v1/bind', { nickname: '李秀兰', phone, validCode: await outboxCode(phone) }, token);
  await apiCall('POST', '/customer/v1/edit', { sex: 2, birthday: '1950-05-01' }, token);
  const day = (daysAgo, time) => `${chinaTime(daysAgo * 24).slice(0, 10)} ${time}`;
  const readings = [
    [day(1, '06:50'), 5.6],
    [day(1, '09:10'), 11.4],
    [day(1, '21:30'), 3.6],
    [day(2, '06:40'), 7.2],
    [day(2, '12:10'), 6.1],
    [day(3, '06:45'), 5.2],
    [day(3, '18:20'), 9.8],
    [chinaTime(1), 6.8],
  ];
  for (const [createTime, sugar] of readings) {
    await apiCall('POST', '/sugarTest/v1/add', { sugar, createTime }, token);
  }
  return key;
}

/** The key screens: where each is and what shows it has loaded. */
const SCREENS = [
  // The start-up skeleton shows the brand's heading too: the entry tiles are the app's own.
  { name: 'home', path: '/', ready: (page) => page.getByRole('region', { name: '功能入口' }) },
  {
    name: 'report-sugar',
    path: '/reportCenter/reportCenter',
    ready: (page) => page.getByRole('table', { name: '血糖数据表' }),
  },
  {
    name: 'add-sugar',
    path: '/reportCenter/bloodSugar/addBloodSugarReport',
    ready: (page) => page.getByRole('button', { name: '保存' }).first(),
  },
  { name: 'mine', path: '/?tab=mine', ready: (page) => page.getByText('李秀兰').first() },
  { name: 'set', path: '/set/set', ready: (page) => page.getByRole('switch', { name: '长辈模式' }) },
  // The consultation's screens (issue 19): finding a doctor, a doctor's page, the consultations, the prescriptions.
  { name: 'find-doctor', path: '/findDoctor/findDoctor', ready: (page) => page.getByText('王明远').first() },
  { name: 'consult-list', path: '/findDoctor/myConsultList', ready: (page) => page.getByText('找医生，在线咨询') },
  { name: 'prescriptions', path: '/prescription', ready: (page) => page.getByRole('tab', { name: '用药建议' }) },
  { name: 'drug-main', path: '/drugMain', ready: (page) => page.getByRole('tab', { name: '附近药店' }) },
  // Between visits (issue 20): the medication diary, the monitoring plan, the strips and the invitation.
  { name: 'medication-calendar', path: '/calendar', ready: (page) => page.getByRole('combobox', { name: '年份' }) },
  { name: 'monitoring-plan', path: '/monitoringPlan', ready: (page) => page.getByText('暂无监测计划') },
  { name: 'paper-details', path: '/paperDetails', ready: (page) => page.getByRole('button', { name: '去兑换' }) },
  { name: 'invitation', path: '/invitation', ready: (page) => page.getByRole('button', { name: '复制邀请码' }) },
  // The mall (issue 21): the goods list and the strips exchange.
  { name: 'goods-list', path: '/mall/goodsList', ready: (page) => page.getByRole('region', { name: '商品分类' }) },
  {
    name: 'strips-exchange',
    path: '/categorysGoods?servicePackage=0&salesMode=paper',
    ready: (page) => page.getByRole('link', { name: '试纸兑换：血糖试纸 50 条' }),
  },
  // The orders and the service package (issue 21).
  { name: 'order-list', path: '/order/orderList', ready: (page) => page.getByText('暂无订单记录') },
  { name: 'service-package', path: '/service', ready: (page) => page.getByRole('button', { name: '开通服务包' }) },
  // After-sales (issue 22): the service centre and the service policy.
  { name: 'service-center', path: '/serviceCenter', ready: (page) => page.getByRole('region', { name: '基础服务' }) },
  { name: 'service-policy', path: '/servicePolicy', ready: (page) => page.getByRole('article', { name: '售后政策' }) },
];

/**
 * Opens every key screen, photographs it and measures its text.
 * @param {import('playwright-core').Page} page @param {'normal' | 'elder'} mode
 */
async function auditScreens(page, mode) {
  /** @type {Map<string, ReturnType<typeof collectVisibleText>>} */
  const texts = new Map();
  for (const screen of SCREENS) {
    await page.goto(`${BASE_URL}${screen.path}`);
    await screen
      .ready(page)
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: `test-results/screens/${screen.name}-${mode}-not-ready.png` });
        throw error;
      });
    // Let lazy sections and fonts settle before measuring and photographing.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);

    assert.equal(
      await page.evaluate(() => document.documentElement.dataset.elder ?? 'off'),
      mode === 'elder' ? 'on' : 'off',
    );
    await assertFitsWidth(page);
    await page.screenshot({ path: `${screensDir}/${screen.name}-${mode}.png` });
    texts.set(screen.name, await page.evaluate(collectVisibleText));
  }
  return texts;
}

/** Texts below a floor, as readable lines for an assertion message. */
function offenders(texts, test) {
  const lines = [];
  for (const [screen, items] of texts) {
    for (const item of items) {
      const problem = test(item);
      if (problem !== null) {
        lines.push(`${screen}: 「${item.text}」 ${item.where} ${problem}`);
      }
    }
  }
  return lines;
}

const tooSmall = (min) => (item) => (item.fontSize < min ? `${item.fontSize}px < ${min}px` : null);
const lowContrast = (item) => {
  if (item.image) {
    return null;
  }
  const ratio = worstContrast(item);
  return ratio !== null && ratio < 4.5
    ? `contrast ${ratio.toFixed(2)}:1 (${item.colour} on ${item.layers.join(' | ')})`
    : null;
};

/**
 * The tap area of a control in px: its own box, or the larger invisible ::after that the tokens give
 * compact controls (ADR 0043).
 * @param {import('playwright-core').Locator} locator
 */
async function hitArea(locator) {
  return locator.first().evaluate((element) => {
    const own = element.getBoundingClientRect();
    const after = getComputedStyle(element, '::after');
    const extra =
      after.content === 'none'
        ? { width: 0, height: 0 }
        : { width: parseFloat(after.width), height: parseFloat(after.height) };
    return { width: Math.max(own.width, extra.width), height: Math.max(own.height, extra.height) };
  });
}

/**
 * The compact controls of 我的 and the home page keep a hit area of at least `min` px each way, and
 * the 签到 bubble is a button.
 * @param {import('playwright-core').Page} page @param {number} min
 */
async function assertTapTargets(page, min) {
  await page.goto(`${BASE_URL}/?tab=mine`);
  const complete = page.getByRole('link', { name: '去完善' });
  await complete.waitFor();
  const area = await hitArea(complete);
  assert.ok(area.width >= min && area.height >= min, `去完善 is ${area.width}×${area.height}px to tap`);
  await page.goto(`${BASE_URL}/`);
  const checkIn = page.getByRole('button', { name: '签到', exact: true });
  await checkIn.waitFor();
  const bubble = await hitArea(checkIn);
  assert.ok(bubble.width >= 44 && bubble.height >= 44, `签到 is ${bubble.width}×${bubble.height}px to tap`);
}

/** Computed font size of the first element a locator finds, in px. @param {import('playwright-core').Locator} locator */
async function fontSizeOf(locator) {
  return locator.first().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
}

describe('长辈模式 and the accessibility floor', { skip: skipStatic }, () => {
  it('offers 长辈模式 once, keeps every text readable in both modes, and makes text and key numbers larger', async () => {
    const key = await elderPatient();
    const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2 });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    try {
      await page.addInitScript((deviceKey) => localStorage.setItem('glucoguard.deviceKey', deviceKey), key);

      // The one-time offer, on the home page, to a patient born in 1950.
      await page.goto(`${BASE_URL}/`);
      const offer = page.locator('.adm-dialog-body').filter({ hasText: '开启长辈模式？' });
      await offer.waitFor();
      await page.screenshot({ path: `${screensDir}/elder-offer.png` });
      await offer.getByRole('button', { name: '暂不开启' }).tap();
      await offer.waitFor({ state: 'hidden' });
      await page.reload();
      await page.getByRole('region', { name: '功能入口' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText('开启长辈模式？').count(), 0, 'the offer is made once');

      // The tab bar: tabs with roles and names, each at least 44 px tall.
      const tabs = page.getByRole('tablist', { name: '主导航' }).getByRole('tab');
      assert.deepEqual(await tabs.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))), [
        '健康',
        'AI助手',
        '我的',
      ]);
      for (const box of await tabs.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height))) {
        assert.ok(box >= 44, `a tab is ${box}px tall`);
      }

      const normal = await auditScreens(page, 'normal');
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      // A key number: the count of normal readings above the sugar table.
      const keyNumber = page.locator('dl[aria-label="血糖统计"] dd[aria-label="正常"]');
      const normalKeyNumber = await fontSizeOf(keyNumber);
      // The 数据/趋势 switch is a tablist too.
      const views = page.getByRole('tablist', { name: '数据视图' }).getByRole('tab');
      assert.deepEqual(await views.allInnerTexts(), ['数据', '趋势']);
      assert.equal(await views.first().getAttribute('aria-selected'), 'true');

      assert.deepEqual(offenders(normal, tooSmall(12)), [], 'no text under 12 px in normal mode');
      assert.deepEqual(offenders(normal, lowContrast), [], 'every text at least 4.5:1 in normal mode');
      await assertTapTargets(page, 44);

      // The switch in 设置.
      await page.goto(`${BASE_URL}/set/set`);
      const toggle = page.getByRole('switch', { name: '长辈模式' });
      await toggle.tap();
      await page.locator('html[data-elder="on"]').waitFor({ state: 'attached' });
      assert.equal(await toggle.getAttribute('aria-checked'), 'true');

      const elder = await auditScreens(page, 'elder');
      assert.deepEqual(offenders(elder, tooSmall(18)), [], 'every text at least 18 px in 长辈模式');
      assert.deepEqual(offenders(elder, lowContrast), [], 'every text at least 4.5:1 in 长辈模式');
      await assertTapTargets(page, 48);
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      const elderKeyNumber = await fontSizeOf(keyNumber);
      assert.ok(
        elderKeyNumber >= normalKeyNumber * 1.2,
        `a key number grows: ${normalKeyNumber}px → ${elderKeyNumber}px`,
      );
      // The choice stays on this device.
      await page.reload();
      await page.locator('html[data-elder="on"]').waitFor({ state: 'attached' });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
