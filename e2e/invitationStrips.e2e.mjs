// The strip reward on two phones (issue 20): A opens the invitation activity and shares the code,
// B registers with it through the poster's link → A sees 5 strips on /paperDetails; B closes the
// account (设置 → 注销账号) within 7 days, which takes the 5 back, and registers again with the same
// phone and A's code, which earns A nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { answerMedicalQuestions, assertFitsWidth, freshPhone, outboxCode, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** When each phone was last sent a code, and the server's interval between two codes (plus a margin). */
const codeSentAt = new Map();
const CODE_RESEND_MS = 122_000;

/**
 * Registers through an invitation link (`/register/register?inviteCode=…`): step 1, then step 2
 * with the link's code kept as it was pre-filled; it ends on `landing` (home, or the page the user wanted).
 * @param {import('playwright-core').Page} page
 * @param {{ name: string, phone: string, code: string, landing?: string }} user
 */
async function registerInvited(page, { name, phone, code, landing = '/' }) {
  await page.goto(`${BASE_URL}/register/register?inviteCode=${code}&sourceId=4`);
  await page.getByRole('heading', { name: '注册' }).waitFor();
  await page.getByRole('textbox', { name: '用户名' }).fill(name);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  // The server sends one code per phone every 120 s (CODE_COUNTDOWN_SECONDS): the second registration
  // of the same phone waits for that, as a person would.
  const wait = (codeSentAt.get(phone) ?? 0) + CODE_RESEND_MS - Date.now();
  if (wait > 0) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  codeSentAt.set(phone, Date.now());
  await page.getByRole('button', { name: '获取验证码' }).tap();
  await page.getByRole('button', { name: /秒后获取$/ }).waitFor();
  await page.getByRole('textbox', { name: '验证码' }).fill(await outboxCode(phone));
  await page.locator('label.adm-checkbox', { hasText: '我已阅读并同意' }).locator('.adm-checkbox-icon').tap();
  await page.getByRole('button', { name: '下一步' }).tap();
  await page.getByRole('heading', { name: '完善资料' }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: '邀请码' }).inputValue(), code);
  await answerMedicalQuestions(page);
  await page.getByRole('button', { name: '出生日期' }).tap();
  await page.getByText('确定', { exact: true }).tap();
  await page.getByRole('button', { name: '出生日期', exact: true }).filter({ hasText: '1972-01-01' }).waitFor();
  await page.getByRole('textbox', { name: '详细地址' }).fill('人民路1号');
  await page.getByRole('button', { name: '完成' }).tap();
  await page.getByText('注册成功！').waitFor();
  await page.waitForURL((url) => url.pathname === landing);
}

/**
 * Opens /paperDetails afresh and answers the balance shown and the ledger's lines (reason and delta).
 * @param {import('playwright-core').Page} page
 */
async function strips(page) {
  await page.goto(`${BASE_URL}/paperDetails`);
  const list = page.getByRole('region', { name: '试纸明细' });
  await list
    .getByText(/暂无试纸记录|[+-]\d+/)
    .first()
    .waitFor();
  const balance = await page.getByLabel('我的试纸', { exact: true }).innerText();
  const lines = await list.getByTestId('paper-line').allInnerTexts();
  return { balance: balance.replace(/\s/g, ''), lines: lines.map((line) => line.replace(/\s+/g, ' ').trim()) };
}

