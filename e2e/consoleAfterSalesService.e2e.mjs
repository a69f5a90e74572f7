/* global document, window, HTMLImageElement */
// demo.operator works the console's after-sales service pages at 1280×800 against the real API
// (docs/adr/0212-after-sales-service-console.md): finds a new patient's warranty by its IMEI; opens
// the patient's repair, whose private photos load through addresses signed for staff under 发票信息
// and 故障图片; assigns it, records a handling result and completes it, each step reaching the
// patient's notices and the result the patient's request; marks a dealer enquiry handled with a note.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { launchBrowser } from './phone.mjs';
import { apiCall, freshPhone, outboxCode, solidPng } from './helpers.mjs';
import { DEMO_STAFF, openDesktop, settled, signInToConsole } from './console.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/console-after-sales-${name}.png`;

/** A new registered patient with a warranty, a repair with three photos and a dealer enquiry. */
async function patientWithRequests(nickname) {
  const signIn = await apiCall(
    'GET',
    `/wechat/v1/getHtmlAccessToken?code=device_${randomUUID().replaceAll('-', '')}&sourceId=4`,
  );
  const token = signIn.token;
  const phone = freshPhone('135');
  await apiCall('POST', '/shortMsg/v1/getCode', { phone }, token);
  await apiCall('POST', '/register/v1/bind', { nickname, phone, validCode: await outboxCode(phone) }, token);

  const [category] = await apiCall('GET', '/product/v1/queryCategoryList', undefined, token);
  const [product] = await apiCall('GET', `/product/v1/queryProductList?categoryId=${category.id}`, undefined, token);
  const imei = `86${String(Date.now()).slice(-13)}`;
  await apiCall(
    'POST',
    '/customerWarrantyOrder/v1/add',
    { deviceImei: imei, orderTimeStr: '2026-06-01', phone, productId: product.id },
    token,
  );

  const upload = async (size) =>
    (
      await apiCall(
        'POST',
        '/common/v1/uploadImage',
        { data: solidPng(size).toString('base64'), businessCode: 277 },
        token,
      )
    ).path;
  const voucher = await upload(48);
  const faults = [await upload(64), await upload(72)];
  const repair = await apiCall(
    'POST',
    '/productUpkeep/v1/add',
    {
      name: nickname,
      phone,
      address: '广东省 广州市 天河区 体育西路 88 号',
      categoryId: category.id,
      productId: product.id,
      purchaseDateStr: '2026-06-01',
      batchNo: 'B2026-06',
      deviceImei: imei,
      certificateUrl: voucher,
      malfunctionContent: '测量时屏幕提示 E-3，换了新试纸还是一样。',
      malfunctionUrl: faults.join(','),
    },
    token,
  );
  const purchaser = `${nickname}商贸`;
  await apiCall(
    'POST',
    '/dealer/v1/add',
    {
      purchaser,
      phone,
      productName: product.name,
      account: '300',
      saleChannel: '社区药店',
      saleArea: '广东省广州市',
      remark: '想了解批发价和供货周期。',
    },
    token,
  );
  return { token, imei, repair, purchaser };
}

/**
 * Waits for the page to settle with no toast left and scrolls the window back to its top (the long
 * menu scrolls it when an entry low in it is clicked), for a screenshot.
 * @param {import('playwright-core').Page} page
 */
async function readyForShot(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}

/** The titles of the patient's in-app notices, newest first. */
async function noticeTitles(token) {
  const notices = await apiCall('GET', '/notice/v1/pageQueryList?pageNo=1&pageSize=20', undefined, token);
  return notices.items.map((notice) => notice.title);
}

