// 应用接入's 授权用户 column and a client's 授权记录 (docs/adr/0235) in jsdom against a stubbed
// network answering as the API does: the count opens the drawer, which lists the masked patients,
// the scopes in the consent screen's words and each grant's state, pages on the server, and says
// when nobody has granted the client yet.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { OPEN_SCOPE_TEXTS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { stubNetwork } from '../../../test/network';
import { formatTime } from '../../format';
import OpenClientsPage from './OpenClientsPage';
import { CLIENT_ID, oauthClient } from './testData';

type Client = Schema<'OAuthClientListItem'>;
type Grant = Schema<'OAuthClientGrant'>;

const shown = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <MemoryRouter>
          <OpenClientsPage />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );

function client(change: Partial<Client> = {}): Client {
  return { ...oauthClient({ contactEmail: '' }), grantCount: 2, ...change };
}

const live: Grant = {
  grantId: '0b5e2f10-0000-4000-8000-000000000001',
  patientName: '张*国',
  patientPhone: '138****8000',
  scopes: ['readings.read', 'reports.read'],
  grantedAt: '2026-11-27T02:00:00.000Z',
  revokedAt: null,
};
const cancelled: Grant = {
  grantId: '0b5e2f10-0000-4000-8000-000000000002',
  patientName: '',
  patientPhone: '139****1234',
  scopes: ['readings.read'],
  grantedAt: '2026-11-26T02:00:00.000Z',
  revokedAt: '2026-11-27T03:30:00.000Z',
};

describe('授权用户 and 授权记录', () => {
  it('shows each client’s count, and opens its grants: masked patients, scopes in words, state', async () => {
    const calls = stubNetwork(({ path }) =>
      path.endsWith('/grants')
        ? { items: [live, cancelled], currentPage: 1, totalPage: 2, total: 21 }
        : {
            items: [client(), client({ clientId: 'gg_client_other', name: '保险健康计划', grantCount: 0 })],
            currentPage: 1,
            totalPage: 1,
            total: 2,
          },
    );
    shown();
    expect(await screen.findByRole('columnheader', { name: '授权用户' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看 保险健康计划 的授权记录' }).textContent).toBe('0 人');
    const count = screen.getByRole('button', { name: '查看 慢病随访系统 的授权记录' });
    expect(count.textContent).toBe('2 人');

    fireEvent.click(count);
    const drawer = (await screen.findByText('授权记录：慢病随访系统')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('张*国')).toBeTruthy();
    expect(within(drawer).getByText('138****8000')).toBeTruthy();
    expect(within(drawer).getByText('未填昵称')).toBeTruthy();
    expect(within(drawer).getAllByText(OPEN_SCOPE_TEXTS['readings.read'])).toHaveLength(2);
    expect(within(drawer).getByText(OPEN_SCOPE_TEXTS['reports.read'])).toBeTruthy();
    expect(within(drawer).getByText(formatTime(live.grantedAt))).toBeTruthy();
    expect(within(drawer).getByText('有效')).toBeTruthy();
    expect(within(drawer).getByText('已取消')).toBeTruthy();
    expect(within(drawer).getByText(formatTime(cancelled.revokedAt))).toBeTruthy();
    expect(within(drawer).getByText('共 21 条')).toBeTruthy();
    const first = calls.find((call) => call.path.endsWith('/grants'))!;
    expect(first.path).toBe(`/api/console/v1/open/clients/${CLIENT_ID}/grants`);
    expect(first.query.get('pageNo')).toBe('1');
    expect(first.query.get('pageSize')).toBe('20');

    fireEvent.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('pageNo')).toBe('2'));
    expect(calls.at(-1)?.path).toBe(`/api/console/v1/open/clients/${CLIENT_ID}/grants`);
  });

  it('says so when no patient has granted the client', async () => {
    stubNetwork(({ path }) =>
      path.endsWith('/grants')
        ? { items: [], currentPage: 1, totalPage: 0, total: 0 }
        : { items: [client({ grantCount: 0 })], currentPage: 1, totalPage: 1, total: 1 },
    );
    shown();
    fireEvent.click(await screen.findByRole('button', { name: '查看 慢病随访系统 的授权记录' }));
    const drawer = (await screen.findByText('授权记录：慢病随访系统')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('还没有患者授权该应用')).toBeTruthy();
  });
});
