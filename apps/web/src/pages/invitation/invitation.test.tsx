import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { resetWx } from '../../wechat/jssdk';
import {
  MESSAGING_APP_UA,
  apiFailure,
  fakeApi,
  registerSkippingProfile,
  registeredCustomer,
  renderApp,
  registeredPatientPageHooks,
  skipRegistrationRoutes,
} from '../../test-utils';

registeredPatientPageHooks();

const posterOf = (activityName: string | null) => ({
  posterUrl: `uploads/posters/${activityName === '测量领积分' ? 'health' : 'medical'}.png`,
  link: 'http://x/register/register',
  cached: true,
});

describe('/invitationCode/invitationCode', () => {
  it('shows the invite code and how many registered with it, and leads to the poster', async () => {
    fakeApi({ 'GET /customer/v1/inviteCount': () => ({ count: 3, inviteCode: 'ABC123' }) });
    const { router } = renderApp('/invitationCode/invitationCode');
    expect(await screen.findByText('ABC123')).toBeTruthy();
    expect(
      screen.getByText((_, element) => element?.textContent === '已邀请 3 人注册' && element.tagName === 'DIV'),
    ).toBeTruthy();
    expect(screen.getByText(/每成功邀请1位，您可获得5条试纸/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制邀请码' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成邀请海报' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharePage'));
  });

  it('leads to the activity and its rules', async () => {
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
      'GET /customer/v1/paperRecords': () => ({ items: [], currentPage: 1, totalPage: 0, totalNum: 0, balance: 0 }),
    });
    const { router } = renderApp('/invitationCode/invitationCode');
    fireEvent.click(await screen.findByRole('button', { name: '查看活动规则' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation'));
    expect(await screen.findByRole('region', { name: '活动规则' })).toBeTruthy();
  });

  it('shows the server message when the invite info fails', async () => {
    fakeApi({
      'GET /customer/v1/inviteCount': () => {
        throw apiFailure(50000, '服务繁忙', 500);
      },
    });
    renderApp('/invitationCode/invitationCode');
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    expect(screen.getByText('邀请信息加载失败，请稍后再试')).toBeTruthy();
  });
});

describe('/sharePage', () => {
  it('shows the server-drawn poster of the brand’s activity', async () => {
    const api = fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
      'GET /customer/v1/getCustomerPoster': ({ query }) => posterOf(query.get('activityName')),
    });
    renderApp('/sharePage');
    const poster = await screen.findByRole('img', { name: '糖护医疗邀请注册有奖邀请海报，邀请码 ABC123' });
    expect(poster.getAttribute('src')).toMatch(/^\/api\/files\/uploads\/posters\/medical\.png\?t=\d+$/);
    expect(api.called('GET /customer/v1/getCustomerPoster')[0]?.query.get('activityName')).toBe('邀请注册有奖');
    expect(screen.getByText('长按海报保存图片，发送给好友或分享到朋友圈')).toBeTruthy();
    // Outside the messaging app there is no share card.
    expect(screen.queryByText(/分享卡片已设置好/)).toBeNull();
  });

  it('notes the share card inside the messaging app and uses the health brand’s activity', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MESSAGING_APP_UA);
    useSession.setState({ sourceId: 3 });
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'XYZ789' }),
      'GET /customer/v1/getCustomerPoster': ({ query }) => posterOf(query.get('activityName')),
    });
    renderApp('/sharePage');
    expect(await screen.findByText('分享卡片已设置好：点击右上角「…」即可发送给朋友')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: '糖护健康测量领积分邀请海报，邀请码 XYZ789' }).getAttribute('src'),
    ).toContain('health.png');
  });

  it('sets the messaging app’s share card to the poster’s invitation link', async () => {
    resetWx();
    const wx = {
      config: vi.fn(),
      ready: (callback: () => void) => queueMicrotask(callback),
      error: () => undefined,
      updateAppMessageShareData: vi.fn(),
      updateTimelineShareData: vi.fn(),
    };
    window.wx = wx;
    try {
      fakeApi({
        'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
        'GET /customer/v1/getCustomerPoster': ({ query }) => posterOf(query.get('activityName')),
        'GET /wechat/v1/getWxJsConfig': () => ({
          enabled: true,
          appId: 'wx_app_1',
          timestamp: 1,
          nonceStr: 'n',
          signature: 's',
        }),
      });
      renderApp('/sharePage');
      await waitFor(() => expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(1));
      expect(wx.updateAppMessageShareData.mock.calls[0]?.[0]).toMatchObject({
        link: 'http://x/register/register',
        desc: '邀请注册有奖：注册时填写邀请码 ABC123',
      });
      expect(wx.updateTimelineShareData.mock.calls[0]?.[0]).toMatchObject({ link: 'http://x/register/register' });
    } finally {
      delete window.wx;
    }
  });

  it('shows the server message when the poster fails', async () => {
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
      'GET /customer/v1/getCustomerPoster': () => {
        throw apiFailure(50000, '海报服务繁忙', 500);
      },
    });
    renderApp('/sharePage');
    expect(await screen.findByText('海报服务繁忙')).toBeTruthy();
    expect(screen.getByText('海报生成失败，请稍后再试')).toBeTruthy();
  });

  it('sends a visitor straight to registration and comes back here, query and all, once registered', async () => {
    useSession.setState({
      isAuth: '0',
      customer: registeredCustomer({ userType: 0 }),
      identity: { openid: 'local_abc', unionid: null, nickname: '访客', headimgurl: '', sex: 0 },
    });
    const api = fakeApi({
      ...skipRegistrationRoutes(),
      'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
      'GET /customer/v1/getCustomerPoster': ({ query }) => posterOf(query.get('activityName')),
    });
    const { router } = renderApp('/sharePage?cid=c1&sourceId=4&appid=wx_app_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    // Replaced, not pushed: going back from registration does not bounce through this page again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(useSession.getState().wanted).toBe('/sharePage?cid=c1&sourceId=4&appid=wx_app_1');
    expect(api.called('GET /customer/v1/inviteCount')).toHaveLength(0);

    await registerSkippingProfile();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharePage'));
    expect(router.state.location.search).toBe('?cid=c1&sourceId=4&appid=wx_app_1');
    expect(await screen.findByRole('img', { name: /邀请码 ABC123/ })).toBeTruthy();
    expect(useSession.getState()).toMatchObject({ isAuth: '1', wanted: null });
  });

  it('sends someone without any session to registration too', async () => {
    useSession.setState({ isAuth: null, customer: null, token: null });
    const api = fakeApi({});
    const { router } = renderApp('/sharePage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(useSession.getState().wanted).toBe('/sharePage');
    expect(api.called('GET /customer/v1/getCustomerPoster')).toHaveLength(0);
  });

  it('stays here and says so when a registered user’s customer cannot be loaded', async () => {
    useSession.setState({ customer: null, token: 'stored', phase: 'pending' });
    const api = fakeApi({
      'GET /login/v1/getCurrent': () => {
        throw apiFailure(50000, '服务繁忙', 500);
      },
    });
    const { router } = renderApp('/sharePage');
    expect(await screen.findByText('获取用户信息失败，请稍后再试')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sharePage');
    expect(api.called('GET /customer/v1/getCustomerPoster')).toHaveLength(0);
  });

  it('loads the customer of a stored session opened straight at the page, without signing in', async () => {
    useSession.setState({ customer: null, token: 'stored', phase: 'pending' });
    const api = fakeApi({
      'GET /login/v1/getCurrent': () => ({
        customerVo: registeredCustomer(),
        imgDomain: '/api/files/',
        ratio: 85.7,
        thirdAuthCode: 1,
      }),
      'GET /customer/v1/inviteCount': () => ({ count: 1, inviteCode: 'ABC123' }),
      'GET /customer/v1/getCustomerPoster': ({ query }) => posterOf(query.get('activityName')),
    });
    renderApp('/sharePage?cid=c1');
    expect(await screen.findByRole('img', { name: /邀请码 ABC123/ })).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /login/v1/getCurrent',
      'GET /customer/v1/inviteCount',
      'GET /customer/v1/getCustomerPoster',
    ]);
  });
});

describe('/miniprogram', () => {
  it('says the mini-program needs the messaging app outside it', async () => {
    renderApp('/miniprogram');
    expect(await screen.findByText('商城小程序需要在微信中打开，请在微信中访问本页面后使用。')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '打开商城小程序' }).disabled).toBe(true);
  });

  it('explains inside the messaging app that the mini-program opens there', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MESSAGING_APP_UA);
    renderApp('/miniprogram');
    expect(await screen.findByText(/小程序将在微信中打开/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '打开商城小程序' }));
    expect(await screen.findByText(/商城小程序「糖护医疗商城」会在微信中打开/)).toBeTruthy();
  });
});