describe("an operator works the console's after-sales service at 1280×800", { skip }, () => {
  it('finds a warranty, takes a repair through assign, result and completion, and handles a dealer enquiry', async () => {
    const nickname = `林淑芬${Math.floor(Math.random() * 1000)}`;
    const { token, imei, repair, purchaser } = await patientWithRequests(nickname);
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      const menu = page.getByRole('menu', { name: '功能菜单' });

      // 保修登记: the patient's meter by its IMEI, still under warranty.
      await menu.getByRole('menuitem', { name: '保修登记' }).click();
      await page.waitForURL((url) => url.pathname === '/console/after-sales/warranties');
      await page.getByRole('searchbox', { name: '设备 IMEI 或手机号' }).fill(imei);
      await page.getByRole('button', { name: '搜索' }).click();
      const warrantyRow = page.getByRole('row').filter({ hasText: imei });
      await warrantyRow.getByText('在保', { exact: true }).waitFor();
      await warrantyRow.getByText(nickname).waitFor();
      assert.equal(await page.locator('.ant-menu-item-selected').textContent(), '保修登记');
      await readyForShot(page);
      await page.screenshot({ path: shot('warranties') });

      // 报修处理: the request in service, its photos signed for staff.
      await menu.getByRole('menuitem', { name: '报修处理' }).click();
      await page.waitForURL((url) => url.pathname === '/console/after-sales/repairs');
      await page.getByRole('searchbox', { name: '服务编码、手机号或 IMEI' }).fill(repair.upkeepCode);
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByRole('button', { name: `处理报修 ${repair.upkeepCode}` }).waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await readyForShot(page);
      await page.screenshot({ path: shot('repairs') });

      await page.getByRole('button', { name: `处理报修 ${repair.upkeepCode}` }).click();
      const drawer = page.getByRole('dialog', { name: `报修 ${repair.upkeepCode}` });
      await drawer.getByText('测量时屏幕提示 E-3，换了新试纸还是一样。').waitFor();
      const vouchers = drawer.getByLabel('发票信息', { exact: true }).getByRole('img');
      const faults = drawer.getByLabel('故障图片', { exact: true }).getByRole('img');
      assert.equal(await vouchers.count(), 1);
      assert.equal(await faults.count(), 2);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.ant-drawer .ant-image img')].every(
          (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        ),
      );
      // The voucher is the 48-pixel picture, the fault photos the 64- and 72-pixel ones.
      assert.equal(await vouchers.first().evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth), 48);
      assert.deepEqual(
        await faults.evaluateAll((imgs) => imgs.map((img) => /** @type {HTMLImageElement} */ (img).naturalWidth)),
        [64, 72],
      );

      await drawer.getByRole('button', { name: '指派', exact: true }).click();
      const assign = page.getByRole('dialog', { name: '指派处理人' });
      await assign.getByLabel('处理人').click();
      await page
        .getByTitle(/（运营）$/)
        .first()
        .click();
      await assign.screenshot({ path: shot('assign-dialog') });
      await assign.getByRole('button', { name: '确认指派' }).click();
      await drawer.getByText(/^处理人：/).waitFor();

      await drawer.getByRole('button', { name: '填写处理结果' }).click();
      const resultDialog = page.getByRole('dialog', { name: '填写处理结果' });
      await resultDialog
        .getByLabel('处理结果（患者会看到）')
        .fill('已收到您寄回的血糖仪，检测为主板故障，正在安排换新。');
      await resultDialog.getByRole('button', { name: '保存结果' }).click();
      await drawer.getByText('已收到您寄回的血糖仪，检测为主板故障，正在安排换新。').first().waitFor();

      await drawer.getByRole('button', { name: '完成报修' }).click();
      const complete = page.getByRole('dialog', { name: '完成报修' });
      const final = '已为您更换同型号新机并寄出，顺丰单号已短信发送，请注意查收。';
      await complete.getByLabel('处理结果（患者会看到）').fill(final);
      await complete.screenshot({ path: shot('complete-dialog') });
      await complete.getByRole('button', { name: '确认完成' }).click();
      // The toast 报修已完成 shows below the drawer's title row (App.tsx places toasts), not over it.
      // It slides in from above, so its place is read once it has come to rest (the same twice in a
      // row); skipped if a slow machine only gets here after it has gone (it shows for 3 s).
      const notice = page.locator('.ant-message-notice', { hasText: '报修已完成' });
      let toast = await notice.boundingBox({ timeout: 2500 }).catch(() => null);
      for (let i = 0; toast && i < 20; i += 1) {
        await page.waitForTimeout(100);
        const next = await notice.boundingBox({ timeout: 200 }).catch(() => null);
        const rested = next !== null && next.y === toast.y;
        toast = next;
        if (rested) {
          break;
        }
      }
      if (toast) {
        const header = await drawer.locator('.ant-drawer-header').boundingBox();
        assert.ok(toast.y >= header.y + header.height, `the toast (y ${toast.y}) covers the drawer's title`);
        await page.screenshot({ path: shot('complete-toast') });
      }
      await drawer.getByText(/^已于 .* 完成$/).waitFor();
      assert.equal(await drawer.getByRole('button', { name: '完成报修' }).isDisabled(), true);
      await drawer.getByText(/完成报修：已为您更换同型号新机/).waitFor();
      await readyForShot(page);
      await page.screenshot({ path: shot('repair-drawer') });
      await drawer.getByText('处理记录', { exact: true }).scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({ path: shot('repair-steps') });

      // The patient's request says 已完成 with the result, and each step reached the notices.
      const mine = await apiCall('GET', `/productUpkeep/v1/query?upkeepId=${repair.upkeepId}`, undefined, token);
      assert.equal(mine.status, 1);
      assert.equal(mine.remark, final);
      const titles = await noticeTitles(token);
      for (const title of ['报修已受理', '报修处理进展', '报修已完成']) {
        assert.ok(titles.includes(title), `the patient's notices hold ${title}: ${JSON.stringify(titles)}`);
      }

      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: '已完成' }).click();
      await page.getByRole('button', { name: `处理报修 ${repair.upkeepCode}` }).waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await readyForShot(page);
      await page.screenshot({ path: shot('repairs-completed') });

      // 经销采购咨询: the enquiry among the open ones, handled with a note.
      await menu.getByRole('menuitem', { name: '经销采购咨询' }).click();
      await page.waitForURL((url) => url.pathname === '/console/after-sales/dealers');
      await page.getByRole('searchbox', { name: '采购人姓名或手机号' }).fill(purchaser);
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByRole('button', { name: `查看 ${purchaser} 的采购咨询` }).waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await settled(page);
      await page.screenshot({ path: shot('dealers') });
      await page.getByRole('button', { name: `查看 ${purchaser} 的采购咨询` }).click();
      const enquiry = page.getByRole('dialog', { name: `采购咨询 · ${purchaser}` });
      await enquiry.getByText('想了解批发价和供货周期。').waitFor();
      await enquiry.getByRole('button', { name: '标记已处理' }).click();
      const handle = page.getByRole('dialog', { name: '标记已处理' });
      await handle.getByLabel('处理备注（选填，仅员工可见）').fill('已电话联系，报价单已发到邮箱。');
      await handle.getByRole('button', { name: '确认已处理' }).click();
      await enquiry.getByText('已电话联系，报价单已发到邮箱。').waitFor();
      await enquiry.getByText('已处理', { exact: true }).waitFor();
      await readyForShot(page);
      await page.screenshot({ path: shot('dealer-drawer') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
