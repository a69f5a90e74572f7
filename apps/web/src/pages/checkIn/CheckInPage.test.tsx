import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_BONUS_NOTE, SIGN_IN_REWARD_TEXT } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

afterEach(() => {
  act(() => Toast.clear());
});

const info = (signed: boolean) => ({
  series: signed ? 7 : 6,
  signedToday: signed,
  todayReward: 4,
  today: '2026-11-20',
  rowDays: 7,
  rewardText: SIGN_IN_REWARD_TEXT,
  bonusNote: SIGN_IN_BONUS_NOTE,
  score: signed ? 14 : 10,
  monthScore: signed ? 9 : 5,
});

describe('sign-in page (/signIn)', () => {
  it('signs in once, shows 已签到, the new points and the day in the calendar', async () => {
    let signed = false;
    const api = fakeApi({
      'GET /sign/v1/getSignInfo': () => info(signed),
      'GET /sign/v1/getSigns': () => ({
        signs: signed ? [{ createTime: '2026-11-20', signIn: 1, series: 7, score: 4 }] : [],
      }),
      'POST /sign/v1/signIn': () => {
        signed = true;
        return { series: 7, reward: 4, alreadySigned: false, signDay: '2026-11-20', score: 14, monthScore: 9 };
      },
    });
    renderApp('/signIn');
    const button = await screen.findByRole('button', { name: '签到' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    // The rule and its note read as one sentence that does not contradict itself.
    expect(screen.getByLabelText('签到奖励').querySelector('p')?.textContent).toBe(
      '每天签到奖励1积分；连续签到每满7天，当天共奖励4积分，比平时多奖励3积分',
    );
    expect(within(screen.getByLabelText('我的积分')).getByText('10')).toBeTruthy();
    expect(screen.getByRole('grid', { name: '2026年11月' })).toBeTruthy();
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('签到成功，获得4积分')).toBeTruthy();
    await screen.findByRole('button', { name: '已签到' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '已签到' }).disabled).toBe(true);
    expect(within(screen.getByLabelText('我的积分')).getByText('14')).toBeTruthy();
    await screen.findByLabelText('20日 已签到');
    expect(api.called('POST /sign/v1/signIn')).toHaveLength(1);
    expect(api.called('GET /sign/v1/getSigns')[0]?.query.get('startTime')).toBe('2026-11-01');
    expect(api.called('GET /sign/v1/getSigns')[0]?.query.get('endTime')).toBe('2026-11-30');
  });

  it('moves between months with the arrows, never past the current month', async () => {
    const api = fakeApi({
      'GET /sign/v1/getSignInfo': () => info(true),
      'GET /sign/v1/getSigns': (call) => ({
        signs:
          call.query.get('startTime') === '2026-10-01'
            ? [{ createTime: '2026-10-03', signIn: 1, series: 1, score: 1 }]
            : [],
      }),
    });
    renderApp('/signIn');
    await screen.findByRole('grid', { name: '2026年11月' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '下个月' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    await screen.findByRole('grid', { name: '2026年10月' });
    expect(await screen.findByLabelText('3日 已签到')).toBeTruthy();
    expect(api.called('GET /sign/v1/getSigns').at(-1)?.query.get('endTime')).toBe('2026-10-31');
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    await screen.findByRole('grid', { name: '2026年11月' });
  });

  it('offers 分享 once signed, and shows the day’s share image from the server', async () => {
    const api = fakeApi({
      'GET /sign/v1/getSignInfo': () => info(true),
      'GET /sign/v1/getSigns': () => ({ signs: [{ createTime: '2026-11-20', signIn: 1, series: 7, score: 4 }] }),
      'GET /sign/v1/getSignDayDetail': () => ({
        imgUrl: 'uploads/sign-days/abc.png',
        day: '2026-11-20',
        series: 7,
        score: 4,
        cached: false,
      }),
    });
    renderApp('/signIn');
    fireEvent.click(await screen.findByRole('button', { name: '分享' }));
    const image = await screen.findByRole<HTMLImageElement>('img', { name: '签到分享图' });
    expect(image.getAttribute('src')).toBe('/api/files/uploads/sign-days/abc.png');
    expect(api.called('GET /sign/v1/getSignDayDetail')[0]?.query.get('shareTime')).toBe('2026-11-20');
  });

  it('has no 分享 before signing in today', async () => {
    fakeApi({
      'GET /sign/v1/getSignInfo': () => info(false),
      'GET /sign/v1/getSigns': () => ({ signs: [] }),
    });
    renderApp('/signIn');
    await screen.findByRole('button', { name: '签到' });
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull();
  });
});
