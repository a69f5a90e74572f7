import type { Schema } from '@glucoguard/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFailure, dialogsClosed, fakeApi, registeredPatientPageHooks, renderApp } from '../../test-utils';

registeredPatientPageHooks();

type OrderDetail = Schema<'OrderDetail'>;

/** An order as the API answers it: a paid, unsent, unaudited online order of one physical good. */
function order(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderId: 11,
    orderCode: 'GG202611270001',
    goodsId: 3,
    goodsName: '血糖试纸 50 条装',
    remark: '适配 GG-G1 血糖仪',
    iconUrl: '/static/goods/strips.png',
    number: 2,
    goodsValue: 5990,
    payAmount: 12780,
    payCoupon: 0,
    couponId: null,
    scoreAmount: 0,
    scoreDeduction: 0,
    paperAmount: 0,
    postage: 800,
    payType: 1,
    payStatus: 1,
    orderStatus: 1,
    sendStatus: 0,
    asignStatus: 0,
    auditStatus: 0,
    needPay: 1,
    receiveType: 0,
    autoCancelTime: null,
    createTime: '2026-11-27 09:30:00',
    payTime: '2026-11-27 09:31:00',
    consigneeName: '张建国',
    phone: '13912345678',
    detailAddress: '广东省深圳市南山区科技园南路十八号',
    salesMode: 'rmb',
    rechargePackage: 0,
    servicePackage: 0,
    packageMonths: 0,
    deviceImei: null,
    associcateGoods: [{ goodsId: 3, goodsName: '血糖试纸 50 条装', goodsType: 'physical', number: 2 }],
    refundReason: null,
    refundAmount: null,
    express: { expressName: null, expressPhone: null, expressCode: null, trackingNumber: null },
    ...over,
  };
}

const page = (items: OrderDetail[], currentPage = 1, totalPage = 1) => ({ items, currentPage, totalPage });
const awaiting = (msFromNow: number) =>
  order({ payStatus: 0, payTime: null, autoCancelTime: new Date(Date.now() + msFromNow).toISOString() });

