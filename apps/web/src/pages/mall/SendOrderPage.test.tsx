import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setApiFetch } from '../../api';
import { useSession } from '../../store/session';
import {
  apiFailure,
  dialogsClosed,
  fakeApi,
  registeredCustomer,
  registeredPatientPageHooks,
  renderApp,
  type RecordedCall,
} from '../../test-utils';
import { goods } from './fixtures';
import { useOrderDraft } from './orderDraft';

registeredPatientPageHooks();

const ADDRESS = {
  addressId: '7',
  consigneeName: '张建国',
  phone: '13800138000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  detailAddress: '科技园南路88号3栋501',
  isDefault: 1 as const,
};

const PASSED = { result: { code: '0', data: null, errMsg: '' }, token: 'tok-1', expiresAt: null };

function order(overrides: Record<string, unknown> = {}) {
  return {
    orderId: 501,
    orderCode: 'GG202611270001',
    goodsId: 11,
    goodsName: '糖护血糖仪收纳包',
    remark: '',
    iconUrl: '',
    number: 1,
    goodsValue: 1990,
    payAmount: 1990,
    payCoupon: 0,
    couponId: null,
    scoreAmount: 0,
    scoreDeduction: 0,
    paperAmount: 0,
    postage: 0,
    payType: 1,
    payStatus: 0,
    orderStatus: 1,
    sendStatus: 0,
    asignStatus: 0,
    auditStatus: 0,
    needPay: 1,
    receiveType: 0,
    autoCancelTime: '2026-11-27T02:00:00.000Z',
    createTime: '2026-11-27 09:30:00',
    payTime: null,
    consigneeName: '张建国',
    phone: '13800138000',
    detailAddress: '广东省深圳市南山区科技园南路88号3栋501',
    salesMode: 'rmb',
    rechargePackage: 0,
    servicePackage: 0,
    packageMonths: 0,
    deviceImei: null,
    associcateGoods: [{ goodsId: 11, goodsName: '糖护血糖仪收纳包', goodsType: 'physical', number: 1 }],
    refundReason: null,
    refundAmount: 0,
    ...overrides,
  };
}

const intent = {
  intentId: '7f1c2d9e-0000-4000-8000-000000000009',
  subjectKind: 'order',
  subjectId: '501',
  description: '商城订单',
  amountCents: 1990,
  state: 'created',
  stateLabel: '待支付',
  provider: 'local',
};

function shop(item = goods(), extra: Record<string, (call: RecordedCall) => unknown> = {}) {
  useOrderDraft.getState().clear();
  return fakeApi({
    'GET /goods/v1/getById': () => item,
    'GET /address/v1/getDefault': () => ADDRESS,
    'GET /coupon/v1/queryCanUse': () => ({ items: [], currentPage: 1, totalPage: 0, totalNum: 0 }),
    'GET /goods/v1/preOrderCheck': () => PASSED,
    'POST /order/v1/add': () => order({ needPay: 0 }),
    ...extra,
  });
}

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: /提交订单/ });
const total = () => screen.getByText(/^实付/).textContent;

async function ready() {
  await screen.findByRole('region', { name: '商品' });
  await waitFor(() => expect(submit().disabled).toBe(false));
}

