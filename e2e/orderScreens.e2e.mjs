// The order screens on a phone (issue 21, ADRs 0187–0188): a new patient with an unpaid order sees
// it count down in 我的订单; a paid order that the operator audits and ships shows its courier in the
// detail and its traces on /order/logistics; 申请退款 on a paid order says 成功发起退款; 服务包 shows
// the package; the device page shows the bound meter's SIM card and 流量有效期, and a paid data plan
// for it moves that date.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { apiCall, assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** @param {import('playwright-core').Page} page */
const sessionToken = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token ?? null);

/** The demo mall's goods item of this name. @param {string} token @param {string} name */
async function goodsNamed(token, name) {
  const containers = await apiCall('GET', '/goods/v1/queryGoodsContainerList', undefined, token);
  for (const container of containers) {
    const query = new URLSearchParams({
      containerId: String(container.containerId),
      goodsName: name,
      pageNo: '1',
      pageSize: '10',
    });
    const page = await apiCall('GET', `/goods/v1/getListByContainerId?${query}`, undefined, token);
    const found = page.items.find((/** @type {{ goodsName: string }} */ item) => item.goodsName === name);
    if (found) {
      return found;
    }
  }
  throw new Error(`no goods named ${name}`);
}

/** Places an order through the pre-order check. @param {string} token @param {Record<string, unknown>} body */
async function placeOrder(token, body) {
  const check = await apiCall('GET', `/goods/v1/preOrderCheck?goodsIds=${body.goodsId}`, undefined, token);
  assert.equal(check.result.code, '0', JSON.stringify(check.result));
  return apiCall('POST', '/order/v1/add', { number: 1, payType: 1, ...body, token: check.token }, token);
}

/** Pays an order with the local provider. @param {string} token @param {string} orderCode */
async function payOrder(token, orderCode) {
  const { intent } = await apiCall('POST', '/order/v1/wxpay', { orderCode }, token);
  await apiCall('POST', '/payment/v1/localPay', { intentId: intent.intentId, action: 'pay' }, token);
}

