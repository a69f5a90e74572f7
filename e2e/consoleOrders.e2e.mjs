// An operator works the order desk at 1280×800 against the real API (local payment and logistics
// providers): a patient pays for a meter, the operator finds the order by its number, audits it,
// ships it with 中通快递, marks it signed for, and the patient's tracking shows both events newest
// first; then the sales report of today shows the sale (docs/adr/0190-console-orders-and-sales-report.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { apiCall, registerPatient } from './helpers.mjs';
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
const shot = (name) => `test-results/console-orders-${name}.png`;

/** A patient registered on a phone, with an address, who paid for the 4G meter: their token and the order. */
async function paidOrder() {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(`${BASE_URL}/contactUs`);
    await page.waitForURL((url) => url.pathname === '/register/register');
    await registerPatient(page, { name: '钱桂芳' });
    await page.waitForURL((url) => url.pathname === '/contactUs');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
    await apiCall(
      'POST',
      '/address/v1/add',
      {
        consigneeName: '钱桂芳',
        phone: '13912345678',
        province: '江苏省',
        city: '南京市',
        district: '鼓楼区',
        detailAddress: '中山北路 200 号 3 单元 502',
        isDefault: 1,
      },
      token,
    );
    const [container] = await apiCall('GET', '/goods/v1/queryGoodsContainerList', undefined, token);
    const list = await apiCall(
      'GET',
      `/goods/v1/getListByContainerId?containerId=${container.containerId}&pageSize=50`,
      undefined,
      token,
    );
    const meter = list.items.find((goods) => goods.goodsName.includes('4G 血糖仪'));
    const { items: addresses } = await apiCall('GET', '/address/v1/list', undefined, token);
    const check = await apiCall('GET', `/goods/v1/preOrderCheck?goodsIds=${meter.goodsId}`, undefined, token);
    assert.equal(check.result.code, '0');
    const order = await apiCall(
      'POST',
      '/order/v1/add',
      {
        goodsId: meter.goodsId,
        token: check.token,
        number: 1,
        payType: 1,
        receiveType: 0,
        addressId: addresses[0].addressId,
      },
      token,
    );
    const { intent } = await apiCall('POST', '/order/v1/wxpay', { orderCode: order.orderCode }, token);
    const paid = await apiCall('POST', '/payment/v1/localPay', { intentId: intent.intentId, action: 'pay' }, token);
    assert.equal(paid.outcome, 'success');
    return { token, order };
  } finally {
    await context.close();
  }
}

describe('an operator works the order desk at 1280×800', { skip }, () => {
  it('audits, ships and marks an order signed for; the patient tracks it; the report counts it', async () => {
    const { token, order } = await paidOrder();
    const { context, page, problems } = await openDesktop(browser);
    try {
      await signInToConsole(page, DEMO_STAFF.operator);
      await page.waitForURL((url) => url.pathname === '/console/home');
      const menu = page.getByRole('menu', { name: '功能菜单' });
      await menu.getByRole('menuitem', { name: '订单管理' }).click();
      await page.waitForURL((url) => url.pathname === '/console/orders');

      await page.getByRole('searchbox', { name: '订单号或手机号' }).fill(order.orderCode);
      await page.getByRole('button', { name: '搜索' }).click();
      await page.getByText(order.orderCode, { exact: true }).waitFor();
      await page.getByText('¥299.00').first().waitFor();
      await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await settled(page);
      await page.screenshot({ path: shot('queue') });

      await page.getByRole('button', { name: `处理订单 ${order.orderCode}` }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText(`订单 ${order.orderCode}`).waitFor();
      assert.equal(await drawer.getByRole('button', { name: '发货' }).isDisabled(), true);
      await drawer.getByRole('button', { name: '审核通过' }).click();
      await page.getByRole('button', { name: '通过', exact: true }).click();
      await drawer.getByText('审核成功').first().waitFor();

      await drawer.getByRole('button', { name: '发货' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '快递公司' });
      await dialog.getByLabel('快递公司').click();
      await page.getByTitle('中通快递').click();
      await dialog.getByLabel('快递单号').fill('78123456789012');
      await dialog.screenshot({ path: shot('ship-dialog') });
      await dialog.getByRole('button', { name: '保存' }).click();
      await drawer.getByText('商家已发货，包裹已交给中通快递，运单号 78123456789012').waitFor();

      await drawer.getByRole('button', { name: '已签收' }).click();
      await page.getByRole('button', { name: '已签收', exact: true }).last().click();
      await drawer.getByText('您的包裹已签收，感谢您的信任，祝您身体健康').waitFor();
      await settled(page);
      await page.screenshot({ path: shot('drawer') });

      const tracking = await apiCall('GET', `/order/v1/logisticDtail?orderId=${order.orderId}`, undefined, token);
      assert.equal(tracking.shipperName, '中通快递');
      assert.equal(tracking.stateLabel, '已签收');
      assert.deepEqual(
        tracking.traces.map((trace) => trace.acceptStation),
        ['您的包裹已签收，感谢您的信任，祝您身体健康', '商家已发货，包裹已交给中通快递，运单号 78123456789012'],
      );

      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      await menu.getByRole('menuitem', { name: '销售报表' }).click();
      await page.waitForURL((url) => url.pathname === '/console/sales-report');
      await page.getByRole('img', { name: '每日销售额柱状图' }).waitFor();
      await page.getByText(/^订单 \d+ 单$/).waitFor();
      await settled(page);
      await page.screenshot({ path: shot('report-by-day') });
      await page.getByText('按商品', { exact: true }).click();
      await page.getByRole('progressbar').first().waitFor();
      await settled(page);
      await page.screenshot({ path: shot('report-by-goods') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
