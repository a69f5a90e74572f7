import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, registeredPatientPageHooks, renderApp, type RecordedCall } from '../../test-utils';
import { CONTAINERS, categories, goods, goodsPage } from './fixtures';

registeredPatientPageHooks();

const LONG_NAME = '糖护智能血糖仪套装（含采血笔、五十片试纸、一百支采血针和便携收纳包，老人也能轻松上手）';

function mall(list: (call: RecordedCall) => unknown = () => goodsPage([goods()])) {
  return fakeApi({
    'GET /goods/v1/queryGoodsContainerList': () => CONTAINERS,
    'GET /goods/v1/getCategorys': () => categories(10),
    'GET /goods/v1/listHotByContainerId': () => [
      goods({ goodsId: 21, goodsName: '热销试纸', salesMode: 'paper', paperValue: 50 }),
    ],
    'GET /goods/v1/getListByContainerId': list,
    'GET /goods/v1/getById': () => goods(),
    'GET /goods/v1/queryUsablePackages': () => [],
  });
}

describe('/mall/goodsList', () => {
  it('shows the hot column, the category grid in pages of 8 and the goods with names cut at 36 and remarks at 20', async () => {
    mall(() =>
      goodsPage([
        goods({ goodsName: LONG_NAME, remark: '一次购买全年无忧，专业客服一对一指导使用方法' }),
        goods({ goodsId: 12, goodsName: '积分兑换控糖食谱', salesMode: 'score', goodsValue: 0, scoreValue: 800 }),
        goods({ goodsId: 13, goodsName: '试纸兑换装', salesMode: 'paper', goodsValue: 0, paperValue: 50 }),
        goods({ goodsId: 14, goodsName: '血压计', salesMode: 'rmb,score', goodsValue: 9900, scoreValue: 500 }),
      ]),
    );
    renderApp('/mall/goodsList');
    await waitFor(() => expect(document.title).toBe('健康商城'));
    const hot = await screen.findByRole('region', { name: '热销产品' });
    expect(within(hot).getByRole('link', { name: '热销试纸' }).textContent).toContain('50条试纸');

    const grid = await screen.findByRole('region', { name: '商品分类' });
    expect(within(within(grid).getByTestId('entry-grid-page-1')).getAllByRole('button')).toHaveLength(8);
    expect(within(within(grid).getByTestId('entry-grid-page-2')).getAllByRole('button')).toHaveLength(2);

    const list = await screen.findByLabelText('商品');
    const first = await within(list).findByRole('link', { name: LONG_NAME });
    expect(first.textContent).toContain(`${Array.from(LONG_NAME).slice(0, 36).join('')}...`);
    expect(first.textContent).toContain('一次购买全年无忧，专业客服一对一指导使用...');
    expect(first.textContent).toContain('¥19.90');
    expect(first.textContent).toContain('¥29.90');
    expect(first.getAttribute('href')).toBe('/mall/goodsDetail?goodsId=11&containerId=1');
    expect(within(list).getByRole('link', { name: '积分兑换控糖食谱' }).textContent).toContain('800积分');
    expect(within(list).getByRole('link', { name: '试纸兑换装' }).textContent).toContain('50条试纸');
    expect(within(list).getByRole('link', { name: '血压计' }).textContent).toContain('¥99.00+500积分');
  });

  it('searches 300 ms after typing stops, refuses an emoji with 请不要输入表情 and clears the box', async () => {
    const api = mall((call) => (call.query.get('goodsName') === '试纸' ? goodsPage([]) : goodsPage([goods()])));
    renderApp('/mall/goodsList');
    await screen.findByRole('link', { name: '糖护血糖仪收纳包' });
    const box = screen.getByRole('textbox', { name: '搜索商品名称' });

    fireEvent.change(box, { target: { value: '试纸😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.change(box, { target: { value: '试' } });
    fireEvent.change(box, { target: { value: '试纸' } });
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
    const names = api.called('GET /goods/v1/getListByContainerId').map((call) => call.query.get('goodsName'));
    expect(names).toEqual([null, '试纸']);
    // While searching, the hot column and the grid step aside for the results.
    expect(screen.queryByRole('region', { name: '热销产品' })).toBeNull();

    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByRole('link', { name: '糖护血糖仪收纳包' })).toBeTruthy();
    expect(api.called('GET /goods/v1/getListByContainerId').at(-1)?.query.get('goodsName')).toBeNull();
  });

  it('filters the list by a tapped category, and a second tap shows everything again', async () => {
    const api = mall();
    renderApp('/mall/goodsList');
    const grid = await screen.findByRole('region', { name: '商品分类' });
    fireEvent.click(within(grid).getByRole('button', { name: '分类3' }));
    await waitFor(() =>
      expect(api.called('GET /goods/v1/getListByContainerId').at(-1)?.query.get('categoryId')).toBe('3'),
    );
    expect(screen.getByRole('heading', { name: /分类3/ })).toBeTruthy();
    fireEvent.click(within(grid).getByRole('button', { name: '分类3' }));
    await waitFor(() =>
      expect(api.called('GET /goods/v1/getListByContainerId').at(-1)?.query.get('categoryId')).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: /全部商品/ })).toBeTruthy();
  });

  it('is kept alive: back from a detail it shows the same list at the same place without reading it again', async () => {
    const api = mall();
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation((_x?: ScrollToOptions | number, y?: number) => {
      scrollY = y ?? 0;
    });
    const { router } = renderApp('/mall/goodsList');
    const box = screen.getByRole('textbox', { name: '搜索商品名称' });
    fireEvent.change(box, { target: { value: '收纳' } });
    const link = await screen.findByRole('link', { name: '糖护血糖仪收纳包' });
    await waitFor(() =>
      expect(api.called('GET /goods/v1/getListByContainerId').at(-1)?.query.get('goodsName')).toBe('收纳'),
    );
    const reads = api.called('GET /goods/v1/getListByContainerId').length;
    scrollY = 640;

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsDetail'));
    await screen.findByRole('heading', { name: '糖护血糖仪收纳包' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsList'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    expect(document.title).toBe('健康商城');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索商品名称' }).value).toBe('收纳');
    expect(screen.getByRole('link', { name: '糖护血糖仪收纳包' })).toBeTruthy();
    expect(api.called('GET /goods/v1/getListByContainerId')).toHaveLength(reads);
  });

  it('closes 请不要输入表情 when the list is left for a detail (the kept-alive list stays mounted)', async () => {
    mall();
    const { router } = renderApp('/mall/goodsList');
    const link = await screen.findByRole('link', { name: '糖护血糖仪收纳包' });
    fireEvent.change(screen.getByRole('textbox', { name: '搜索商品名称' }), { target: { value: '收纳😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    // The toast's closing animation is not waited for: its effect is antd-mobile's Toast.clear.
    const clear = vi.spyOn(Toast, 'clear');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsDetail'));
    await screen.findByRole('heading', { name: '糖护血糖仪收纳包' });
    expect(clear).toHaveBeenCalled();
  });

  it('leaves a toast shown after the emoji one alone when the list is left', async () => {
    mall();
    const { router } = renderApp('/mall/goodsList');
    const link = await screen.findByRole('link', { name: '糖护血糖仪收纳包' });
    fireEvent.change(screen.getByRole('textbox', { name: '搜索商品名称' }), { target: { value: '收纳😀' } });
    expect(await screen.findByText('请不要输入表情')).toBeTruthy();
    act(() => {
      Toast.show({ content: '已加入收藏' });
    });
    expect(await screen.findByText('已加入收藏')).toBeTruthy();
    const clear = vi.spyOn(Toast, 'clear');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/goodsDetail'));
    await screen.findByRole('heading', { name: '糖护血糖仪收纳包' });
    expect(clear).not.toHaveBeenCalled();
    expect(screen.getByText('已加入收藏')).toBeTruthy();
  });

  it('is open to a visitor', async () => {
    const { useSession } = await import('../../store/session');
    useSession.setState({ isAuth: '0', customer: null, customerId: null });
    mall();
    const { router } = renderApp('/mall/goodsList');
    expect(await screen.findByRole('link', { name: '糖护血糖仪收纳包' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mall/goodsList');
  });
});
