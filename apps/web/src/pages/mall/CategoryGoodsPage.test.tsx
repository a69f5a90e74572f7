import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, registeredPatientPageHooks, renderApp } from '../../test-utils';
import { CONTAINERS, goods, goodsPage } from './fixtures';

registeredPatientPageHooks();

function lists() {
  return fakeApi({
    'GET /goods/v1/queryGoodsContainerList': () => CONTAINERS,
    'GET /goods/v1/getListByContainerId': () => goodsPage([goods({ goodsId: 31, goodsName: '血糖仪流量包' })]),
  });
}

describe('/categorysGoods and /serviceList', () => {
  it.each([
    ['/categorysGoods?servicePackage=0&salesMode=paper', '兑换试纸', { servicePackage: '0', salesMode: 'paper' }],
    ['/categorysGoods?servicePackage=1', '开通服务包', { servicePackage: '1' }],
    ['/serviceList?servicePackage=1', '开通服务包', { servicePackage: '1' }],
    ['/serviceList?salesMode=paper', '兑换试纸', { salesMode: 'paper' }],
  ])('%s is titled %s and lists those goods', async (address, title, query) => {
    const api = lists();
    renderApp(address);
    await waitFor(() => expect(document.title).toBe(title));
    await screen.findByRole('link', { name: '血糖仪流量包' });
    const asked = api.called('GET /goods/v1/getListByContainerId')[0]?.query;
    expect(asked?.get('containerId')).toBe('1');
    for (const [key, value] of Object.entries(query)) {
      expect(asked?.get(key)).toBe(value);
    }
  });

  it('renews a meter’s data plan: titled 流量续费, the meter handed on to the goods detail', async () => {
    const api = lists();
    renderApp('/categorysGoods?rechargePackage=1&deviceImei=860000000000001&deviceKind=glucose&containerId=1');
    await waitFor(() => expect(document.title).toBe('流量续费'));
    const link = await screen.findByRole('link', { name: '血糖仪流量包' });
    expect(link.getAttribute('href')).toBe(
      '/mall/goodsDetail?goodsId=31&containerId=1&rechargePackage=1&deviceImei=860000000000001&deviceKind=glucose',
    );
    expect(api.called('GET /goods/v1/queryGoodsContainerList')).toHaveLength(0);
    expect(api.called('GET /goods/v1/getListByContainerId')[0]?.query.get('rechargePackage')).toBe('1');
  });

  it('starts with the search of inputName', async () => {
    const api = lists();
    renderApp('/categorysGoods?inputName=流量');
    await screen.findByRole('link', { name: '血糖仪流量包' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索商品名称' }).value).toBe('流量');
    expect(api.called('GET /goods/v1/getListByContainerId')[0]?.query.get('goodsName')).toBe('流量');
  });
});

describe('/home/youzanMallPage and the mine menu', () => {
  it('opens our own mall in place of the third-party shop', async () => {
    lists();
    const { router } = renderApp('/home/youzanMallPage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsList'));
    expect(await screen.findByRole('textbox', { name: '搜索商品名称' })).toBeTruthy();
  });

  it('lists 健康商城 on mine', async () => {
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
    expect(within(menu).getByRole('link', { name: '健康商城' }).getAttribute('href')).toBe('/mall/goodsList');
  });
});
