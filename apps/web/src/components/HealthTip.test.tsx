import { SUGAR_TIME_TYPES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../test-utils';

const CHECK_IN_TIP = '每天在固定的时间测量血糖和血压并记录下来。';
const SUGAR_TIP = '最近一次血糖偏高。饭后散步20~30分钟有助于降低餐后血糖。';
const PRESSURE_TIP = '最近一次血压在正常范围内，请继续坚持低盐饮食。';

const DICTIONARY = SUGAR_TIME_TYPES.map((slot, index) => ({
  timeType: slot.timeType,
  name: slot.name,
  code: slot.code,
  startTime: `${String(index * 3).padStart(2, '0')}:00`,
  endTime: index === 7 ? '23:59' : `${String(index * 3 + 3).padStart(2, '0')}:00`,
  minValue: 3.0,
  lowValue: 4.4,
  highValue: 10.0,
  maxValue: 13.9,
}));

const tipRoutes = {
  'GET /sign/v1/getHealthMessage': () => ({ healthMessage: { content: CHECK_IN_TIP, level: null } }),
  'GET /sugarTest/v1/getHealthMessage': (call: { query: URLSearchParams }) =>
    call.query.get('reportType') === '2'
      ? { healthMessage: { content: PRESSURE_TIP, level: 'normal' } }
      : { healthMessage: { content: SUGAR_TIP, level: 'high' } },
};

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

describe('the health tip after a check-in', () => {
  it('appears once the user has checked in today, not before', async () => {
    let signed = false;
    const info = () => ({
      series: signed ? 1 : 0,
      signedToday: signed,
      todayReward: 1,
      today: '2026-11-20',
      rowDays: 7,
      rewardText: '',
      bonusNote: '',
      score: signed ? 1 : 0,
      monthScore: signed ? 1 : 0,
    });
    const api = fakeApi({
      ...tipRoutes,
      'GET /sign/v1/getSignInfo': info,
      'GET /sign/v1/getSigns': () => ({ signs: [] }),
      'POST /sign/v1/signIn': () => {
        signed = true;
        return { series: 1, reward: 1, alreadySigned: false, signDay: '2026-11-20', score: 1, monthScore: 1 };
      },
    });
    renderApp('/signIn');
    const button = await screen.findByRole('button', { name: '签到' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('region', { name: '今日健康提示' })).toBeNull();
    expect(api.called('GET /sign/v1/getHealthMessage')).toHaveLength(0);
    fireEvent.click(button);
    const card = await screen.findByRole('region', { name: '今日健康提示' });
    expect(within(card).getByText(CHECK_IN_TIP)).toBeTruthy();
  });
});

describe('the health tip with a reading', () => {
  it('shows the sugar tip on a new sugar reading of one’s own', async () => {
    const api = fakeApi({ ...tipRoutes, 'GET /customer/v1/querySugarDic': () => DICTIONARY });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    expect((await screen.findByRole('note')).textContent).toBe(`温馨提示：${SUGAR_TIP}`);
    expect(api.called('GET /sugarTest/v1/getHealthMessage')[0]?.query.get('reportType')).toBe('1');
  });

  it('shows the pressure tip on a new pressure reading of one’s own', async () => {
    const api = fakeApi({ ...tipRoutes, 'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => [] });
    renderApp('/reportCenter/bloodPressure/addBloodPressureReport/add');
    expect((await screen.findByRole('note')).textContent).toBe(`温馨提示：${PRESSURE_TIP}`);
    expect(api.called('GET /sugarTest/v1/getHealthMessage')[0]?.query.get('reportType')).toBe('2');
  });

  it('shows nothing when the tip cannot be read', async () => {
    fakeApi({ 'GET /customer/v1/querySugarDic': () => DICTIONARY });
    renderApp('/reportCenter/bloodSugar/addBloodSugarReport/add');
    await screen.findByRole('textbox', { name: '血糖值' });
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });
});
