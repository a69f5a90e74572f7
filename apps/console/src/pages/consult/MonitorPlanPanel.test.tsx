// 监测计划 on the doctor's consultation page in jsdom against a stubbed network answering as the API
// does: the plans with their adherence and marks, 制定监测计划 checked with the domain before sending,
// the quick picks filling every date, and no panel before the consultation is accepted.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MONITOR_SLOTS, addDaysToDate, chinaDateKey } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import ConsultPage from './ConsultPage';
import { stubNetwork } from '../../../test/network';

const CONSULT_ID = '5a3c9a52-6f1e-4d55-9a51-2b1c0d7e8f90';
const PLAN_ID = '3f6c2a1e-8b4d-4c7e-9a2f-1d3e5b7c9a0b';
const PLANS_PATH = `/api/console/v1/consults/${CONSULT_ID}/monitorPlans`;

const today = chinaDateKey(new Date());
const yesterday = addDaysToDate(today, -1);

function consult(status: number): Schema<'ConsoleConsult'> {
  return {
    consultId: CONSULT_ID,
    sessionId: '7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
    status,
    statusLabel: status === 3 ? '待接诊' : '咨询中',
    patient: { customerId: 'c1', name: '王秀兰', sex: 2, age: 67 },
    serviceName: '图文问诊',
    sessionType: 1,
    serviceInterval: null,
    priceCents: 2900,
    orderCreateTime: '2026-11-26T01:00:00.000Z',
    submitTime: '2026-11-26T01:05:00.000Z',
    acceptTime: status === 3 ? null : '2026-11-26T02:00:00.000Z',
    endTime: null,
    diagnosticInfo: { desc: '最近一周早上空腹血糖 8 左右。', imgList: [] },
    allergicHistory: null,
    drugStore: null,
    cancelReason: null,
  };
}

function period(date: string, planned: number[], done: number[]): Schema<'MonitorPeriod'> {
  return {
    ytitle: date.slice(5),
    date,
    xperiod: MONITOR_SLOTS.map((slot) => ({
      xtitle: slot.name,
      timeType: slot.timeType,
      monitorFlag: planned.includes(slot.timeType) ? 1 : 0,
      done: done.includes(slot.timeType),
    })),
  };
}

const PLAN: Schema<'MonitorPlanVo'> = {
  id: PLAN_ID,
  description: '这一周请每天测空腹和早餐后血糖。',
  createTime: `${yesterday} 10:00:00`,
  doctorName: '王明远',
  monitorPeriods: [period(yesterday, [1, 2], [1]), period(today, [1, 2], [])],
  adherence: { planned: 2, done: 1, percent: 50 },
};

/** The consultation with `status`, no prescriptions, and `plans` as the plans given so far. */
function answering(status: number, plans: () => Schema<'MonitorPlanVo'>[]) {
  return stubNetwork(({ method, path }) => {
    if (path.endsWith('/dictionary/v1/getByCodes')) {
      return {};
    }
    if (path.startsWith('/api/console/v1/rx/consults/')) {
      return { canPrescribe: false, prescriptions: [], advice: [] };
    }
    if (path === PLANS_PATH) {
      return method === 'POST' ? PLAN : { items: plans() };
    }
    return consult(status);
  });
}

function show() {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntApp>
        <MemoryRouter initialEntries={[`/consults/${CONSULT_ID}`]}>
          <Routes>
            <Route path="/consults/:consultId" element={<ConsultPage />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </ConfigProvider>,
  );
}

describe('监测计划 on a consultation', () => {
  it('lists the plans given with their completion rate and each planned slot marked in words', async () => {
    answering(2, () => [PLAN]);
    show();
    const plan = await screen.findByTestId('monitor-plan');
    expect(plan.textContent).toContain('已测 1 / 应测 2');
    expect(within(plan).getByText('50%')).toBeTruthy();
    expect(screen.getByText('这一周请每天测空腹和早餐后血糖。')).toBeTruthy();
    const table = screen.getByRole('table', { name: '监测安排' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('✓ 已测');
    expect(rows[0]!.textContent).toContain('✗ 未测');
    expect(rows[1]!.textContent).toContain('○ 待测');
  });

  it('issues a plan from the quick pick over the default week, checked with the domain first', async () => {
    let given: Schema<'MonitorPlanVo'>[] = [];
    const calls = answering(2, () => given);
    show();
    expect(await screen.findByText('还没有给这位患者制定监测计划')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /制定监测计划/ }));
    const dialog = await screen.findByRole('dialog', { name: '制定监测计划' });
    // The default: a week from today, fasting and after each meal.
    expect(within(dialog).getByText('共 7 天、28 次测量。', { exact: false })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(`${today.slice(5)} 空腹`).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>(`${today.slice(5)} 凌晨`).checked).toBe(false);

    // Without a description nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写监测说明')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === PLANS_PATH)).toBe(false);

    // 每天空腹 on every date, then one more slot on today only; three days.
    fireEvent.change(within(dialog).getByLabelText('监测天数'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '每天空腹' }));
    fireEvent.click(within(dialog).getByLabelText(`${today.slice(5)} 睡前`));
    fireEvent.change(within(dialog).getByLabelText('监测说明'), { target: { value: '  连续三天测空腹血糖。  ' } });
    given = [PLAN];
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === PLANS_PATH)).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === PLANS_PATH)?.body).toEqual({
      description: '连续三天测空腹血糖。',
      periods: [
        { date: today, timeTypes: [1, 7] },
        { date: addDaysToDate(today, 1), timeTypes: [1] },
        { date: addDaysToDate(today, 2), timeTypes: [1] },
      ],
    });
    // The list is read again and shows the new plan.
    expect(await screen.findByTestId('monitor-plan')).toBeTruthy();
  });

  it('does not offer plans before the consultation is accepted', async () => {
    const calls = answering(3, () => [PLAN]);
    show();
    expect(await screen.findByText('最近一周早上空腹血糖 8 左右。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /制定监测计划/ })).toBeNull();
    expect(calls.some((c) => c.path === PLANS_PATH)).toBe(false);
  });
});
