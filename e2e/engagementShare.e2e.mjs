// Sharing on a phone: a new patient signs in and opens the day's share image; a visitor opens a
// shared article and sees the follow QR; an invitation link pre-fills the invite code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, freshPhone, outboxCode } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** @param {import('playwright-core').Locator} image */
async function loaded(image) {
  await image.waitFor();
  await image.evaluate((img) =>
    img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
  );
  return image.evaluate((img) => img.naturalWidth);
}

describe('sharing on a phone', { skip: skipStatic }, () => {
  it('shows the sign-in day image, a shared article with its follow QR, and pre-fills an invitation link’s code', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      // The invitation poster's link: registration with the inviter's code pre-filled.
      await page.goto(`${BASE_URL}/register/register?inviteCode=WANG01&sourceId=4`);
      const phone = freshPhone('136');
      await page.getByRole('textbox', { name: '用户名' }).fill('赵六');
      await page.getByRole('textbox', { name: '手机号' }).fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).tap();
      await page.getByRole('button', { name: /秒后获取$/ }).waitFor();
      await page.getByRole('textbox', { name: '验证码' }).fill(await outboxCode(phone));
      await page.locator('label.adm-checkbox', { hasText: '我已阅读并同意' }).locator('.adm-checkbox-icon').tap();
      await page.getByRole('button', { name: '下一步' }).tap();
      await page.getByRole('heading', { name: '完善资料' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: '邀请码' }).inputValue(), 'WANG01');
      await page.screenshot({ path: shot('share-invite-landing') });
      await page.goto(`${BASE_URL}/signIn`);
      await page.getByRole('button', { name: '签到', exact: true }).tap();
      await page.getByRole('button', { name: '已签到' }).waitFor();
      await page.getByRole('button', { name: '分享' }).tap();
      assert.equal(await loaded(page.getByRole('img', { name: '签到分享图' })), 750);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('share-sign-in-day') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }

    const visitor = await openPhone(browser);
    try {
      await visitor.page.goto(`${BASE_URL}/articleShareDetails?articleId=101&sourceId=4`);
      await visitor.page.getByRole('heading', { level: 1 }).waitFor();
      await visitor.page.getByRole('heading', { name: '更多健康知识' }).scrollIntoViewIfNeeded();
      assert.equal(await loaded(visitor.page.getByRole('img', { name: '二维码' })), 480);
      assert.equal(visitor.page.url().includes('/articleShareDetails'), true, 'a visitor stays on the shared article');
      await assertFitsWidth(visitor.page);
      await visitor.page.screenshot({ path: shot('share-article-visitor') });

      assert.deepEqual(visitor.problems, []);
    } finally {
      await visitor.context.close();
    }
  });
});