describe('/mall/sendOrder', () => {
  it('asks for the receive method first (请选取领取方式...) when the goods allow both', async () => {
    const api = shop(goods({ receiveType: '0,1' }));
    renderApp('/mall/sendOrder?goodsId=11&goodsSum=1');
    await ready();
    fireEvent.click(submit());
    expect(await screen.findByText('请选取领取方式...')).toBeTruthy();
    expect(api.called('POST /order/v1/add')).toHaveLength(0);
  });

  it('asks for an address when mailing without one (请添加地址！) and links to adding one', async () => {
    shop(goods(), { 'GET /address/v1/getDefault': () => null });
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    expect(screen.getByRole('link', { name: '收货地址' }).getAttribute('href')).toBe('/address/addAddress?isEdit=1');
    fireEvent.click(submit());
    expect(await screen.findByText('请添加地址！')).toBeTruthy();
  });

  it('shows the pickup notice, and cash on delivery forces mail', async () => {
    shop(goods({ receiveType: '0,1', payType: '1,2' }));
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(screen.getByRole('radio', { name: '到店自提' }));
    expect(screen.getByText(/平台不再发货/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '收货地址' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '货到付款' }));
    expect(screen.getByRole('radio', { name: '快递邮寄' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('radio', { name: '到店自提' }).disabled).toBe(true);
    expect(screen.queryByText(/平台不再发货/)).toBeNull();
    expect(screen.getByRole('link', { name: '收货地址' }).textContent).toContain('科技园南路88号3栋501');
  });

  it('steps the quantity between 1 and the smaller of maximum and stock (不能再少啦~~, 不能再多啦~~)', async () => {
    shop(goods({ maximum: 5, stock: 2 }));
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    const quantity = () => screen.getByLabelText('数量').textContent;
    fireEvent.click(screen.getByRole('button', { name: '减少' }));
    expect(await screen.findByText('不能再少啦~~')).toBeTruthy();
    expect(quantity()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(quantity()).toBe('2');
    expect(total()).toContain('¥39.80');
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    expect(await screen.findByText('不能再多啦~~')).toBeTruthy();
    expect(quantity()).toBe('2');
  });

  it('takes the chosen coupon and the points deduction (50 points = 1 yuan) off the total', async () => {
    useSession.setState({ customer: registeredCustomer({ customerScore: 100 }) });
    const api = shop(goods({ maxUsableScore: 500, postage: 600 }), {
      'GET /coupon/v1/queryCanUse': () => ({
        items: [
          {
            couponId: '3',
            couponName: '满减券',
            couponValue: 500,
            startTime: '2026-11-01',
            endTime: '2026-12-31',
            rangeType: 'all',
            goodsIds: [],
            status: 'unused',
          },
        ],
        currentPage: 1,
        totalPage: 1,
        totalNum: 1,
      }),
    });
    const { unmount } = renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    const coupon = screen.getByRole('link', { name: '优惠券' });
    expect(coupon.textContent).toContain('1张可用');
    expect(coupon.getAttribute('href')).toBe('/coupon/myCoupon?canUseCoupon=1&goodsId=11&goodsSum=1&userScore=100');
    expect(api.called('GET /coupon/v1/queryCanUse')[0]?.query.get('pageSize')).toBe('100');
    unmount();

    // The chooser comes back with the coupon in the address.
    renderApp(
      '/mall/sendOrder?goodsId=11&goodsSum=1&currentCouponId=3&currentCouponName=满减券&currentCouponValue=500',
    );
    await ready();
    expect(screen.getByRole('link', { name: '优惠券' }).textContent).toContain('满减券 -¥5.00');
    expect(total()).toContain('¥20.90');
    expect(screen.getByText('可用100积分抵扣¥2.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: '使用积分抵扣' }));
    expect(total()).toContain('¥18.90');

    fireEvent.click(submit());
    await waitFor(() => expect(api.called('POST /order/v1/add')).toHaveLength(1));
    expect(api.called('GET /goods/v1/preOrderCheck').at(-1)?.query.get('couponId')).toBe('3');
    expect(api.called('POST /order/v1/add')[0]?.body).toEqual({
      goodsId: 11,
      token: 'tok-1',
      number: 1,
      payType: 1,
      receiveType: 0,
      addressId: '7',
      useScoreExchange: 1,
      rechargePackage: 0,
      deviceImei: null,
      couponId: '3',
    });
  });

  it('offers no deduction below 10 points', async () => {
    useSession.setState({ customer: registeredCustomer({ customerScore: 9 }) });
    shop(goods({ maxUsableScore: 500 }));
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    expect(screen.queryByRole('switch', { name: '使用积分抵扣' })).toBeNull();
  });

  it('asks to earn points when a score good costs more than the balance, leading to the points tasks', async () => {
    useSession.setState({ customer: registeredCustomer({ customerScore: 300 }) });
    const api = shop(goods({ salesMode: 'score', goodsValue: 0, scoreValue: 500 }));
    const { router } = renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(submit());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('您的积分不足，是否去做任务赚取积分？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '去赚积分' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integralTask'));
    expect(api.called('POST /order/v1/add')).toHaveLength(0);
  });

  it('refuses a strips exchange under 50 strips with 50条以上才能兑换试纸哦', async () => {
    useSession.setState({ customer: registeredCustomer({ givePaper: 45 }) });
    const api = shop(goods({ salesMode: 'paper', goodsValue: 0, paperValue: 50 }));
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(submit());
    expect(await screen.findAllByText(/50条以上才能兑换试纸哦/)).not.toHaveLength(0);
    expect(api.called('POST /order/v1/add')).toHaveLength(0);
  });

  it('opens the continue-payment dialog when an unpaid order exists, leading to the order list', async () => {
    shop(goods(), {
      'GET /goods/v1/preOrderCheck': () => ({
        result: { code: '1', data: 'UnpaidOrder', errMsg: '您有未支付的订单，请先支付或取消' },
        token: null,
        expiresAt: null,
      }),
    });
    const { router } = renderApp('/mall/sendOrder?goodsId=11');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '继续支付' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/orderList'));
  });

  it('re-runs the check and retries once when the order answers 90002', async () => {
    let adds = 0;
    const api = shop(goods(), {
      'POST /order/v1/add': () => {
        adds += 1;
        if (adds === 1) {
          throw apiFailure(90002, '订单信息已过期，请重新提交');
        }
        return order({ needPay: 0 });
      },
    });
    const { router } = renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(submit());
    expect(await screen.findByText('提交成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/orderList'));
    expect(api.called('POST /order/v1/add')).toHaveLength(2);
    // One check when the page opened, then one per attempt.
    expect(api.called('GET /goods/v1/preOrderCheck')).toHaveLength(3);
  });

  it('shows a refusal of the check (e.g. 库存不足) and places nothing', async () => {
    let checks = 0;
    const api = shop(goods(), {
      'GET /goods/v1/preOrderCheck': () => {
        checks += 1;
        return checks === 1
          ? PASSED
          : { result: { code: '2', data: null, errMsg: '库存不足' }, token: null, expiresAt: null };
      },
    });
    renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(submit());
    expect(await screen.findAllByText('库存不足')).not.toHaveLength(0);
    expect(api.called('POST /order/v1/add')).toHaveLength(0);
  });

  it('says a refusal of the first check at once (商品已下架) above the button', async () => {
    shop(goods(), {
      'GET /goods/v1/preOrderCheck': () => ({
        result: { code: '2', data: null, errMsg: '商品已下架' },
        token: null,
        expiresAt: null,
      }),
    });
    renderApp('/mall/sendOrder?goodsId=11');
    expect((await screen.findByRole('alert')).textContent).toBe('商品已下架');
  });

  it('pays an order that needs payment through the payment sheet, then opens the order list', async () => {
    const api = shop(goods(), {
      'POST /order/v1/add': () => order(),
      'POST /order/v1/wxpay': () => ({ orderId: 501, orderCode: 'GG202611270001', intent }),
      'POST /payment/v1/prepay': () => ({
        intent,
        payParams: { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'p', signType: 'RSA', paySign: 's' },
      }),
      'POST /payment/v1/localPay': () => ({
        outcome: 'success',
        message: '支付成功',
        intent: { ...intent, state: 'paid' },
      }),
    });
    const { router } = renderApp('/mall/sendOrder?goodsId=11');
    await ready();
    fireEvent.click(submit());
    const sheet = await screen.findByRole('dialog', { name: '支付' });
    expect(api.called('POST /order/v1/wxpay')[0]?.body).toEqual({ orderCode: 'GG202611270001' });
    fireEvent.click(within(sheet).getByRole('button', { name: '支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/orderList'));
    await dialogsClosed();
  });

  it('renews the data plan of a chosen meter (请选择要续费的设备 until one is chosen)', async () => {
    const meter = (deviceImei: string, deviceName: string) => ({
      id: deviceImei,
      deviceImei,
      deviceName,
      deviceKind: 'glucose',
      kind: 'glucose',
      model: 'GG-4G',
      iccid: '8986000000000000001',
      flowExpireTime: '2026-12-31T16:00:00.000Z',
      createTime: '2026-01-01 08:00:00',
      lastSeenAt: null,
      battery: null,
      signal: null,
    });
    const api = shop(goods({ rechargePackage: 1, packageMonths: 12, receiveType: '1' }), {
      'GET /device/v1/listRechargeDevice': () => [
        meter('860000000000001', '客厅的血糖仪'),
        meter('860000000000002', '妈妈的血糖仪'),
      ],
    });
    renderApp('/mall/sendOrder?goodsId=11&rechargePackage=1');
    await ready();
    const meters = screen.getByRole('radiogroup', { name: '续费设备' });
    expect(within(meters).getByRole('radio', { name: /客厅的血糖仪/ }).textContent).toContain('流量有效期 2027-01-01');
    fireEvent.click(submit());
    expect(await screen.findByText('请选择要续费的设备')).toBeTruthy();
    fireEvent.click(within(meters).getByRole('radio', { name: /妈妈的血糖仪/ }));
    fireEvent.click(submit());
    await waitFor(() => expect(api.called('POST /order/v1/add')).toHaveLength(1));
    expect(api.called('POST /order/v1/add')[0]?.body).toMatchObject({
      rechargePackage: 1,
      deviceImei: '860000000000002',
      receiveType: 0,
      addressId: null,
    });
  });

  it('orders a service package with no receive method and no address (virtual goods)', async () => {
    const api = shop(goods({ servicePackage: 1, packageMonths: 12, receiveType: '0' }), {
      'GET /address/v1/getDefault': () => null,
    });
    renderApp('/mall/sendOrder?goodsId=11&servicePackage=1');
    await ready();
    expect(screen.queryByRole('radiogroup', { name: '领取方式' })).toBeNull();
    expect(screen.getByText(/线上服务/)).toBeTruthy();
    fireEvent.click(submit());
    await waitFor(() => expect(api.called('POST /order/v1/add')).toHaveLength(1));
    expect(screen.queryByText('请添加地址！')).toBeNull();
    expect(api.called('POST /order/v1/add')[0]?.body).toMatchObject({ addressId: null });
  });

  it('keeps the submit button disabled until the check and the address have answered', async () => {
    useOrderDraft.getState().clear();
    let answerCheck: (() => void) | undefined;
    const envelope = (data: unknown) =>
      new Response(JSON.stringify({ code: 0, errMsg: '', data }), { headers: { 'content-type': 'application/json' } });
    setApiFetch((request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      if (path === '/goods/v1/preOrderCheck') {
        return new Promise((resolve) => {
          answerCheck = () => resolve(envelope(PASSED));
        });
      }
      const answers: Record<string, unknown> = {
        '/goods/v1/getById': goods(),
        '/address/v1/getDefault': ADDRESS,
        '/coupon/v1/queryCanUse': { items: [], currentPage: 1, totalPage: 0, totalNum: 0 },
      };
      return Promise.resolve(envelope(answers[path] ?? null));
    });
    renderApp('/mall/sendOrder?goodsId=11');
    await screen.findByRole('region', { name: '商品' });
    expect(submit().disabled).toBe(true);
    // The check is asked for after the goods have shown; on a loaded machine that can come later.
    await waitFor(() => expect(answerCheck).toBeDefined());
    expect(submit().disabled).toBe(true);
    answerCheck?.();
    await waitFor(() => expect(submit().disabled).toBe(false));
  });
});
