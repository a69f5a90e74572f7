// Engagement on a phone: a new patient signs in for the day and sees 已签到 and the points change;
// reads a health article to the bottom and sees the reading reward toast once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/**
 * The number shown under a label on the points figures.
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
async function figure(page, label) {
  const text = await page.getByLabel(label, { exact: true }).first().innerText();
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

describe('engagement on a phone', { skip: skipStatic }, () => {
  it('signs in for the day, then reads an article to the bottom for the reward, once', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/signIn`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '王五' });
      await page.waitForURL((url) => url.pathname === '/signIn');

      // Sign in for the day: 已签到, and the points go from 0 to 1.
      const signButton = page.getByRole('button', { name: '签到', exact: true });
      await signButton.waitFor();
      // The rule reads as one sentence that does not contradict itself.
      await page
        .getByLabel('签到奖励')
        .getByText('每天签到奖励1积分；连续签到每满7天，当天共奖励4积分，比平时多奖励3积分')
        .waitFor();
      assert.equal(await figure(page, '我的积分'), 0);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('engagement-sign-in-before') });
      await signButton.tap();
      await page.getByText('签到成功，获得1积分').waitFor();
      const signed = page.getByRole('button', { name: '已签到' });
      await signed.waitFor();
      assert.equal(await signed.isDisabled(), true);
      await page.getByLabel('我的积分').filter({ hasText: /^1/ }).waitFor();
      assert.equal(await figure(page, '连续签到(天)'), 1);
      await page.getByRole('grid').locator('td[aria-label$="已签到"]').waitFor();
      await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
      await page.screenshot({ path: shot('engagement-sign-in-after') });

      // The home page's points card shows the new balance; open the first article.
      await page.goto(`${BASE_URL}/`);
      const card = page.getByRole('region', { name: '我的积分' });
      await card.getByLabel('我的积分').getByText('1', { exact: true }).waitFor();
      const articles = page.getByRole('region', { name: '健康资讯' });
      const first = articles.getByRole('link').first();
      await first.waitFor();
      await first.scrollIntoViewIfNeeded();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('engagement-home-articles') });
      await first.tap();
      await page.waitForURL((url) => url.pathname === '/articleDetails');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const reward = page.getByText(/^阅读完成，奖励\d+积分$/);
      // Not at the bottom yet: no reward.
      await page.waitForTimeout(500);
      assert.equal(await reward.count(), 0, 'the reward toast waits for the bottom of the article');

      // Scroll to the bottom: the toast shows, for about 3 seconds.
      await page.getByRole('button', { name: /点赞/ }).scrollIntoViewIfNeeded();
      await reward.waitFor();
      await page.screenshot({ path: shot('engagement-article-reward') });
      await reward.waitFor({ state: 'detached', timeout: 6000 });

      // Up and down again, and after a reload: no second toast.
      await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: /点赞/ }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      assert.equal(await reward.count(), 0, 'the reward is shown once');
      await page.reload();
      await page.getByText('已读完本文').scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      assert.equal(await reward.count(), 0, 'a read article pays no more');

      // One-way like.
      await page.getByRole('button', { name: /^点赞 \d+$/ }).tap();
      await page.getByRole('button', { name: /^已点赞 \d+$/ }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^已点赞 \d+$/ }).isDisabled(), true);

      // The points home lists both rewards.
      await page.goto(`${BASE_URL}/integral`);
      const ledger = page.getByRole('region', { name: '积分明细' });
      await ledger.getByText('阅读健康文章').waitFor();
      await ledger.getByText('每日签到').waitFor();
      assert.equal(await figure(page, '我的积分'), 3);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('engagement-points-home') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
