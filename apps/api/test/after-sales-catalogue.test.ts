// The after-sales catalogue (spec 3 §2.8), through real HTTP on a real database with the seed:
// visitors read it, operators and admins keep it in the console (audited), and rich text never
// carries a script whichever way it got into the table (docs/adr/0195, 0196, 0197, 0198).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '@glucoguard/sdk';
import { AuditEvent } from '../src/contexts/platform/audit/auditEvent.entity';
import { ProductGuide, ServicePolicyText } from '../src/contexts/after-sales/catalogue/catalogue.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';
import { b64, png1x1 } from './upload/images';

let api: TestApi;
let visitor: Awaited<ReturnType<typeof signInNewVisitor>>;
let operator: Awaited<ReturnType<typeof signedInStaff>>;

const HOSTILE =
  '<p onclick="steal()">先洗手<script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">点我</a><iframe src="https://evil.example/"></iframe>' +
  '<a href="https://mp.weixin.qq.com/s/ok">服务号文章</a><span style="color:#c00;position:fixed">红字</span>';

const expectClean = (html: string) => {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|position/i);
};

const categories = () => visitor.client.GET('/product/v1/queryCategoryList');
const meterType = async () => (await categories()).find((c) => c.name === '血糖仪')!;
const g1 = async () =>
  (
    await visitor.client.GET('/product/v1/queryProductList', {
      params: { query: { categoryId: (await meterType()).id } },
    })
  ).find((m) => m.name.includes('G1'))!;

const guideInput = (over: Partial<Schema<'GuideInput'>>): Schema<'GuideInput'> => ({
  title: '试纸怎么保存',
  iconUrl: '',
  guideType: 1,
  categoryId: 0,
  productId: null,
  content: '<p>盖紧瓶盖</p>',
  contentUrl: '',
  sort: 9,
  status: 1,
  ...over,
});

beforeAll(async () => {
  api = await startTestApi();
  visitor = await signInNewVisitor(api, 3);
  operator = await signedInStaff(api, 'operator');
});
afterAll(() => api.close());

