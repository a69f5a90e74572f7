/* global document, HTMLElement */
// The medication diary on a phone (issue 20, spec 3 §2.4): from 我的 → 用药记录 a patient of the
// health brand opens the month's calendar, adds a record on an earlier day of the month (the save
// checks in the spec's order, the medicine is searched on /selectDrug), sees the day marked, adds one
// today from 最近使用, edits the first, deletes it after the confirmation and sees the mark go.
// Screenshots at 390×844 (also in 长辈模式) go to test-results/.
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

/** A registered patient of the health brand (sourceId 3), signed in on a phone by device key. */
async function healthPatient() {
  const key = randomBytes(32).toString('base64url');
  const { token } = await apiCall('GET', `/wechat/v1/getHtmlAccessToken?code=${key}&sourceId=3`);
  const phone = freshPhone('135');
  await apiCall('POST', '/shortMsg/v1/getCode', { phone }, token);
  await apiCall('POST', '/register/v1/bind', { nickname: '赵桂芳', phone, validCode: await outboxCode(phone) }, token);
  return key;
}

/** Today in China, and an earlier day of the same month when there is one. */
function diaryDays() {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const date = Number(today.slice(8, 10));
  const earlier = date > 1 ? `${today.slice(0, 8)}${String(Math.max(1, date - 2)).padStart(2, '0')}` : today;
  return { today, earlier };
}

