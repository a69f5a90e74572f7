/* global document */
// Accounts on a phone: a new visitor is sent from a guarded page to registration, registers with
// the code from the local SMS outbox (variant B, both steps), lands on the page they wanted and
// sees their profile completion on mine; a scanned-in doctor's invite code is pre-filled; the
// emoji rule works in a real browser.
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

/**
 * Step 1 of variant B: name, phone, the outbox code, consent, 下一步.
 * @param {import('playwright-core').Page} page @param {string} phone
 */
async function bindPhone(page, phone, name = '张三') {
  await page.getByRole('heading', { name: '注册' }).waitFor();
  const next = page.getByRole('button', { name: '下一步' });
  assert.equal(await next.isDisabled(), true, '下一步 waits for the consent box');
  await page.getByRole('textbox', { name: '用户名' }).fill(name);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await page.getByRole('button', { name: /^1[12]\d秒后获取$/ }).waitFor();
  assert.equal(await page.getByRole('button', { name: /秒后获取$/ }).isDisabled(), true);
  await page.getByRole('textbox', { name: '验证码' }).fill(await outboxCode(phone));
  await page.locator('label.adm-checkbox', { hasText: '我已阅读并同意' }).locator('.adm-checkbox-icon').tap();
  assert.equal(await next.isDisabled(), false);
  await next.tap();
  await page.getByRole('heading', { name: '完善资料' }).waitFor();
}

describe('accounts on a phone', { skip: skipStatic }, () => {
  it('sends a new visitor from a guarded page to registration, registers with the outbox code and returns there', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/set/set?from=e2e`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await page.getByRole('heading', { name: '注册' }).waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.getItem('glucoguard.wanted')), '/set/set?from=e2e');
      // The device key stays on the phone and is the local provider's login code.
      assert.match(
        await page.evaluate(() => localStorage.getItem('glucoguard.deviceKey') ?? ''),
        /^[A-Za-z0-9_-]{43}$/,
      );
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('accounts-register-step1') });

      // The agreements open in an overlay.
      await page.getByRole('link', { name: '《隐私政策》' }).tap();
      await page.getByRole('dialog', { name: '隐私政策' }).getByText('与亲友共享').first().waitFor();
      await page.screenshot({ path: shot('accounts-privacy-overlay') });
      await page.getByRole('button', { name: '我知道了' }).tap();

      const phone = freshPhone('139');
      await bindPhone(page, phone);

      // Step 2 starts with no medical answer chosen for the user; each is asked for in turn.
      const active = (group) => page.getByRole('group', { name: group }).locator('.adm-selector-item-active');
      for (const group of ['性别', '糖尿病类型', '高血压类型']) {
        assert.equal(await active(group).count(), 0, `${group} starts empty`);
      }
      assert.equal(await page.getByRole('button', { name: '出生日期' }).innerText(), '请选择出生日期');
      await page.screenshot({ path: shot('accounts-register-step2-empty') });
      await page.getByRole('button', { name: '完成' }).tap();
      await page.getByText('请选择性别').waitFor();
      await answerMedicalQuestions(page);
      await page.getByRole('button', { name: '完成' }).tap();
      await page.getByText('出生日期不能为空').waitFor();

      await page.getByRole('button', { name: '出生日期' }).tap();
      await page.getByText('确定', { exact: true }).tap();
      await page.getByRole('button', { name: '出生日期', exact: true }).filter({ hasText: '1972-01-01' }).waitFor();
      await page.getByRole('textbox', { name: '邀请码' }).fill('WANG01');
      await page.getByRole('textbox', { name: '详细地址' }).fill('人民路1号');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('accounts-register-step2') });

      await page.getByRole('button', { name: '完成' }).tap();
      await page.getByText('注册成功！').waitFor();
      await page.waitForURL((url) => url.pathname === '/set/set' && url.search === '?from=e2e');
      await page.getByText('个人测量消息通知').waitFor();
      await page.screenshot({ path: shot('accounts-landed-on-wanted-page') });

      // Mine: name, completion with one decimal and 去完善 (no avatar yet).
      await page.goto(`${BASE_URL}/?tab=mine`);
      await page.getByText('张三', { exact: true }).waitFor();
      const completion = await page.getByText(/^资料完善度 \d+\.\d%$/).innerText();
      assert.equal(completion, '资料完善度 85.7%');
      assert.equal(await page.getByRole('link', { name: '去完善' }).getAttribute('href'), '/register/editUserInfo');
      await page.screenshot({ path: shot('accounts-mine-completion') });

      // The profile form opens from there.
      await page.getByRole('link', { name: '去完善' }).tap();
      await page.getByRole('textbox', { name: '姓名' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: '姓名' }).inputValue(), '张三');
      await page.screenshot({ path: shot('accounts-edit-user-info') });

      // A registered user meets the 404 page at an unknown address.
      await page.goto(`${BASE_URL}/no/such/page`);
      await page.getByRole('heading', { name: '页面不存在' }).waitFor();
      await page.screenshot({ path: shot('shell-404') });
      await page.getByRole('link', { name: '返回首页' }).tap();
      await page.waitForURL((url) => url.pathname === '/');

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('pre-fills a scanned-in doctor’s invite code, read-only', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/register/register?doctorOpenid=demo_doctor_wang`);
      await bindPhone(page, freshPhone('139'), '李四');
      const invite = page.getByRole('textbox', { name: '邀请码' });
      await page.waitForFunction(() => document.querySelector('input[aria-label="邀请码"]')?.value === 'WANG01');
      assert.equal(await invite.getAttribute('readonly'), '');
      await page.screenshot({ path: shot('accounts-doctor-invite') });

      // The region picker loads the bundled region data and confirms the first entries.
      await page.getByRole('button', { name: '所在地区' }).tap();
      await page.locator('.adm-picker').getByText('东城区').waitFor();
      await page.screenshot({ path: shot('accounts-region-picker') });
      await page.locator('.adm-picker-header-button', { hasText: '确定' }).tap();
      await page.getByRole('button', { name: '所在地区' }).filter({ hasText: '北京市 北京市 东城区' }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('clears a name holding an emoji and says 请不要输入表情', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/register/register`);
      const name = page.getByRole('textbox', { name: '用户名' });
      await name.fill('张三😀');
      await page.getByText('请不要输入表情').waitFor();
      assert.equal(await name.inputValue(), '');
      await page.screenshot({ path: shot('accounts-emoji') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
