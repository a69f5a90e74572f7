import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdMobileRender } from '@glucoguard/ui';
import { externalNavigation } from '../../components/externalNavigation';
import { useSession } from '../../store/session';
import { useUnread } from '../../store/unread';
import { fakeApi, registeredCustomer, renderApp, resetStores } from '../../test-utils';

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

const sugar = {
  testId: '1',
  customerId: 'c1',
  timeType: 1,
  sugar: 7,
  remark: '',
  tags: [],
  createTime: '2026-11-18 07:30:00',
  synckey: null,
  testType: '1' as const,
  deviceImei: null,
  level: 'high' as const,
};
const pressure = {
  bpId: '2',
  customerId: 'c1',
  sbp: 128,
  dbp: 82,
  hr: 70,
  remark: '',
  createTime: '2026-11-18 08:00:00',
  color: 2 as const,
  testType: '1' as const,
  deviceImei: null,
  synckey: null,
};
const noPressure = { items: [], currentPage: 1, totalPage: 0 };
const badge = { total: 0, notices: 0, followRequests: 0, chats: 0, followRequest: null };

const summary = () => screen.findByRole('region', { name: '今日概览' });

describe("home's today summary", () => {
  it('shows the latest sugar and pressure in their level colours with their times, one tap from the report', async () => {
    fakeApi({
      'GET /sugarTest/v1/getLastRecord': () => sugar,
      'GET /bloodPressureTest/v1/pageQueryList': () => ({ items: [pressure], currentPage: 1, totalPage: 1 }),
    });
    const { router } = renderApp('/');
    const card = await summary();
    const value = await within(card).findByText('7.0');
    expect(value.getAttribute('data-level')).toBe('high');
    expect(within(card).getByText('偏高')).toBeTruthy();
    expect(within(card).getByText(/空腹 · 11月18日 07:30|空腹 · 2026年11月18日/)).toBeTruthy();
    expect(within(card).getByText('128/82').getAttribute('data-level')).toBe('normal');
    expect(within(card).getByText('正常')).toBeTruthy();
    fireEvent.click(value);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reportCenter/reportCenter'));
  });

  it('opens the pressure tab from the pressure reading', async () => {
    fakeApi({
      'GET /sugarTest/v1/getLastRecord': () => null,
      'GET /bloodPressureTest/v1/pageQueryList': () => ({ items: [pressure], currentPage: 1, totalPage: 1 }),
    });
    const { router } = renderApp('/');
    const card = await summary();
    expect(await within(card).findByRole('link', { name: '血糖：暂无记录，查看报告' })).toBeTruthy();
    fireEvent.click(within(card).getByText('128/82'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reportCenter/reportCenter'));
    expect(sessionStorage.getItem('glucoguard.reportCenterTab')).toBe('pressure');
  });

  it('gives a user without readings the next step: 记录血糖 or 查看报告', async () => {
    fakeApi({
      'GET /sugarTest/v1/getLastRecord': () => null,
      'GET /bloodPressureTest/v1/pageQueryList': () => noPressure,
    });
    const { router } = renderApp('/');
    const card = await summary();
    expect(await within(card).findByText(/还没有测量记录/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: '查看报告' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '记录血糖' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reportCenter/bloodSugar/addBloodSugarReport'));
  });

  it('offers a retry when the latest readings cannot be read', async () => {
    let calls = 0;
    fakeApi({
      'GET /sugarTest/v1/getLastRecord': () => {
        calls += 1;
        if (calls === 1) {
          throw new Error('offline');
        }
        return sugar;
      },
      'GET /bloodPressureTest/v1/pageQueryList': () => noPressure,
    });
    renderApp('/');
    const card = await summary();
    fireEvent.click(await within(card).findByRole('button', { name: '重试' }));
    expect(await within(card).findByText('7.0')).toBeTruthy();
  });

  it('asks a visitor to register and reads nothing of theirs', async () => {
    resetStores();
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => [] });
    renderApp('/');
    const card = await summary();
    expect(within(card).getByText(/注册后记录血糖、血压/)).toBeTruthy();
    expect(api.called('GET /sugarTest/v1/getLastRecord')).toHaveLength(0);
    expect(api.called('GET /notice/v1/getBadgeCount')).toHaveLength(0);
    expect(api.called('GET /device/v1/queryDeviceList')).toHaveLength(0);
  });
});

describe('home banners', () => {
  it("shows the brand's banners, each linking only where it is allowed", async () => {
    useSession.setState({ sourceId: 3 });
    const open = vi.spyOn(externalNavigation, 'open').mockImplementation(() => undefined);
    const api = fakeApi({
      'GET /activity/v1/bannerList': () => [
        { id: 1, title: '每天签到领积分', imgUrl: '/api/activity/v1/bannerImage/checkin.svg', clickUrl: '/signIn' },
        { id: 2, title: '公众号文章', imgUrl: '/b.svg', clickUrl: 'https://mp.weixin.qq.com/s/abc' },
        { id: 3, title: '外站', imgUrl: '/c.svg', clickUrl: 'https://evil.example/' },
      ],
    });
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: '活动' });
    await waitFor(() => expect(api.called('GET /activity/v1/bannerList')[0]?.query.get('productCode')).toBe('health'));
    const inside = within(carousel).getAllByRole('img', { name: '每天签到领积分' })[0];
    expect(inside?.closest('a')?.getAttribute('href')).toBe('/signIn');
    const outside = within(carousel).getAllByRole('img', { name: '公众号文章' })[0];
    fireEvent.click(outside as HTMLElement);
    expect(open).toHaveBeenCalledWith('https://mp.weixin.qq.com/s/abc');
    expect(within(carousel).getAllByRole('img', { name: '外站' })[0]?.closest('a')).toBeNull();
  });

  it('is not shown when the brand has no banners', async () => {
    const api = fakeApi({ 'GET /activity/v1/bannerList': () => [] });
    renderApp('/');
    await screen.findByRole('region', { name: '我的积分' });
    await waitFor(() => expect(api.called('GET /activity/v1/bannerList')[0]?.query.get('productCode')).toBe('medical'));
    expect(screen.queryByRole('region', { name: '活动' })).toBeNull();
    expect(screen.queryByText('暂无数据', { selector: '[aria-label="活动"] *' })).toBeNull();
  });
});

