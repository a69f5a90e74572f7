import { NO_REPORT_PATH, REPORT_DETAIL_PATH, chinaYearMonth } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../../test-utils';
import { REPORT_CENTER_TAB_KEY } from '../tabs';
import { REPORT_LIST_MONTH_KEY } from './ReportListView';

const stats = (sugar: number, pressure: number) => [
  { reportType: 1 as const, quantity: sugar },
  { reportType: 2 as const, quantity: pressure },
];

/** October 2026 as the list answers it, with the current month's flags where the test wants them. */
const LIST = {
  monthStats: stats(40, 20),
  monthComingSoon: false,
  weekInfos: [
    { week: 1, startDate: '2026-09-28', endDate: '2026-10-04', stats: stats(6, 2), comingSoon: false },
    { week: 2, startDate: '2026-10-05', endDate: '2026-10-11', stats: stats(3, 5), comingSoon: false },
    { week: 3, startDate: '2026-10-12', endDate: '2026-10-18', stats: stats(0, 0), comingSoon: true },
  ],
};

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
  sessionStorage.clear();
  sessionStorage.setItem(REPORT_CENTER_TAB_KEY, 'report');
  sessionStorage.setItem(REPORT_LIST_MONTH_KEY, '2026-10');
});

const entry = (name: string) => screen.findByRole('region', { name });

