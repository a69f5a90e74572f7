import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

describe('a monitoring reminder in 通知', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows the reminder and opens the plan', async () => {
    fakeApi({
      'GET /notice/v1/pageQueryList': () => ({
        items: [
          {
            id: 'n7',
            kind: 'monitorRemind',
            title: '该测早餐后血糖了',
            text: '王明远医生为您制定的监测计划中，11月28日早餐后（09:00–11:00）需要测一次血糖，测后记得记录，医生会看到。',
            urgent: false,
            read: true,
            customerId: 'c1',
            testId: null,
            createTime: '2026-11-28 09:00:02',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
      'POST /sugarmonitor/receive/latest': () => null,
    });
    const { router } = renderApp('/notice/noticeList');
    const reminder = await screen.findByRole('button', { name: '该测早餐后血糖了' });
    expect(reminder.textContent).toContain('11月28日早餐后（09:00–11:00）需要测一次血糖');
    fireEvent.click(reminder);
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitoringPlan'));
  });
});

describe('a repair notice in 通知', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('opens the repair request it names', async () => {
    fakeApi({
      'GET /notice/v1/pageQueryList': () => ({
        items: [
          {
            id: 'n9',
            kind: 'repair',
            title: '报修已完成',
            text: '您的报修（服务编码 BX261127K7Q3M）已处理完成，处理结果：已为您更换新机。点击查看详情。',
            urgent: false,
            read: true,
            customerId: 'c1',
            testId: null,
            link: '/faultServiceDetail?upkeepId=12',
            createTime: '2026-11-27 10:00:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
      'GET /productUpkeep/v1/query': () => null,
    });
    const { router } = renderApp('/notice/noticeList');
    fireEvent.click(await screen.findByRole('button', { name: '报修已完成' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faultServiceDetail'));
    expect(router.state.location.search).toBe('?upkeepId=12');
  });
});