describe('the order screens on a phone', { skip }, () => {
  it('counts down, pays, shows a shipped order and its traces, refunds, and shows the service package', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/order/orderList`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '订单测试' });
      await page.waitForURL((url) => url.pathname === '/order/orderList');
      await page.getByText('暂无订单记录').waitFor();
      const token = await sessionToken(page);
      assert.ok(token);
      await apiCall(
        'POST',
        '/address/v1/add',
        {
          consigneeName: '订单测试',
          phone: '13912345678',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          detailAddress: '科技园南路88号3栋501',
          isDefault: 1,
        },
        token,
      );
      const [address] = (await apiCall('GET', '/address/v1/list?pageNo=1', undefined, token)).items;
      const strips = await goodsNamed(token, '血糖试纸 50 条装（配糖护血糖仪）');
      const mail = { goodsId: strips.goodsId, receiveType: 0, addressId: address.addressId };
      const shipped = await placeOrder(token, mail);
      await payOrder(token, shipped.orderCode);
      const refunded = await placeOrder(token, mail);
      await payOrder(token, refunded.orderCode);
      const unpaid = await placeOrder(token, { ...mail, number: 2 });

      // The operator passes the first paid order's audit and ships it.
      const { token: operator } = await apiCall('POST', '/console/v1/signIn', {
        username: 'demo.operator',
        password: 'Operator#2026',
      });
      await apiCall('POST', `/console/v1/orders/${shipped.orderId}/audit`, { pass: true }, operator);
      await apiCall(
        'POST',
        `/console/v1/orders/${shipped.orderId}/ship`,
        { expressCode: 'SF', trackingNumber: 'SF1402938475610' },
        operator,
      );

      // 我的订单: the unpaid order counts down; the shipped one says 已发货.
      await page.reload();
      await page.getByRole('timer', { name: '剩余支付时间' }).waitFor();
      const cards = page.locator('a[data-order-id]');
      await cards.nth(2).waitFor();
      assert.equal(await cards.count(), 3);
      const shippedCard = page.locator(`a[data-order-id="${shipped.orderId}"]`);
      assert.equal(await shippedCard.getByLabel('订单状态').textContent(), '已发货');
      assert.equal(
        await page.locator(`a[data-order-id="${unpaid.orderId}"]`).getByLabel('订单状态').textContent(),
        '未支付',
      );
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('order-list') });

      // The unpaid order's detail: 去支付 and 取消订单.
      await page.locator(`a[data-order-id="${unpaid.orderId}"]`).tap();
      await page.waitForURL((url) => url.pathname === '/order/orderDetail');
      await page.getByRole('button', { name: '去支付' }).waitFor();
      await page.getByRole('button', { name: '取消订单' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('order-detail-unpaid'), fullPage: true });
      await page.goBack();

      // The shipped order: the courier in the detail, the traces on its logistics page.
      await shippedCard.tap();
      await page.waitForURL((url) => url.pathname === '/order/orderDetail');
      assert.equal(await page.getByLabel('快递公司').textContent(), '顺丰速运');
      assert.equal(await page.getByLabel('快递单号').textContent(), 'SF1402938475610');
      await page.screenshot({ path: shot('order-detail-shipped'), fullPage: true });
      await page.getByRole('button', { name: '查看物流' }).tap();
      await page.waitForURL((url) => url.pathname === '/order/logistics');
      await page
        .getByRole('region', { name: '物流轨迹' })
        .getByText(/商家已发货/)
        .waitFor();
      assert.equal(await page.getByLabel('快递单号').textContent(), 'SF1402938475610');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('order-logistics') });

      // The other paid order: 申请退款 after the confirmation.
      await page.goto(`${BASE_URL}/order/orderDetail?id=${refunded.orderId}`);
      await page.getByRole('button', { name: '申请退款' }).tap();
      await page.getByRole('button', { name: '确定' }).tap();
      await page.getByText('成功发起退款').waitFor();
      // The refund shows before the cancel it brings (domain orderStatusLabel, ADR 0188).
      await page
        .getByLabel('订单状态')
        .filter({ hasText: /^(退款中|退款成功)$/ })
        .waitFor();
      await page.screenshot({ path: shot('order-detail-refund') });

      // 服务包: not opened yet.
      await page.goto(`${BASE_URL}/service`);
      assert.equal(await page.getByLabel('服务状态').textContent(), '未开通');
      await page.getByRole('button', { name: '开通服务包' }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('service-package') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('shows the meter’s SIM card and data plan, and a paid data plan moves its end', async () => {
    const { context, page, problems } = await openPhone(browser);
    let token = null;
    /** @type {string | null} */
    let deviceId = null;
    try {
      await page.goto(`${BASE_URL}/devices/unbindDevices`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '流量测试' });
      await page.waitForURL((url) => url.pathname === '/devices/unbindDevices');
      token = await sessionToken(page);
      const bound = await apiCall(
        'POST',
        '/device/v1/bind',
        { deviceImei: '868888000000017', bindCode: 'RA9MT3FX' },
        token,
      );
      deviceId = bound.device.id;
      await page.reload();
      const meter = page.getByRole('article', { name: '设备 868888000000017' });
      assert.equal(await meter.getByLabel('SIM卡号').textContent(), '89860012345678900017');
      assert.equal(await meter.getByLabel('流量有效期').textContent(), '未开通');
      await page.screenshot({ path: shot('device-data-plan-none') });
      await meter.getByRole('button', { name: '续费' }).tap();
      await page.waitForURL((url) => url.pathname === '/categorysGoods');
      assert.equal(new URL(page.url()).searchParams.get('deviceImei'), '868888000000017');

      await apiCall(
        'POST',
        '/address/v1/add',
        {
          consigneeName: '流量测试',
          phone: '13912345678',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          detailAddress: '科技园南路88号3栋501',
          isDefault: 1,
        },
        token,
      );
      const [address] = (await apiCall('GET', '/address/v1/list?pageNo=1', undefined, token)).items;
      const plan = await goodsNamed(token, '血糖仪流量包（12 个月）');
      const order = await placeOrder(token, {
        goodsId: plan.goodsId,
        receiveType: 0,
        addressId: address.addressId,
        rechargePackage: 1,
        deviceImei: '868888000000017',
      });
      await payOrder(token, order.orderCode);
      await page.goto(`${BASE_URL}/devices/unbindDevices`);
      const end = await meter.getByLabel('流量有效期').textContent();
      assert.match(end ?? '', /^\d{4}-\d{2}-\d{2}$/);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('device-data-plan') });
      assert.deepEqual(problems, []);
    } finally {
      if (token && deviceId) {
        // The demo meter goes back to nobody, for the other tests and for people trying the demo.
        await apiCall('POST', '/device/v1/unbind', { id: deviceId }, token);
      }
      await context.close();
    }
  });
});