describe('the catalogue for patients and visitors', () => {
  it('needs a session (a visitor one will do)', async () => {
    expect(await failure(api.client().GET('/product/v1/queryCategoryList'))).toMatchObject({ code: 40100 });
    expect((await categories()).map((c) => c.name)).toEqual(['血糖仪', '血压计', '体重秤']);
  });

  it('refuses an emoji in a search box and bad ids', async () => {
    expect(
      await failure(visitor.client.GET('/product/v1/queryCategoryList', { params: { query: { name: '血糖😀' } } })),
    ).toMatchObject({ code: 40000, errMsg: '请不要输入表情' });
    expect(
      await failure(visitor.client.GET('/product/v1/getProductDetail', { params: { query: { productId: 0 } } })),
    ).toMatchObject({ code: 40000 });
    expect(
      await failure(visitor.client.GET('/product/v1/getProductDetail', { params: { query: { productId: 999999 } } })),
    ).toMatchObject({ code: 40400, errMsg: '产品不存在' });
  });

  it('does not read the legacy param JSON: the fields must be query parameters of their own (ADR 0197)', async () => {
    const type = await meterType();
    const param = encodeURIComponent(JSON.stringify({ categoryId: type.id }));
    const answer = await fetch(`${api.baseUrl}/product/v1/queryProductList?param=${param}`, {
      headers: { authorization: `Bearer ${visitor.signIn.token}` },
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 40000 });
  });

  it('lists a type’s models and filters them by part of the name', async () => {
    const type = await meterType();
    const models = await visitor.client.GET('/product/v1/queryProductList', {
      params: { query: { categoryId: type.id } },
    });
    expect(models.map((m) => m.name)).toEqual(['糖护 G1 4G血糖仪', '糖护 G2 蓝牙血糖仪']);
    const found = await visitor.client.GET('/product/v1/queryProductList', {
      params: { query: { categoryId: type.id, name: '蓝牙' } },
    });
    expect(found.map((m) => m.name)).toEqual(['糖护 G2 蓝牙血糖仪']);
  });

  it('gives a model with its manual (a PDF and its pages) and warranty terms', async () => {
    const detail = await visitor.client.GET('/product/v1/getProductDetail', {
      params: { query: { productId: (await g1()).id } },
    });
    expect(detail).toMatchObject({ categoryName: '血糖仪', deviceType: 0, warMonths: 12 });
    expect(detail.manualUrl).toBe('/api/product/v1/manualFile/g1-manual.pdf');
    expect(detail.manualImages).toHaveLength(4);
    const origin = api.baseUrl.replace(/\/api$/, '');
    const pdf = await fetch(`${origin}${detail.manualUrl}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const page = await fetch(`${origin}${detail.manualImages[0]}`);
    expect(page.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${api.baseUrl}/product/v1/manualFile/..%2Fsecret.pdf`)).status).toBe(400);
    expect((await fetch(`${api.baseUrl}/product/v1/manualFile/none.pdf`)).status).toBe(404);
    const picture = await fetch(`${origin}${detail.iconUrl}`);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');

    const remark = await visitor.client.GET('/product/v1/getWarrantyRemark', {
      params: { query: { productId: detail.id } },
    });
    expect(remark).toMatchObject({ productId: detail.id, warMonths: 12 });
    expect(remark.warrantyRemark).toContain('30天内');
  });

  it('gives a model’s guides with its type’s general ones, by kind', async () => {
    const model = await g1();
    const all = await visitor.client.GET('/product/v1/queryGuideList', {
      params: { query: { productId: model.id } },
    });
    expect(all.every((g) => g.productId === model.id || g.productId === null)).toBe(true);
    expect(all.every((g) => g.categoryId === model.categoryId)).toBe(true);
    const faults = await visitor.client.GET('/product/v1/queryGuideList', {
      params: { query: { productId: model.id, guideType: 2 } },
    });
    expect(faults.map((g) => g.title)).toEqual([
      '屏幕显示 E-1 怎么办？',
      '测量结果没有上传怎么办？',
      'G1 血糖仪无法开机',
    ]);
    const usage = await visitor.client.GET('/product/v1/queryGuideList', {
      params: { query: { productId: model.id, guideType: 1 } },
    });
    expect(usage.map((g) => g.title)).toEqual(['G1 血糖仪测量步骤', 'G1 血糖仪图文教程（服务号文章）']);

    const text = await visitor.client.GET('/product/v1/getGuide', {
      params: { query: { guideId: usage[0]!.guideId } },
    });
    expect(text).toMatchObject({ contentUrl: '', guideType: 1 });
    expect(text.content).toContain('<ol>');
    const redirect = await visitor.client.GET('/product/v1/getGuide', {
      params: { query: { guideId: usage[1]!.guideId } },
    });
    expect(redirect.contentUrl).toMatch(/^https:\/\/mp\.weixin\.qq\.com\//);
  });

  it('gives the guarantee platforms, their items and credentials', async () => {
    const platforms = await visitor.client.GET('/product/v1/queryPlatformList');
    expect(platforms.map((p) => p.name)).toEqual(['京东', '天猫', '拼多多']);
    const items = await visitor.client.GET('/product/v1/queryGuaranteeList', {
      params: { query: { categoryId: platforms[0]!.id } },
    });
    expect(items.map((i) => i.name)).toEqual(['正品保障', '七天无理由退换', '全国联保']);
    const item = await visitor.client.GET('/product/v1/getGuarantee', { params: { query: { id: items[0]!.id } } });
    expect(item.content).toContain('京东');
    const credential = await visitor.client.GET('/product/v1/getCredential', {
      params: { query: { id: items[0]!.id } },
    });
    expect(credential).toEqual({ id: item.id, name: '正品保障', credentialUrl: item.credentialUrl });
    expect(
      await visitor.client.GET('/product/v1/queryGuaranteeList', { params: { query: { categoryId: 999999 } } }),
    ).toEqual([]);
  });

  it('pages the authorised shops and filters them by city', async () => {
    const page = await visitor.client.GET('/product/v1/queryStoreList', {
      params: { query: { pageNo: 1, pageSize: 2 } },
    });
    expect(page).toMatchObject({ currentPage: 1, totalPage: 3, totalNum: 5 });
    expect(page.items).toHaveLength(2);
    const chengdu = await visitor.client.GET('/product/v1/queryStoreList', { params: { query: { city: '成都市' } } });
    expect(chengdu.items.map((s) => s.name)).toEqual(['糖护健康成都武侯服务中心']);
  });

  it('gives each brand its banners and its policy of five clauses with its hotline', async () => {
    const banners = await visitor.client.GET('/product/v1/queryBanners', {
      params: { query: { productCode: 'health' } },
    });
    expect(banners.map((b) => b.hrefUrl)).toEqual(['/addProduct', '/repairFilling', '/usageGuide?name=guide']);
    const health = await visitor.client.GET('/product/v1/getServicePolicy');
    const medical = await (await signInNewVisitor(api, 4)).client.GET('/product/v1/getServicePolicy');
    expect(health.hotline).toBe('400-826-0303');
    expect(medical.hotline).toBe('400-826-0404');
    expect(health.clauses.map((c) => c.title)).toEqual([
      '保修范围',
      '保修凭证',
      '服务方式',
      '24小时快速处理',
      '保外收费',
    ]);
    const text = health.clauses.map((c) => c.body).join('');
    for (const rule of ['30天内', '24小时内', '出厂日期后1个月', '手写收据无效']) {
      expect(text).toContain(rule);
    }
    expect(health.serviceHours).toBe('7:00–00:30');
  });
});

