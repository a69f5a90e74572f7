// The operator's goods forms in jsdom against a stubbed network: what the goods form sends (yuan as
// cents, ticks and pictures as comma lists, the kind as the package flags), a draft the domain
// refuses shown with its message without calling the API, pictures stored as they are picked, stock
// moved in and out, and the container and category forms.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { GOODS_MESSAGES } from '@glucoguard/domain';
import { GoodsDialog } from './GoodsDialog';
import { GoodsStockDialog, stockChange } from './GoodsStockDialog';
import { EMPTY_GOODS, goodsInputOf, goodsValuesOf, type Goods } from './goodsForm';
import { imageSrc } from './goodsImages';
import { ImagesField } from './ImagesField';
import { ShelfDialog, shelfBody } from './ShelfDialog';
import type { Shelves } from './shelves';
import { sent, stubNetwork } from '../../../test/network';

const METER: Goods = {
  goodsId: 3,
  goodsCode: 'GG-M01',
  goodsName: '4G 血糖仪',
  remark: '测完自动上传，家人随时看',
  status: 1,
  goodsUrl: '/api/goods/v1/goodsImage/meter.svg,uploads/273/b.png',
  iconUrl: '/api/goods/v1/goodsImage/meter.svg',
  goodsDetailImgUrl: '',
  adUrl: '',
  adHrefUrl: '',
  salesMode: 'rmb',
  goodsValue: 29900,
  postage: 0,
  originPrice: 39900,
  scoreValue: 0,
  originScore: 0,
  maxUsableScore: 500,
  paperValue: 0,
  maximum: 2,
  stock: 8,
  receiveType: '0',
  payType: '1,2',
  rechargePackage: 0,
  servicePackage: 0,
  packageMonths: 0,
  packageGoodsIds: '9',
  containerId: 1,
  categoryId: 2,
  categoryName: '血糖仪',
  hot: 1,
  recommend: 0,
  sort: 5,
};

const DATA_PLAN: Goods = {
  ...METER,
  goodsId: 9,
  goodsCode: '',
  goodsName: '血糖仪流量包（12个月）',
  rechargePackage: 1,
  packageMonths: 12,
  packageGoodsIds: '',
};

const SHELVES: Shelves = {
  containers: [{ containerId: 1, containerName: '健康商城', remark: '', iconUrl: '', sort: 0, status: 1 }],
  categories: [
    { categoryId: 2, containerId: 1, categoryName: '血糖仪', iconUrl: '', sort: 0, status: 1 },
    { categoryId: 4, containerId: 1, categoryName: '服务', iconUrl: '', sort: 1, status: 1 },
  ],
};

const page = (items: Goods[]) => ({ items, total: items.length, currentPage: 1, totalPage: 1 });

const save = (dialog: HTMLElement) =>
  act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^保\s*存$/ })));

describe('goodsInputOf', () => {
  it('sends yuan as cents, the ticks and pictures as comma lists and the kind as the package flags', () => {
    const input = goodsInputOf({
      ...EMPTY_GOODS,
      goodsName: ' 服务包（12个月） ',
      containerId: 1,
      categoryId: 4,
      priceYuan: 199.9,
      originPriceYuan: 0.1,
      postageYuan: 8,
      receiveTypes: ['1', '0'],
      payTypes: ['2', '1'],
      kind: 'service',
      packageMonths: 12,
      packageGoodsIds: [9, 11],
      goodsUrl: ['uploads/273/a.png', 'uploads/273/b.png'],
      iconUrl: ['uploads/273/a.png'],
    });
    expect(input).toMatchObject({
      goodsName: '服务包（12个月）',
      goodsValue: 19990,
      originPrice: 10,
      postage: 800,
      receiveType: '0,1',
      payType: '1,2',
      servicePackage: 1,
      rechargePackage: 0,
      packageMonths: 12,
      packageGoodsIds: '9,11',
      goodsUrl: 'uploads/273/a.png,uploads/273/b.png',
      iconUrl: 'uploads/273/a.png',
      goodsDetailImgUrl: '',
    });
  });

  it('gives back what a stored goods item holds when nothing is changed, except the code the API made', () => {
    const { goodsId: _id, goodsCode: _code, categoryName: _name, ...stored } = METER;
    expect(goodsInputOf(goodsValuesOf(METER))).toEqual(stored);
    expect(goodsValuesOf(DATA_PLAN)).toMatchObject({ kind: 'dataPlan', packageMonths: 12 });
  });

  it('sends no months for an ordinary goods item', () => {
    expect(goodsInputOf({ ...EMPTY_GOODS, kind: 'plain', packageMonths: 12 }).packageMonths).toBe(0);
  });
});

