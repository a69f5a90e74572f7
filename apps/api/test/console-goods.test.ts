// The mall in the console (goods.manage: operators and admins), through real HTTP on a real
// database: what staff change is what patients find, and every change is audited
// (docs/adr/0175-goods-containers-categories-and-stock.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { doctorRecord, signedInStaff } from './staff-fixtures';
import { b64, png1x1 } from './upload/images';

let api: TestApi;
let operator: Awaited<ReturnType<typeof signedInStaff>>;
let patient: Awaited<ReturnType<typeof registeredCustomer>>;
let container: Schema<'GoodsContainer'>;
let category: Schema<'GoodsCategory'>;

const draft = (over: Partial<Schema<'GoodsInput'>> = {}): Schema<'GoodsInput'> => ({
  goodsName: '指尖血氧仪（家用）',
  remark: '夹上手指，十秒出数',
  salesMode: 'rmb',
  goodsValue: 9900,
  postage: 0,
  maximum: 2,
  stock: 5,
  receiveType: '0',
  payType: '1',
  containerId: container.containerId,
  categoryId: category.categoryId,
  ...over,
});

const auditOf = (target: string) => api.app.em.fork().find(AuditEvent, { target }, { orderBy: { id: 'asc' } });

const patientList = async () =>
  (
    await patient.client.GET('/goods/v1/getListByContainerId', {
      params: { query: { containerId: container.containerId, pageSize: 50 } },
    })
  ).items.map((g) => g.goodsName);

beforeAll(async () => {
  api = await startTestApi();
  operator = await signedInStaff(api, 'operator');
  patient = await registeredCustomer(api, '看新品的人');
  container = await operator.client.POST('/console/v1/goodsContainers', {
    body: { containerName: '积分商城', remark: '积分兑好物', sort: 5 },
  });
  category = await operator.client.POST('/console/v1/goodsCategories', {
    body: { containerId: container.containerId, categoryName: '家用仪器', sort: 1 },
  });
});
afterAll(() => api.close());

