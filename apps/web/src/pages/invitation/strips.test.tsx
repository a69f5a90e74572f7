import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  apiFailure,
  fakeApi,
  registeredCustomer,
  registeredPatientPageHooks,
  renderApp,
  resetStores,
} from '../../test-utils';

registeredPatientPageHooks();

const invited = (id: string, delta: number, createTime: string) => ({
  id,
  delta,
  reason: delta > 0 ? ('invitation' as const) : ('invitationRevoked' as const),
  reasonText: delta > 0 ? '邀请好友注册' : '好友注销账号，扣回奖励',
  invitedName: '李*',
  createTime,
});

/** A ledger of `balance` strips: one page of the given lines. */
const ledger = (balance: number, items: ReturnType<typeof invited>[] = []) => ({
  items,
  currentPage: 1,
  totalPage: items.length === 0 ? 0 : 1,
  totalNum: items.length,
  balance,
});

const progress = () => screen.getByRole('progressbar', { name: '兑换进度' });

describe('/paperDetails', () => {
  it('shows the balance, 2 % a strip of progress and the ledger with the invited names', async () => {
    const api = fakeApi({
      'GET /customer/v1/paperRecords': () =>
        ledger(5, [invited('2', -5, '2026-11-20 10:00:00'), invited('1', 5, '2026-11-18 09:30:00')]),
    });
    renderApp('/paperDetails');
    expect(await screen.findByText('邀请好友注册')).toBeTruthy();
    expect(screen.getByLabelText('我的试纸').textContent).toBe('5条');
    expect(progress().getAttribute('aria-valuenow')).toBe('10');
    expect(screen.getByText('满50条可兑换 · 已完成10%')).toBeTruthy();
    expect(screen.getByText('好友注销账号，扣回奖励')).toBeTruthy();
    expect(screen.getByText('+5')).toBeTruthy();
    expect(screen.getByText('-5')).toBeTruthy();
    expect(screen.getAllByText('（李*）')).toHaveLength(2);
    expect(screen.getByRole('region', { name: '兑换规则' }).textContent).toContain('满50条即可兑换');
    expect(api.called('GET /customer/v1/paperRecords')[0]?.query.get('pageSize')).toBe('10');
  });

  it('answers 去兑换 below 50 strips with the spec’s toast and goes nowhere', async () => {
    fakeApi({ 'GET /customer/v1/paperRecords': () => ledger(45, [invited('1', 5, '2026-11-18 09:30:00')]) });
    const { router } = renderApp('/paperDetails');
    await screen.findByText('邀请好友注册');
    expect(progress().getAttribute('aria-valuenow')).toBe('90');
    fireEvent.click(screen.getByRole('button', { name: '去兑换' }));
    expect(await screen.findByText('50条以上才能兑换试纸哦')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/paperDetails');
  });

  it('caps the progress at 100 % and opens the mall’s strips exchange (兑换试纸)', async () => {
    fakeApi({ 'GET /customer/v1/paperRecords': () => ledger(60, [invited('1', 5, '2026-11-18 09:30:00')]) });
    const { router } = renderApp('/paperDetails');
    await screen.findByText('邀请好友注册');
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('已满50条，可以兑换')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去兑换' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/categorysGoods'));
    expect(router.state.location.search).toBe('?servicePackage=0&salesMode=paper');
    expect(screen.queryByText('50条以上才能兑换试纸哦')).toBeNull();
    await waitFor(() => expect(document.title).toBe('兑换试纸'));
  });

  it('says what fills an empty ledger', async () => {
    fakeApi({ 'GET /customer/v1/paperRecords': () => ledger(0) });
    renderApp('/paperDetails');
    expect(await screen.findByText('暂无试纸记录')).toBeTruthy();
    expect(screen.getByLabelText('我的试纸').textContent).toBe('0条');
    expect(progress().getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('/invitation', () => {
  it('shows the count invited, the strips, the own code with a copy button and the rules', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 3, inviteCode: 'ABC123' }),
      'GET /customer/v1/paperRecords': () => ledger(15),
    });
    const { router } = renderApp('/invitation');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('ABC123');
    expect(screen.getByRole('heading', { name: '邀请注册有奖' })).toBeTruthy();
    expect(
      screen.getByText((_, element) => element?.textContent === '已邀请 3 人注册' && element.tagName === 'DIV'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /我的试纸\s*15 条/ })).toBeTruthy();
    expect(api.called('GET /customer/v1/paperRecords')[0]?.query.get('pageSize')).toBe('1');
    const rules = screen.getByRole('region', { name: '活动规则' }).textContent ?? '';
    expect(rules).toContain('每成功邀请1位亲友，您可获得5条试纸');
    expect(rules).toContain('注册后7天内注销账号');
    expect(rules).toContain('邀请自己');

    fireEvent.click(screen.getByRole('button', { name: '复制邀请码' }));
    expect(await screen.findByText('邀请码已复制，发给亲友注册时填写')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ABC123');

    fireEvent.click(screen.getByRole('button', { name: '查看我的试纸' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paperDetails'));
    router.navigate(-1).catch(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: '生成邀请海报' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharePage'));
  });

  it('names the code when the browser refuses to copy it', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'XYZ789' }),
      'GET /customer/v1/paperRecords': () => ledger(0),
    });
    renderApp('/invitation');
    fireEvent.click(await screen.findByRole('button', { name: '复制邀请码' }));
    expect(await screen.findByText('复制失败，请记下邀请码 XYZ789')).toBeTruthy();
  });

  it('shows the server message when the activity fails to load', async () => {
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'XYZ789' }),
      'GET /customer/v1/paperRecords': () => {
        throw apiFailure(40300, '请先注册', 403);
      },
    });
    renderApp('/invitation');
    expect(await screen.findByText('请先注册')).toBeTruthy();
    expect(screen.getByText('活动信息加载失败，请稍后再试')).toBeTruthy();
  });

  it('sends a visitor to registration, coming back here afterwards', async () => {
    resetStores({ isAuth: '0', customer: registeredCustomer({ userType: 0 }) });
    const api = fakeApi({});
    const { router } = renderApp('/invitation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(api.called('GET /customer/v1/inviteCount')).toHaveLength(0);
  });
});

describe('/reward', () => {
  it('explains the reward in three steps with the fair-play and exchange rules', async () => {
    const { router } = renderApp('/reward');
    expect(await screen.findByRole('heading', { name: '邀请亲友，得血糖试纸' })).toBeTruthy();
    const steps = screen.getByRole('region', { name: '奖励方式' });
    expect(steps.textContent).toContain('得5条试纸');
    expect(screen.getByRole('region', { name: '公平规则' }).textContent).toContain('只计一次奖励');
    expect(screen.getByRole('region', { name: '兑换规则' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去邀请亲友' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation'));
  });
});

describe('我的 → 我的试纸', () => {
  it('links the strips from the mine tab', async () => {
    fakeApi({
      'GET /notice/v1/getBadgeCount': () => ({
        total: 0,
        notices: 0,
        followRequests: 0,
        chats: 0,
        followRequest: null,
      }),
    });
    renderApp('/?tab=mine');
    const menu = await screen.findByRole('list', { name: '更多服务' });
    expect(within(menu).getByRole('link', { name: '我的试纸' }).getAttribute('href')).toBe('/paperDetails');
  });
});