describe('stockChange', () => {
  it.each([
    [
      { direction: 'in', quantity: 5 },
      { change: 5, problem: null },
    ],
    [
      { direction: 'out', quantity: 8 },
      { change: -8, problem: null },
    ],
    [
      { direction: 'out', quantity: 9 },
      { change: null, problem: GOODS_MESSAGES.stockShort },
    ],
    [
      { direction: 'in', quantity: 0 },
      { change: null, problem: GOODS_MESSAGES.stockChangeZero },
    ],
    [
      { direction: 'in', quantity: null },
      { change: null, problem: GOODS_MESSAGES.stockChangeZero },
    ],
  ] as const)('with 8 in stock, %o gives %o', (values, expected) => {
    expect(stockChange(8, values)).toEqual(expected);
  });
});

describe('imageSrc', () => {
  it('serves an upload from the files route and keeps an address as it is', () => {
    expect(imageSrc('uploads/273/a.png')).toBe('/api/files/uploads/273/a.png');
    expect(imageSrc('/api/goods/v1/goodsImage/meter.svg')).toBe('/api/goods/v1/goodsImage/meter.svg');
    expect(imageSrc('https://img.example.cn/a.png')).toBe('https://img.example.cn/a.png');
  });
});

describe('GoodsDialog', () => {
  const show = (goods: Goods | null) => {
    const onSaved = vi.fn();
    render(
      <App>
        <GoodsDialog open goods={goods} shelves={SHELVES} onClose={vi.fn()} onSaved={onSaved} />
      </App>,
    );
    return onSaved;
  };

  it('refuses an ad link the domain refuses with its message, without saving', async () => {
    const calls = stubNetwork(() => page([DATA_PLAN]));
    show(METER);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('广告图链接'), { target: { value: 'http://evil.example.com' } });
    await save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(GOODS_MESSAGES.adHref);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks for the points of a goods item switched to points, then saves it in points only', async () => {
    const calls = stubNetwork(({ method }) => (method === 'GET' ? page([METER, DATA_PLAN]) : METER));
    const onSaved = show(METER);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('价格（元）').value).toBe('299.00');
    await act(async () => fireEvent.click(within(dialog).getByText('积分兑换')));
    expect(within(dialog).queryByLabelText('价格（元）')).toBeNull();
    await save(dialog);
    expect(await within(dialog).findByText(GOODS_MESSAGES.score)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('所需积分'), { target: { value: '3000' } });
    await save(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/console/v1/goods/3');
    expect(posts[0]?.body).toMatchObject({
      salesMode: 'score',
      scoreValue: 3000,
      // What a points item does not use is sent as 0 (the domain's normalizedGoodsDraft).
      goodsValue: 0,
      originPrice: 0,
      maxUsableScore: 0,
      containerId: 1,
      categoryId: 2,
      packageGoodsIds: '9',
      hot: 1,
    });
  });

  it('asks for the months of a service package', async () => {
    const calls = stubNetwork(() => page([]));
    show(METER);
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByText('服务包')));
    await save(dialog);
    expect(await within(dialog).findByText(GOODS_MESSAGES.packageMonths)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers only service packages and data plans, never the item itself, as usable packages', async () => {
    const SERVICE: Goods = {
      ...DATA_PLAN,
      goodsId: 11,
      goodsName: '控糖服务包（12个月）',
      rechargePackage: 0,
      servicePackage: 1,
    };
    stubNetwork(() => page([METER, DATA_PLAN, SERVICE]));
    show(DATA_PLAN);
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.mouseDown(within(dialog).getByLabelText('可用套餐')));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([SERVICE.goodsName]),
    );
  });
});

