// The mall's goods for patients and visitors, through real HTTP on a real database, with the demo
// mall the seed adds (spec 3 §2.7, §3, §7; docs/adr/0175-goods-containers-categories-and-stock.md,
// docs/adr/0176-usable-packages-are-linked-goods.md, docs/adr/0177-demo-mall-seed-and-its-pictures.md).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/lib/db';
import { returnStock, takeStock } from '../src/contexts/commerce';
import { Goods, GoodsContainer } from '../src/contexts/commerce/goods/goods.entity';
import { DEMO_MALL_CONTAINER, demoMallGoods } from '../src/seed/demoMall';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { decodePng } from './png-reader';

let api: TestApi;
let visitor: Awaited<ReturnType<typeof signInNewVisitor>>;
let customer: Awaited<ReturnType<typeof registeredCustomer>>;
let containerId: number;

const goodsByCode = async (goodsCode: string) => api.app.em.fork().findOneOrFail(Goods, { goodsCode });
const names = (items: readonly { goodsName: string }[]) => items.map((g) => g.goodsName);
const seeded = (code: string) => demoMallGoods.find((g) => g.goodsCode === code)!;

beforeAll(async () => {
  api = await startTestApi();
  visitor = await signInNewVisitor(api);
  customer = await registeredCustomer(api, '逛商城的人');
  containerId = (await api.app.em.fork().findOneOrFail(GoodsContainer, { code: DEMO_MALL_CONTAINER.code })).id;
});
afterAll(() => api.close());

describe('browsing the mall', () => {
  it('needs a session (a visitor one will do)', async () => {
    expect(await failure(api.client().GET('/goods/v1/queryGoodsContainerList'))).toMatchObject({ code: 40100 });
    const containers = await visitor.client.GET('/goods/v1/queryGoodsContainerList');
    expect(containers).toContainEqual(expect.objectContaining({ containerId, containerName: '健康商城', status: 1 }));
  });

  it("lists a container's categories in order", async () => {
    const categories = await visitor.client.GET('/goods/v1/getCategorys', { params: { query: { containerId } } });
    expect(categories.map((c) => c.categoryName)).toEqual(['血糖仪器', '试纸耗材', '健康服务', '生活好物']);
    expect(await visitor.client.GET('/goods/v1/getCategorys', { params: { query: { containerId: 999999 } } })).toEqual(
      [],
    );
  });

  it('pages the goods on sale and leaves the off-shelf item out', async () => {
    const first = await visitor.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId, pageNo: 1, pageSize: 4 } },
    });
    const onSale = demoMallGoods.filter((g) => g.status !== 0).length;
    expect(first).toMatchObject({ currentPage: 1, totalNum: onSale, totalPage: Math.ceil(onSale / 4) });
    expect(first.items).toHaveLength(4);
    const all = await visitor.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId, pageSize: 50 } },
    });
    expect(names(all.items)).not.toContain(seeded('G-OAT-COOKIE').goodsName);
    expect(all.items.every((g) => g.status === 1)).toBe(true);
  });

  it('answers every field of a goods item, money in cents', async () => {
    const meter = await goodsByCode('G-METER-4G');
    const detail = await visitor.client.GET('/goods/v1/getById', { params: { query: { goodsId: meter.id } } });
    expect(detail).toMatchObject({
      goodsId: meter.id,
      goodsCode: 'G-METER-4G',
      salesMode: 'rmb',
      goodsValue: 29900,
      originPrice: 39900,
      maxUsableScore: 1000,
      status: 1,
      categoryName: '血糖仪器',
      receiveType: '0,1',
      payType: '1,2',
      servicePackage: 0,
      rechargePackage: 0,
      packageMonths: 0,
      hot: 1,
      adHrefUrl: '/integralTask',
    });
    expect(detail.goodsUrl.split(',')).toEqual([
      '/api/goods/v1/goodsImage/meter.svg',
      '/api/goods/v1/goodsImage/meterinfo.svg',
    ]);
  });

  it('finds goods by part of the name and refuses emoji with 请不要输入表情', async () => {
    const found = await visitor.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId, goodsName: '试纸' } },
    });
    expect(names(found.items).sort()).toEqual(
      [seeded('G-STRIPS-50').goodsName, seeded('G-STRIPS-PAPER-50').goodsName].sort(),
    );
    // A LIKE wildcard is taken literally.
    const literal = await visitor.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId, goodsName: '%' } },
    });
    expect(literal.items).toEqual([]);
    expect(
      await failure(
        visitor.client.GET('/goods/v1/getListByContainerId', {
          params: { query: { containerId, goodsName: '试纸😀' } },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '请不要输入表情' });
  });

  it.each([
    [{ servicePackage: 1 as const }, ['G-SERVICE-12M']],
    [{ rechargePackage: 1 as const }, ['G-DATAPLAN-12M']],
    [{ salesMode: 'paper' as const }, ['G-STRIPS-PAPER-50']],
    [{ salesMode: 'rmb,score' as const }, ['G-BP-MONITOR']],
  ])('filters by %j', async (filter, codes) => {
    const page = await visitor.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId, ...filter } },
    });
    expect(page.items.map((g) => g.goodsCode)).toEqual(codes);
  });

  it('shows the hot (热销产品) and recommended columns', async () => {
    const hot = await visitor.client.GET('/goods/v1/listHotByContainerId', { params: { query: { containerId } } });
    expect(hot.map((g) => g.goodsCode)).toEqual(demoMallGoods.filter((g) => g.hot).map((g) => g.goodsCode));
    const recommended = await visitor.client.GET('/goods/v1/listRecommendByContainerId', {
      params: { query: { containerId } },
    });
    expect(recommended.map((g) => g.goodsCode)).toEqual(
      demoMallGoods.filter((g) => g.recommend).map((g) => g.goodsCode),
    );
  });

  it('still opens an off-shelf item (the page shows 商品已下架) and 40400s an unknown one', async () => {
    const cookie = await goodsByCode('G-OAT-COOKIE');
    expect(await visitor.client.GET('/goods/v1/getById', { params: { query: { goodsId: cookie.id } } })).toMatchObject({
      status: 0,
    });
    expect(
      await failure(visitor.client.GET('/goods/v1/getById', { params: { query: { goodsId: 99999999 } } })),
    ).toMatchObject({ code: 40400, errMsg: '商品不存在' });
  });

  it("lists a meter's usable packages: the linked data plan", async () => {
    const meter = await goodsByCode('G-METER-4G');
    const packages = await visitor.client.GET('/goods/v1/queryUsablePackages', {
      params: { query: { goodsId: meter.id } },
    });
    expect(packages.map((g) => [g.goodsCode, g.rechargePackage, g.packageMonths])).toEqual([['G-DATAPLAN-12M', 1, 12]]);
    const strips = await goodsByCode('G-STRIPS-50');
    expect(
      await visitor.client.GET('/goods/v1/queryUsablePackages', { params: { query: { goodsId: strips.id } } }),
    ).toEqual([]);
  });
});