describe('who may manage the mall', () => {
  it('requires a staff token: a customer session or none is 40100', async () => {
    expect(await failure(api.client().GET('/console/v1/goods'))).toMatchObject({ code: 40100 });
    expect(await failure(patient.client.GET('/console/v1/goods'))).toMatchObject({ code: 40100 });
  });

  it.each<StaffRole>(['doctor', 'pharmacist'])('refuses a %s with 无权限', async (role) => {
    const doctorId =
      role === 'doctor' ? (await doctorRecord(api, { name: '柜台外的医生', title: '主治医师' })).id : undefined;
    const other = await signedInStaff(api, role, { doctorId });
    expect(await failure(other.client.GET('/console/v1/goods'))).toMatchObject({ code: 40300, errMsg: '无权限' });
    expect(await failure(other.client.POST('/console/v1/goods', { body: draft() }))).toMatchObject({ code: 40300 });
  });

  it('lets an admin in as well as an operator', async () => {
    const admin = await signedInStaff(api, 'admin');
    const page = await admin.client.GET('/console/v1/goods', { params: { query: { pageSize: 5 } } });
    expect(page).toMatchObject({ currentPage: 1 });
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('containers and categories', () => {
  it('adds them, lists hidden ones to staff and shows only status 1 to patients', async () => {
    const hidden = await operator.client.POST('/console/v1/goodsContainers', {
      body: { containerName: '内部测试柜台', status: 0 },
    });
    const all = await operator.client.GET('/console/v1/goodsContainers');
    expect(all.items.map((c) => c.containerName)).toEqual(expect.arrayContaining(['积分商城', '内部测试柜台']));
    const shown = await patient.client.GET('/goods/v1/queryGoodsContainerList');
    expect(shown.map((c) => c.containerName)).toContain('积分商城');
    expect(shown.map((c) => c.containerName)).not.toContain('内部测试柜台');
    expect((await auditOf(`goodsContainer:${hidden.containerId}`)).map((e) => e.action)).toEqual([
      'goods.container.create',
    ]);
  });

  it('refuses a blank or emoji name and a category of an unknown container', async () => {
    expect(
      await failure(operator.client.POST('/console/v1/goodsContainers', { body: { containerName: '好物🎁' } })),
    ).toMatchObject({ code: 40000, errMsg: '请填写商城名称（1–20个字，不含表情）' });
    expect(
      await failure(
        operator.client.POST('/console/v1/goodsCategories', { body: { containerId: 99999999, categoryName: '其他' } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '商城不存在' });
  });

  it('renames a category and hides it from patients', async () => {
    const extra = await operator.client.POST('/console/v1/goodsCategories', {
      body: { containerId: container.containerId, categoryName: '临时分类' },
    });
    const changed = await operator.client.POST('/console/v1/goodsCategories/{categoryId}', {
      params: { path: { categoryId: extra.categoryId } },
      body: { containerId: container.containerId, categoryName: '季节限定', status: 0 },
    });
    expect(changed).toMatchObject({ categoryName: '季节限定', status: 0 });
    const shown = await patient.client.GET('/goods/v1/getCategorys', {
      params: { query: { containerId: container.containerId } },
    });
    expect(shown.map((c) => c.categoryName)).toEqual(['家用仪器']);
    expect((await auditOf(`goodsCategory:${extra.categoryId}`)).map((e) => e.action)).toEqual([
      'goods.category.create',
      'goods.category.update',
    ]);
  });
});

describe('goods', () => {
  it('adds a goods item that patients then find, with its first stock', async () => {
    const made = await operator.client.POST('/console/v1/goods', { body: draft() });
    expect(made).toMatchObject({ goodsName: '指尖血氧仪（家用）', stock: 5, status: 1, categoryName: '家用仪器' });
    expect(made.goodsCode).toMatch(/^G-[0-9A-F]{8}$/);
    expect(await patientList()).toContain('指尖血氧仪（家用）');
    expect((await auditOf(`goods:${made.goodsId}`)).map((e) => e.action)).toEqual(['goods.create']);
  });

  it.each<[Partial<Schema<'GoodsInput'>>, string]>([
    [{ goodsValue: 0 }, '请填写商品价格'],
    [{ salesMode: 'score', scoreValue: 0 }, '请填写兑换所需积分'],
    [{ salesMode: 'paper' }, '请填写兑换所需试纸条数'],
    [{ servicePackage: 1 }, '请填写套餐月数（1–60）'],
    [{ servicePackage: 1, rechargePackage: 1, packageMonths: 12 }, '服务包与流量包只能选一种'],
    [{ categoryId: 99999999 }, '分类不存在'],
    [{ packageGoodsIds: '99999999' }, '可用套餐中有不存在的商品'],
    [{ adHrefUrl: 'javascript:alert(1)' }, '广告链接须为站内路径（以 / 开头）或 https 地址'],
    [{ receiveType: '1', payType: '2' }, '只收货到付款的商品须支持邮寄（货到付款不能自提）'],
  ])('refuses %j with its message', async (over, errMsg) => {
    expect(await failure(operator.client.POST('/console/v1/goods', { body: draft(over) }))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('refuses a category of another container', async () => {
    const other = await operator.client.POST('/console/v1/goodsContainers', { body: { containerName: '另一个商城' } });
    expect(
      await failure(operator.client.POST('/console/v1/goods', { body: draft({ containerId: other.containerId }) })),
    ).toMatchObject({ code: 40000, errMsg: '分类不属于所选商城' });
  });

  it('stores 0 for what the sales mode does not use', async () => {
    const made = await operator.client.POST('/console/v1/goods', {
      body: draft({
        goodsName: '积分兑换：计步器',
        salesMode: 'score',
        scoreValue: 1200,
        goodsValue: 500,
        maxUsableScore: 9,
      }),
    });
    expect(made).toMatchObject({ salesMode: 'score', scoreValue: 1200, goodsValue: 0, maxUsableScore: 0 });
  });

  it('edits everything but the stock, and lists what changed in the audit', async () => {
    const made = await operator.client.POST('/console/v1/goods', { body: draft({ goodsName: '电子体温计' }) });
    const edited = await operator.client.POST('/console/v1/goods/{goodsId}', {
      params: { path: { goodsId: made.goodsId } },
      body: draft({ goodsName: '电子体温计（软头）', goodsValue: 3900, stock: 999 }),
    });
    expect(edited).toMatchObject({ goodsName: '电子体温计（软头）', goodsValue: 3900, stock: 5 });
    const [, update] = await auditOf(`goods:${made.goodsId}`);
    expect(update).toMatchObject({ action: 'goods.update', detail: { changed: ['goodsName', 'goodsValue'] } });
    expect(
      await failure(
        operator.client.POST('/console/v1/goods/{goodsId}', {
          params: { path: { goodsId: made.goodsId } },
          body: draft({ packageGoodsIds: String(made.goodsId) }),
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '可用套餐不能包含商品自身' });
  });

  it('adds to and takes from the stock, never below 0', async () => {
    const made = await operator.client.POST('/console/v1/goods', {
      body: draft({ goodsName: '血糖记录本', stock: 2 }),
    });
    const path = { goodsId: made.goodsId };
    expect(
      await operator.client.POST('/console/v1/goods/{goodsId}/stock', { params: { path }, body: { change: 8 } }),
    ).toMatchObject({ stock: 10 });
    expect(
      await operator.client.POST('/console/v1/goods/{goodsId}/stock', { params: { path }, body: { change: -3 } }),
    ).toMatchObject({ stock: 7 });
    expect(
      await failure(
        operator.client.POST('/console/v1/goods/{goodsId}/stock', { params: { path }, body: { change: -8 } }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '库存不足' });
    expect(
      await failure(
        operator.client.POST('/console/v1/goods/{goodsId}/stock', { params: { path }, body: { change: 0 } }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '库存变动须为非零整数' });
    expect(await operator.client.GET('/console/v1/goods/{goodsId}', { params: { path } })).toMatchObject({ stock: 7 });
    const stockAudit = (await auditOf(`goods:${made.goodsId}`)).filter((e) => e.action === 'goods.stock');
    expect(stockAudit.map((e) => e.detail)).toEqual([
      { change: 8, stock: 10 },
      { change: -3, stock: 7 },
    ]);
  });

  it('takes an item off shelf: gone from the list, 商品已下架 on buying, back on shelf again', async () => {
    const made = await operator.client.POST('/console/v1/goods', { body: draft({ goodsName: '足部护理霜' }) });
    const path = { goodsId: made.goodsId };
    await operator.client.POST('/console/v1/goods/{goodsId}/shelf', { params: { path }, body: { status: 0 } });
    expect(await patientList()).not.toContain('足部护理霜');
    expect(
      await failure(patient.client.GET('/goods/v1/buyValid', { params: { query: { goodsId: made.goodsId } } })),
    ).toMatchObject({ code: 40900, errMsg: '商品已下架' });
    await operator.client.POST('/console/v1/goods/{goodsId}/shelf', { params: { path }, body: { status: 1 } });
    expect(await patientList()).toContain('足部护理霜');
  });

  it('marks an item hot and recommended, which puts it in those columns', async () => {
    const made = await operator.client.POST('/console/v1/goods', { body: draft({ goodsName: '控糖代餐粉' }) });
    const query = { containerId: container.containerId };
    expect((await patient.client.GET('/goods/v1/listHotByContainerId', { params: { query } })).length).toBe(0);
    const flagged = await operator.client.POST('/console/v1/goods/{goodsId}/flags', {
      params: { path: { goodsId: made.goodsId } },
      body: { hot: 1, recommend: 1, sort: 3 },
    });
    expect(flagged).toMatchObject({ hot: 1, recommend: 1, sort: 3 });
    const hot = await patient.client.GET('/goods/v1/listHotByContainerId', { params: { query } });
    expect(hot.map((g) => g.goodsName)).toEqual(['控糖代餐粉']);
    const recommended = await patient.client.GET('/goods/v1/listRecommendByContainerId', { params: { query } });
    expect(recommended.map((g) => g.goodsName)).toEqual(['控糖代餐粉']);
  });

  it('filters the console list by keyword (name or code), status and container', async () => {
    const page = await operator.client.GET('/console/v1/goods', {
      params: { query: { containerId: container.containerId, keyword: '体温', status: 1 } },
    });
    expect(page.items.map((g) => g.goodsName)).toEqual(['电子体温计（软头）']);
    const byCode = await operator.client.GET('/console/v1/goods', {
      params: { query: { keyword: page.items[0]!.goodsCode } },
    });
    expect(byCode.total).toBe(1);
  });

  it('stores a picture and answers a path patients can load', async () => {
    const stored = await operator.client.POST('/console/v1/goodsImages', { body: { data: b64(png1x1()) } });
    expect(stored.path).toMatch(/^uploads\/273\//);
    const made = await operator.client.POST('/console/v1/goods', {
      body: draft({ goodsName: '带图的商品', goodsUrl: stored.path, iconUrl: stored.path }),
    });
    expect(made.iconUrl).toBe(stored.path);
    expect((await fetch(`${api.baseUrl}/files/${stored.path}`)).status).toBe(200);
  });
});
