import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { useSession } from '../../store/session';
import { useUnread } from '../../store/unread';
import { DICTIONARIES, fakeApi, renderApp, resetStores } from '../../test-utils';

function tabItem(title: string): HTMLElement {
  const nav = screen.getByRole('navigation', { name: '主导航' });
  const item = within(nav).getByText(title).closest<HTMLElement>('[role="tab"]');
  if (item === null) {
    throw new Error(`no tab titled ${title}`);
  }
  return item;
}

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores();
});

describe('main page tabs', () => {
  it('opens on the health tab with the brand title and the six entry tiles', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '糖护医疗' })).toBeTruthy();
    expect(tabItem('健康').getAttribute('aria-current')).toBe('page');
    const entries = screen.getByRole('region', { name: '功能入口' });
    const titles = within(entries)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(titles).toEqual(['健康数据', '糖友圈', '邀请注册有奖', '尿液分析', '绑定设备', 'AI助手']);
    // The title is set by an effect after the first render: on a loaded machine it may lag.
    await waitFor(() => expect(document.title).toBe('糖护医疗'));
  });

  it('switches to the AI tab and to mine, keeping the tab in the address', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });

    fireEvent.click(tabItem('AI助手'));
    expect(await screen.findByText('您好，我是AI健康助手')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('AI助手需要登录后使用');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '发送' }).disabled).toBe(true);
    expect(tabItem('AI助手').getAttribute('aria-current')).toBe('page');
    expect(router.state.location.search).toBe('?tab=ai');

    fireEvent.click(tabItem('我的'));
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(screen.queryByText('您好，我是AI健康助手')).toBeNull();
    expect(router.state.location.search).toBe('?tab=mine');

    fireEvent.click(tabItem('健康'));
    expect(await screen.findByRole('heading', { name: '糖护医疗' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('opens the AI tab for ?isToAI=1 and drops the flag on the next switch', async () => {
    const { router } = renderApp('/?isToAI=1&sourceId=4');
    expect(await screen.findByText('您好，我是AI健康助手')).toBeTruthy();
    expect(tabItem('AI助手').getAttribute('aria-current')).toBe('page');

    fireEvent.click(tabItem('健康'));
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(router.state.location.search).toBe('?sourceId=4');
  });

  it('sends /ai/AIAssistant to the AI tab', async () => {
    useSession.setState({ isAuth: '1' });
    const { router } = renderApp('/ai/AIAssistant');
    expect(await screen.findByText('您好，我是AI健康助手')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?isToAI=1');
  });

  it('opens the AI tab from the home tile', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(screen.getByRole('button', { name: 'AI助手' }));
    expect(await screen.findByText('您好，我是AI健康助手')).toBeTruthy();
  });
});

describe('unread badge on mine', () => {
  it('shows 99+ for 120 unread messages and follows the store', async () => {
    useUnread.setState({ unread: 120 });
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    expect(tabItem('我的').textContent).toContain('99+');

    act(() => useUnread.getState().setUnread(5));
    expect(tabItem('我的').textContent).toBe('5我的');

    act(() => useUnread.getState().setUnread(0));
    expect(tabItem('我的').textContent).toBe('我的');
  });
});

describe('brands', () => {
  it('titles home with the health brand and adds its mine items for sourceId 3', async () => {
    useSession.setState({ sourceId: 3 });
    renderApp('/?tab=mine');
    const menu = await screen.findByRole('list', { name: '更多服务' });
    for (const title of ['收货地址', '我的处方', '健康目标', '监测计划', '用药记录', '在线药房', '服务包', '设置']) {
      expect(within(menu).getByText(title)).toBeTruthy();
    }
    fireEvent.click(tabItem('健康'));
    expect(await screen.findByRole('heading', { name: '糖护健康' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '测量领积分' })).toBeTruthy();
  });

  it('leaves the health-brand items out for the medical brand', async () => {
    renderApp('/?tab=mine');
    const menu = await screen.findByRole('list', { name: '更多服务' });
    expect(within(menu).getByText('设置')).toBeTruthy();
    for (const title of ['监测计划', '用药记录', '在线药房', '服务包']) {
      expect(within(menu).queryByText(title)).toBeNull();
    }
  });
});

describe('mine without a customer', () => {
  it('shows the placeholder profile and links the shortcuts and menu to their routes', async () => {
    const { router } = renderApp('/?tab=mine');
    expect(await screen.findByText('未登录')).toBeTruthy();
    expect(screen.queryByText(/资料完善度/)).toBeNull();

    const shortcuts = screen.getByRole('navigation', { name: '常用功能' });
    const hrefs = within(shortcuts)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['我的订单', '/order/orderList'],
      ['健康档案', '/healthTarget/healthInfo'],
      ['体重管理', '/weightDetails'],
      ['优惠券', '/coupon/myCoupon?canUseCoupon=0'],
    ]);

    // Settings are not open to visitors: the guard replaces the address with registration.
    fireEvent.click(screen.getByText('设置'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe('/set/set');
  });

  it('sends the register button to registration', async () => {
    const { router } = renderApp('/?tab=mine');
    fireEvent.click(await screen.findByRole('button', { name: '注册 / 登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
  });
});

describe('home tiles', () => {
  it('opens the report center', async () => {
    useSession.setState({ isAuth: '1' });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '健康数据' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reportCenter/reportCenter'));
  });

  it('sends a visitor tapping the invitation tile to registration with a toast', async () => {
    fakeApi({
      'GET /register/v1/config': () => ({ variant: 'B', showInviteCode: true, showSkip: false }),
      'GET /dictionary/v1/getByCodes': () => DICTIONARIES,
    });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '邀请注册有奖' }));
    expect(await screen.findByText('请先注册后再使用')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
  });

  it('sends a visitor tapping urine analysis to registration', async () => {
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '尿液分析' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
  });
});

describe('unknown addresses', () => {
  it('show a Chinese 404 page with a link home', async () => {
    useSession.setState({ isAuth: '1' });
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '返回首页' }));
    expect(await screen.findByRole('heading', { name: '糖护医疗' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
