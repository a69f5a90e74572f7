/* global window, document */
// Issue 21's journey on two browser contexts, through the screens: the demo patient's phone
// (390×844) browses the mall, searches, opens a detail and comes back to the kept-alive list at its
// scroll position; orders a good for money with an address and a coupon and pays on the local
// payment sheet; demo.operator's console (1280×800) audits and ships it; the phone follows the
// logistics timeline; the patient asks for the refund in the app (shipped, 申请退款 records a
// request with its reason: 退款申请中, docs/adr/0194-refund-requests-and-pickup.md); the operator
// finds it under 退款申请, refunds in full with the reason, and the phone shows 退款成功. A points
// good and a strips good, paid from the demo patient's points and strips
// (docs/adr/0193-demo-points-and-strips.md), are shipped and refunded by the operator with just the
// reason, and the balances come back. The pages' details are tested by their own files
// (mallScreens, orderScreens, addressCoupon).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone } from './phone.mjs';
import { apiCall, assertFitsWidth } from './helpers.mjs';
import { CONSOLE_URL, DEMO_STAFF, chooseOption, openDesktop, settled, signInToConsole } from './console.mjs';

const skip = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const shot = (name) => `test-results/mall-journey-${name}.png`;
const DEMO_PATIENT_KEY = 'demo-patient-0000000001';

/** The three goods of the journey (apps/api/src/seed/demoMall.ts). */
const GOODS = {
  money: { name: '血糖试纸 50 条装（配糖护血糖仪）', search: '试纸' },
  points: { name: '一次性采血针 100 支', search: '采血针' },
  strips: { name: '试纸兑换：血糖试纸 50 条', search: '试纸兑换' },
};

/** @type {import('playwright-core').Browser} */
let browser;
/** @type {Awaited<ReturnType<typeof openPhone>>} */
let patient;
/** @type {Awaited<ReturnType<typeof openDesktop>>} */
let operator;
/** @type {string} */
let token;

/** @param {import('playwright-core').Page} page */
const scrollY = (page) => page.evaluate(() => window.scrollY);

/** The demo patient's points and strips, from the API. */
async function balances() {
  const { customerVo } = await apiCall('GET', '/login/v1/getCurrent', undefined, token);
  return { points: customerVo.customerScore, strips: customerVo.givePaper };
}

/** The patient's newest order (the one just placed). */
async function newestOrder() {
  const orders = await apiCall('GET', '/order/v1/list?pageNo=1&pageSize=4', undefined, token);
  assert.ok(orders.items[0], 'an order was placed');
  return orders.items[0];
}

/**
 * From the mall list: searches the goods, opens it, 立即购买, chooses mail delivery (the default
 * address is picked by itself), optionally the coupon, and submits. Answers the order placed.
 * @param {keyof typeof GOODS} which @param {{ coupon?: string }} [options]
 */
async function buy(which, { coupon } = {}) {
  const phone = patient.page;
  const goods = GOODS[which];
  await phone.goto(`${BASE_URL}/mall/goodsList`);
  await phone.getByRole('textbox', { name: '搜索商品名称' }).fill(goods.search);
  // The list is the search's answer (not the whole list about to be replaced) before a goods item is tapped.
  await phone.getByRole('heading', { name: `“${goods.search}”的搜索结果` }).waitFor();
  await phone.waitForFunction((word) => {
    const links = [...document.querySelectorAll('[aria-label="商品"] a')];
    return links.length > 0 && links.every((link) => link.textContent?.includes(word));
  }, goods.search);
  await phone.getByLabel('商品', { exact: true }).getByRole('link', { name: goods.name }).tap();
  await phone.waitForURL((url) => url.pathname === '/mall/goodsDetail');
  await phone.getByRole('heading', { name: goods.name }).waitFor();
  // The brand's customer service.
  await phone
    .getByRole('region', { name: '客服' })
    .getByRole('link', { name: /^客服电话/ })
    .waitFor();
  await phone.getByRole('button', { name: '立即购买' }).tap();
  await phone.waitForURL((url) => url.pathname === '/mall/sendOrder');
  const submit = phone.getByRole('button', { name: '提交订单' });
  await submit.and(phone.locator(':not([disabled])')).waitFor();
  const mail = phone.getByRole('radio', { name: '快递邮寄' });
  if ((await mail.getAttribute('aria-checked')) !== 'true') {
    await mail.tap();
  }
  await phone.getByRole('link', { name: '收货地址' }).getByText('健康路66号2单元302').waitFor();
  if (coupon) {
    await phone.getByRole('link', { name: '优惠券' }).tap();
    await phone.waitForURL((url) => url.pathname === '/coupon/myCoupon');
    await phone
      .getByRole('list', { name: '可用优惠券' })
      .getByRole('button', { name: new RegExp(coupon) })
      .tap();
    await phone.waitForURL((url) => url.pathname === '/mall/sendOrder');
    await phone.getByRole('link', { name: '优惠券' }).getByText(coupon).waitFor();
    await submit.and(phone.locator(':not([disabled])')).waitFor();
  }
  await assertFitsWidth(phone);
  await phone.screenshot({ path: shot(`${which}-1-send-order`), fullPage: true });
  await submit.tap();
  if (which === 'money') {
    const sheet = phone.getByRole('dialog', { name: '支付' });
    await sheet.waitFor();
    await phone.screenshot({ path: shot(`${which}-2-pay`) });
    await sheet.getByRole('button', { name: '支付' }).tap();
    await phone.getByText('支付成功').waitFor();
  } else {
    await phone.getByText('提交成功').waitFor();
  }
  await phone.waitForURL((url) => url.pathname === '/order/orderList');
  const order = await newestOrder();
  assert.equal(order.goodsName, goods.name);
  return order;
}

