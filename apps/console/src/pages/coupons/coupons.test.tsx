// The coupon forms in jsdom against a stubbed network: what 新建优惠券 sends, and whom 发放 gives
// the coupon to (chosen customers, or everyone after a confirmation).
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { COUPON_MESSAGES } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { couponInputOf } from './CouponDialog';
import { IssueDialog } from './IssueDialog';
import { sent, stubNetwork } from '../../../test/network';

const TEMPLATE: Schema<'ConsoleCoupon'> = {
  templateId: '12',
  couponName: '新人专享立减10元',
  couponValue: 1000,
  startTime: '2026-11-27 00:00:00',
  endTime: '2027-02-24 23:59:59',
  rangeType: 'all',
  goodsIds: [],
  issuedCount: 0,
  usedCount: 0,
  createTime: '2026-11-27 09:00:00',
  createdBy: '运营小李',
};

describe('couponInputOf', () => {
  it('sends the value in cents and the validity as China dates, goods only for a goods range', () => {
    const validity: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-27'), dayjs('2026-12-31')];
    expect(couponInputOf({ couponName: ' 满减 ', yuan: 19.9, validity, rangeType: 'all', goodsIds: ['3'] })).toEqual({
      couponName: '满减',
      couponValue: 1990,
      startDate: '2026-11-27',
      endDate: '2026-12-31',
      rangeType: 'all',
    });
    expect(
      couponInputOf({ couponName: '血糖仪专享', yuan: 20, validity, rangeType: 'goods', goodsIds: ['3'] }),
    ).toMatchObject({
      rangeType: 'goods',
      goodsIds: ['3'],
    });
  });
});

describe('IssueDialog', () => {
  const renderDialog = (onIssued = vi.fn()) => {
    render(
      <App>
        <IssueDialog template={TEMPLATE} onClose={() => {}} onIssued={onIssued} />
      </App>,
    );
    return onIssued;
  };

  it('asks for customers before issuing to chosen ones, and calls nothing', async () => {
    const calls = stubNetwork(() => null);
    renderDialog();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /保\s*存/ })));
    expect(await screen.findByText(COUPON_MESSAGES.issueNobody)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('issues to a customer found by phone', async () => {
    const calls = stubNetwork(({ path }) =>
      path.endsWith('/recipients')
        ? { items: [{ customerId: 'b3f1c2d4-0000-4000-8000-000000000001', nickname: '周桂兰', phone: '138****5678' }] }
        : { issued: 1 },
    );
    const onIssued = renderDialog();
    const select = await screen.findByRole('combobox', { name: '发放用户' });
    fireEvent.change(select, { target: { value: '1381' } });
    fireEvent.click(await screen.findByText('周桂兰 138****5678', { normalizer: (t) => t.replace(/\s+/g, ' ') }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
    await waitFor(() => expect(onIssued).toHaveBeenCalled());
    expect(sent(calls).at(-1)).toEqual({
      method: 'POST',
      path: '/api/console/v1/coupons/12/issue',
      body: { customerIds: ['b3f1c2d4-0000-4000-8000-000000000001'] },
    });
  });

  it('issues to everyone only after the confirmation', async () => {
    const calls = stubNetwork(() => ({ issued: 230 }));
    const onIssued = renderDialog();
    fireEvent.click(await screen.findByText('全部注册用户'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })));
    expect((await screen.findAllByText('发放给全部注册用户？')).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定发放' })));
    await waitFor(() => expect(onIssued).toHaveBeenCalled());
    expect(sent(calls)).toEqual([{ method: 'POST', path: '/api/console/v1/coupons/12/issue', body: { all: true } }]);
  });
});
