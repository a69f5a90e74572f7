// Share links on a phone: a newly registered patient records sugar and pressure readings (through
// the API, with the session the app holds), makes a link to the sugar table on /share/manage, and a
// stranger's fresh browser opens it without signing in and sees the masked name, the counts and the
// coloured readings; once the owner revokes it the link shows 分享链接已失效. Also the weight page
// and the ketone add popup in a real browser.
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

/** China wall-clock text `hoursAgo` hours before now. @param {number} hoursAgo */
function chinaTime(hoursAgo) {
  return new Date(Date.now() + 8 * 3600e3 - hoursAgo * 3600e3).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Calls the API as the app's signed-in user.
 * @param {import('playwright-core').Page} page @param {string} path @param {unknown} body
 */
async function post(page, path, body) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
  assert.equal(typeof token, 'string', 'the app holds a session token');
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-source-id': '4',
      'x-app-code': 'wechat_xty',
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  assert.equal(answer.code, 0, `${path} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

describe('share links', { skip: skipStatic }, () => {
  it('opens a sugar share link in a fresh browser with the masked name, and not after it is revoked', async () => {
    const owner = await openPhone(browser);
    const stranger = await openPhone(browser);
    try {
      const { page } = owner;
      await page.goto(`${BASE_URL}/share/manage?kind=sugar`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '张三丰' });
      await page.waitForURL((url) => url.pathname === '/share/manage');

      // Readings: one high, one normal, one low (the default targets: fasting 4.4–7.0).
      for (const [hoursAgo, sugar] of [
        [30, 12.5],
        [20, 6.1],
        [10, 3.2],
      ]) {
        await post(page, '/sugarTest/v1/add', { sugar, createTime: chinaTime(hoursAgo), timeType: 1 });
      }
      await post(page, '/bloodPressureTest/v1/add', {
        sbp: 150,
        dbp: 95,
        hr: 80,
        createTime: chinaTime(5),
        testType: 1,
      }).catch(() => undefined);

      await page.getByRole('button', { name: '生成分享链接' }).waitFor();
      await page.getByRole('textbox', { name: '标题' }).fill('给王医生');
      await page.getByRole('button', { name: '生成分享链接' }).tap();
      const url = (await page.getByTestId('share-url').innerText()).trim();
      assert.match(url, /\/shareBloodSugarReportTable\?token=[A-Za-z0-9_-]+$/);
      assert.ok(!url.includes('cid='), 'the link carries no customer id');
      await page.getByRole('listitem').filter({ hasText: '给王医生' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('share-manage-created'), fullPage: true });

      // A stranger's browser, never signed in.
      const other = stranger.page;
      await other.goto(url);
      await other.getByLabel('姓名').filter({ hasText: '张**' }).waitFor();
      assert.equal(await other.getByLabel('总次数').innerText(), '3');
      assert.equal(await other.getByLabel('偏高').innerText(), '1');
      assert.equal(await other.getByLabel('偏低').innerText(), '1');
      assert.equal(await other.getByLabel('正常').innerText(), '1');
      assert.equal(await other.getByText('12.5', { exact: true }).getAttribute('data-band'), 'high');
      assert.equal(await other.getByText('3.2', { exact: true }).getAttribute('data-band'), 'low');
      assert.equal(await other.getByText('张三丰').count(), 0, 'the full name is never shown');
      assert.equal(
        await other.evaluate(() => localStorage.getItem('glucoguard.session')),
        null,
        'the stranger was not signed in',
      );
      await assertFitsWidth(other);
      await other.screenshot({ path: shot('share-sugar-table'), fullPage: true });

      // The owner revokes it; the stranger's reload now finds a dead link.
      await page.getByRole('listitem').filter({ hasText: '给王医生' }).getByRole('button', { name: '撤销' }).tap();
      await page.getByRole('button', { name: '确定' }).tap();
      await page.getByText('已撤销').waitFor();
      await page.getByText('暂无分享链接').waitFor();
      await other.reload();
      await other.getByText('分享链接已失效').waitFor();
      await other.screenshot({ path: shot('share-link-revoked') });

      assert.deepEqual(owner.problems, []);
      // The dead link's 404 answer is logged by the browser itself; nothing else may be.
      assert.deepEqual(
        stranger.problems.filter((problem) => !/status of 404/.test(problem)),
        [],
      );
    } finally {
      await owner.context.close();
      await stranger.context.close();
    }
  });

  it('records a weight on /weightDetails with its BMI label and adds a ketone reading', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/weightDetails`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '李四' });
      await page.waitForURL((url) => url.pathname === '/weightDetails');
      await page.getByRole('button', { name: '记录体重' }).tap();
      const dialog = page.getByRole('dialog', { name: '记录体重' });
      await dialog.getByRole('button', { name: '保存' }).tap();
      await page.getByText('请填写身高').waitFor();
      await dialog.getByRole('spinbutton', { name: '身高' }).fill('170');
      await dialog.getByRole('spinbutton', { name: '体重' }).fill('150');
      await dialog.getByRole('button', { name: '保存' }).tap();
      await page.getByText('新增成功').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByLabel('当前体重').filter({ hasText: '150' }).waitFor();
      assert.equal(await page.getByLabel('BMI分类').innerText(), '偏重');
      assert.equal(await page.getByLabel('理想体重', { exact: true }).innerText(), '122.8斤');
      // A second weighing: the height is known now, so only the weight is asked.
      await page.getByRole('button', { name: '记录体重' }).tap();
      assert.equal(await dialog.getByRole('spinbutton', { name: '身高' }).count(), 0);
      await dialog.getByRole('spinbutton', { name: '体重' }).fill('147.5');
      await dialog.getByRole('button', { name: '保存' }).tap();
      await page.getByLabel('当前体重').filter({ hasText: '147.5' }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByLabel('较上次变化').filter({ hasText: '-2.5斤' }).waitFor();
      assert.equal(await page.getByLabel('较第一次变化').innerText(), '-2.5斤');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('weight-details'), fullPage: true });

      // The ketone view (also the report center's 血酮 tab), through its add popup.
      await post(page, '/ketoneTest/v1/add', {
        ketone: 9.2,
        createTimeStr: chinaTime(3).slice(0, 16) + ':00',
        remark: '',
      });
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      const ketoneTab = page.getByRole('tab', { name: '血酮' });
      // The report center comes with its own change; without it this part is skipped.
      const hasReportCenter = await ketoneTab.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (hasReportCenter) {
        await ketoneTab.tap();
        await page.getByText('9.2', { exact: true }).waitFor();
        assert.equal(await page.getByText('9.2', { exact: true }).getAttribute('data-band'), 'high');
        await page.getByRole('button', { name: '添加血酮' }).tap();
        const add = page.getByRole('dialog', { name: '添加血酮' });
        await add.getByRole('button', { name: '保存' }).tap();
        await page.getByText('请输入血酮值!').first().waitFor();
        await add.getByRole('spinbutton', { name: '血酮值' }).fill('0.6');
        await add.getByRole('button', { name: '测量时间' }).tap();
        await page.getByRole('dialog', { name: '选择测量时间' }).waitFor();
        await page.screenshot({ path: shot('ketone-time-picker') });
        await page.getByRole('dialog', { name: '选择测量时间' }).getByRole('button', { name: '确定' }).tap();
        await add.getByRole('button', { name: '保存' }).tap();
        await page.getByText('保存成功!').waitFor();
        await page.getByText('0.6', { exact: true }).waitFor();
        await add.waitFor({ state: 'hidden' });
        assert.equal(await page.getByText('0.6', { exact: true }).getAttribute('data-band'), 'normal');
        await page.screenshot({ path: shot('ketone-table'), fullPage: true });
        // The trend: page 1 of 100 readings on a lightweight-charts canvas.
        await page.getByText('趋势', { exact: true }).tap();
        await page.getByRole('img', { name: '血酮趋势图' }).locator('canvas').first().waitFor();
        await page.screenshot({ path: shot('ketone-chart') });
        // 尿酸 has no readings yet: the chart's empty state.
        await page.getByRole('tab', { name: '尿酸' }).tap();
        await page.getByText('无尿酸测试数据').waitFor();
      }
      // The empty save's 40000 answer is logged by the browser itself.
      assert.deepEqual(
        problems.filter((problem) => !/status of 400/.test(problem)),
        [],
      );
    } finally {
      await context.close();
    }
  });
});