/**
 * The operator finds the order in 订单管理 by its code and opens its drawer.
 * @param {string} orderCode
 */
async function openInConsole(orderCode) {
  const desk = operator.page;
  await desk.goto(`${CONSOLE_URL}/orders`);
  const search = desk.getByRole('searchbox', { name: '订单号或手机号' });
  await search.fill(orderCode);
  await search.press('Enter');
  await desk.getByRole('button', { name: `处理订单 ${orderCode}` }).click();
  const drawer = desk.getByRole('dialog', { name: `订单 ${orderCode}` });
  await drawer.getByRole('button', { name: '退款', exact: true }).waitFor();
  await settled(desk);
  return drawer;
}

/**
 * The operator audits and ships the order (SF, a tracking number).
 * @param {string} which @param {string} orderCode @param {string} number
 */
async function ship(which, orderCode, number) {
  const desk = operator.page;
  const drawer = await openInConsole(orderCode);
  await drawer.getByRole('button', { name: '审核通过' }).click();
  await desk.getByRole('tooltip').getByRole('button', { name: '通过' }).click();
  await desk.getByText('审核通过').first().waitFor();
  const shipButton = drawer.getByRole('button', { name: '发货' });
  await shipButton.and(desk.locator(':not([disabled])')).waitFor();
  await shipButton.click();
  const dialog = desk.getByRole('dialog', { name: '发货' });
  await dialog.waitFor();
  await settled(desk);
  const courier = dialog.getByRole('combobox', { name: '快递公司' });
  await courier.click();
  await courier.fill('顺丰');
  await chooseOption(desk, courier, '顺丰速运');
  await dialog.getByLabel('快递单号').fill(number);
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await drawer.getByText('商家已发货').first().waitFor();
  await settled(desk);
  await desk.screenshot({ path: shot(`${which}-console-shipped`) });
}

/** The phone opens the order, then its logistics timeline. @param {string} which @param {number} orderId @param {string} number */
async function followParcel(which, orderId, number) {
  const phone = patient.page;
  await phone.goto(`${BASE_URL}/order/orderDetail?id=${orderId}`);
  assert.equal(await phone.getByLabel('快递单号').textContent(), number);
  // Shipped: 申请退款 asks the operator (a request), it no longer refunds at once.
  await phone.getByRole('group', { name: '订单操作' }).getByRole('button', { name: '申请退款' }).waitFor();
  await phone.getByRole('button', { name: '查看物流' }).tap();
  await phone.waitForURL((url) => url.pathname === '/order/logistics');
  await phone
    .getByRole('region', { name: '物流轨迹' })
    .getByText(/商家已发货/)
    .waitFor();
  assert.equal(await phone.getByLabel('快递单号').textContent(), number);
  await assertFitsWidth(phone);
  await phone.screenshot({ path: shot(`${which}-3-logistics`), fullPage: true });
}

/**
 * The patient asks for the refund of the shipped order with a reason: 退款申请中.
 * @param {string} which @param {number} orderId @param {string} reason
 */