describe('ImagesField', () => {
  it('stores a picked picture and keeps its address, and removes one', async () => {
    const calls = stubNetwork(() => ({ path: 'uploads/273/new.png' }));
    const changes: string[][] = [];
    function Field() {
      const [form] = Form.useForm<{ pictures: string[] }>();
      return (
        <App>
          <Form
            form={form}
            initialValues={{ pictures: ['uploads/273/a.png'] }}
            onValuesChange={(_c, all) => changes.push(all.pictures)}
          >
            <Form.Item name="pictures" label="轮播图">
              <ImagesField
                max={2}
                label="轮播图"
                upload={(file) => import('./shelves').then((m) => m.uploadGoodsImage(file))}
              />
            </Form.Item>
          </Form>
        </App>
      );
    }
    render(<Field />);
    expect(screen.getByAltText('轮播图 1').getAttribute('src')).toBe('/api/files/uploads/273/a.png');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input, {
        target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'p.png', { type: 'image/png' })] },
      }),
    );
    await waitFor(() => expect(changes.at(-1)).toEqual(['uploads/273/a.png', 'uploads/273/new.png']));
    expect(sent(calls)).toEqual([{ method: 'POST', path: '/api/console/v1/goodsImages', body: { data: 'iVBORw==' } }]);
    // Two of two: no more upload button.
    expect(screen.queryByRole('button', { name: '上传轮播图' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除轮播图 1' })));
    expect(changes.at(-1)).toEqual(['uploads/273/new.png']);
  });
});

describe('GoodsStockDialog', () => {
  const show = () => {
    const onSaved = vi.fn();
    render(
      <App>
        <GoodsStockDialog goods={METER} onClose={vi.fn()} onSaved={onSaved} />
      </App>,
    );
    return onSaved;
  };

  it('refuses taking out more than the stock, without calling the API', async () => {
    const calls = stubNetwork(() => METER);
    show();
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByText('出库（减少）')));
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '9' } });
    await save(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(GOODS_MESSAGES.stockShort);
    expect(calls).toEqual([]);
  });

  it('adds what comes in as a positive change', async () => {
    const calls = stubNetwork(() => ({ ...METER, stock: 13 }));
    const onSaved = show();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('数量'), { target: { value: '5' } });
    await save(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...METER, stock: 13 }));
    expect(sent(calls)).toEqual([{ method: 'POST', path: '/api/console/v1/goods/3/stock', body: { change: 5 } }]);
  });
});

describe('ShelfDialog', () => {
  it('refuses a name with emoji with the domain message', () => {
    expect(
      shelfBody({ kind: 'container', container: null }, { name: '健康😀', remark: '', icon: [], sort: 0, status: 1 }),
    ).toEqual({ problem: GOODS_MESSAGES.containerName });
  });

  it('adds a category to the chosen container', async () => {
    const calls = stubNetwork(() => SHELVES.categories[0]);
    const onSaved = vi.fn();
    render(
      <App>
        <ShelfDialog
          target={{ kind: 'category', containerId: 1, category: null }}
          onClose={vi.fn()}
          onSaved={onSaved}
        />
      </App>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('分类名称'), { target: { value: ' 试纸 ' } });
    await save(dialog);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/console/v1/goodsCategories',
        body: { containerId: 1, categoryName: '试纸', iconUrl: '', sort: 0, status: 1 },
      },
    ]);
  });
});
