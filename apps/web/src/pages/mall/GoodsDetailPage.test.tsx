import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../store/session';
import { apiFailure, fakeApi, registeredPatientPageHooks, renderApp } from '../../test-utils';
import { goods } from './fixtures';

registeredPatientPageHooks();

function detail(item = goods(), extra: Record<string, () => unknown> = {}) {
  return fakeApi({
    'GET /goods/v1/getById': () => item,
    'GET /goods/v1/queryUsablePackages': () => [],
    ...extra,
  });
}

describe('/mall/goodsDetail', () => {
  it('shows the carousel, price, postage, stock, detail and ad images, usable packages and the brand’s phone', async () => {
    detail(goods({ postage: 800, stock: 37, adUrl: 'goods/ad.png', adHrefUrl: '/integral', packageGoodsIds: '31' }), {
      'GET /goods/v1/queryUsablePackages': () => [
        goods({ goodsId: 31, goodsName: '血糖仪流量包（12个月）', rechargePackage: 1, packageMonths: 12 }),
      ],
    });
    renderApp('/mall/goodsDetail?goodsId=11&containerId=1');
    expect(await screen.findByRole('heading', { name: '糖护血糖仪收纳包' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('糖护血糖仪收纳包'));
    expect(screen.getAllByRole('img', { name: /糖护血糖仪收纳包 图/ }).length).toBeGreaterThanOrEqual(2);
    const info = screen.getByRole('region', { name: '商品信息' });
    expect(info.textContent).toContain('¥19.90');
    expect(info.textContent).toContain('¥29.90');
    expect(info.textContent).toContain('运费 ¥8.00');
    expect(info.textContent).toContain('库存 37');
    expect(screen.getByRole('img', { name: '商品详情图1' }).getAttribute('src')).toBe(
      '/api/files/goods/case-detail.png',
    );
    expect(screen.getByRole('img', { name: '活动广告' }).closest('a')?.getAttribute('href')).toBe('/integral');
    const packages = await screen.findByRole('region', { name: '可用套餐' });
    expect(within(packages).getByRole('link', { name: '血糖仪流量包（12个月）' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '客服电话 400-826-0404' }).getAttribute('href')).toBe('tel:4008260404');
  });

  it('shows the price of points, strips and yuan-and-points goods by salesMode', async () => {
    detail(goods({ salesMode: 'rmb,score', goodsValue: 990, scoreValue: 200, originPrice: 0 }));
    renderApp('/mall/goodsDetail?goodsId=11');
    const info = await screen.findByRole('region', { name: '商品信息' });
    expect(info.textContent).toContain('¥9.90+200积分');
    expect(info.textContent).toContain('包邮');
  });

  it('off shelf reads 商品已下架 and blocks buying', async () => {
    const api = detail(goods({ status: 0 }));
    renderApp('/mall/goodsDetail?goodsId=11');
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: '商品已下架' });
    expect(button.disabled).toBe(true);
    expect(within(screen.getByRole('region', { name: '商品信息' })).getByText('商品已下架')).toBeTruthy();
    fireEvent.click(button);
    expect(api.called('GET /goods/v1/buyValid')).toHaveLength(0);
  });

  it('checks buyValid and opens the order form with the list’s flags', async () => {
    const api = detail(goods({ rechargePackage: 1 }), { 'GET /goods/v1/buyValid': () => null });
    const { router } = renderApp('/mall/goodsDetail?goodsId=11&rechargePackage=1&deviceImei=860000000000001');
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/sendOrder'));
    expect(router.state.location.search).toBe('?goodsId=11&goodsSum=1&rechargePackage=1&deviceImei=860000000000001');
    expect(api.called('GET /goods/v1/buyValid')[0]?.query.get('goodsId')).toBe('11');
  });

  it('shows the refusal of buyValid and stays', async () => {
    detail(goods(), {
      'GET /goods/v1/buyValid': () => {
        throw apiFailure(40900, '库存不足', 409);
      },
    });
    const { router } = renderApp('/mall/goodsDetail?goodsId=11');
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    expect(await screen.findByText('库存不足')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mall/goodsDetail');
  });

  it('sends a visitor to register with isGoods, remembering this goods page to come back to', async () => {
    useSession.setState({ isAuth: '0', customer: null, customerId: null });
    const api = detail();
    const { router } = renderApp('/mall/goodsDetail?goodsId=11&containerId=1');
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/register'));
    expect(router.state.location.search).toBe('?isGoods=1');
    expect(useSession.getState().goodsPage).toBe('/mall/goodsDetail?goodsId=11&containerId=1');
    expect(api.called('GET /goods/v1/buyValid')).toHaveLength(0);
  });

  it('offers the share link and the poster', async () => {
    detail(goods(), {
      'GET /goods/v1/getGoodsPoster': () => ({
        posterUrl: 'posters/goods-11.png',
        link: '/shareGoodsDetail?goodsId=11',
        cached: false,
      }),
    });
    renderApp('/mall/goodsDetail?goodsId=11');
    fireEvent.click(await screen.findByRole('button', { name: '分享' }));
    const sheet = await screen.findByRole('dialog', { name: '分享商品' });
    expect(await within(sheet).findByRole('img', { name: '糖护血糖仪收纳包分享海报' })).toBeTruthy();
    expect(within(sheet).getByText(/\/shareGoodsDetail\?goodsId=11&sourceId=4&shareCid=c1$/)).toBeTruthy();
  });
});

describe('/shareGoodsDetail', () => {
  it('is open to a visitor and its button opens the goods in the mall', async () => {
    useSession.setState({ isAuth: '0', customer: null, customerId: null });
    detail();
    const { router } = renderApp('/shareGoodsDetail?goodsId=11&shareCid=c9&sourceId=4');
    fireEvent.click(await screen.findByRole('button', { name: '去商城购买' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsDetail'));
    expect(router.state.location.search).toBe('?goodsId=11&shareCid=c9&sourceId=4');
  });
});