describe('report list', () => {
  it('shows the month and its weeks, each with a count per report type', async () => {
    const api = fakeApi({ 'GET /healthReport/v1/list': () => LIST });
    renderApp('/reportCenter/reportCenter');
    const month = await entry('10月月报');
    expect(within(month).getByText('10-01 至 10-31')).toBeTruthy();
    expect(within(month).getByRole('button', { name: '血糖月报，40次测量' })).toBeTruthy();
    expect(within(month).getByRole('button', { name: '血压月报，20次测量' })).toBeTruthy();
    const week1 = await entry('第1周周报');
    expect(within(week1).getByText('09-28 至 10-04')).toBeTruthy();
    expect(within(week1).getByRole('button', { name: '血糖周报，6次测量' }).textContent).toBe('血糖周报6次');
    expect(screen.getAllByRole('region', { name: /周报$/ })).toHaveLength(3);
    const [call] = api.called('GET /healthReport/v1/list');
    expect([call?.query.get('year'), call?.query.get('month')]).toEqual(['2026', '10']);
  });

  it('marks current periods 即将生成 and does not open them', async () => {
    fakeApi({ 'GET /healthReport/v1/list': () => ({ ...LIST, monthComingSoon: true }) });
    const { router } = renderApp('/reportCenter/reportCenter');
    const month = await entry('10月月报');
    expect(within(month).getByText('即将生成')).toBeTruthy();
    expect(within(await entry('第3周周报')).getByText('即将生成')).toBeTruthy();
    expect(within(await entry('第1周周报')).queryByText('即将生成')).toBeNull();

    const sugar = within(month).getByRole('button', { name: '血糖月报，40次测量，即将生成' });
    expect(sugar.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(sugar);
    expect(await screen.findByText('报告尚未生成，敬请期待')).toBeTruthy();
    fireEvent.click(within(await entry('第3周周报')).getByRole('button', { name: /^血压周报/ }));
    expect(router.state.location.pathname).toBe('/reportCenter/reportCenter');
  });

  it('opens the detail of a period with enough readings', async () => {
    fakeApi({ 'GET /healthReport/v1/list': () => LIST });
    const { router } = renderApp('/reportCenter/reportCenter');
    fireEvent.click(within(await entry('第1周周报')).getByRole('button', { name: /^血糖周报/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REPORT_DETAIL_PATH));
    expect(router.state.location.search).toBe(
      '?reportType=1&isWeek=1&year=2026&month=10&week=1&startDate=2026-09-28&endDate=2026-10-04&isWeekDate=1',
    );
  });

  it('opens the month report with reportType 2 for pressure', async () => {
    fakeApi({ 'GET /healthReport/v1/list': () => LIST });
    const { router } = renderApp('/reportCenter/reportCenter');
    fireEvent.click(within(await entry('10月月报')).getByRole('button', { name: /^血压月报/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REPORT_DETAIL_PATH));
    expect(router.state.location.search).toBe('?reportType=2&isMonth=1&year=2026&month=10');
  });

  it.each([
    ['第1周周报', /^血压周报/, { name: '2026年10月第1周血压周报', count: '4', reportType: '2' }],
    ['第2周周报', /^血糖周报/, { name: '2026年10月第2周血糖周报', count: '4', reportType: '1' }],
  ])('sends %s with too few readings to the no-report page', async (week, button, query) => {
    fakeApi({ 'GET /healthReport/v1/list': () => LIST });
    const { router } = renderApp('/reportCenter/reportCenter');
    fireEvent.click(within(await entry(week)).getByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe(NO_REPORT_PATH));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(query);
    expect(await screen.findByRole('heading', { name: query.name })).toBeTruthy();
    expect(screen.getByText('本期测量次数少于4次，暂时无法生成报告。')).toBeTruthy();
  });

  it('opens on the current China month and picks another one, remembering it', async () => {
    sessionStorage.removeItem(REPORT_LIST_MONTH_KEY);
    const api = fakeApi({ 'GET /healthReport/v1/list': () => ({ ...LIST, monthComingSoon: true }) });
    renderApp('/reportCenter/reportCenter');
    const now = chinaYearMonth(Date.now());
    const picker = await screen.findByRole('button', { name: `选择月份，当前${now.year}年${now.month}月` });
    await waitFor(() => expect(api.called('GET /healthReport/v1/list')).toHaveLength(1));
    expect(api.called('GET /healthReport/v1/list')[0]?.query.get('month')).toBe(String(now.month));

    fireEvent.click(picker);
    // The month wheel cannot go past the current month.
    const columns = await screen.findAllByRole('button', { name: /^当前选择的是/ });
    expect(columns.map((c) => c.getAttribute('aria-label'))).toEqual([
      `当前选择的是：${now.year}年`,
      `当前选择的是：${now.month}月`,
    ]);
    expect(screen.queryByRole('button', { name: /^选择下一项：.*月$/ })).toBeNull();
    const previous = now.month === 1 ? { year: now.year - 1, month: 12 } : { year: now.year, month: now.month - 1 };
    if (now.month === 1) {
      fireEvent.click(screen.getByRole('button', { name: `选择上一项：${previous.year}年` }));
    } else {
      fireEvent.click(screen.getByRole('button', { name: `选择上一项：${previous.month}月` }));
    }
    await screen.findByRole('button', { name: `当前选择的是：${previous.month}月` });
    // The picker view hands the wheel's choice to the picker after a debounce (a timer of 0).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.click(screen.getByText('确定'));
    await screen.findByRole('button', { name: `选择月份，当前${previous.year}年${previous.month}月` });
    await waitFor(() => expect(api.called('GET /healthReport/v1/list')).toHaveLength(2));
    expect(api.called('GET /healthReport/v1/list')[1]?.query.get('month')).toBe(String(previous.month));
    expect(sessionStorage.getItem(REPORT_LIST_MONTH_KEY)).toBe(
      `${previous.year}-${String(previous.month).padStart(2, '0')}`,
    );
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    fakeApi({
      'GET /healthReport/v1/list': () => {
        calls += 1;
        if (calls === 1) {
          throw new Error('down');
        }
        return LIST;
      },
    });
    renderApp('/reportCenter/reportCenter');
    fireEvent.click(await screen.findByRole('button', { name: '点击重试' }));
    expect(await entry('10月月报')).toBeTruthy();
  });
});

describe('/reportCenter/bloodSugar/noBloodSugarReport', () => {
  it('says the sugar report cannot be made with fewer than count readings and asks to keep measuring sugar', async () => {
    renderApp(`${NO_REPORT_PATH}?name=${encodeURIComponent('2026年10月血糖月报')}&count=15&reportType=1`);
    expect(await screen.findByRole('heading', { name: '2026年10月血糖月报' })).toBeTruthy();
    expect(screen.getByText('本期测量次数少于15次，暂时无法生成报告。')).toBeTruthy();
    expect(screen.getByText('请坚持测量空腹和餐后血糖并记录，测量次数足够后即可生成血糖报告。')).toBeTruthy();
  });

  it('asks to keep measuring pressure for reportType 2 and leads to recording one', async () => {
    const { router } = renderApp(
      `${NO_REPORT_PATH}?name=${encodeURIComponent('2026年10月第2周血压周报')}&count=4&reportType=2`,
    );
    expect(await screen.findByText('请坚持每天早晚测量血压并记录，测量次数足够后即可生成血压报告。')).toBeTruthy();
    expect(screen.getByText('本期测量次数少于4次，暂时无法生成报告。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去测量' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/reportCenter/bloodPressure/addBloodPressureReport/add'),
    );
  });
});
