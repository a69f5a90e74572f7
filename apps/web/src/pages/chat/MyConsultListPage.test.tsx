import { installAntdMobileRender } from '@glucoguard/ui';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';
import MyConsultListPage from './MyConsultListPage';

beforeAll(() => {
  installAntdMobileRender();
});

const SESSION = '5a40b2a5-a780-4374-842f-1a3d8a51b089';

describe('/findDoctor/myConsultList', () => {
  beforeEach(() => {
    resetStores({ isAuth: '1', customerId: 'c1', token: 't1', customer: registeredCustomer() });
  });

  it('shows each consultation with its doctor, status, last words and unread 99+, linking to its chat', async () => {
    fakeApi({
      'GET /consult/v1/queryMyChatSessions': () => ({
        items: [
          {
            sessionId: SESSION,
            sessionType: 1,
            status: 2,
            doctor: { imUserId: 's_9', name: '王明远', title: '主任医师', hospital: '北京德康医院' },
            lastMessage: { summary: '记下了，谢谢王医生！', time: Date.UTC(2026, 10, 25, 15, 55) },
            unreadCount: 120,
          },
        ],
        totalNum: 1,
        totalPage: 1,
        unreadTotal: 120,
      }),
    });
    renderApp('/findDoctor/myConsultList');
    const list = await screen.findByRole('list', { name: '问诊消息' });
    const card = within(list).getByRole('link');
    expect(card.textContent).toContain('王明远');
    expect(card.textContent).toContain('主任医师');
    expect(card.textContent).toContain('咨询中');
    expect(card.textContent).toContain('记下了，谢谢王医生！');
    expect(card.textContent).toContain('2026-11-25 23:55');
    expect(within(card).getByText('99+')).toBeTruthy();
    const href = new URL(card.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/findDoctor/C2CChat');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      toId: 's_9',
      toName: '王明远',
      sessionId: SESSION,
      status: '2',
      type: '1',
    });
  });

  it('says so when there are none', async () => {
    fakeApi({
      'GET /consult/v1/queryMyChatSessions': () => ({ items: [], totalNum: 0, totalPage: 0, unreadTotal: 0 }),
    });
    renderApp('/findDoctor/myConsultList');
    expect(await screen.findByText('您还没有问诊消息')).toBeTruthy();
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
    expect(api.called('GET /consult/v1/queryMyChatSessions')).toHaveLength(0);
  });
});
