import { chinaDateKey } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

const PLAN = '3f6c2a1e-8b4d-4c7e-9a2f-1d3e5b7c9a0b';
const OLDER = '4a7d3b2f-9c5e-4d8f-8b3a-2e4f6c8d0b1c';
const SLOT_NAMES = ['凌晨', '空腹', '早餐后', '午餐前', '午餐后', '晚餐前', '晚餐后', '睡前'] as const;
const SLOT_TYPES = [8, 1, 2, 3, 4, 5, 6, 7] as const;

/** A China date `offset` days from today. */
function day(offset: number): string {
  return chinaDateKey(new Date(Date.now() + offset * 86_400_000));
}

/** A row of the plan: `planned` and `done` are timeTypes. */
function period(date: string, planned: number[], done: number[] = []): Schema<'MonitorPeriod'> {
  return {
    ytitle: date.slice(5),
    date,
    xperiod: SLOT_NAMES.map((xtitle, index) => {
      const timeType = SLOT_TYPES[index]!;
      return {
        xtitle,
        timeType,
        monitorFlag: planned.includes(timeType) ? 1 : 0,
        done: done.includes(timeType),
      };
    }),
  };
}

const plan = (over: Partial<Schema<'MonitorPlanVo'>> = {}): Schema<'MonitorPlanVo'> => ({
  id: PLAN,
  description: '这一周请每天测空腹和三餐后血糖，饭后两小时测量。',
  createTime: '2026-11-26 09:30:00',
  doctorName: '王明远',
  // Yesterday: 空腹 measured, 早餐后 missed; today: 空腹 measured, 早餐后 still to come.
  monitorPeriods: [period(day(-1), [1, 2], [1]), period(day(0), [1, 2], [1]), period(day(1), [1, 2])],
  adherence: { planned: 3, done: 2, percent: 67 },
  ...over,
});

