import { installAntdMobileRender } from '@glucoguard/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import { consultCard } from './consultFixtures';
import MyConsultListPage from './MyConsultListPage';

beforeAll(() => {
  installAntdMobileRender();
});

const SESSION = '5a40b2a5-a780-4374-842f-1a3d8a51b089';
const page = (items: ReturnType<typeof consultCard>[], totalPage = 1) => ({
  items,
  currentPage: 1,
  totalPage,
  totalNum: items.length,
});

describe('/findDoctor/myConsultList', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows each consultation with its doctor, level, place, order time, status, last words and unread 99+, linking to its chat', async () => {
    const api = fakeApi({
      'GET /consult/v1/pagedQueryList': () =>
        page([
          consultCard({
            doctor: {
              ...consultCard().doctor,
              organizationName: '首都医科大学附属北京同仁医院内分泌代谢中心',
              departmentName: '内分泌科',
            },
            lastMessage: { summary: '记下了，谢谢王医生！', time: Date.UTC(2026, 10, 25, 15, 55) },
            unreadCount: 120,
          }),
        ]),
    });
    renderApp('/findDoctor/myConsultList');
    const list = await screen.findByLabelText('问诊消息');
    const card = await within(list).findByRole('link');
    expect(card.textContent).toContain('王明远');
    expect(card.textContent).toContain('主任医师');
    // The organisation is cut at 16 characters (spec 3 §5).
    expect(card.textContent).toContain('首都医科大学附属北京同仁医院内分...');
    expect(card.textContent).toContain('内分泌科');
    expect(card.textContent).toContain('咨询中');
    expect(card.textContent).toContain('记下了，谢谢王医生！');
    expect(card.textContent).toContain('下单时间 2026-11-25 09:30');
    expect(within(card).getByText('99+')).toBeTruthy();
    const href = new URL(card.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/findDoctor/C2CChat');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      toId: '9',
      toName: '王明远',
      sessionId: SESSION,
      status: '2',
      type: '1',
    });
    expect(api.called('GET /consult/v1/pagedQueryList')[0]?.query.get('pageSize')).toBe('10');
  });

  it('opens the submission page for a paid single consultation not yet described, the chat for an interval one', async () => {
    fakeApi({
      'GET /consult/v1/pagedQueryList': () =>
        page([
          consultCard({ status: 1, statusLabel: '待填写病情', sessionType: 1 }),
          consultCard({ sessionId: 'b5e1c0de-0000-4000-8000-000000000002', status: 1, sessionType: 2 }),
        ]),
    });
    renderApp('/findDoctor/myConsultList');
    const list = await screen.findByLabelText('问诊消息');
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    const [single, interval] = within(list).getAllByRole('link');
    const first = new URL(single?.getAttribute('href') ?? '', 'http://x');
    expect(first.pathname).toBe('/findDoctor/subConsult');
    expect(Object.fromEntries(first.searchParams)).toEqual({ sessionId: SESSION, doctorId: '9', doctorName: '王明远' });
    expect(new URL(interval?.getAttribute('href') ?? '', 'http://x').pathname).toBe('/findDoctor/C2CChat');
  });

  it('says so when there are none and offers to find a doctor', async () => {
    fakeApi({ 'GET /consult/v1/pagedQueryList': () => page([], 0) });
    renderApp('/findDoctor/myConsultList');
    expect(await screen.findByText('您还没有问诊消息')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去找医生' }).getAttribute('href')).toBe('/findDoctor/findDoctor');
  });

  it('shows a visitor no data, only the way to register', async () => {
    resetStores();
    const api = fakeApi({});
    render(
      <MemoryRouter>
        <MyConsultListPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('注册登录后可查看您的问诊消息')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去注册登录' }).getAttribute('href')).toBe('/register/register');
    expect(api.called('GET /consult/v1/pagedQueryList')).toHaveLength(0);
  });
});