describe('/order/orderList', () => {
  it('says 暂无订单记录 without orders and asks for pages of 4', async () => {
    const api = fakeApi({ 'GET /order/v1/list': () => page([], 1, 0) });
    renderApp('/order/orderList');
    expect(await screen.findByText('暂无订单记录')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('我的订单'));
    const [call] = api.called('GET /order/v1/list');
    expect(call?.query.get('pageSize')).toBe('4');
    expect(call?.query.get('pageNo')).toBe('1');
  });

  it.each([
    ['an unpaid online order', { payStatus: 0, payTime: null }, '未支付', null],
    ['a paid order not sent', {}, '未发货', '已支付'],
    ['a paid order passed by the audit', { auditStatus: 1 }, '审核成功', '已支付'],
    ['an order that failed the audit', { auditStatus: 2 }, '审核不通过', '已支付'],
    ['a sent order', { auditStatus: 1, sendStatus: 1 }, '已发货', '已支付'],
    ['a signed order', { auditStatus: 1, sendStatus: 1, asignStatus: 1 }, '已签收', '已支付'],
    ['a refused order', { auditStatus: 1, sendStatus: 1, asignStatus: 2 }, '拒收', '已支付'],
    ['a refund under way', { payStatus: 5 }, '退款中', null],
    ['a refunded order', { payStatus: 3 }, '退款成功', null],
    ['a failed refund', { payStatus: 4 }, '退款失败', null],
    ['a cancelled order', { orderStatus: 0, payStatus: 0 }, '已取消', '未支付'],
    ['cash on delivery', { payType: 2, payStatus: 0, needPay: 0, payTime: null }, '未发货', '货到付款'],
    [
      'a points order',
      { salesMode: 'score', payAmount: 0, scoreAmount: 500, needPay: 0, payStatus: 0 },
      '未发货',
      '已支付',
    ],
  ] as const)('labels %s as %s, beside the payment label %s', async (_name, over, status, payment) => {
    fakeApi({ 'GET /order/v1/list': () => page([order(over)]) });
    renderApp('/order/orderList');
    const card = await screen.findByRole('link', { name: '订单 血糖试纸 50 条装' });
    expect(within(card).getByLabelText('订单状态').textContent).toBe(status);
    // The payment label shows beside the status unless it says the same.
    expect(within(card).queryByLabelText('支付状态')?.textContent ?? null).toBe(payment);
  });

  it('shows the masked order number, the goods and what they cost, and opens the detail', async () => {
    fakeApi({
      'GET /order/v1/list': () =>
        page([
          order({
            salesMode: 'rmb,score',
            payAmount: 990,
            scoreAmount: 200,
            remark: '一二三四五六七八九十一二三四五六七八九十多出来',
          }),
        ]),
    });
    const { router } = renderApp('/order/orderList');
    const card = await screen.findByRole('link', { name: '订单 血糖试纸 50 条装' });
    expect(within(card).getByText('订单号 GG********0001')).toBeTruthy();
    expect(within(card).getByLabelText('实付').textContent).toBe('¥9.90+200积分');
    expect(within(card).getByText('×2')).toBeTruthy();
    expect(within(card).getByText('一二三四五六七八九十一二三四五六七八九十...')).toBeTruthy();
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/orderDetail'));
    expect(router.state.location.search).toBe('?id=11');
  });

  it('shows the refund request on the card as the detail does: 退款申请中, 退款申请未通过, none once refunding', async () => {
    fakeApi({
      'GET /order/v1/list': () =>
        page([
          order({ orderId: 21, goodsName: '申请中', sendStatus: 1, auditStatus: 1, refundRequest: 1 }),
          order({ orderId: 22, goodsName: '未通过', sendStatus: 1, auditStatus: 1, refundRequest: 2 }),
          order({ orderId: 23, goodsName: '退款中', sendStatus: 1, auditStatus: 1, refundRequest: 1, payStatus: 5 }),
          order({ orderId: 24, goodsName: '未申请' }),
        ]),
    });
    renderApp('/order/orderList');
    const label = async (name: string) =>
      within(await screen.findByRole('link', { name: `订单 ${name}` })).queryByLabelText('退款申请')?.textContent ??
      null;
    expect(await label('申请中')).toBe('退款申请中');
    expect(await label('未通过')).toBe('退款申请未通过');
    expect(await label('退款中')).toBeNull();
    expect(await label('未申请')).toBeNull();
  });

  it('counts an unpaid online order down to its autoCancelTime and reloads the list at zero', async () => {
    let reads = 0;
    const api = fakeApi({
      'GET /order/v1/list': () => {
        reads += 1;
        return page([reads === 1 ? awaiting(1500) : order({ orderStatus: 0, payStatus: 0, payTime: null })]);
      },
    });
    renderApp('/order/orderList');
    const timer = await screen.findByRole('timer', { name: '剩余支付时间' });
    expect(timer.textContent).toMatch(/^剩余支付时间 00:0[01]$/);
    await waitFor(() => expect(screen.getByLabelText('订单状态').textContent).toBe('已取消'), { timeout: 5000 });
    expect(api.called('GET /order/v1/list')).toHaveLength(2);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('asks again once for an order still pending past its autoCancelTime (the server job had not run yet)', async () => {
    let reads = 0;
    const api = fakeApi({
      'GET /order/v1/getById': () => {
        reads += 1;
        return reads === 1 ? awaiting(-1000) : order({ orderStatus: 0, payStatus: 0, payTime: null });
      },
    });
    renderApp('/order/orderDetail?id=11');
    expect((await screen.findByRole('timer')).textContent).toBe('剩余支付时间 00:00');
    await waitFor(() => expect(screen.getByLabelText('订单状态').textContent).toBe('已取消'), { timeout: 6000 });
    expect(api.called('GET /order/v1/getById')).toHaveLength(2);
  });

  it('shows no countdown for an order that does not wait for online payment', async () => {
    fakeApi({ 'GET /order/v1/list': () => page([order({ payType: 2, payStatus: 0, needPay: 0 })]) });
    renderApp('/order/orderList');
    await screen.findByRole('link', { name: '订单 血糖试纸 50 条装' });
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('/order/orderDetail', () => {
  const detail = (over: Partial<OrderDetail> = {}) => ({ 'GET /order/v1/getById': () => order(over) });

  it('shows the masked number, the address, the amounts and the courier of a sent order; 查看物流 opens its logistics', async () => {
    const api = fakeApi(
      detail({
        auditStatus: 1,
        sendStatus: 1,
        express: { expressName: '顺丰速运', expressPhone: '95338', expressCode: 'SF', trackingNumber: 'SF1234567890' },
      }),
    );
    const { router } = renderApp('/order/orderDetail?id=11');
    expect((await screen.findByLabelText('订单编号')).textContent).toBe('GG********0001');
    expect(api.called('GET /order/v1/getById')[0]?.query.get('orderId')).toBe('11');
    expect(screen.getByLabelText('快递公司').textContent).toBe('顺丰速运');
    expect(screen.getByLabelText('快递单号').textContent).toBe('SF1234567890');
    expect(screen.getByRole('link', { name: '95338' }).getAttribute('href')).toBe('tel:95338');
    expect(screen.getByText('广东省深圳市南山区科技园南路十八号')).toBeTruthy();
    expect(screen.getByLabelText('商品金额').textContent).toBe('¥119.80');
    expect(screen.getByLabelText('运费').textContent).toBe('¥8.00');
    expect(screen.getByLabelText('实付金额').textContent).toBe('¥127.80');
    // Sent: no cancel, no pay; a refund is a request the operator decides (docs/adr/0194).
    const bar = screen.getByRole('group', { name: '订单操作' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看物流', '申请退款']);
    fireEvent.click(within(bar).getByRole('button', { name: '查看物流' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/logistics'));
    expect(router.state.location.search).toBe('?orderId=11');
  });

  it('offers no logistics for a sent service package (nothing is carried)', async () => {
    fakeApi(
      detail({
        sendStatus: 1,
        auditStatus: 1,
        servicePackage: 1,
        associcateGoods: [{ goodsId: 3, goodsName: '控糖服务包', goodsType: 'virtual', number: 1 }],
      }),
    );
    renderApp('/order/orderDetail?id=11');
    await screen.findByLabelText('订单编号');
    expect(screen.queryByRole('button', { name: '查看物流' })).toBeNull();
  });

  it('pays an unpaid order: 去支付 creates the payment and the local sheet pays it, then the order reloads', async () => {
    let paid = false;
    const api = fakeApi({
      'GET /order/v1/getById': () =>
        paid
          ? order({ payStatus: 1 })
          : order({ payStatus: 0, payTime: null, autoCancelTime: new Date(Date.now() + 600_000).toISOString() }),
      'POST /order/v1/wxpay': () => ({ orderId: 11, orderCode: 'GG202611270001', intent: intent() }),
      'POST /payment/v1/prepay': () => ({ intent: intent(), payParams }),
      'POST /payment/v1/localPay': () => {
        paid = true;
        return { outcome: 'success', message: '支付成功', intent: intent('paid') };
      },
    });
    renderApp('/order/orderDetail?id=11');
    expect((await screen.findByRole('timer')).textContent).toMatch(/^剩余支付时间 (09:5\d|10:00)$/);
    const bar = screen.getByRole('group', { name: '订单操作' });
    // Unpaid online: pay, or cancel; nothing to refund yet.
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['取消订单', '去支付']);
    fireEvent.click(within(bar).getByRole('button', { name: '去支付' }));
    const sheet = await screen.findByRole('dialog', { name: '支付' });
    expect(api.called('POST /order/v1/wxpay')[0]?.body).toEqual({ orderCode: 'GG202611270001' });
    fireEvent.click(within(sheet).getByRole('button', { name: '支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('订单状态').textContent).toBe('未发货'));
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
  });

  it('asks for the refund of a paid order after a confirmation and says 成功发起退款', async () => {
    const api = fakeApi({
      ...detail(),
      'POST /order/v1/wxRefund': () => order({ payStatus: 5, refundAmount: 12780, refundReason: '用户申请退款' }),
    });
    renderApp('/order/orderDetail?id=11');
    const bar = await screen.findByRole('group', { name: '订单操作' });
    // Paid and not audited: the refund is the way to cancel it (one button, not two).
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['申请退款']);
    fireEvent.click(within(bar).getByRole('button', { name: '申请退款' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('成功发起退款')).toBeTruthy();
    expect(api.called('POST /order/v1/wxRefund')[0]?.body).toEqual({ orderId: 11 });
    expect(screen.getByLabelText('订单状态').textContent).toBe('退款中');
    expect(screen.getByText(/退款金额 ¥127.80（用户申请退款），退款将在1-3个工作日内原路退回/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: '订单操作' })).toBeNull();
  });

  it('offers the refund again after 退款失败', async () => {
    fakeApi(detail({ payStatus: 4, auditStatus: 1, refundAmount: 12780, refundReason: '用户申请退款' }));
    renderApp('/order/orderDetail?id=11');
    const bar = await screen.findByRole('group', { name: '订单操作' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['重新申请退款']);
  });

  it('asks for a refund after shipping with a reason: 退款申请中, and again after 退款申请未通过', async () => {
    const sent = { sendStatus: 1, auditStatus: 1 } as const;
    const api = fakeApi({
      ...detail(sent),
      'POST /order/v1/wxRefund': () => order({ ...sent, refundRequest: 1, refundRequestReason: '包装破损' }),
    });
    renderApp('/order/orderDetail?id=11');
    const bar = await screen.findByRole('group', { name: '订单操作' });
    fireEvent.click(within(bar).getByRole('button', { name: '申请退款' }));
    // No reason, no request.
    fireEvent.click(await screen.findByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请填写退款原因')).toBeTruthy();
    expect(api.called('POST /order/v1/wxRefund')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('请说明退款原因，如商品破损、发错货等'), {
      target: { value: '包装破损' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('已提交退款申请，请等待审核')).toBeTruthy();
    expect(api.called('POST /order/v1/wxRefund')[0]?.body).toEqual({ orderId: 11, reason: '包装破损' });
    expect(screen.getByLabelText('退款申请').textContent).toBe('退款申请中（包装破损）');
    // Asked and waiting: no second ask.
    expect(
      within(screen.getByRole('group', { name: '订单操作' })).queryByRole('button', { name: '申请退款' }),
    ).toBeNull();
  });

  it('shows the points a refunded points order gave back (no money refunded)', async () => {
    fakeApi(
      detail({
        salesMode: 'score',
        payAmount: 0,
        needPay: 0,
        scoreAmount: 800,
        payStatus: 3,
        sendStatus: 1,
        refundAmount: 0,
        refundReason: '买家不需要了',
      }),
    );
    renderApp('/order/orderDetail?id=11');
    expect(await screen.findByText('已退还 800积分（买家不需要了）')).toBeTruthy();
  });

  it('shows 退款申请未通过 with the reason and lets the customer ask again', async () => {
    fakeApi(detail({ sendStatus: 1, auditStatus: 1, refundRequest: 2, refundDeclineReason: '商品已拆封使用' }));
    renderApp('/order/orderDetail?id=11');
    expect((await screen.findByLabelText('退款申请')).textContent).toBe('退款申请未通过：商品已拆封使用');
    const bar = screen.getByRole('group', { name: '订单操作' });
    expect(within(bar).getByRole('button', { name: '申请退款' })).toBeTruthy();
  });

  it('cancels a cash-on-delivery order only after the confirmation', async () => {
    const api = fakeApi({
      ...detail({ payType: 2, payStatus: 0, needPay: 0, payTime: null }),
      'POST /order/v1/cancel': () => order({ payType: 2, payStatus: 0, needPay: 0, orderStatus: 0 }),
    });
    renderApp('/order/orderDetail?id=11');
    const cancel = await screen.findByRole('button', { name: '取消订单' });
    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await dialogsClosed();
    expect(api.called('POST /order/v1/cancel')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    expect(api.called('POST /order/v1/cancel')[0]?.body).toEqual({ orderId: 11 });
    expect(screen.getByLabelText('订单状态').textContent).toBe('已取消');
  });

  it('shows the pickup notice instead of an address for a pickup order', async () => {
    fakeApi(detail({ receiveType: 1, consigneeName: null, phone: null, detailAddress: null }));
    renderApp('/order/orderDetail?id=11');
    expect(await screen.findByText('到店自提')).toBeTruthy();
    expect(screen.getByText(/平台不再发货/)).toBeTruthy();
  });

  it('shows a data plan as a service that needs no delivery, with the meter it renews', async () => {
    fakeApi(
      detail({
        rechargePackage: 1,
        packageMonths: 12,
        deviceImei: '868888000000017',
        receiveType: 1,
        consigneeName: null,
        phone: null,
        detailAddress: null,
        associcateGoods: [{ goodsId: 3, goodsName: '血糖仪流量包（12 个月）', goodsType: 'virtual', number: 1 }],
      }),
    );
    renderApp('/order/orderDetail?id=11');
    expect(await screen.findByText('线上服务')).toBeTruthy();
    expect(screen.getByText('支付成功后自动为该设备续费流量，无需收货')).toBeTruthy();
    expect(screen.queryByText(/平台不再发货/)).toBeNull();
    expect(screen.getByLabelText('续费设备').textContent).toBe('IMEI 868888000000017');
  });

  it('says 订单不存在 for another customer’s or an unknown order', async () => {
    renderApp('/order/orderDetail?id=abc');
    expect(await screen.findByText('订单不存在')).toBeTruthy();
  });
});

describe('/order/logistics', () => {
  it('shows the courier, the tracking number, the address and the traces newest first', async () => {
    const api = fakeApi({
      'GET /order/v1/logisticDtail': () => ({
        orderId: 11,
        orderCode: 'GG202611270001',
        shipperCode: 'SF',
        shipperName: '顺丰速运',
        shipperPhone: '95338',
        logisticCode: 'SF1234567890',
        state: 2,
        stateLabel: '运输中',
        traces: [
          { acceptTime: '2026-11-28 08:00:00', acceptStation: '【深圳南山营业部】派件中' },
          { acceptTime: '2026-11-27 18:00:00', acceptStation: '商家已发货，包裹已交给顺丰速运' },
        ],
        consigneeName: '张建国',
        phone: '139****5678',
        detailAddress: '广东省深圳市南山区科技园南路十八号',
        providerError: null,
      }),
    });
    renderApp('/order/logistics?orderId=11');
    expect((await screen.findByLabelText('快递单号')).textContent).toBe('SF1234567890');
    expect(api.called('GET /order/v1/logisticDtail')[0]?.query.get('orderId')).toBe('11');
    expect(screen.getByText('顺丰速运')).toBeTruthy();
    expect(screen.getByLabelText('物流状态').textContent).toBe('运输中');
    expect(screen.getByText('139****5678')).toBeTruthy();
    const timeline = screen.getByRole('region', { name: '物流轨迹' });
    const stations = within(timeline)
      .getAllByText(/派件中|已发货/)
      .map((node) => node.textContent);
    expect(stations).toEqual(['【深圳南山营业部】派件中', '商家已发货，包裹已交给顺丰速运']);
    expect(within(timeline).getByText('2026-11-28 08:00:00')).toBeTruthy();
  });

  it("shows the server's reason when the order is not shipped yet", async () => {
    fakeApi({
      'GET /order/v1/logisticDtail': () => {
        throw apiFailure(40900, '订单尚未发货', 409);
      },
    });
    renderApp('/order/logistics?orderId=11');
    expect(await screen.findByText('订单尚未发货')).toBeTruthy();
  });
});

describe('/service', () => {
  it('shows an active package with its end date and offers 续费服务包', async () => {
    fakeApi({
      'GET /customer/v1/servicePackage': () => ({
        servicePackageState: 1,
        serviceExpireDate: '2027-11-26T16:30:00.000Z',
      }),
    });
    const { router } = renderApp('/service');
    expect((await screen.findByLabelText('服务状态')).textContent).toBe('服务中');
    expect(screen.getByLabelText('到期日期').textContent).toBe('到期日期 2027-11-27');
    expect(screen.getByText('每周健康周报')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '续费服务包' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categorysGoods'));
    expect(router.state.location.search).toBe('?servicePackage=1');
  });

  it.each([
    [0, null, '未开通', '开通服务包'],
    [2, '2026-01-01T00:00:00.000Z', '已过期', '续费服务包'],
  ] as const)('state %i (end %s) reads %s and offers %s', async (state, end, label, button) => {
    fakeApi({ 'GET /customer/v1/servicePackage': () => ({ servicePackageState: state, serviceExpireDate: end }) });
    renderApp('/service');
    expect((await screen.findByLabelText('服务状态')).textContent).toBe(label);
    expect(screen.getByRole('button', { name: button })).toBeTruthy();
  });
});

const intent = (state = 'created') => ({
  intentId: '7f1c2d9e-0000-4000-8000-000000000011',
  subjectKind: 'order',
  subjectId: '11',
  description: '商城订单',
  amountCents: 12780,
  state,
  stateLabel: state === 'paid' ? '已支付' : '待支付',
  provider: 'local',
});
const payParams = {
  appId: 'wx1',
  timeStamp: '1',
  nonceStr: 'n',
  package: 'prepay_id=p',
  signType: 'RSA',
  paySign: 's',
};
