import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, registeredPatientPageHooks, renderApp, type RecordedCall } from '../../test-utils';

registeredPatientPageHooks();

const coupon = (overrides: Record<string, unknown> = {}) => ({
  couponId: '31',
  couponName: '健康商城满减5元',
  couponValue: 500,
  startTime: '2026-11-27 00:00:00',
  endTime: '2026-12-31 23:59:59',
  rangeType: 'all',
  goodsIds: [],
  status: 'unused',
  ...overrides,
});
const page = (items: unknown[], currentPage = 1, totalPage = items.length > 0 ? 1 : 0) => ({
  items,
  currentPage,
  totalPage,
  totalNum: items.length,
});

describe('/coupon/myCoupon', () => {
  it('shows 暂无优惠券 without coupons', async () => {
    fakeApi({ 'GET /coupon/v1/queryAll': () => page([]) });
    renderApp('/coupon/myCoupon');
    expect(await screen.findByText('暂无优惠券')).toBeTruthy();
  });

  it('lists coupons in pages of 5 with value in yuan, range, validity and the used or expired stamp', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /coupon/v1/queryAll': (call) => {
        calls.push(call);
        return page([
          coupon(),
          coupon({
            couponId: '32',
            couponName: '血糖仪专享券',
            couponValue: 2000,
            rangeType: 'goods',
            goodsIds: ['11'],
            status: 'used',
          }),
          coupon({ couponId: '33', couponName: '国庆关怀券', couponValue: 300, status: 'expired' }),
        ]);
      },
    });
    renderApp('/coupon/myCoupon');
    const first = await screen.findByRole('article', { name: '健康商城满减5元' });
    expect(calls[0]?.query.get('pageSize')).toBe('5');
    expect(first.textContent).toContain('¥5.00');
    expect(first.textContent).toContain('全部商品可用');
    expect(first.textContent).toContain('2026-11-27 至 2026-12-31');
    expect(within(screen.getByRole('article', { name: '血糖仪专享券' })).getByText('已使用')).toBeTruthy();
    expect(screen.getByRole('article', { name: '血糖仪专享券' }).textContent).toContain('指定商品可用');
    expect(within(screen.getByRole('article', { name: '国庆关怀券' })).getByText('已过期')).toBeTruthy();
  });

  it('as the order’s chooser, lists the usable coupons and goes back to the order with the chosen one', async () => {
    const calls: RecordedCall[] = [];
    fakeApi({
      'GET /coupon/v1/queryCanUse': (call) => {
        calls.push(call);
        return page([coupon(), coupon({ couponId: '34', couponName: '新人立减10元', couponValue: 1000 })]);
      },
    });
    const { router } = renderApp(
      '/coupon/myCoupon?canUseCoupon=1&goodsId=11&goodsSum=2&userScore=120&rechargePackage=1&deviceImei=860000000000001',
    );
    fireEvent.click(await screen.findByRole('button', { name: /新人立减10元/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/sendOrder'));
    expect(calls[0]?.query.get('goodsIds')).toBe('11');
    expect(calls[0]?.query.get('pageSize')).toBe('100');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      goodsId: '11',
      goodsSum: '2',
      rechargePackage: '1',
      deviceImei: '860000000000001',
      currentCouponId: '34',
      currentCouponName: '新人立减10元',
      currentCouponValue: '1000',
    });
  });

  it('as the chooser, 不使用优惠券 goes back without a coupon', async () => {
    fakeApi({ 'GET /coupon/v1/queryCanUse': () => page([]) });
    const { router } = renderApp(
      '/coupon/myCoupon?canUseCoupon=1&goodsId=11&goodsSum=1&currentCouponId=31&currentCouponName=x&currentCouponValue=500',
    );
    expect(await screen.findByText('暂无优惠券')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '不使用优惠券' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/sendOrder'));
    expect(router.state.location.search).toBe('?goodsId=11&goodsSum=1');
  });
});
