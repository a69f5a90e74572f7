import { installAntdMobileRender } from '@glucoguard/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

const link = (shareId: string, title: string) => ({
  shareId,
  kind: 'bloodPressure' as const,
  title,
  shareStartTime: '2026-10-22',
  shareEndTime: '2026-11-20',
  expiresAt: '2026-11-27T00:00:00.000Z',
});

describe('/share/manage', () => {
  it('makes a link to the chosen table with only the token in it, then lists it', async () => {
    let links: ReturnType<typeof link>[] = [];
    const server = fakeApi({
      'GET /share/v1/list': () => links,
      'POST /share/v1/create': () => {
        links = [link('s1', '给医生')];
        return { shareId: 's1', token: 'tok_ABC-123', expiresAt: '2026-11-29T01:45:00.000Z' };
      },
    });
    renderApp('/share/manage?kind=bloodPressure');
    expect(await screen.findByText('暂无分享链接')).toBeTruthy();
    fireEvent.click(screen.getByText('近90天'));
    fireEvent.click(screen.getByText('30天'));
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '给医生' } });
    fireEvent.click(screen.getByRole('button', { name: '生成分享链接' }));
    expect((await screen.findByTestId('share-url')).textContent).toBe(
      `${window.location.origin}/shareBloodPressureTable?token=tok_ABC-123`,
    );
    const body = server.called('POST /share/v1/create')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'bloodPressure', days: 30, title: '给医生' });
    expect(body.createStartTime).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(body.createEndTime).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    const days =
      (Date.parse(String(body.createEndTime).slice(0, 10)) - Date.parse(String(body.createStartTime).slice(0, 10))) /
      86_400_000;
    expect(days).toBe(89);
    expect(await screen.findByText('血压数据表 · 给医生')).toBeTruthy();
  });

  it('revokes a link after a confirmation', async () => {
    let links = [link('s1', '给医生')];
    const server = fakeApi({
      'GET /share/v1/list': () => links,
      'POST /share/v1/revoke': () => {
        links = [];
        return { done: true };
      },
    });
    renderApp('/share/manage');
    const item = await screen.findByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: '撤销' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('暂无分享链接')).toBeTruthy();
    await waitFor(() => expect(server.called('POST /share/v1/revoke')[0]?.body).toEqual({ shareId: 's1' }));
  });
});