describe('the catalogue in the console', () => {
  it('requires a staff token with aftersales.catalogue', async () => {
    const patient = await registeredCustomer(api, '看说明书的人');
    expect(await failure(patient.client.GET('/console/v1/after-sales/categories'))).toMatchObject({ code: 40100 });
    const pharmacist = await signedInStaff(api, 'pharmacist');
    expect(await failure(pharmacist.client.GET('/console/v1/after-sales/categories'))).toMatchObject({
      code: 40300,
      errMsg: '无权限',
    });
    const admin = await signedInStaff(api, 'admin');
    expect((await admin.client.GET('/console/v1/after-sales/categories')).items).toHaveLength(3);
  });

  it('sanitises a guide when it is saved: no script, handler, javascript: link or iframe survives', async () => {
    const type = await meterType();
    const saved = await operator.client.POST('/console/v1/after-sales/guides', {
      body: guideInput({ categoryId: type.id, content: HOSTILE }),
    });
    expectClean(saved.content);
    expect(saved.content).toContain('<p>先洗手</p>');
    expect(saved.content).toContain('href="https://mp.weixin.qq.com/s/ok"');
    expect(saved.content).toContain('style="color:#c00"');
    const read = await visitor.client.GET('/product/v1/getGuide', { params: { query: { guideId: saved.guideId } } });
    expectClean(read.content);
    expect(read.content).toBe(saved.content);
    const audit = await api.app.em.fork().find(AuditEvent, { target: `guide:${saved.guideId}` });
    expect(audit.map((a) => a.action)).toEqual(['aftersales.guide.create']);
  });

  it('sanitises again when read: a script put in the table by hand never reaches a patient', async () => {
    const type = await meterType();
    const saved = await operator.client.POST('/console/v1/after-sales/guides', {
      body: guideInput({ categoryId: type.id }),
    });
    const em = api.app.em.fork();
    await em.nativeUpdate(ProductGuide, { id: saved.guideId }, { content: HOSTILE, contentUrl: 'javascript:alert(1)' });
    const read = await visitor.client.GET('/product/v1/getGuide', { params: { query: { guideId: saved.guideId } } });
    expectClean(read.content);
    expect(read.contentUrl).toBe('');
  });

  it('refuses a redirect that is not https, a model of another type and a guide with nothing in it', async () => {
    const type = await meterType();
    const bpm = (await categories()).find((c) => c.name === '血压计')!;
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/guides', {
          body: guideInput({ categoryId: type.id, contentUrl: 'http://example.com/' }),
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '跳转地址须为https地址' });
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/guides', {
          body: guideInput({ categoryId: bpm.id, productId: (await g1()).id }),
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '该型号不属于所选品类' });
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/guides', {
          body: guideInput({ categoryId: type.id, content: '<script>x()</script>' }),
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '请填写内容或跳转地址' });
  });

  it('hides a product type with its models and guides from patients, and shows it again', async () => {
    const created = await operator.client.POST('/console/v1/after-sales/categories', {
      body: { name: '血氧仪', iconUrl: '', sort: 9, status: 1 },
    });
    const model = await operator.client.POST('/console/v1/after-sales/products', {
      body: {
        categoryId: created.id,
        name: '糖护 O1 指夹式血氧仪',
        iconUrl: '',
        deviceType: 5,
        warMonths: 12,
        videoUrl: '',
        manualUrl: '',
        manualImages: [],
        remark: '',
        warUrl: '',
        warrantyRemark: '保修12个月',
        sort: 1,
        status: 1,
      },
    });
    expect(model).toMatchObject({ categoryName: '血氧仪', status: 1 });
    expect((await categories()).map((c) => c.name)).toContain('血氧仪');
    await operator.client.POST('/console/v1/after-sales/categories/{categoryId}', {
      params: { path: { categoryId: created.id } },
      body: { name: '血氧仪', iconUrl: '', sort: 9, status: 0 },
    });
    expect((await categories()).map((c) => c.name)).not.toContain('血氧仪');
    expect(
      await failure(visitor.client.GET('/product/v1/getProductDetail', { params: { query: { productId: model.id } } })),
    ).toMatchObject({ code: 40400 });
    const audit = await api.app.em
      .fork()
      .find(AuditEvent, { target: `category:${created.id}` }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['aftersales.category.create', 'aftersales.category.update']);
  });

  it('refuses a banner link the banner rule does not allow, and a brand it does not know', async () => {
    const banner = {
      productCode: 'health',
      imgUrl: '/api/product/v1/productImage/bannerrepair.svg',
      hrefUrl: 'javascript:alert(1)',
      title: '报修',
      sort: 1,
      status: 1,
    } as const;
    expect(await failure(operator.client.POST('/console/v1/after-sales/banners', { body: banner }))).toMatchObject({
      code: 40000,
      errMsg: '链接地址不正确',
    });
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/banners', {
          body: { ...banner, hrefUrl: '', productCode: 'other' },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '请选择品牌' });
  });

  it('stores a manual PDF by its bytes and refuses anything else', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const { path } = await operator.client.POST('/console/v1/after-sales/manuals', { body: { data: b64(pdf) } });
    expect(path).toMatch(/^uploads\/278\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    const served = await fetch(`${api.baseUrl}/files/${path}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    expect(
      await failure(operator.client.POST('/console/v1/after-sales/manuals', { body: { data: b64(png1x1()) } })),
    ).toMatchObject({ code: 40000, errMsg: '请上传PDF文件' });
  });

  it('saves one brand’s policy (five clauses) without touching the other’s', async () => {
    const before = await operator.client.GET('/console/v1/after-sales/policies');
    const medical = before.items.find((p) => p.sourceId === 4)!;
    const clauses = medical.clauses.map((c, i) => (i === 0 ? { ...c, body: '新的保修范围说明' } : c));
    expect(
      await failure(
        operator.client.POST('/console/v1/after-sales/policies/{sourceId}', {
          params: { path: { sourceId: 4 } },
          body: { clauses: clauses.slice(0, 4), hotline: medical.hotline, serviceHours: medical.serviceHours },
        }),
      ),
    ).toMatchObject({ code: 40000 });
    const saved = await operator.client.POST('/console/v1/after-sales/policies/{sourceId}', {
      params: { path: { sourceId: 4 } },
      body: { clauses, hotline: '400-826-0505', serviceHours: medical.serviceHours },
    });
    expect(saved).toMatchObject({ sourceId: 4, hotline: '400-826-0505' });
    const medicalVisitor = await signInNewVisitor(api, 4);
    expect((await medicalVisitor.client.GET('/product/v1/getServicePolicy')).clauses[0]!.body).toBe('新的保修范围说明');
    expect((await visitor.client.GET('/product/v1/getServicePolicy')).hotline).toBe('400-826-0303');
  });

  it('takes two first saves of a brand’s policy at once: both answer, one row, the text of one of them', async () => {
    const before = await operator.client.GET('/console/v1/after-sales/policies');
    const health = before.items.find((p) => p.sourceId === 3)!;
    // The brand has no saved policy yet (the seed's row removed), so both saves insert.
    await api.app.em.fork().nativeDelete(ServicePolicyText, { sourceId: 3 });
    const hotlines = ['400-826-0311', '400-826-0322', '400-826-0333', '400-826-0344'];
    const answers = await Promise.all(
      hotlines.map((hotline) =>
        operator.client.POST('/console/v1/after-sales/policies/{sourceId}', {
          params: { path: { sourceId: 3 } },
          body: { clauses: health.clauses, hotline, serviceHours: health.serviceHours },
        }),
      ),
    );
    expect(answers.map((a) => a.sourceId)).toEqual([3, 3, 3, 3]);
    const rows = await api.app.em.fork().find(ServicePolicyText, { sourceId: 3 });
    expect(rows).toHaveLength(1);
    expect(hotlines).toContain(rows[0]!.hotline);
    expect((await visitor.client.GET('/product/v1/getServicePolicy')).hotline).toBe(rows[0]!.hotline);
  });
});
