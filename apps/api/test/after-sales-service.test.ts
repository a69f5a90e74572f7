// After-sales service through real HTTP on a real database (spec 3 §2.8, §4, §5; ADRs 0199–0201):
// warranty registration (visitors too, one per device and customer, the binding checked through
// devices), repair requests with private photos and the console's desk whose steps reach the
// patient as notices, and dealer enquiries — each endpoint in the order: authentication, bad
// input, somebody else's object, the happy path.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isUpkeepCode } from '@glucoguard/domain';
import { ProductCategory, ProductModel } from '../src/contexts/after-sales/catalogue/catalogue.entity';
import { provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';
import { b64, png1x1 } from './upload/images';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';

let api: TestApi;
// 2026-11-20 10:00 in China.
const clock = testClock();
let owner: Awaited<ReturnType<typeof registeredCustomer>>;
let other: Awaited<ReturnType<typeof registeredCustomer>>;
let operator: Awaited<ReturnType<typeof signedInStaff>>;
let pharmacist: Awaited<ReturnType<typeof signedInStaff>>;
let meterType: ProductCategory;
let meterModel: ProductModel;
let bpModel: ProductModel;
let scaleCategory: ProductCategory;

async function catalogue() {
  const em = api.app.orm.em.fork();
  const tag = randomUUID().slice(0, 8);
  const category = (name: string) =>
    em.create(ProductCategory, { code: `t-${name}-${tag}`, name, iconUrl: '', sort: 0, status: 1, updatedAt: clock() });
  const [glucose, pressure, scale] = [category('测试血糖仪'), category('测试血压计'), category('测试体重秤')];
  await em.flush();
  const model = (categoryId: number, name: string, deviceType: number, warMonths: number) =>
    em.create(ProductModel, {
      code: `t-${name}-${tag}`,
      categoryId,
      name,
      iconUrl: 'uploads/273/model.png',
      deviceType,
      warMonths,
      videoUrl: 'https://video.example.com/gg.mp4',
      manualUrl: 'uploads/manuals/gg.pdf',
      manualImages: ['uploads/manuals/gg-1.png', 'uploads/manuals/gg-2.png'],
      remark: '请在室温下使用',
      warUrl: '',
      warrantyRemark: '整机保修一年',
      // Before any seeded model, so the device type's first model is this one.
      sort: -100,
      status: 1,
      updatedAt: clock(),
    });
  const meter = model(glucose.id, '测试血糖仪G1', 0, 12);
  const bp = model(pressure.id, '测试血压计B1', 1, 24);
  await em.flush();
  return { glucose, scale, meter, bp };
}

let imeiCounter = 0;
const nextImei = () =>
  `86300000${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;

async function provision(kind: 'glucose' | 'bp' = 'glucose') {
  const imei = nextImei();
  const { bindCode } = await provisionDevice(api.app.orm.em.fork(), { imei, kind, model: 'GG-1' }, clock());
  return { imei, bindCode };
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  owner = await registeredCustomer(api, '王秀英');
  other = await registeredCustomer(api, '李建国');
  operator = await signedInStaff(api, 'operator', { now: clock() });
  pharmacist = await signedInStaff(api, 'pharmacist', { now: clock() });
  ({ glucose: meterType, scale: scaleCategory, meter: meterModel, bp: bpModel } = await catalogue());
});
afterAll(async () => api?.close());

describe('warranty registration', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    phone: '13812345678',
    orderTimeStr: '2026-11-01',
    deviceImei: nextImei(),
    productId: meterModel.id,
    ...over,
  });

  it('needs a session', async () => {
    expect(await failure(api.client().POST('/product/v1/productPurchase/add', { body: form() }))).toMatchObject({
      code: 40100,
    });
  });

  it.each([
    ['a wrong phone', { phone: '1381234567' }, '请输入正确的手机号'],
    ['no purchase date', { orderTimeStr: '' }, '请选择购买日期'],
    ['a purchase date after today', { orderTimeStr: '2026-11-21' }, '购买日期不能晚于今天'],
    ['no device code', { deviceImei: '' }, '请扫描或输入正确的设备IMEI'],
    ['an unknown device without a model', { productId: undefined }, '请选择产品型号'],
    ['a hidden or unknown model', { productId: 999_999 }, '请选择产品型号'],
  ])('refuses %s', async (_name, over, errMsg) => {
    const visitor = await signInNewVisitor(api);
    expect(
      await failure(visitor.client.POST('/product/v1/productPurchase/add', { body: form(over) as never })),
    ).toMatchObject({ code: 40000, errMsg });
  });

  it('lets a visitor register from /addProduct and answers the session’s customer id, never a body field', async () => {
    const visitor = await signInNewVisitor(api);
    const body = form({ openId: owner.signIn.openid });
    const cid = await visitor.client.POST('/product/v1/productPurchase/add', { body });
    expect(cid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cid).not.toBe(owner.cid);
    // The record is the visitor's, whatever openId the body named.
    const found = await operator.client.GET('/console/v1/after-sales/warranties', {
      params: { query: { keyword: body.deviceImei } },
    });
    expect(found.items.map((w) => w.customerId)).toEqual([cid]);
    // The list is a registered customer's page.
    expect(
      await failure(visitor.client.GET('/customerWarrantyOrder/v1/pageQueryList', { params: { query: {} } })),
    ).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });

  it('finds the model of a bound meter, takes the customer’s own phone, and registers a device once per customer', async () => {
    const { imei, bindCode } = await provision('glucose');
    await owner.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
    const made = await owner.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei: imei, orderTimeStr: '2026-11-10' },
    });
    expect(made).toMatchObject({
      productId: meterModel.id,
      goodsName: '测试血糖仪G1',
      deviceImei: imei,
      orderTime: '2026-11-10',
      deviceType: 0,
      warTime: 12,
      phone: owner.phone,
      expired: false,
      warrantyEnd: '2027-11-09',
    });
    expect(
      await failure(
        owner.client.POST('/customerWarrantyOrder/v1/add', { body: { deviceImei: imei, orderTimeStr: '2026-11-10' } }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '该设备已登记，请勿重复登记' });
    // Somebody else may not register the meter bound to the owner.
    expect(
      await failure(
        other.client.POST('/customerWarrantyOrder/v1/add', { body: { deviceImei: imei, orderTimeStr: '2026-11-10' } }),
      ),
    ).toMatchObject({ code: 40300, errMsg: '该设备已被他人绑定' });
  });

  it('takes a device code in any case as one device: sn12ab34 and SN12AB34 are registered once', async () => {
    const made = await owner.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei: ' sn12ab34 ', orderTimeStr: '2026-11-01', productId: bpModel.id },
    });
    expect(made.deviceImei).toBe('SN12AB34');
    expect(
      await failure(
        owner.client.POST('/customerWarrantyOrder/v1/add', {
          body: { deviceImei: 'SN12AB34', orderTimeStr: '2026-11-01', productId: bpModel.id },
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '该设备已登记，请勿重复登记' });
    const found = await operator.client.GET('/console/v1/after-sales/warranties', {
      params: { query: { keyword: 'sn12AB34' } },
    });
    expect(found.items.map((w) => w.warrantyId)).toEqual([made.warrantyId]);
  });

  it('counts each record from its own purchase date: an early squatter cannot expire a later owner’s warranty', async () => {
    const deviceImei = nextImei();
    const squatted = await owner.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei, orderTimeStr: '2020-01-01', productId: bpModel.id },
    });
    expect(squatted).toMatchObject({ orderTime: '2020-01-01', expired: true, warrantyEnd: '2021-12-31' });
    const second = await other.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei, orderTimeStr: '2026-11-15', productId: bpModel.id, phone: '13912345678' },
    });
    expect(second).toMatchObject({
      orderTime: '2026-11-15',
      warTime: 24,
      expired: false,
      warrantyEnd: '2028-11-14',
      phone: '13912345678',
    });
    const listed = await other.client.GET('/customerWarrantyOrder/v1/getById', {
      params: { query: { warrantyId: second.warrantyId } },
    });
    expect(listed).toMatchObject({ expired: false, warrantyEnd: '2028-11-14' });
  });

  it('lists the customer’s products in pages of 5 and shows one with its model’s manual; others’ are refused', async () => {
    const mine = await owner.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei: nextImei(), orderTimeStr: '2024-01-05', productId: meterModel.id },
    });
    expect(mine.expired).toBe(true);
    const page = await owner.client.GET('/customerWarrantyOrder/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 5 } },
    });
    expect(page.items[0]?.warrantyId).toBe(mine.warrantyId);
    expect(page.items.length).toBeLessThanOrEqual(5);
    const detail = await owner.client.GET('/customerWarrantyOrder/v1/getById', {
      params: { query: { warrantyId: mine.warrantyId } },
    });
    expect(detail).toMatchObject({
      warrantyId: mine.warrantyId,
      videoUrl: 'https://video.example.com/gg.mp4',
      manualUrl: 'uploads/manuals/gg.pdf',
      manualImages: ['uploads/manuals/gg-1.png', 'uploads/manuals/gg-2.png'],
      remark: '请在室温下使用',
    });
    expect(
      await failure(
        other.client.GET('/customerWarrantyOrder/v1/getById', { params: { query: { warrantyId: mine.warrantyId } } }),
      ),
    ).toMatchObject({ code: 40300 });
    expect(
      await failure(
        owner.client.GET('/customerWarrantyOrder/v1/getById', { params: { query: { warrantyId: 2_000_000_000 } } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '保修记录不存在' });
  });

  it('lets operators search the records by IMEI or phone, and refuses other roles', async () => {
    const deviceImei = nextImei();
    await owner.client.POST('/customerWarrantyOrder/v1/add', {
      body: { deviceImei, orderTimeStr: '2026-10-01', productId: meterModel.id },
    });
    expect(
      await failure(pharmacist.client.GET('/console/v1/after-sales/warranties', { params: { query: {} } })),
    ).toMatchObject({ code: 40300 });
    const byImei = await operator.client.GET('/console/v1/after-sales/warranties', {
      params: { query: { keyword: deviceImei } },
    });
    expect(byImei.items).toHaveLength(1);
    expect(byImei.items[0]).toMatchObject({ deviceImei, customerId: owner.cid, customerName: '王秀英' });
    const byPhone = await operator.client.GET('/console/v1/after-sales/warranties', {
      params: { query: { keyword: owner.phone } },
    });
    expect(byPhone.items.every((w) => w.customerId === owner.cid)).toBe(true);
    expect(byPhone.total).toBeGreaterThanOrEqual(4);
  });
});

describe('repair requests', () => {
  const upload = async (client: typeof owner.client) =>
    (await client.POST('/common/v1/uploadImage', { body: { data: b64(png1x1()), businessCode: 277 } })).path;
  const form = (over: Record<string, unknown> = {}) => ({
    name: '王秀英',
    phone: '138-1234-5678',
    address: '广东省深圳市南山区科苑路15号',
    categoryId: meterType.id,
    productId: meterModel.id,
    purchaseDateStr: '2026-10-01',
    batchNo: 'B2026-10',
    deviceImei: '863000001234567',
    malfunctionContent: '开机后屏幕不亮，换了电池也不行',
    ...over,
  });

  it('asks visitors to register first', async () => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(visitor.client.POST('/productUpkeep/v1/add', { body: form() }))).toMatchObject({
      code: 40300,
      errMsg: '请先注册',
    });
    expect(
      await failure(visitor.client.GET('/productUpkeep/v1/page', { params: { query: { status: 0 } } })),
    ).toMatchObject({ code: 40300 });
  });

  it.each([
    ['no contact person', { name: '' }, '请填写联系人'],
    ['no phone', { phone: '' }, '请填写联系电话'],
    ['a wrong phone', { phone: '12812345678' }, '请输入正确的电话号码！'],
    ['no category', { categoryId: undefined }, '请选择品类'],
    ['no purchase date', { purchaseDateStr: '' }, '请选择购买日期'],
    ['a purchase date after today', { purchaseDateStr: '2026-11-21' }, '请选择1900-01-01至今天之间的购买日期'],
    ['no fault description', { malfunctionContent: ' ' }, '请选择故障描述'],
    ['five voucher photos', { certificateUrl: 'a,b,c,d,e' }, '最多只能上传4张图片'],
    [
      'a photo that is not a repair upload',
      { malfunctionUrl: 'uploads/273/2026/11/20/abc.png' },
      '图片地址不正确，请重新上传',
    ],
    ['an unknown category', { categoryId: 999_999 }, '请选择品类'],
  ])('refuses %s', async (_name, over, errMsg) => {
    expect(await failure(owner.client.POST('/productUpkeep/v1/add', { body: form(over) as never }))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('refuses a model of another category', async () => {
    expect(
      await failure(
        owner.client.POST('/productUpkeep/v1/add', { body: form({ categoryId: scaleCategory.id }) as never }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '请选择型号' });
  });

  it('files a request with two photo groups, lists it, and shows it to its owner only, photos signed for them', async () => {
    const [voucher, fault1, fault2] = [
      await upload(owner.client),
      await upload(owner.client),
      await upload(owner.client),
    ];
    const made = await owner.client.POST('/productUpkeep/v1/add', {
      body: form({ certificateUrl: voucher, malfunctionUrl: `${fault1},${fault2}` }),
    });
    expect(isUpkeepCode(made.upkeepCode)).toBe(true);
    const page = await owner.client.GET('/productUpkeep/v1/page', {
      params: { query: { pageNo: 1, pageSize: 7, status: 0 } },
    });
    expect(page).toMatchObject({ pageNo: 1, pageCount: 1 });
    expect(page.list[0]).toMatchObject({
      upkeepId: made.upkeepId,
      upkeepCode: made.upkeepCode,
      categoryName: '测试血糖仪',
      productName: '测试血糖仪G1',
      createTime: '2026-11-20 10:00:00',
      status: 0,
    });
    const done = await owner.client.GET('/productUpkeep/v1/page', { params: { query: { status: 1 } } });
    expect(done.list).toEqual([]);

    const detail = await owner.client.GET('/productUpkeep/v1/query', {
      params: { query: { upkeepId: made.upkeepId } },
    });
    expect(detail).toMatchObject({
      name: '王秀英',
      phone: '13812345678',
      purchaseDateStr: '2026-10-01',
      batchNo: 'B2026-10',
      status: 0,
      remark: '',
    });
    expect(detail.certificateImages).toHaveLength(1);
    expect(detail.malfunctionImages).toHaveLength(2);
    expect(detail.certificateImages[0]).toMatch(new RegExp(`^${voucher}\\?exp=\\d+&cid=${owner.cid}&sig=`));
    expect(detail.malfunctionUrl).toBe(detail.malfunctionImages.join(','));
    expect((await fetch(`${api.baseUrl}/files/${detail.certificateImages[0]}`)).status).toBe(200);
    // Unsigned, or signed for somebody else, the photo stays private.
    expect((await fetch(`${api.baseUrl}/files/${voucher}`)).status).toBe(403);
    expect(
      await failure(other.client.GET('/productUpkeep/v1/query', { params: { query: { upkeepId: made.upkeepId } } })),
    ).toMatchObject({ code: 40300 });
    expect(
      await failure(owner.client.GET('/productUpkeep/v1/query', { params: { query: { upkeepId: 2_000_000_000 } } })),
    ).toMatchObject({ code: 40400, errMsg: '报修单不存在' });
  });

  it('takes a request through the console desk; each step reaches the patient as a notice opening the request', async () => {
    const fault = await upload(owner.client);
    const { upkeepId, upkeepCode } = await owner.client.POST('/productUpkeep/v1/add', {
      body: form({ malfunctionUrl: fault }),
    });
    const desk = (path: 'assign' | 'result' | 'complete', body: object, who = operator) =>
      who.client.POST(
        `/console/v1/after-sales/repairs/{upkeepId}/${path}` as '/console/v1/after-sales/repairs/{upkeepId}/assign',
        {
          params: { path: { upkeepId } },
          body: body as never,
        },
      );

    expect(
      await failure(pharmacist.client.GET('/console/v1/after-sales/repairs', { params: { query: { status: 0 } } })),
    ).toMatchObject({ code: 40300 });
    expect(await failure(desk('assign', { staffId: operator.staff.id }, pharmacist))).toMatchObject({ code: 40300 });

    const queue = await operator.client.GET('/console/v1/after-sales/repairs', {
      params: { query: { status: 0, keyword: upkeepCode } },
    });
    expect(queue.items.map((r) => r.upkeepId)).toEqual([upkeepId]);
    const seen = await operator.client.GET('/console/v1/after-sales/repairs/{upkeepId}', {
      params: { path: { upkeepId } },
    });
    expect(seen.malfunctionImages[0]).toMatch(new RegExp(`cid=s_${operator.staff.id}&`));
    expect((await fetch(`${api.baseUrl}/files/${seen.malfunctionImages[0]}`)).status).toBe(200);

    const assignees = await operator.client.GET('/console/v1/after-sales/assignees');
    expect(assignees.map((a) => a.staffId)).toContain(operator.staff.id);
    expect(assignees.map((a) => a.staffId)).not.toContain(pharmacist.staff.id);
    expect(await failure(desk('assign', { staffId: pharmacist.staff.id }))).toMatchObject({
      code: 40000,
      errMsg: '请选择处理人',
    });
    expect(await failure(desk('complete', {}))).toMatchObject({ code: 40000, errMsg: '请填写处理结果' });

    // Whatever was queued before is sent first, so the outbox below holds only this request's messages.
    await api.app.noticePush.runOnce();
    const outbox = api.app.providers.noticePusher as LocalPushOutbox;
    const sentBefore = outbox.list().length;

    const assigned = await desk('assign', { staffId: operator.staff.id });
    expect(assigned).toMatchObject({ assigneeId: operator.staff.id, status: 0 });
    await desk('result', { remark: '已寄出新的屏幕排线，请注意查收' });
    const completed = await desk('complete', { remark: '已更换屏幕排线，设备恢复正常' });
    expect(completed).toMatchObject({ status: 1, remark: '已更换屏幕排线，设备恢复正常' });
    expect(completed.steps.map((s) => s.kind)).toEqual(['assign', 'result', 'complete']);
    expect(await failure(desk('result', { remark: '再补充一句' }))).toMatchObject({
      code: 40900,
      errMsg: '报修单已完成',
    });

    const mine = await owner.client.GET('/productUpkeep/v1/query', { params: { query: { upkeepId } } });
    expect(mine).toMatchObject({ status: 1, remark: '已更换屏幕排线，设备恢复正常' });
    const notices = await owner.client.GET('/notice/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 10 } },
    });
    const repairNotices = notices.items.filter((n) => n.kind === 'repair' && n.text.includes(upkeepCode));
    expect(repairNotices.map((n) => n.title)).toEqual(['报修已完成', '报修处理进展', '报修已受理']);
    expect(repairNotices.every((n) => n.link === `/faultServiceDetail?upkeepId=${upkeepId}`)).toBe(true);
    // Each step also goes out as a template message that opens the request.
    expect(await api.app.noticePush.runOnce()).toMatchObject({ sent: 3, failed: 0 });
    const pushed = outbox.list().slice(sentBefore);
    expect(pushed.map((m) => m.fields.result)).toEqual(['已受理', '处理中', '已完成']);
    expect(pushed.every((m) => m.openid === owner.signIn.openid && m.fields.value === upkeepCode)).toBe(true);
    expect(pushed.every((m) => m.path === `/faultServiceDetail?upkeepId=${upkeepId}`)).toBe(true);
    // Others hear nothing of it.
    const theirs = await other.client.GET('/notice/v1/pageQueryList', {
      params: { query: { pageNo: 1, pageSize: 10 } },
    });
    expect(theirs.items.filter((n) => n.kind === 'repair')).toEqual([]);
  });

  it('runs two steps at once one after another: a complete without a remark keeps the result recorded just before, never a stale one', async () => {
    for (const round of [1, 2, 3]) {
      const { upkeepId } = await owner.client.POST('/productUpkeep/v1/add', { body: form() });
      const desk = (path: 'result' | 'complete', body: object) =>
        operator.client.POST(
          `/console/v1/after-sales/repairs/{upkeepId}/${path}` as '/console/v1/after-sales/repairs/{upkeepId}/result',
          { params: { path: { upkeepId } }, body: body as never },
        );
      const earlier = `第${round}次：已寄出检测工具`;
      const later = `第${round}次：已更换电池仓，设备恢复正常`;
      await desk('result', { remark: earlier });
      const [result, complete] = await Promise.allSettled([desk('result', { remark: later }), desk('complete', {})]);
      expect(complete.status).toBe('fulfilled');
      const seen = await operator.client.GET('/console/v1/after-sales/repairs/{upkeepId}', {
        params: { path: { upkeepId } },
      });
      // The result either came first and is what the request completed with, or came second and
      // was refused as the request was already completed.
      if (result.status === 'fulfilled') {
        expect(seen).toMatchObject({ status: 1, remark: later });
      } else {
        expect(result.reason).toMatchObject({ code: 40900, errMsg: '报修单已完成' });
        expect(seen).toMatchObject({ status: 1, remark: earlier });
      }
      expect(seen.steps.at(-1)).toMatchObject({ kind: 'complete', text: seen.remark });
    }
  });
});

describe('dealer enquiries', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    purchaser: '陈经理',
    phone: '139 1234 5678',
    productName: '血糖仪G1',
    account: '200',
    saleChannel: '连锁药店',
    saleArea: '华南',
    remark: '希望了解批发价格',
    ...over,
  });
  // Every test here sends from one address: each starts a fresh hour of the per-address limit
  // (10 an hour, ADR 0216), which client-limits.test.ts checks.
  beforeEach(() => clock.advance(60 * 60 * 1000));

  it('needs a session', async () => {
    expect(await failure(api.client().POST('/dealer/v1/add', { body: form() }))).toMatchObject({ code: 40100 });
  });

  it.each([
    [{ purchaser: '' }, '请输入采购人姓名！'],
    [{ phone: '' }, '联系电话！'],
    [{ phone: '12345678901' }, '请输入正确的电话号码！'],
    [{ productName: '' }, '采购商品名称！'],
    [{ account: '' }, '采购商品数量！'],
    [{ account: '0' }, '请输入正确的采购数量！'],
    [{ saleChannel: '' }, '销售渠道！'],
    [{ saleArea: '' }, '销售区域！'],
  ])('refuses %j with the message of that field', async (over, errMsg) => {
    const visitor = await signInNewVisitor(api);
    expect(await failure(visitor.client.POST('/dealer/v1/add', { body: form(over) }))).toMatchObject({
      code: 40000,
      errMsg,
    });
  });

  it('takes a visitor’s enquiry, five a day, and the console lists and handles it once', async () => {
    const visitor = await signInNewVisitor(api);
    const purchaser = `陈${randomUUID().slice(0, 4)}`;
    const { enquiryId } = await visitor.client.POST('/dealer/v1/add', { body: form({ purchaser, account: 200 }) });
    for (let i = 0; i < 4; i += 1) {
      await visitor.client.POST('/dealer/v1/add', { body: form() });
    }
    expect(await failure(visitor.client.POST('/dealer/v1/add', { body: form() }))).toMatchObject({
      code: 42900,
      errMsg: '提交太频繁，请明天再试',
    });

    expect(
      await failure(pharmacist.client.GET('/console/v1/after-sales/dealers', { params: { query: {} } })),
    ).toMatchObject({ code: 40300 });
    const open = await operator.client.GET('/console/v1/after-sales/dealers', {
      params: { query: { handled: 0, keyword: purchaser } },
    });
    expect(open.items).toHaveLength(1);
    expect(open.items[0]).toMatchObject({
      enquiryId,
      purchaser,
      phone: '13912345678',
      account: 200,
      handled: 0,
    });
    expect(open.items[0]?.customerId).not.toBe(owner.cid);
    const handled = await operator.client.POST('/console/v1/after-sales/dealers/{enquiryId}/handle', {
      params: { path: { enquiryId } },
      body: { note: '已电话联系，发送报价单' },
    });
    expect(handled).toMatchObject({ handled: 1, note: '已电话联系，发送报价单' });
    expect(handled.handledBy).toBeTruthy();
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/dealers/{enquiryId}/handle', {
          params: { path: { enquiryId } },
          body: {},
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '询价单已处理' });
    const one = await operator.client.GET('/console/v1/after-sales/dealers/{enquiryId}', {
      params: { path: { enquiryId } },
    });
    expect(one.handled).toBe(1);
  });
});
