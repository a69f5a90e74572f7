// The staff console on a desktop (1280×800), against the real API: each of the four roles signs in
// and sees only its menu; an operator cannot create staff (no menu entry, 无权限 at the address, and
// the API answers 403); an admin creates an account with TOTP whose one-time password is shown once,
// and that account signs in with the code and must change its password first; the audit trail is
// browsed by action; signing out and a session ended on the server return to the sign-in page
// (docs/adr/0120-console-app.md, docs/adr/0121-console-session-in-the-browser.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import { BASE_URL, launchBrowser } from './phone.mjs';
import { CONSOLE_URL, DEMO_STAFF, chooseOption, openDesktop, settled, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/console-${name}.png`;

/** @param {import('playwright-core').Page} page */
async function menuItems(page) {
  const menu = page.getByRole('menu', { name: '功能菜单' });
  await menu.getByRole('menuitem', { name: '工作台' }).waitFor();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

/** @param {import('playwright-core').Page} page */
const tokenOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('gg.console.session') ?? '{}').token);

describe('the staff console at 1280×800', { skip }, () => {
  it('signs in each role, which sees only its menu; an operator cannot create staff, in the UI or the API', async () => {
    for (const role of /** @type {const} */ (['doctor', 'pharmacist', 'operator', 'admin'])) {
      const { context, page, problems } = await openDesktop(browser);
      try {
        await signInToConsole(page, DEMO_STAFF[role]);
        await page.waitForURL((url) => url.pathname === '/console/home');
        const items = await menuItems(page);
        assert.equal(items[0], '工作台', `${role}: ${items.join(', ')}`);
        if (role === 'admin') {
          assert.ok(items.includes('员工账号') && items.includes('审计日志'), items.join(', '));
        } else {
          assert.ok(!items.includes('员工账号') && !items.includes('审计日志'), `${role}: ${items.join(', ')}`);
        }
        await page.getByText('我的账号').waitFor();
        await settled(page);
        await page.screenshot({ path: shot(`home-${role}`) });

        await page.goto(`${CONSOLE_URL}/staff`);
        if (role === 'admin') {
          await page.getByRole('button', { name: '新建账号' }).waitFor();
        } else {
          await page.getByText('无权限').waitFor();
          assert.equal(await page.getByRole('button', { name: '新建账号' }).count(), 0);
        }
        if (role === 'operator') {
          await settled(page);
          await page.screenshot({ path: shot('operator-staff-forbidden') });
          const response = await fetch(`${BASE_URL}/api/console/v1/staff`, {
            method: 'POST',
            headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'e2e.sneaky', role: 'admin' }),
          });
          assert.equal(response.status, 403);
          assert.deepEqual(await response.json().then(({ code, errMsg }) => ({ code, errMsg })), {
            code: 40300,
            errMsg: '无权限',
          });
        }
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    }
  });

  it('creates an account with TOTP whose one-time password is shown once, links it to a directory doctor; it signs in with the code and changes its password first', async () => {
    const username = `e2e.ph${Date.now().toString(36)}`;
    const admin = await openDesktop(browser);
    /** @type {string} */
    let otp;
    /** @type {string} */
    let secret;
    try {
      await signInToConsole(admin.page, DEMO_STAFF.admin);
      await admin.page.getByRole('menuitem', { name: '员工账号' }).click();
      await admin.page.getByRole('button', { name: '新建账号' }).click();
      const dialog = admin.page.getByRole('dialog', { name: '新建员工账号' });
      await dialog.getByLabel('用户名').fill(username);
      await dialog.getByLabel('姓名').fill('周药师');
      await chooseOption(admin.page, dialog.getByLabel('角色'), '药师');
      await dialog.getByLabel('登录时需要动态验证码（TOTP）').click();
      await settled(admin.page);
      await admin.page.screenshot({ path: shot('staff-create') });
      // The TOTP secret travels once, in the create call's answer (the QR code shows it): read it there,
      // as an authenticator app would read the code.
      const created = admin.page.waitForResponse(
        (r) => r.url().endsWith('/api/console/v1/staff') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: '创建' }).click();
      const totpUri = (await (await created).json()).data.totpUri;
      secret = new URL(totpUri).searchParams.get('secret') ?? '';

      const shown = admin.page.getByRole('dialog', { name: '账号已创建' });
      otp = (await shown.getByTestId('one-time-password').innerText()).trim();
      assert.match(otp, /^[A-Za-z2-9]{16}$/);
      await shown.locator('canvas, svg').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await settled(admin.page);
      await admin.page.screenshot({ path: shot('staff-created-once') });
      await shown.getByRole('button', { name: '我已记下' }).click();
      const row = admin.page.getByRole('row').filter({ hasText: username });
      await row.getByText('待修改初始密码').waitFor();

      // The admin makes the account a doctor, linked to the directory's 王明远 found by name.
      await row.getByRole('button', { name: '修改角色' }).click();
      const roleDialog = admin.page.getByRole('dialog', { name: `修改 ${username} 的角色` });
      await chooseOption(admin.page, roleDialog.getByLabel('角色'), /^医生$/);
      const doctorField = roleDialog.getByLabel('关联医生档案');
      await doctorField.fill('王明');
      await chooseOption(admin.page, doctorField, '王明远');
      await settled(admin.page);
      await admin.page.screenshot({ path: shot('staff-role-doctor') });
      await roleDialog.getByRole('button', { name: '保存' }).click();
      await roleDialog.waitFor({ state: 'hidden' });
      await row.getByText('医生', { exact: true }).waitFor();
      // The staff table names the linked doctor (doctorName), not just its number.
      assert.match(await row.innerText(), /王明远/);
      await settled(admin.page);
      await admin.page.screenshot({ path: shot('staff-list') });
      assert.deepEqual(admin.problems, []);
    } finally {
      await admin.context.close();
    }

    assert.ok(secret.length >= 16, 'the TOTP secret');
    const staff = await openDesktop(browser);
    try {
      await staff.page.goto(`${CONSOLE_URL}/`);
      const form = staff.page.getByRole('form', { name: '登录' });
      await form.getByLabel('用户名').fill(username);
      await form.getByLabel('密码').fill(otp);
      await form.getByRole('button', { name: '登录' }).click();
      await staff.page.getByText('6 位动态验证码').waitFor();
      await settled(staff.page);
      await staff.page.screenshot({ path: shot('sign-in-totp') });
      const code = await generate({ secret });
      await staff.page.getByLabel('动态验证码').first().locator('input').first().pressSequentially(code);
      await staff.page.waitForURL((url) => url.pathname === '/console/password');
      await staff.page.getByText('首次登录请修改密码').waitFor();
      assert.equal(await staff.page.getByRole('menu', { name: '功能菜单' }).count(), 0);
      await settled(staff.page);
      await staff.page.screenshot({ path: shot('password-forced') });
      await staff.page.getByLabel('一次性密码').fill(otp);
      await staff.page.getByLabel('新密码', { exact: true }).fill('zhou-pharmacy-2026');
      await staff.page.getByLabel('确认新密码').fill('zhou-pharmacy-2026');
      await staff.page.getByRole('button', { name: '确认修改' }).click();
      await staff.page.waitForURL((url) => url.pathname === '/console/home');
      const items = await menuItems(staff.page);
      assert.ok(!items.includes('员工账号'), items.join(', '));
      // The first step's answer (请输入动态验证码) is a 401, which Chromium logs; nothing else may be.
      assert.deepEqual(
        staff.problems.filter((p) => !p.includes('status of 401')),
        [],
      );
    } finally {
      await staff.context.close();
    }
  });

  it('browses the audit trail by action, and ends the session at sign-out and when the server ends it', async () => {
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.admin);
      await page.getByRole('menuitem', { name: '审计日志' }).click();
      const filters = page.getByRole('form', { name: '筛选' });
      await filters.getByLabel('操作', { exact: true }).fill('staff.create');
      await filters.getByRole('button', { name: '查询' }).click();
      await page.getByRole('cell', { name: '新建员工账号' }).first().waitFor();
      const actions = await page.locator('.ant-table-tbody td:nth-child(3)').allInnerTexts();
      assert.ok(actions.length > 0 && actions.every((text) => text.trim() === '新建员工账号'), actions.join(', '));
      await settled(page);
      await page.screenshot({ path: shot('audit') });

      await page.getByRole('button', { name: '账号菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForURL((url) => url.pathname === '/console/signIn');
      await page.getByText('已退出登录').waitFor();

      // A session the server ended (here: signed out from elsewhere) sends the next call back to sign-in.
      await signInToConsole(page, DEMO_STAFF.admin);
      const token = await tokenOf(page);
      const ended = await fetch(`${BASE_URL}/api/console/v1/signOut`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(ended.status, 200);
      await page.getByRole('menuitem', { name: '员工账号' }).click();
      await page.waitForURL((url) => url.pathname === '/console/signIn');
      await page.getByText('登录已过期，请重新登录').waitFor();
      await settled(page);
      await page.screenshot({ path: shot('session-expired') });
      // The staff list's refused call is the only console error the browser logs.
      assert.deepEqual(
        problems.filter((p) => !p.includes('status of 401')),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
