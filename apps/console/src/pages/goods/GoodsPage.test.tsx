// 商品管理 and 商城与分类 in jsdom against a stubbed network: the rows as operators read them (price by
// sales mode, the package kind, 缺货), the search sent as the keyword, 下架 only after the question,
// 上架 and 热销 at once, and the categories of the chosen container.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { Goods } from './goodsForm';
import GoodsPage from './GoodsPage';
import ShelvesPage from './ShelvesPage';
import type { Shelves } from './shelves';
import { stubNetwork, type Call } from '../../../test/network';

const SHELVES: Shelves = {
  containers: [
    { containerId: 1, containerName: '健康商城', remark: '控糖好物', iconUrl: '', sort: 0, status: 1 },
    { containerId: 2, containerName: '积分商城', remark: '', iconUrl: '', sort: 1, status: 0 },
  ],
  categories: [
    { categoryId: 2, containerId: 1, categoryName: '血糖仪器', iconUrl: '', sort: 1, status: 1 },
    { categoryId: 3, containerId: 1, categoryName: '试纸耗材', iconUrl: '', sort: 2, status: 0 },
    { categoryId: 7, containerId: 2, categoryName: '积分好礼', iconUrl: '', sort: 1, status: 1 },
  ],
};

const base: Goods = {
  goodsId: 1,
  goodsCode: 'G-METER',
  goodsName: '糖护 4G 血糖仪',
  remark: '',
  status: 1,
  goodsUrl: '',
  iconUrl: '',
  goodsDetailImgUrl: '',
  adUrl: '',
  adHrefUrl: '',
  salesMode: 'rmb',
  goodsValue: 29900,
  postage: 0,
  originPrice: 39900,
  scoreValue: 0,
  originScore: 0,
  maxUsableScore: 0,
  paperValue: 0,
  maximum: 2,
  stock: 8,
  receiveType: '0',
  payType: '1',
  rechargePackage: 0,
  servicePackage: 0,
  packageMonths: 0,
  packageGoodsIds: '',
  containerId: 1,
  categoryId: 2,
  categoryName: '血糖仪器',
  hot: 0,
  recommend: 0,
  sort: 0,
};

const METER = base;
const STRIPS: Goods = {
  ...base,
  goodsId: 2,
  goodsCode: 'G-STRIPS',
  goodsName: '试纸兑换：血糖试纸 50 条',
  salesMode: 'paper',
  goodsValue: 0,
  originPrice: 0,
  paperValue: 50,
  postage: 800,
  stock: 0,
  status: 0,
};
const SERVICE: Goods = {
  ...base,
  goodsId: 3,
  goodsCode: 'G-SERVICE',
  goodsName: '控糖服务包（12 个月）',
  salesMode: 'rmb,score',
  goodsValue: 36500,
  originPrice: 0,
  scoreValue: 200,
  servicePackage: 1,
  packageMonths: 12,
  hot: 1,
};

function answer({ method, path }: Call): unknown {
  if (path.endsWith('/goodsContainers')) {
    return { items: SHELVES.containers };
  }
  if (path.endsWith('/goodsCategories')) {
    return { items: SHELVES.categories };
  }
  if (method === 'GET' && path.endsWith('/goods')) {
    return { items: [METER, STRIPS, SERVICE], total: 3, currentPage: 1, totalPage: 1 };
  }
  return METER;
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name.replace(/[()（）]/g, '.')) });
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

describe('GoodsPage', () => {
  const show = async () => {
    const calls = stubNetwork(answer);
    render(
      <App>
        <GoodsPage />
      </App>,
    );
    await screen.findByText('共 3 件商品');
    return calls;
  };

  it('shows each row with its price by sales mode, package kind, stock and shelf status', async () => {
    await show();
    expect(within(row(METER.goodsName)).getByText('¥299.00')).toBeTruthy();
    expect(within(row(METER.goodsName)).getByText('¥399.00')).toBeTruthy();
    expect(within(row(METER.goodsName)).getByText('在售')).toBeTruthy();
    const strips = within(row(STRIPS.goodsName));
    expect(strips.getByText('50条试纸')).toBeTruthy();
    expect(strips.getByText('运费 ¥8.00')).toBeTruthy();
    expect(strips.getByText('缺货')).toBeTruthy();
    expect(strips.getByText('已下架')).toBeTruthy();
    const service = within(row(SERVICE.goodsName));
    expect(service.getByText('¥365.00+200积分')).toBeTruthy();
    expect(service.getByText('服务包 12个月')).toBeTruthy();
    expect(service.getByRole('switch', { name: `热销 ${SERVICE.goodsName}` }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('sends the search as the keyword, from the first page', async () => {
    const calls = await show();
    fireEvent.change(screen.getByRole('searchbox', { name: '商品名称或编码' }), { target: { value: ' 血糖仪 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^搜\s*索$/ })));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/console/v1/goods' && c.query.get('keyword') === '血糖仪')).toBe(true),
    );
    const last = calls.filter((c) => c.path === '/api/console/v1/goods').at(-1);
    expect(last?.query.get('pageNo')).toBe('1');
  });

  it('takes a goods item off shelf only after the question, and puts one on shelf at once', async () => {
    const calls = await show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `下架 ${METER.goodsName}` })));
    expect(posts(calls)).toEqual([]);
    const question = await screen.findByRole('tooltip');
    expect(question.textContent).toContain('已下的订单不受影响');
    await act(async () => fireEvent.click(within(question).getByRole('button', { name: /下\s*架/ })));
    await waitFor(() => expect(posts(calls)).toEqual([{ path: '/api/console/v1/goods/1/shelf', body: { status: 0 } }]));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `上架 ${STRIPS.goodsName}` })));
    await waitFor(() =>
      expect(posts(calls).at(-1)).toEqual({ path: '/api/console/v1/goods/2/shelf', body: { status: 1 } }),
    );
  });

  it('marks a goods item hot with the flags operation alone', async () => {
    const calls = await show();
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: `热销 ${METER.goodsName}` })));
    await waitFor(() => expect(posts(calls)).toEqual([{ path: '/api/console/v1/goods/1/flags', body: { hot: 1 } }]));
    expect(await screen.findByText('热销已开启')).toBeTruthy();
  });
});

describe('ShelvesPage', () => {
  it("lists the containers and the first one's categories, and another's when it is chosen", async () => {
    stubNetwork(answer);
    render(
      <App>
        <ShelvesPage />
      </App>,
    );
    expect(await screen.findByText('「健康商城」的分类')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '试纸耗材' })).toBeTruthy();
    expect(within(row('健康商城')).getByText('2 个')).toBeTruthy();
    expect(within(row('积分商城')).getByText('隐藏')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('cell', { name: '积分商城' })));
    expect(await screen.findByText('「积分商城」的分类')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '积分好礼' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '试纸耗材' })).toBeNull();
  });
});
