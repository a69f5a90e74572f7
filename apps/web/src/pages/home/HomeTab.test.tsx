import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { externalNavigation } from '../../components/externalNavigation';
import { useSession } from '../../store/session';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer() });
});

afterEach(() => {
  act(() => Toast.clear());
  vi.restoreAllMocks();
});

const tile = (title: string) => within(screen.getByRole('region', { name: '功能入口' })).getByRole('button', { name: title });

describe('home sections', () => {
  it('shows the banner, points card and articles as empty (their calls come later), with the points details link', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    for (const name of ['活动', '我的积分', '健康资讯']) {
      expect(within(screen.getByRole('region', { name })).getByText('暂无数据')).toBeTruthy();
    }
    expect(within(screen.getByRole('region', { name: '我的积分' })).getByRole('link', { name: '积分明细' }).getAttribute('href')).toBe('/integral');
  });
});

describe('urine-analysis tile', () => {
  it('opens the partner’s signed address for a registered customer', async () => {
    const open = vi.spyOn(externalNavigation, 'open').mockImplementation(() => undefined);
    const api = fakeApi({ 'GET /partner/v1/urineLink': () => ({ url: 'https://partner.example/h5?bind=c1&sign=abc' }) });
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://partner.example/h5?bind=c1&sign=abc'));
    expect(api.called('GET /partner/v1/urineLink')).toHaveLength(1);
  });

  it('shows the server message when the link cannot be built', async () => {
    const open = vi.spyOn(externalNavigation, 'open').mockImplementation(() => undefined);
    fakeApi({
      'GET /partner/v1/urineLink': () => {
        throw apiFailure(50300, '尿液分析服务暂未开通', 503);
      },
    });
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    expect(await screen.findByText('尿液分析服务暂未开通')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('sends a visitor to registration without asking for the link', async () => {
    useSession.setState({ isAuth: '0', customer: null });
    const api = fakeApi({});
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(api.called('GET /partner/v1/urineLink')).toHaveLength(0);
  });

  it('opens the invitation poster for a registered customer', async () => {
    fakeApi({ 'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }) });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('邀请注册有奖'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharePage'));
    expect(await screen.findByRole('img', { name: /邀请码 ABC123/ })).toBeTruthy();
  });
});
