/* global window */
// Contact, invitation and home on a phone: a newly registered user sends a problem report with one
// photo through the real uploader and sees 提交成功, changes the avatar, finds 帮助与客服 on mine; the invite code
// page and the poster drawn on a canvas; the mini-program page inside the messaging app; the home
// sections' empty states.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { answerMedicalQuestions, freshPhone, outboxCode, assertFitsWidth } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** A 24×24 PNG (a real image: the upload sniffs the content). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGOQm/CfKohh1KBRg0YNGjVo1KBRgwbeIADFA8VuO7qQPAAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Registers a new user (variant B with the seeded doctor's invite code) starting from `path`,
 * and waits until the app is back there.
 * @param {import('playwright-core').Page} page @param {string} path
 */
async function registerFrom(page, path) {
  await page.goto(`${BASE_URL}${path}`);
  await page.waitForURL((url) => url.pathname === '/register/register');
  const phone = freshPhone('137');
  await page.getByRole('textbox', { name: '用户名' }).fill('赵六');
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await page.getByRole('textbox', { name: '验证码' }).fill(await outboxCode(phone));
  await page.locator('label.adm-checkbox', { hasText: '我已阅读并同意' }).locator('.adm-checkbox-icon').tap();
  await page.getByRole('button', { name: '下一步' }).tap();
  await page.getByRole('heading', { name: '完善资料' }).waitFor();
  await answerMedicalQuestions(page);
  await page.getByRole('button', { name: '出生日期' }).tap();
  await page.getByText('确定', { exact: true }).tap();
  await page.getByRole('textbox', { name: '邀请码' }).fill('WANG01');
  await page.getByRole('button', { name: '完成' }).tap();
  await page.getByText('注册成功！').waitFor();
}

describe('contact, invitation and home on a phone', { skip: skipStatic }, () => {
  it('sends feedback with one photo from mine and says 提交成功', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await registerFrom(page, '/contactUs');
      await page.waitForURL((url) => url.pathname === '/contactUs');
      const text = page.getByRole('textbox', { name: '问题描述' });
      await text.waitFor();

      // The description is required.
      await page.getByRole('button', { name: '提交', exact: true }).tap();
      await page.getByText('问题描述不能为空').waitFor();

      await page.getByRole('group', { name: '反馈类型' }).getByText('问题').tap();
      await text.fill('蓝牙连接血糖仪时偶尔断开');
      await page.getByText('12/200').waitFor();
      await page
        .getByRole('region', { name: '意见反馈' })
        .locator('input[type="file"]')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: '删除图片' }).waitFor();
      // The medical brand opens the chat link directly; the hotline and hours are shown.
      await page.getByRole('link', { name: '400-826-0404' }).waitFor();
      await page.getByText('每天 7:00–00:30').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('contact-feedback-filled'), fullPage: true });

      // The payload as it leaves the page (the SDK's fetch takes a Request, whose body Playwright
      // does not record, so the page's fetch is watched instead).
      await page.evaluate(() => {
        const original = window.fetch;
        window.fetch = async (input, init) => {
          if (input instanceof Request && input.url.endsWith('/api/feedback/v1/submit')) {
            window.sessionStorage.setItem('e2e.feedback', await input.clone().text());
          }
          return original(input, init);
        };
      });
      const submitted = page.waitForResponse((response) => response.url().endsWith('/api/feedback/v1/submit'));
      await page.getByRole('button', { name: '提交', exact: true }).tap();
      const response = await submitted;
      assert.equal((await response.json()).code, 0);
      const sent = JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('e2e.feedback'))) ?? 'null');
      assert.equal(sent.type, 2);
      assert.equal(sent.adviceContent, '蓝牙连接血糖仪时偶尔断开');
      assert.match(sent.imgUrl, /^[^,]+\.png$/);
      await page.getByText('提交成功').waitFor();
      await page.screenshot({ path: shot('contact-feedback-sent') });
      assert.equal(await text.inputValue(), '');

      // The avatar: tap it, choose a photo, it is uploaded and saved.
      await page.goto(`${BASE_URL}/register/editUserInfo`);
      await page.getByRole('textbox', { name: '姓名' }).waitFor();
      await page.getByLabel('更换头像').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('头像已更新').waitFor();
      const avatar = page.locator('label img');
      await avatar.waitFor();
      assert.match((await avatar.getAttribute('src')) ?? '', /\/api\/files\/.+/);
      await page.screenshot({ path: shot('avatar-updated') });

      // Mine links here.
      await page.goto(`${BASE_URL}/?tab=mine`);
      await page.getByRole('link', { name: '帮助与客服' }).tap();
      await page.waitForURL((url) => url.pathname === '/contactUs');

      // The invite code page and the poster.
      await page.goto(`${BASE_URL}/invitationCode/invitationCode`);
      await page.getByText(/^已邀请/).waitFor();
      const code = (await page.getByTestId('invite-code').innerText()).trim();
      assert.match(code, /^[A-Z0-9]{6}$/);
      await page.screenshot({ path: shot('invitation-code') });
      await page.getByRole('button', { name: '生成邀请海报' }).tap();
      const poster = page.getByRole('img', { name: new RegExp(`邀请码 ${code}$`) });
      await poster.waitFor();
      // The poster is drawn by the API and served as a cached PNG file.
      const posterSrc = (await poster.getAttribute('src')) ?? '';
      assert.match(posterSrc, /^\/api\/files\/.+\.png(\?|$)/);
      const posterFile = await page.request.get(new URL(posterSrc, BASE_URL).href);
      assert.equal(posterFile.status(), 200);
      assert.deepEqual([...(await posterFile.body()).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await page.getByText('分享卡片已设置好：点击右上角「…」即可发送给朋友').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('invitation-poster') });

      // Home: the article section lists the seeded articles of its first category.
      await page.goto(`${BASE_URL}/`);
      await page.getByRole('region', { name: '健康资讯' }).locator('[aria-label="文章列表"] a').first().waitFor();
      await page.screenshot({ path: shot('home-sections'), fullPage: true });

      // The mini-program page inside the messaging app.
      await page.goto(`${BASE_URL}/miniprogram`);
      await page.getByRole('button', { name: '打开商城小程序' }).tap();
      await page.getByText(/会在微信中打开/).waitFor();
      await page.screenshot({ path: shot('miniprogram') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
