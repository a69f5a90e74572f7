// The home page and mine on a phone (issue 17 §2, §5): today's summary for a new user (the next
// step) and for one with readings, the brand's banners (and no carousel when there are none), a
// waiting follow request on home and on the mine tab's badge, mine's entries that open the mall's pages, and
// /urineDoctor without the partner configured. Screenshots of home (guest, new user, demo patient)
// and mine at 390×844 go to test-results/.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, freshPhone, outboxCode } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
/** The seeded demo patient (张建国), with months of readings. */
const DEMO_PATIENT = 'demo-patient-0000000001';

/** `YYYY-MM-DD HH:mm` in China, `minutesAgo` before now. */
function chinaTime(minutesAgo) {
  return new Date(Date.now() + 8 * 3_600_000 - minutesAgo * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** A registered customer made through the API; the browser signs in as them with `?deviceKey=`. */
async function newCustomer(nickname) {
  const key = randomBytes(32).toString('base64url');
  const { token } = await apiCall('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=4`);
  const phone = freshPhone('135');
  await apiCall('POST', '/shortMsg/v1/getCode', { phone }, token);
  await apiCall('POST', '/register/v1/bind', { nickname, phone, validCode: await outboxCode(phone) }, token);
  return { key, token, phone };
}

/** Opens home for a device key and waits for the entry tiles. @param {import('playwright-core').Page} page */
async function openHome(page, key) {
  await page.goto(`${BASE_URL}/${key ? `?deviceKey=${key}` : ''}`);
  await page.getByRole('region', { name: '功能入口' }).waitFor();
}

describe('home and mine on a phone', { skip: skipStatic }, () => {
  it('shows a guest the banners and asks them to register in the summary', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await openHome(page);
      const summary = page.getByRole('region', { name: '今日概览' });
      await summary.getByText('注册后记录血糖、血压').waitFor();
      const carousel = page.getByRole('region', { name: '活动' });
      // The medical brand's seeded banners, as pictures the server draws.
      await carousel
        .getByRole('img', { name: /血糖仪数据自动上传/ })
        .first()
        .waitFor();
      const loaded = await carousel
        .getByRole('img', { name: /血糖仪数据自动上传/ })
        .first()
        .evaluate((img) => img.complete && img.naturalWidth > 0);
      assert.equal(loaded, true, 'the banner picture loads');
      await page.waitForLoadState('networkidle');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('home-guest') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('gives a new user the next step, then shows their reading in its colour after they record one', async () => {
    const { key, token } = await newCustomer('赵新');
    const { context, page, problems } = await openPhone(browser);
    try {
      await openHome(page, key);
      const summary = page.getByRole('region', { name: '今日概览' });
      await summary.getByText(/还没有测量记录/).waitFor();
      await summary.getByRole('button', { name: '查看报告' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot('home-new-user') });
      await summary.getByRole('button', { name: '记录血糖' }).tap();
      await page.waitForURL((url) => url.pathname.startsWith('/reportCenter/bloodSugar/addBloodSugarReport'));

      // A reading recorded (through the API, as a meter or another screen would), back home.
      await apiCall('POST', '/sugarTest/v1/add', { sugar: 12.4, createTime: chinaTime(5), timeType: 3 }, token);
      await apiCall(
        'POST',
        '/bloodPressureTest/v1/add',
        { sbp: 118, dbp: 76, hr: 70, createTime: chinaTime(3) },
        token,
      );
      await openHome(page);
      const value = summary.getByText('12.4', { exact: true });
      await value.waitFor();
      assert.equal(await value.getAttribute('data-level'), 'high');
      await summary
        .getByText(/今天 \d\d:\d\d/)
        .first()
        .waitFor();
      assert.equal(await summary.getByText('118/76', { exact: true }).getAttribute('data-level'), 'normal');
      await value.tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it("shows the demo patient's latest readings and hides the carousel when the brand has no banners", async () => {
    const { context, page, problems } = await openPhone(browser);
    // The demo patient is over 60: this device has already answered the one-time 长辈模式 offer.
    await context.addInitScript(() => globalThis.localStorage.setItem('glucoguard.elderMode', 'off'));
    try {
      await openHome(page, DEMO_PATIENT);
      const summary = page.getByRole('region', { name: '今日概览' });
      await summary.getByRole('heading', { name: '最近一次测量' }).waitFor();
      await summary.locator('strong[data-level]').first().waitFor();
      await page.getByRole('region', { name: '活动' }).waitFor();
      await page.waitForLoadState('networkidle');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('home-demo-patient') });

      // The same page when the list comes back empty: no carousel and no empty 暂无数据 card.
      await page.route('**/api/activity/v1/bannerList?*', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, errMsg: '', data: [] }) }),
      );
      await page.reload();
      await page.getByRole('region', { name: '今日概览' }).getByRole('heading', { name: '最近一次测量' }).waitFor();
      await page.getByRole('region', { name: '我的积分' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByRole('region', { name: '活动' }).count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows a waiting follow request on home and counts it on the mine tab, whose mall entries open their pages', async () => {
    const patient = await newCustomer('孙桂兰');
    const relative = await newCustomer('孙明');
    const found = await apiCall('GET', `/follower/v1/queryByPhone?phone=${patient.phone}`, undefined, relative.token);
    await apiCall('POST', '/follower/v1/addFocus', { customerId: found.customerVo.customerId }, relative.token);
    const { context, page, problems } = await openPhone(browser);
    try {
      await openHome(page, patient.key);
      const request = page.getByRole('link', { name: '孙明请求关注您，去处理' });
      await request.waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot('home-follow-request') });
      // The mine tab's badge: the one request waiting (its notice is not counted twice).
      const mineTab = page.getByRole('tab', { name: '我的，1条未读消息' });
      await mineTab.waitFor();
      assert.match(await mineTab.innerText(), /1/);

      await mineTab.tap();
      const menu = page.getByRole('list', { name: '更多服务' });
      await menu.getByRole('link', { name: '关注我的人，1条未读' }).waitFor();
      // The mall's entries are pages now (issue 21): 收货地址 links its page, 我的订单 opens the orders.
      assert.equal(await menu.getByRole('link', { name: '收货地址' }).getAttribute('href'), '/address/addressManage');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('mine-badge') });
      await page.getByRole('navigation', { name: '常用功能' }).getByRole('link', { name: '我的订单' }).tap();
      await page.waitForURL((url) => url.pathname === '/order/orderList');
      await page.getByText('暂无订单记录').waitFor();
      await page.goBack();
      await mineTab.waitFor();

      // The request is one tap from home.
      await page.getByRole('tab', { name: /^健康/ }).tap();
      await request.tap();
      await page.waitForURL((url) => url.pathname === '/friend/followers');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('keeps the summary and mine inside the phone in 长辈模式', async () => {
    const { context, page, problems } = await openPhone(browser);
    await context.addInitScript(() => globalThis.localStorage.setItem('glucoguard.elderMode', 'on'));
    try {
      await openHome(page, DEMO_PATIENT);
      const summary = page.getByRole('region', { name: '今日概览' });
      await summary.locator('strong[data-level]').first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertFitsWidth(page);
      // Each reading stays inside the card, and its content inside its half.
      const overflowing = await summary.evaluate((card) => {
        const edge = card.getBoundingClientRect().right;
        return [...card.querySelectorAll('a')]
          .filter((link) => link.getBoundingClientRect().right > edge + 1 || link.scrollWidth > link.clientWidth + 1)
          .map((link) => link.textContent);
      });
      assert.deepEqual(overflowing, []);
      await page.screenshot({ path: shot('home-demo-patient-elder') });
      await page.getByRole('tab', { name: /^我的/ }).tap();
      await page.getByRole('list', { name: '更多服务' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('mine-elder') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('explains urine analysis when the partner is not configured, with no 503 toast', async () => {
    const { key } = await newCustomer('周华');
    const { context, page } = await openPhone(browser);
    try {
      await openHome(page, key);
      await page.getByRole('region', { name: '功能入口' }).getByRole('button', { name: '尿液分析' }).tap();
      await page.waitForURL((url) => url.pathname === '/urineDoctor');
      await page.getByRole('heading', { name: '什么是尿液分析' }).waitFor();
      await page.getByRole('heading', { name: '服务暂未开通' }).waitFor();
      assert.equal(await page.getByText('尿液分析服务暂未开通').count(), 0);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('urine-doctor') });
      await page.getByRole('button', { name: '返回' }).tap();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