/** The calendar button of a day ('YYYY-MM-DD'): its label starts with 'M月D日'. */
function dayButton(page, day) {
  const label = `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
  return page.getByRole('button', { name: new RegExp(`^${label}( |$)`) });
}

/** Waits for a toast and for it to go. @param {import('playwright-core').Page} page @param {string} text */
async function toastSeen(page, text) {
  await page.locator('.adm-toast-main', { hasText: text }).waitFor();
  await page.locator('.adm-toast-main', { hasText: text }).waitFor({ state: 'detached', timeout: 10_000 });
}

describe('the medication diary on a phone', { skip: skipStatic }, () => {
  it('adds, edits and deletes records through a month, with the calendar marks', async () => {
    const key = await healthPatient();
    const { context, page, problems } = await openPhone(browser);
    const { today, earlier } = diaryDays();
    try {
      await page.goto(`${BASE_URL}/?deviceKey=${key}&sourceId=3&tab=mine`);
      await page.getByRole('link', { name: '用药记录' }).tap();
      await page.waitForURL((url) => url.pathname === '/calendar');
      await page.getByRole('grid').waitFor();
      assert.equal(await page.getByLabel('年份').inputValue(), today.slice(0, 4));
      assert.equal(await page.getByLabel('月份').inputValue(), String(Number(today.slice(5, 7))));
      // Tomorrow cannot be chosen when it is in this month.
      const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
        assert.equal(await dayButton(page, tomorrow).isDisabled(), true);
      }
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('medication-calendar-empty') });

      // An earlier day without records opens the form; the save checks the medicine first.
      await dayButton(page, earlier).tap();
      await page.waitForURL((url) => url.pathname === '/addMedication');
      await page.waitForFunction((title) => document.title === title, '选择药品');
      await page.getByRole('button', { name: '保存' }).tap();
      await toastSeen(page, '请选择药品');
      await page.getByText('用法', { exact: true }).waitFor();
      await page.getByText('口服', { exact: true }).tap();
      await page.getByText('请选择药品', { exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/selectDrug');
      await page.getByRole('region', { name: '最近使用' }).getByText('还没有用过的药品').waitFor();
      await page.getByPlaceholder('输入药品名称搜索').fill('二甲双胍');
      await page.getByRole('button', { name: /^盐酸二甲双胍片\s*0\.5g×20片/ }).waitFor();
      await page.screenshot({ path: shot('medication-select-drug') });
      await page.getByRole('button', { name: /^盐酸二甲双胍片\s*0\.5g×20片/ }).tap();
      await page.waitForURL((url) => url.pathname === '/addMedication');
      await page.getByLabel('药品', { exact: true }).filter({ hasText: '盐酸二甲双胍片 0.5g×20片' }).waitFor();
      assert.equal(await page.getByLabel('单位').innerText(), '片');
      // 口服 chosen before the chooser is still chosen; the next check is the frequency.
      await page.getByRole('button', { name: '保存' }).tap();
      await toastSeen(page, '请选择频率');
      await page.getByText('每日两次', { exact: true }).tap();
      await page.getByRole('button', { name: '保存' }).tap();
      await toastSeen(page, '请选择用量');
      await page.getByRole('textbox', { name: '用量' }).fill('1');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('medication-add'), fullPage: true });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/medicationRecordList');
      await page.getByText('口服 · 每日两次 · 每次1片').waitFor();
      await page.screenshot({ path: shot('medication-day-list') });

      // Back on the calendar the day is marked.
      await page.goto(`${BASE_URL}/calendar`);
      await page.getByRole('button', { name: new RegExp('已记录1次用药') }).waitFor();
      assert.match((await dayButton(page, earlier).getAttribute('aria-label')) ?? '', /已记录1次用药/);
      await page.screenshot({ path: shot('medication-calendar-marked') });

      // Today, from 最近使用 (only when today is another day than the earlier one).
      if (today !== earlier) {
        await dayButton(page, today).tap();
        await page.waitForURL((url) => url.pathname === '/addMedication');
        await page.getByText('请选择药品', { exact: true }).tap();
        await page
          .getByRole('region', { name: '最近使用' })
          .getByRole('button', { name: /^盐酸二甲双胍片/ })
          .tap();
        await page.getByLabel('药品', { exact: true }).filter({ hasText: '盐酸二甲双胍片' }).waitFor();
        await page.getByText('口服', { exact: true }).tap();
        await page.getByText('每日一次', { exact: true }).tap();
        await page.getByRole('textbox', { name: '用量' }).fill('0.5');
        await page.getByRole('button', { name: '保存' }).tap();
        await page.waitForURL((url) => url.pathname === '/medicationRecordList');
        await page.getByText('口服 · 每日一次 · 每次0.5片').waitFor();
        await page.goto(`${BASE_URL}/calendar`);
        await page
          .getByRole('button', { name: new RegExp('已记录1次用药') })
          .nth(1)
          .waitFor();
      }

      // Edit the earlier day's record.
      await dayButton(page, earlier).tap();
      await page.waitForURL((url) => url.pathname === '/medicationRecordList');
      await page.getByText('口服 · 每日两次 · 每次1片').tap();
      await page.waitForURL((url) => url.pathname === '/addMedication');
      assert.equal(new URL(page.url()).searchParams.get('name'), 'edit');
      await page.getByRole('textbox', { name: '用量' }).and(page.locator('[value="1"]')).waitFor();
      await page.waitForFunction((title) => document.title === title, '编辑用药');
      await page.getByRole('textbox', { name: '用量' }).fill('2');
      await page.screenshot({ path: shot('medication-edit'), fullPage: true });
      await page.getByRole('button', { name: '保存' }).tap();
      await page.waitForURL((url) => url.pathname === '/medicationRecordList');
      await page.getByText('口服 · 每日两次 · 每次2片').waitFor();

      // Delete it, after the confirmation; the day's mark goes.
      await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByText('口服 · 每日两次 · 每次2片').tap();
      await page.getByRole('button', { name: '删除' }).tap();
      await page.getByText('确定删除这条用药记录吗？删除后无法恢复。').waitFor();
      // The photo once the dialog has faded in.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.adm-dialog .adm-center-popup-wrap > div')].some(
          (panel) => panel instanceof HTMLElement && panel.style.opacity === '1',
        ),
      );
      await page.screenshot({ path: shot('medication-delete-confirm') });
      await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).tap();
      await page.waitForURL((url) => url.pathname === '/medicationRecordList');
      await page.getByText('当天还没有用药记录').waitFor();
      await page.goto(`${BASE_URL}/calendar`);
      await page.getByRole('grid').waitFor();
      await page.waitForLoadState('networkidle');
      await dayButton(page, earlier).and(page.locator(':enabled')).waitFor();
      assert.doesNotMatch((await dayButton(page, earlier).getAttribute('aria-label')) ?? '', /已记录/);

      // 长辈模式: the same calendar with larger text and tap targets.
      await page.evaluate(() => localStorage.setItem('glucoguard.elderMode', 'on'));
      await page.reload();
      await page.getByRole('grid').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.elder), 'on');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('medication-calendar-elder') });
      if (today !== earlier) {
        await dayButton(page, today).tap();
        await page.waitForURL((url) => url.pathname === '/medicationRecordList');
        await page.getByRole('button', { name: '新增用药' }).tap();
        await page.waitForURL((url) => url.pathname === '/addMedication');
        await page.getByText('每日两次', { exact: true }).waitFor();
        await assertFitsWidth(page);
        await page.screenshot({ path: shot('medication-add-elder'), fullPage: true });
      }
      assert.deepEqual(problems, []);
    } catch (error) {
      await page.screenshot({ path: shot('medication-failed'), fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  });
});