describe('buyValid', () => {
  const buyValid = (client: typeof visitor.client, goodsId: number, number?: number) =>
    client.GET('/goods/v1/buyValid', { params: { query: { goodsId, ...(number && { number }) } } });

  it('asks a visitor to register first', async () => {
    const meter = await goodsByCode('G-METER-4G');
    expect(await failure(buyValid(visitor.client, meter.id))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('lets a registered customer buy an item on sale', async () => {
    const meter = await goodsByCode('G-METER-4G');
    await expect(buyValid(customer.client, meter.id)).resolves.toBeNull();
  });

  it('refuses off shelf with 商品已下架, past the stock with 库存不足, past the maximum with 不能再多啦~~', async () => {
    const cookie = await goodsByCode('G-OAT-COOKIE');
    expect(await failure(buyValid(customer.client, cookie.id))).toMatchObject({ code: 40900, errMsg: '商品已下架' });
    const book = await goodsByCode('G-COOKBOOK');
    expect(await failure(buyValid(customer.client, book.id, 2))).toMatchObject({ code: 40900, errMsg: '库存不足' });
    const meter = await goodsByCode('G-METER-4G');
    expect(await failure(buyValid(customer.client, meter.id, 3))).toMatchObject({
      code: 40900,
      errMsg: '不能再多啦~~',
    });
    expect(await failure(buyValid(customer.client, 99999999))).toMatchObject({ code: 40400, errMsg: '商品不存在' });
  });
});

describe('the share poster', () => {
  it("draws a PNG whose QR link is the public share page with the registered sharer's cid", async () => {
    const meter = await goodsByCode('G-METER-4G');
    const poster = await visitor.client.GET('/goods/v1/getGoodsPoster', {
      params: { query: { goodsId: meter.id, cid: customer.cid } },
    });
    const link = new URL(poster.link);
    expect(link.pathname).toBe('/shareGoodsDetail');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      goodsId: String(meter.id),
      shareCid: customer.cid,
      sourceId: '4',
    });
    expect(poster.cached).toBe(false);
    const file = await fetch(`${api.baseUrl}/files/${poster.posterUrl}`);
    expect(file.status).toBe(200);
    expect(decodePng(Buffer.from(await file.arrayBuffer()))).toMatchObject({ width: 750, height: 1200 });
    const again = await visitor.client.GET('/goods/v1/getGoodsPoster', {
      params: { query: { goodsId: meter.id, cid: customer.cid } },
    });
    expect(again).toEqual({ ...poster, cached: true });
  });

  it("leaves out a cid that is not a registered customer's", async () => {
    const meter = await goodsByCode('G-METER-4G');
    const poster = await visitor.client.GET('/goods/v1/getGoodsPoster', {
      params: { query: { goodsId: meter.id, cid: randomUUID() } },
    });
    expect(new URL(poster.link).searchParams.has('shareCid')).toBe(false);
  });
});

describe('the demo pictures', () => {
  it('serves a drawn SVG without a session and 404s an unknown name', async () => {
    const response = await fetch(`${api.baseUrl}/goods/v1/goodsImage/meter.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await response.text()).toContain('4G 血糖仪');
    expect((await fetch(`${api.baseUrl}/goods/v1/goodsImage/nothing.svg`)).status).toBe(404);
  });
});

describe("the order module's stock functions", () => {
  it('sells the last item once to 20 concurrent takers and takes it back on return', async () => {
    const book = await goodsByCode('G-COOKBOOK');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => inTransaction(api.app.em.fork(), (tx) => takeStock(tx, book.id, 1))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await goodsByCode('G-COOKBOOK')).stock).toBe(0);
    await inTransaction(api.app.em.fork(), (tx) => returnStock(tx, book.id, 1));
    expect((await goodsByCode('G-COOKBOOK')).stock).toBe(1);
  });
});
