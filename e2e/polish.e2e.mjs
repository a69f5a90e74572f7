/* global getComputedStyle */
// What a new user asked to polish (issue 17 §8), on a 390×844 phone: the weight sheet fits the
// screen; a daughter records her father's sugar, is told whose data she saved and lands on his
// report, and his feed says she entered it; the report tabs share one range control, one order of
// counts and one decimal; ketone explains itself when empty; a mistyped IMEI is told what is wrong
// with it; the medal popup and the sign-in rule read well.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, freshPhone, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/**
 * Calls the API as the page's signed-in user.
 * @param {import('playwright-core').Page} page @param {'GET' | 'POST'} method @param {string} path @param {unknown} [body]
 */
async function call(page, method, path, body) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-source-id': '4',
      'x-app-code': 'wechat_xty',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await response.json();
  assert.equal(answer.code, 0, `${path} answered ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Fails unless the element lies wholly inside the 390 px screen. @param {import('playwright-core').Locator} target */
async function assertOnScreen(target, what) {
  const box = await target.boundingBox();
  assert.ok(box, `${what} is not shown`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `${what} spans ${box.x}–${box.x + box.width}px on a 390px screen`);
}

describe('polish a new user asked for', { skip }, () => {
  it('fits the weight sheet to the screen and explains an empty ketone tab', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/weightDetails`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '刘芳' });
      await page.waitForURL((url) => url.pathname === '/weightDetails');
      await page.getByRole('button', { name: '记录体重' }).tap();
      const sheet = page.getByRole('dialog', { name: '记录体重' });
      await sheet.getByRole('button', { name: '保存' }).waitFor();
      const body = page.locator('.adm-popup-body').filter({ has: sheet });
      await assertOnScreen(body, 'the 记录体重 sheet');
      await assertOnScreen(sheet.getByRole('button', { name: '保存' }), '保存');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('polish-weight-sheet') });
      await sheet.getByRole('button', { name: '取消' }).tap();

      // Ketone, empty: the spec's empty text, then what it is, its range and how readings arrive.
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page
        .getByRole('tab', { name: '血酮' })
        .or(page.getByText('血酮', { exact: true }))
        .first()
        .tap();
      await page.getByText('暂无血酮数据').waitFor();
      const guide = page.getByRole('region', { name: '说明' });
      await guide.getByText(/参考范围：血酮低于 0.6 mmol\/L 为正常/).waitFor();
      await guide
        .getByText('目前可绑定的血糖仪、血压计都不测量血酮。用血酮仪或试纸测量后，点右下角的“+”手动记录。')
        .waitFor();
      // The same range control as the sugar tab: every range in sight.
      const ranges = page.getByRole('group', { name: '日期范围' });
      assert.deepEqual(await ranges.getByRole('option').allInnerTexts(), ['近30天', '近60天', '近90天']);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('polish-ketone-empty'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('records for a relative, says whose data it saved, opens their report, and the feed says who entered it', async () => {
    const father = await openPhone(browser);
    const daughter = await openPhone(browser);
    const fatherPhone = freshPhone('135');
    try {
      await father.page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await father.page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(father.page, { name: '张建国', phone: fatherPhone });
      await father.page.waitForURL((url) => url.pathname === '/reportCenter/reportCenter');

      await daughter.page.goto(`${BASE_URL}/reportCenter/bloodSugar/addBloodSugarReport/add`);
      await daughter.page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(daughter.page, { name: '张丽' });
      await daughter.page.waitForURL((url) => url.pathname.startsWith('/reportCenter/bloodSugar/addBloodSugarReport'));

      // She asks to follow him, and he agrees (through the API the follow pages use).
      const found = await call(daughter.page, 'GET', `/follower/v1/queryByPhone?phone=${fatherPhone}`);
      const { id } = await call(daughter.page, 'POST', '/follower/v1/addFocus', {
        customerId: found.customerVo.customerId,
      });
      await call(father.page, 'POST', '/follower/v1/acceptFocus', { id });

      // She records 7 mmol/L for him.
      const page = daughter.page;
      await page.reload();
      await page.getByText('亲友', { exact: true }).tap();
      await page.getByRole('button', { name: '确定' }).tap();
      await page.getByText('选择为哪位亲友记录').waitFor();
      const person = page.locator('.adm-action-sheet-button-item-name').first();
      const name = (await person.innerText()).trim();
      await person.tap();
      await page.getByLabel('记录对象姓名').filter({ hasText: name }).waitFor();
      const value = page.getByRole('textbox', { name: '血糖值' });
      await value.fill('7');
      await value.blur();
      await page.getByRole('button', { name: '保存' }).tap();
      await page.getByText(`已为「${name}」保存`).waitFor();
      await page.screenshot({ path: shot('polish-saved-for-relative') });
      await page.waitForURL((url) => url.pathname === '/friend/friendReportList');
      const table = page.getByRole('table', { name: '亲友血糖数据表' });
      await table.getByText('7.0', { exact: true }).waitFor();
      // The relative's view: the patient's order of counts.
      assert.deepEqual(await page.getByLabel('血糖统计').locator('dt').allInnerTexts(), [
        '总次数',
        '正常',
        '偏高',
        '偏低',
        '严重偏高',
        '严重偏低',
      ]);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('polish-relative-report') });

      // His own report: the same control, the same order, one decimal.
      await father.page.reload();
      const own = father.page.getByRole('table', { name: '血糖数据表' });
      await own.getByText('7.0', { exact: true }).waitFor();
      assert.deepEqual(await father.page.getByLabel('血糖统计').locator('dt').allInnerTexts(), [
        '总次数',
        '正常',
        '偏高',
        '偏低',
        '严重偏高',
        '严重偏低',
      ]);
      assert.deepEqual(await father.page.getByRole('group', { name: '日期范围' }).getByRole('option').allInnerTexts(), [
        '近30天',
        '近60天',
        '近90天',
      ]);
      // 严重偏低 has a colour of its own.
      const colourOf = (label) =>
        father.page
          .getByLabel('血糖统计')
          .getByLabel(label, { exact: true })
          .evaluate((dd) => getComputedStyle(dd).color);
      assert.notEqual(await colourOf('严重偏低'), await colourOf('偏低'));
      await father.page.screenshot({ path: shot('polish-patient-report') });

      // His feed says who entered the reading; hers says she did.
      await father.page.goto(`${BASE_URL}/tangyouCircle/tangyouCircle`);
      const post = father.page.getByRole('article').filter({ hasText: '7.0' }).first();
      await post.getByLabel('记录人').filter({ hasText: '由亲友 张丽 代为记录' }).waitFor();
      await assertFitsWidth(father.page);
      await father.page.screenshot({ path: shot('polish-feed-recorder') });
      await page.goto(`${BASE_URL}/tangyouCircle/tangyouCircle`);
      await page.getByRole('article').getByLabel('记录人').filter({ hasText: '由我代为记录' }).first().waitFor();

      assert.deepEqual(father.problems, []);
      assert.deepEqual(daughter.problems, []);
    } finally {
      await father.context.close();
      await daughter.context.close();
    }
  });

  it('tells a mistyped IMEI what is wrong with it, and words the medal popup well', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/devices/bindDevices/0`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '李强' });
      await page.waitForURL((url) => url.pathname === '/devices/bindDevices/0');
      const imei = page.getByRole('textbox', { name: '设备IMEI号' });
      await imei.fill('86888800000001');
      await page.getByRole('textbox', { name: '绑定码' }).fill('RA9MT3FX');
      await page.getByRole('button', { name: '绑定', exact: true }).tap();
      await page.getByRole('alert').filter({ hasText: 'IMEI号应为15位数字，您输入了14位' }).waitFor();
      await imei.fill('868888000000018');
      await page.getByRole('button', { name: '绑定', exact: true }).tap();
      await page.getByRole('alert').filter({ hasText: 'IMEI号校验不通过，请逐位核对设备标签上的号码' }).waitFor();
      assert.equal(await page.getByText(/二维码错误/).count(), 0);
      await page.screenshot({ path: shot('polish-imei-error') });
      // A long value stays inside its card.
      await imei.fill('8688880000000178688880000000178688880000000');
      const card = page.locator('section').filter({ has: imei });
      const [field, box] = [await page.locator('label', { has: imei }).boundingBox(), await card.boundingBox()];
      assert.ok(field && box && field.x + field.width <= box.x + box.width, 'the IMEI field stays inside its card');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('polish-imei-long') });

      // A remark earns the medal; the popup reads as a sentence.
      await page.goto(`${BASE_URL}/reportCenter/bloodSugar/addBloodSugarReport/add`);
      const value = page.getByRole('textbox', { name: '血糖值' });
      await value.fill('6.2');
      await value.blur();
      await page.getByPlaceholder('添加备注（选填）').fill('早餐后散步半小时');
      await page.getByRole('button', { name: '保存' }).tap();
      // It stays 3 s (spec 2 §9), long enough to read the three lines.
      await page.getByText('恭喜获得铜牌！', { exact: true }).waitFor();
      await page.getByText(/^本月已记录 1 次备注，血糖达标率 \d+%$/).waitFor();
      await page.getByText('再记录 12 次备注可获得银牌', { exact: true }).waitFor();
      await page.screenshot({ path: shot('polish-medal') });

      await page.goto(`${BASE_URL}/signIn`);
      await page
        .getByLabel('签到奖励')
        .getByText('每天签到奖励1积分；连续签到每满7天，当天共奖励4积分，比平时多奖励3积分')
        .waitFor();
      await page.screenshot({ path: shot('polish-sign-in-rule') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