async function askRefund(which, orderId, reason) {
  const phone = patient.page;
  await phone.goto(`${BASE_URL}/order/orderDetail?id=${orderId}`);
  await phone.getByRole('group', { name: '订单操作' }).getByRole('button', { name: '申请退款' }).tap();
  const box = phone.getByPlaceholder('请说明退款原因，如商品破损、发错货等');
  await box.waitFor();
  await box.fill(reason);
  await phone.screenshot({ path: shot(`${which}-4-ask-refund`) });
  await phone.getByRole('button', { name: '提交申请' }).tap();
  await phone.getByText('已提交退款申请，请等待审核').waitFor();
  await box.waitFor({ state: 'hidden' });
  assert.equal(await phone.getByLabel('退款申请').textContent(), `退款申请中（${reason}）`);
  assert.equal(
    await phone.getByRole('group', { name: '订单操作' }).getByRole('button', { name: '申请退款' }).count(),
    0,
    'asked and waiting: no second ask',
  );
  await assertFitsWidth(phone);
  await phone.screenshot({ path: shot(`${which}-5-refund-asked`), fullPage: true });
}

/**
 * The operator finds the patient's request under 退款申请 and reads its reason in the drawer.
 * @param {string} which @param {string} orderCode @param {string} reason
 */
async function seeRequestInConsole(which, orderCode, reason) {
  const desk = operator.page;
  await desk.goto(`${CONSOLE_URL}/orders`);
  await chooseOption(desk, desk.getByRole('combobox', { name: '退款申请' }), '退款申请中');
  await desk.getByRole('button', { name: `处理订单 ${orderCode}` }).waitFor();
  await settled(desk);
  await desk.screenshot({ path: shot(`${which}-console-requests`) });
  const drawer = await openInConsole(orderCode);
  await drawer.getByText(`退款申请中：${reason}`).waitFor();
  await drawer.getByRole('button', { name: '拒绝退款申请' }).waitFor();
}

/**
 * The operator refunds the whole order with the reason (an order without money: just the reason).
 * @param {string} which @param {string} orderCode @param {string} reason
 */
async function refund(which, orderCode, reason) {
  const desk = operator.page;
  const drawer = await openInConsole(orderCode);
  await drawer.getByRole('button', { name: '退款', exact: true }).click();
  const dialog = desk.getByRole('dialog', { name: '订单退款' });
  await dialog.waitFor();
  await settled(desk);
  if (which === 'money') {
    const label = await dialog.getByText(/^退款金额（元，最多 ¥/).textContent();
    const most = /¥([\d.]+)/.exec(label ?? '')?.[1];
    assert.ok(most, `the dialog names the refundable amount: ${label}`);
    await dialog.getByLabel(/^退款金额/).fill(most);
  } else {
    // Paid with points or strips only: no amount to type; the dialog says what goes back.
    await dialog.getByText(/^将退还 \d+ (积分|条试纸)$/).waitFor();
    assert.equal(await dialog.getByLabel(/^退款金额/).isVisible(), false);
  }
  await dialog.getByLabel(/^退款原因/).fill(reason);
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await settled(desk);
  await desk.screenshot({ path: shot(`${which}-console-refunded`) });
}

/** The phone shows the order 退款成功. @param {string} which @param {number} orderId */
async function seeRefunded(which, orderId) {
  const phone = patient.page;
  await phone.goto(`${BASE_URL}/order/orderDetail?id=${orderId}`);
  // The local provider settles the refund by its own notify, right after the request.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if ((await phone.getByLabel('订单状态').first().textContent()) === '退款成功') {
      break;
    }
    await phone.waitForTimeout(500);
    await phone.reload();
    await phone.getByLabel('订单状态').first().waitFor();
  }
  assert.equal(await phone.getByLabel('订单状态').first().textContent(), '退款成功');
  await phone.screenshot({ path: shot(`${which}-6-refunded`), fullPage: true });
}