describe('/monitoringPlan', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows the latest plan as dates × the 8 slots with 已测 / 未测 / 待测 in words, the rate and the doctor', async () => {
    const api = fakeApi({ 'POST /sugarmonitor/receive/latest': () => plan() });
    renderApp('/monitoringPlan');
    const table = await screen.findByRole('table', { name: '监测计划表' });
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(heads).toEqual(['日期', ...SLOT_NAMES]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // Yesterday: 空腹 measured, 早餐后 missed; the six unplanned slots say so to a screen reader.
    expect(within(rows[0]!).getByLabelText('空腹已测').textContent).toBe('✓已测');
    expect(within(rows[0]!).getByLabelText('早餐后未测').textContent).toBe('✗未测');
    expect(within(rows[0]!).getByLabelText('凌晨不需测量').textContent).toBe('');
    // Today is marked, and its 早餐后 is still to come.
    expect(rows[1]!.textContent).toContain('今天');
    expect(within(rows[1]!).getByLabelText('早餐后待测')).toBeTruthy();
    expect(within(rows[2]!).getByLabelText('空腹待测')).toBeTruthy();

    expect(screen.getByText('67%')).toBeTruthy();
    expect(screen.getByText('应测 3 次，已测 2 次')).toBeTruthy();
    expect(screen.getByLabelText('监测完成率').getAttribute('value')).toBe('67');
    expect(screen.getByText('王明远 医生的监测计划')).toBeTruthy();
    expect(screen.getByText('这一周请每天测空腹和三餐后血糖，饭后两小时测量。')).toBeTruthy();
    expect(screen.getByText('制定时间 2026-11-26 09:30')).toBeTruthy();
    expect(screen.getByRole('link', { name: '历史' }).getAttribute('href')).toBe('/monitoringPlanList');
    expect(screen.getByRole('link', { name: '记录血糖' }).getAttribute('href')).toBe(
      '/reportCenter/bloodSugar/addBloodSugarReport/add',
    );
    expect(api.called('POST /sugarmonitor/receive/latest')[0]?.body).toEqual({});
  });

  it('opens the plan given by monitorId', async () => {
    const api = fakeApi({
      'GET /sugarmonitor/receive/queryById': () =>
        plan({ id: OLDER, description: '空腹血糖连测三天', adherence: { planned: 0, done: 0, percent: 0 } }),
    });
    renderApp(`/monitoringPlan?monitorId=${OLDER}`);
    expect(await screen.findByText('空腹血糖连测三天')).toBeTruthy();
    expect(api.called('GET /sugarmonitor/receive/queryById')[0]?.query.get('monitorId')).toBe(OLDER);
    expect(api.called('POST /sugarmonitor/receive/latest')).toHaveLength(0);
    expect(screen.getByText('计划刚开始，按时测量后这里会显示完成情况')).toBeTruthy();
  });

  it('says so when there is no plan yet, and keeps the 历史 link', async () => {
    fakeApi({ 'POST /sugarmonitor/receive/latest': () => null });
    renderApp('/monitoringPlan');
    expect(await screen.findByText('暂无监测计划')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: '历史' })).toBeTruthy();
  });

  it("says 未找到该监测计划 for an id the server does not give the caller (someone else's plan)", async () => {
    fakeApi({
      'GET /sugarmonitor/receive/queryById': () => {
        throw apiFailure(40400, '监测计划不存在', 404);
      },
    });
    renderApp(`/monitoringPlan?monitorId=${OLDER}`);
    expect(await screen.findByText('未找到该监测计划')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('offers 重试 after another failure and shows the plan once it loads', async () => {
    let failing = true;
    fakeApi({
      'POST /sugarmonitor/receive/latest': () => {
        if (failing) {
          throw apiFailure(50000, '服务器繁忙', 500);
        }
        return plan();
      },
    });
    renderApp('/monitoringPlan');
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('监测计划加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('table', { name: '监测计划表' })).toBeTruthy();
  });
});

describe('/monitoringPlanList', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('lists the plans in pages of 10 with time and description, and a tap opens the plan', async () => {
    const api = fakeApi({
      'POST /sugarmonitor/receive/list': () => ({
        items: [
          {
            id: PLAN,
            description: '这一周请每天测空腹和三餐后血糖',
            createTime: '2026-11-26 09:30:00',
            doctorName: '王明远',
          },
          { id: OLDER, description: '空腹血糖连测三天', createTime: '2026-11-02 15:00:00', doctorName: '李静' },
        ],
        currentPage: 1,
        totalPage: 1,
        totalNum: 2,
      }),
    });
    const { router } = renderApp('/monitoringPlanList');
    const list = await screen.findByLabelText('历史监测计划');
    const cards = await within(list).findAllByRole('button');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('2026-11-26 09:30');
    expect(cards[0]!.textContent).toContain('这一周请每天测空腹和三餐后血糖');
    expect(cards[1]!.textContent).toContain('李静 医生');
    expect(api.called('POST /sugarmonitor/receive/list')[0]?.body).toEqual({ pageNo: 1, pageSize: 10 });

    fireEvent.click(cards[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoringPlan'));
    expect(router.state.location.search).toBe(`?monitorId=${OLDER}`);
  });

  it('says 暂无监测计划 when the patient has none', async () => {
    fakeApi({
      'POST /sugarmonitor/receive/list': () => ({ items: [], currentPage: 1, totalPage: 0, totalNum: 0 }),
    });
    renderApp('/monitoringPlanList');
    expect(await screen.findByText('暂无监测计划')).toBeTruthy();
  });
});

describe('the notice of a new plan', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('opens /monitoringPlan from 消息通知', async () => {
    fakeApi({
      'GET /notice/v1/pageQueryList': () => ({
        items: [
          {
            id: 'n1',
            kind: 'monitorPlan',
            title: '医生为您制定了血糖监测计划',
            text: '王明远医生为您制定了血糖监测计划（11-26至11-28，共12次测量），请按计划按时测量血糖。',
            urgent: false,
            read: true,
            customerId: 'c1',
            testId: null,
            createTime: '2026-11-26 09:30:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
      'POST /sugarmonitor/receive/latest': () => plan(),
    });
    const { router } = renderApp('/notice/noticeList');
    fireEvent.click(await screen.findByRole('button', { name: '医生为您制定了血糖监测计划' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoringPlan'));
    expect(await screen.findByRole('table', { name: '监测计划表' })).toBeTruthy();
  });
});
