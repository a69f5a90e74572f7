import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import type { SourceId } from '../../brand';
import { externalNavigation } from '../../components/externalNavigation';
import { useSession } from '../../store/session';
import {
  apiFailure,
  fakeApi,
  registerSkippingProfile,
  registeredCustomer,
  renderApp,
  resetStores,
  skipRegistrationRoutes,
} from '../../test-utils';

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

const tile = (title: string) =>
  within(screen.getByRole('region', { name: '功能入口' })).getByRole('button', { name: title });

describe('home sections', () => {
  it('shows the points card with this month’s points and the articles by category with 25-character summaries', async () => {
    const long = '控制血糖从一日三餐开始，主食定量、先吃蔬菜再吃主食，能让餐后血糖更平稳。';
    const api = fakeApi({
      'GET /sign/v1/getSignScore': () => ({ score: 120, monthScore: 15 }),
      'GET /activity/v1/bannerList': () => [],
      'GET /article/type/list': () => [
        { typeId: 1, typeName: '饮食' },
        { typeId: 2, typeName: '运动' },
      ],
      'GET /article/content/list': (call) => ({
        items: [
          {
            articleId: call.query.get('typeId') === '2' ? 104 : 101,
            typeId: Number(call.query.get('typeId')),
            typeName: '饮食',
            title: call.query.get('typeId') === '2' ? '饭后散步' : '餐盘法',
            contentPoints: long,
            picUrl: '/api/article/v1/image/plate.svg',
            readNum: 0,
            praise: 0,
            addScore: 2,
            createTime: '2026-11-20 10:00:00',
          },
        ],
        currentPage: 1,
        totalPage: 1,
      }),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    const points = screen.getByRole('region', { name: '我的积分' });
    expect(await within(points).findByText('120')).toBeTruthy();
    expect(within(within(points).getByLabelText('本月积分')).getByText('15')).toBeTruthy();
    expect(within(points).getByRole('link', { name: '积分明细' }).getAttribute('href')).toBe('/integral');
    // No banners for the brand: the carousel is not shown at all (no empty card).
    await waitFor(() => expect(api.called('GET /activity/v1/bannerList')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '活动' })).toBeNull();
    const articles = screen.getByRole('region', { name: '健康资讯' });
    const item = await within(articles).findByRole('link', { name: '餐盘法' });
    expect(item.getAttribute('href')).toBe('/articleDetails?articleId=101');
    expect(within(item).getByText(`${Array.from(long).slice(0, 25).join('')}...`)).toBeTruthy();
    expect(api.called('GET /article/content/list')[0]?.query.get('pageSize')).toBe('2');
    fireEvent.click(within(articles).getByRole('tab', { name: '运动' }));
    expect(await within(articles).findByRole('link', { name: '饭后散步' })).toBeTruthy();
  });

  it('asks a visitor to register instead of showing points', async () => {
    resetStores();
    const api = fakeApi({ 'GET /article/type/list': () => [] });
    renderApp('/');
    const points = await screen.findByRole('region', { name: '我的积分' });
    expect(within(points).getByText('注册后即可签到、做任务赚积分')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: '健康资讯' })).findByText('暂无数据')).toBeTruthy();
    expect(api.called('GET /sign/v1/getSignScore')).toHaveLength(0);
  });
});

describe('urine-analysis tile', () => {
  it('opens the partner’s signed address in place of /urineDoctor for a registered customer', async () => {
    const replace = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /partner/v1/urineLink': () => ({ url: 'https://partner.example/h5?bind=c1&sign=abc' }),
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://partner.example/h5?bind=c1&sign=abc'));
    expect(router.state.location.pathname).toBe('/urineDoctor');
    expect(api.called('GET /partner/v1/urineLink')).toHaveLength(1);
  });

  it('explains urine analysis, without a 503 toast, when the partner is not configured', async () => {
    const replace = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
    fakeApi({
      'GET /partner/v1/urineLink': () => {
        throw apiFailure(50300, '尿液分析服务暂未开通', 503);
      },
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    expect(await screen.findByRole('heading', { name: '服务暂未开通' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '什么是尿液分析' })).toBeTruthy();
    expect(screen.queryByText('尿液分析服务暂未开通')).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '上传检查报告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/examiningReport/uploadExaminingReport'));
  });

  it('offers a retry when the link fails for another reason', async () => {
    let calls = 0;
    const replace = vi.spyOn(externalNavigation, 'replace').mockImplementation(() => undefined);
    fakeApi({
      'GET /partner/v1/urineLink': () => {
        calls += 1;
        if (calls === 1) {
          throw apiFailure(50000, '服务器开小差了', 500);
        }
        return { url: 'https://partner.example/h5' };
      },
    });
    renderApp('/urineDoctor');
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://partner.example/h5'));
  });

  it('sends a visitor to registration without asking for the link', async () => {
    useSession.setState({ isAuth: '0', customer: null });
    const api = fakeApi({});
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('尿液分析'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(api.called('GET /partner/v1/urineLink')).toHaveLength(0);
    // Registration ends on the page the tile opens.
    expect(useSession.getState().wanted).toBe('/urineDoctor');
  });

  it('opens the invitation activity for a registered customer', async () => {
    fakeApi({
      'GET /customer/v1/inviteCount': () => ({ count: 2, inviteCode: 'ABC123' }),
      'GET /customer/v1/paperRecords': () => ({ items: [], currentPage: 1, totalPage: 0, totalNum: 0, balance: 10 }),
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '糖护医疗' });
    fireEvent.click(tile('邀请注册有奖'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation'));
    expect(await screen.findByTestId('invite-code')).toHaveProperty('textContent', 'ABC123');
  });

  it.each<[SourceId, string, string]>([
    [4, '糖护医疗', '邀请注册有奖'],
    [3, '糖护健康', '测量领积分'],
  ])(
    'sends a visitor who taps the invitation tile (source %i) to registration, and from there to the activity',
    async (sourceId, brandName, title) => {
      useSession.setState({
        sourceId,
        isAuth: '0',
        customer: registeredCustomer({ userType: 0 }),
        identity: { openid: 'local_abc', unionid: null, nickname: '访客', headimgurl: '', sex: 0 },
      });
      const api = fakeApi({
        ...skipRegistrationRoutes(),
        'GET /customer/v1/inviteCount': () => ({ count: 0, inviteCode: 'ABC123' }),
        'GET /customer/v1/paperRecords': () => ({ items: [], currentPage: 1, totalPage: 0, totalNum: 0, balance: 0 }),
      });
      const { router } = renderApp('/');
      await screen.findByRole('heading', { name: brandName });
      fireEvent.click(tile(title));
      await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
      expect(useSession.getState().wanted).toBe('/invitation');
      expect(api.called('GET /customer/v1/inviteCount')).toHaveLength(0);

      await registerSkippingProfile();
      await waitFor(() => expect(router.state.location.pathname).toBe('/invitation'));
      expect(await screen.findByTestId('invite-code')).toHaveProperty('textContent', 'ABC123');
      expect(api.called('POST /register/v1/skip')).toHaveLength(1);
      expect(useSession.getState()).toMatchObject({ isAuth: '1', wanted: null });
    },
  );
});