describe('the mall from browsing to a refund, patient and operator', { skip }, () => {
  before(async () => {
    browser = await launchBrowser();
    patient = await openPhone(browser);
    operator = await openDesktop(browser);
    await patient.page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT_KEY}`);
    await patient.page.getByRole('region', { name: '功能入口' }).waitFor();
    token = await patient.page.evaluate(
      () => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token ?? null,
    );
    assert.ok(token, 'the demo patient is signed in');
    // The delivery address: the patient's default one (the address book's own screens are tested apart).
    await apiCall(
      'POST',
      '/address/v1/add',
      {
        consigneeName: '张建国',
        phone: '13800000001',
        province: '北京市',
        city: '北京市',
        district: '朝阳区',
        detailAddress: '健康路66号2单元302',
        isDefault: 1,
      },
      token,
    );
    await signInToConsole(operator.page, DEMO_STAFF.operator);
  });

  after(async () => {
    await patient?.context.close();
    await operator?.context.close();
    await browser?.close();
  });

  it('browses, searches, opens a detail and comes back to the kept-alive list where it was', async () => {
    const phone = patient.page;
    await phone.goto(`${BASE_URL}/mall/goodsList`);
    const list = phone.getByLabel('商品', { exact: true });
    await list.getByRole('link').nth(3).waitFor();
    const box = phone.getByRole('textbox', { name: '搜索商品名称' });
    await box.fill('试纸');
    await list.getByRole('link', { name: GOODS.money.name }).waitFor();
    await phone.getByRole('heading', { name: /“试纸”的搜索结果/ }).waitFor();
    await phone.screenshot({ path: shot('0-search') });
    await box.fill('');
    await list.getByRole('link', { name: '糖尿病护足袜（2 双装）' }).waitFor();

    await phone.evaluate(() => window.scrollTo(0, 700));
    await phone.waitForFunction(() => window.scrollY > 600);
    const target = list.getByRole('link', { name: '糖尿病护足袜（2 双装）' });
    await target.scrollIntoViewIfNeeded();
    const atTap = await scrollY(phone);
    assert.ok(atTap > 0);
    await target.tap();
    await phone.waitForURL((url) => url.pathname === '/mall/goodsDetail');
    await phone.getByRole('heading', { name: '糖尿病护足袜（2 双装）' }).waitFor();
    await phone.goBack();
    await phone.waitForURL((url) => url.pathname === '/mall/goodsList');
    await list.getByRole('link', { name: '糖尿病护足袜（2 双装）' }).waitFor();
    assert.equal(await scrollY(phone), atTap, 'the list is where it was left');
    await phone.screenshot({ path: shot('0-list-back') });
    assert.deepEqual(patient.problems, []);
  });

  it('orders for money with an address and a coupon, pays, is shipped, tracks it and is refunded', async () => {
    const order = await buy('money', { coupon: '新人专享立减10元' });
    assert.equal(order.payCoupon, 1000);
    assert.equal(order.payStatus, 1);
    assert.equal(order.detailAddress.includes('健康路66号2单元302'), true);
    await ship('money', order.orderCode, 'SF1402938475611');
    await followParcel('money', order.orderId, 'SF1402938475611');
    await askRefund('money', order.orderId, '试纸批号与血糖仪不匹配');
    await seeRequestInConsole('money', order.orderCode, '试纸批号与血糖仪不匹配');
    await refund('money', order.orderCode, '同意退款：试纸批号不匹配');
    await seeRefunded('money', order.orderId);
    assert.deepEqual(patient.problems, []);
    assert.deepEqual(operator.problems, []);
  });

  for (const which of /** @type {const} */ (['points', 'strips'])) {
    /** @type {{ orderId: number, orderCode: string } | null} */
    let placed = null;
    /** @type {Awaited<ReturnType<typeof balances>> | null} */
    let start = null;
    const number = which === 'points' ? 'SF1402938475612' : 'SF1402938475613';

    it(`orders a ${which} good paid from the balance, is shipped and tracks it`, async () => {
      start = await balances();
      const order = await buy(which);
      if (which === 'points') {
        assert.equal(order.scoreAmount, 800);
      } else {
        assert.equal(order.paperAmount, 50);
      }
      const spent = await balances();
      assert.deepEqual(
        spent,
        which === 'points' ? { ...start, points: start.points - 800 } : { ...start, strips: start.strips - 50 },
      );
      await ship(which, order.orderCode, number);
      await followParcel(which, order.orderId, number);
      placed = order;
      assert.deepEqual(patient.problems, []);
      assert.deepEqual(operator.problems, []);
    });

    it(`refunds the ${which} good: 退款成功 and the ${which} back`, async () => {
      assert.ok(placed && start, 'the order was placed and shipped');
      await refund(which, placed.orderCode, '买家来电申请退货退款');
      await seeRefunded(which, placed.orderId);
      assert.deepEqual(await balances(), start, `the ${which} are back`);
      assert.deepEqual(patient.problems, []);
      assert.deepEqual(operator.problems, []);
    });
  }
});