describe('device tile', () => {
  it('becomes 我的设备, opening the meter list, when a meter is bound', async () => {
    fakeApi({
      'GET /device/v1/queryDeviceList': () => ({
        existsFlag: true,
        disabeDeviceList: [],
        hypertensionDeviceList: [],
        otherDeviceList: [],
      }),
    });
    const { router } = renderApp('/');
    const entries = await screen.findByRole('region', { name: '功能入口' });
    fireEvent.click(await within(entries).findByRole('button', { name: '我的设备' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices/unbindDevices'));
  });

  it('stays 绑定设备 without a meter', async () => {
    const api = fakeApi({
      'GET /device/v1/queryDeviceList': () => ({
        existsFlag: false,
        disabeDeviceList: [],
        hypertensionDeviceList: [],
        otherDeviceList: [],
      }),
    });
    renderApp('/');
    const entries = await screen.findByRole('region', { name: '功能入口' });
    await waitFor(() => expect(api.called('GET /device/v1/queryDeviceList')).toHaveLength(1));
    expect(within(entries).getByRole('button', { name: '绑定设备' })).toBeTruthy();
  });
});

describe('waiting follow request and the unread badge', () => {
  it('shows the newest request on home (tap → the requests) and counts it on the mine tab', async () => {
    fakeApi({
      'GET /notice/v1/getBadgeCount': () => ({
        total: 3,
        notices: 2,
        followRequests: 1,
        followRequest: {
          id: '9',
          customerId: 'c2',
          nickname: '李明',
          headimgurl: '',
          sex: 1,
          phone: '139****0001',
          auditStatus: 0,
          requestTime: '2026-11-20 09:00:00',
          acceptTime: null,
        },
      }),
    });
    const { router } = renderApp('/');
    const request = await screen.findByRole('link', { name: '李明请求关注您，去处理' });
    const tab = screen.getByRole('tab', { name: /我的/ });
    expect(tab.textContent).toContain('3');
    fireEvent.click(request);
    await waitFor(() => expect(router.state.location.pathname).toBe('/friend/followers'));
  });

  it('shows each count beside its entry in mine', async () => {
    fakeApi({
      'GET /notice/v1/getBadgeCount': () => ({ ...badge, total: 123, notices: 2, followRequests: 1, chats: 120 }),
    });
    renderApp('/?tab=mine');
    expect(await screen.findByRole('link', { name: '消息通知，2条未读' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '关注我的人，1条未读' })).toBeTruthy();
    // The unread chat messages show on 在线问诊, capped at 99+ like every unread count.
    const consultations = screen.getByRole('link', { name: '在线问诊，120条未读' });
    expect(consultations.textContent).toContain('99+');
    expect(consultations.getAttribute('href')).toBe('/findDoctor/myConsultList');
    await waitFor(() => expect(useUnread.getState().unread).toBe(123));
  });
});

describe('mine entries of pages still to come', () => {
  it('say 即将上线 and stay on mine when tapped', async () => {
    useSession.setState({ sourceId: 3 });
    fakeApi({ 'GET /notice/v1/getBadgeCount': () => badge });
    const { router } = renderApp('/?tab=mine');
    const menu = await screen.findByRole('list', { name: '更多服务' });
    const entry = within(menu).getByRole('button', { name: '在线药房，即将上线' });
    expect(entry.textContent).toContain('即将上线');
    fireEvent.click(entry);
    expect(router.state.location.search).toBe('?tab=mine');
    expect(await screen.findByText('在线药房即将上线，敬请期待')).toBeTruthy();
    // The mall's entries are real pages now (issue 21).
    expect(within(menu).getByRole('link', { name: '收货地址' }).getAttribute('href')).toBe('/address/addressManage');
    expect(within(menu).getByRole('link', { name: '服务包' }).getAttribute('href')).toBe('/service');
    expect(within(menu).getByRole('link', { name: '健康目标' }).getAttribute('href')).toBe(
      '/healthTarget/healthTarget',
    );
    expect(within(menu).getByRole('link', { name: '监测计划' }).getAttribute('href')).toBe('/monitoringPlan');
    expect(within(menu).getByRole('link', { name: '用药记录' }).getAttribute('href')).toBe('/calendar');
    expect(within(menu).getByRole('link', { name: '我的处方' }).getAttribute('href')).toBe('/prescription');
  });

  it('gives the 健康档案 shortcut an icon like the others', async () => {
    renderApp('/?tab=mine');
    const shortcuts = await screen.findByRole('navigation', { name: '常用功能' });
    const file = within(shortcuts).getByRole('link', { name: '健康档案' });
    expect(file.querySelector('svg')).not.toBeNull();
  });
});