describe('strips for invitations on two phones', { skip: skipStatic }, () => {
  it('earns 5 strips for an invited registration, takes them back on a quick 注销 and never pays twice for one person', async () => {
    const a = await openPhone(browser);
    const b = await openPhone(browser);
    try {
      // A: a visitor taps the home tile, registers, and lands on the activity to read the own code.
      await a.page.goto(`${BASE_URL}/`);
      await a.page.getByRole('heading', { name: '糖护医疗' }).waitFor();
      await a.page.getByRole('region', { name: '功能入口' }).getByRole('button', { name: '邀请注册有奖' }).tap();
      await a.page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(a.page, { name: '王邀请', phone: freshPhone('135') });
      await a.page.waitForURL((url) => url.pathname === '/invitation');
      // The screenshot below shows the page, not the 注册成功！ toast over it.
      await a.page.getByText('注册成功！').waitFor({ state: 'hidden' });
      const code = (await a.page.getByTestId('invite-code').innerText()).trim();
      assert.match(code, /^[A-Z0-9]{6}$/);
      await a.page.getByText('已邀请 0 人注册').waitFor();
      await a.page.getByRole('region', { name: '活动规则' }).waitFor();
      await assertFitsWidth(a.page);
      await a.page.screenshot({ path: shot('strips-invitation-activity'), fullPage: true });

      // A shares the poster; its link is the registration page with A's code.
      await a.page.getByRole('button', { name: '生成邀请海报' }).tap();
      await a.page.getByRole('img', { name: new RegExp(`邀请码 ${code}$`) }).waitFor();
      await a.page.screenshot({ path: shot('strips-share-poster') });

      const before = await strips(a.page);
      assert.equal(before.balance, '0条');
      assert.deepEqual(before.lines, []);

      // B, still a visitor, opens /sharePage and is sent to registration (spec 3 §2.6); B registers
      // through A's link and comes back to /sharePage with B's own poster. A holds 5 strips, 10 % of
      // the way to an exchange.
      await b.page.goto(`${BASE_URL}/sharePage?sourceId=4`);
      await b.page.waitForURL((url) => url.pathname === '/register/register');
      const bPhone = freshPhone('134');
      await registerInvited(b.page, { name: '李受邀', phone: bPhone, code, landing: '/sharePage' });
      assert.equal(new URL(b.page.url()).search, '?sourceId=4');
      await b.page.getByRole('img', { name: /邀请海报，邀请码 [A-Z0-9]{6}$/ }).waitFor();
      await b.page.getByText('注册成功！').waitFor({ state: 'hidden' });
      await b.page.screenshot({ path: shot('strips-share-after-registration') });
      const earned = await strips(a.page);
      assert.equal(earned.balance, '5条');
      assert.equal(earned.lines.length, 1);
      assert.match(earned.lines[0], /^邀请好友注册（李\*+） \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+5$/);
      assert.equal(await a.page.getByRole('progressbar', { name: '兑换进度' }).getAttribute('aria-valuenow'), '10');
      await a.page.getByRole('button', { name: '去兑换' }).tap();
      await a.page.getByText('50条以上才能兑换试纸哦').waitFor();
      await assertFitsWidth(a.page);
      await a.page.screenshot({ path: shot('strips-paper-details-5') });

      // B closes the account from 设置 the same day: the warning, the tick, the last question.
      await b.page.goto(`${BASE_URL}/set/set`);
      await b.page.getByText(/^注销账号/).tap();
      await b.page.waitForURL((url) => url.pathname === '/set/closeAccount');
      await b.page.getByRole('region', { name: '注销须知' }).waitFor();
      await assertFitsWidth(b.page);
      await b.page.screenshot({ path: shot('strips-close-account') });
      assert.equal(await b.page.getByRole('button', { name: '确认注销' }).isDisabled(), true);
      await b.page.getByText('我已阅读并了解以上内容').tap();
      await b.page.getByRole('button', { name: '确认注销' }).tap();
      await b.page.getByRole('button', { name: '确定注销' }).tap();
      await b.page.getByText('账号已注销').waitFor();
      await b.page.waitForURL((url) => url.pathname === '/');
      // B is a visitor on this phone now: a guarded page sends to registration.
      await b.page.goto(`${BASE_URL}/?tab=mine`);
      await b.page.getByText('未登录').waitFor();

      // A: the 5 strips went back with a ledger entry.
      const revoked = await strips(a.page);
      assert.equal(revoked.balance, '0条');
      assert.equal(revoked.lines.length, 2);
      assert.match(revoked.lines[0], /^好友注销账号，扣回奖励（李\*+） .* -5$/);

      // B registers again with the same phone and A's code: A earns nothing.
      await registerInvited(b.page, { name: '李受邀', phone: bPhone, code });
      const again = await strips(a.page);
      assert.equal(again.balance, '0条');
      assert.deepEqual(again.lines, revoked.lines);
      await a.page.screenshot({ path: shot('strips-paper-details-after'), fullPage: true });

      // The scheme's other pages: the reward in three steps, and the code page with its copy button.
      await a.page.goto(`${BASE_URL}/reward`);
      await a.page.getByRole('region', { name: '公平规则' }).waitFor();
      await assertFitsWidth(a.page);
      await a.page.screenshot({ path: shot('strips-reward'), fullPage: true });
      await a.page.goto(`${BASE_URL}/invitationCode/invitationCode`);
      assert.equal((await a.page.getByTestId('invite-code').innerText()).trim(), code);
      await a.page.getByRole('button', { name: '复制邀请码' }).waitFor();
      await a.page.screenshot({ path: shot('strips-invitation-code') });

      // 长辈模式 on A's phone: the same page with larger text still fits.
      await a.page.evaluate(() => localStorage.setItem('glucoguard.elderMode', 'on'));
      await strips(a.page);
      await assertFitsWidth(a.page);
      await a.page.screenshot({ path: shot('strips-paper-details-elder'), fullPage: true });

      assert.deepEqual(a.problems, []);
      assert.deepEqual(b.problems, []);
    } catch (error) {
      await b.page.screenshot({ path: shot('strips-failed-b') }).catch(() => undefined);
      await a.page.screenshot({ path: shot('strips-failed-a') }).catch(() => undefined);
      throw error;
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
