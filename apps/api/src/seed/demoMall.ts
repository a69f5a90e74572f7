/*
 * The demo mall (issue 21, spec 3 §2.7, §3): one container 健康商城, four categories and goods for
 * every way of paying — yuan, points, strips, yuan plus points — with one service package (12
 * months), one meter data plan (12 months), one item off shelf and one with a single item left.
 * Names, prices and texts are invented for the demo and written for it; pictures are drawn by the
 * goods module (goods.images.ts). Seeded only with the demo data: a real mall is filled by staff in
 * the console (docs/adr/0177-demo-mall-seed-and-its-pictures.md). Rows that exist are left as staff
 * changed them (stock included): only missing rows are added.
 */
import type { EntityManager } from '@mikro-orm/core';
import { Goods, GoodsCategory, GoodsContainer } from '../contexts/commerce/goods/goods.entity';
import { goodsImageUrl, type GoodsDetailImage, type GoodsProductImage } from '../contexts/commerce/goods/goods.images';

export const DEMO_MALL_CONTAINER = {
  code: 'MALL-HEALTH',
  containerName: '健康商城',
  remark: '控糖好物，积分和试纸也能兑',
};

export const demoMallCategories = [
  { code: 'CAT-DEVICE', categoryName: '血糖仪器', sort: 1 },
  { code: 'CAT-STRIPS', categoryName: '试纸耗材', sort: 2 },
  { code: 'CAT-SERVICE', categoryName: '健康服务', sort: 3 },
  { code: 'CAT-LIFE', categoryName: '生活好物', sort: 4 },
] as const;

type CategoryCode = (typeof demoMallCategories)[number]['code'];

export interface DemoGoods {
  goodsCode: string;
  category: CategoryCode;
  goodsName: string;
  remark: string;
  picture: GoodsProductImage;
  detail?: GoodsDetailImage;
  salesMode: 'rmb' | 'score' | 'paper' | 'rmb,score';
  goodsValue?: number;
  originPrice?: number;
  scoreValue?: number;
  originScore?: number;
  maxUsableScore?: number;
  paperValue?: number;
  postage?: number;
  maximum: number;
  stock: number;
  receiveType?: '0' | '1' | '0,1';
  payType?: '1' | '2' | '1,2';
  servicePackage?: 1;
  rechargePackage?: 1;
  packageMonths?: number;
  /** Codes of the usable packages. */
  packages?: string[];
  status?: 0;
  hot?: 1;
  recommend?: 1;
  withAd?: true;
}

export const demoMallGoods: readonly DemoGoods[] = [
  {
    goodsCode: 'G-METER-4G',
    category: 'CAT-DEVICE',
    goodsName: '糖护 4G 血糖仪（测完自动上传）',
    remark: '插卡即用，读数自动上传',
    picture: 'meter',
    detail: 'meterinfo',
    salesMode: 'rmb',
    goodsValue: 29900,
    originPrice: 39900,
    maxUsableScore: 1000,
    maximum: 2,
    stock: 120,
    receiveType: '0,1',
    payType: '1,2',
    packages: ['G-DATAPLAN-12M'],
    hot: 1,
    withAd: true,
  },
  {
    goodsCode: 'G-STRIPS-50',
    category: 'CAT-STRIPS',
    goodsName: '血糖试纸 50 条装（配糖护血糖仪）',
    remark: '独立包装，开瓶三个月有效',
    picture: 'strips',
    detail: 'stripsinfo',
    salesMode: 'rmb',
    goodsValue: 5900,
    originPrice: 6900,
    maxUsableScore: 500,
    postage: 600,
    maximum: 10,
    stock: 500,
    receiveType: '0,1',
    payType: '1,2',
    hot: 1,
  },
  {
    goodsCode: 'G-STRIPS-PAPER-50',
    category: 'CAT-STRIPS',
    goodsName: '试纸兑换：血糖试纸 50 条',
    remark: '用邀请好友得到的试纸兑换',
    picture: 'strips',
    detail: 'stripsinfo',
    salesMode: 'paper',
    paperValue: 50,
    maximum: 1,
    stock: 200,
    recommend: 1,
  },
  {
    goodsCode: 'G-LANCETS-100',
    category: 'CAT-STRIPS',
    goodsName: '一次性采血针 100 支',
    remark: '细针少痛，单支独立无菌',
    picture: 'lancets',
    salesMode: 'score',
    scoreValue: 800,
    originScore: 1000,
    maximum: 3,
    stock: 300,
    hot: 1,
  },
  {
    goodsCode: 'G-BP-MONITOR',
    category: 'CAT-DEVICE',
    goodsName: '上臂式电子血压计（大屏语音播报）',
    remark: '一键测量，家人共用',
    picture: 'bpmonitor',
    salesMode: 'rmb,score',
    goodsValue: 15900,
    originPrice: 19900,
    scoreValue: 2000,
    maximum: 2,
    stock: 60,
    receiveType: '0,1',
    recommend: 1,
  },
  {
    goodsCode: 'G-SERVICE-12M',
    category: 'CAT-SERVICE',
    goodsName: '控糖服务包（12 个月）',
    remark: '周报、异常提醒、顾问答疑',
    picture: 'service',
    detail: 'serviceinfo',
    salesMode: 'rmb',
    goodsValue: 36500,
    originPrice: 48000,
    maximum: 1,
    stock: 9999,
    servicePackage: 1,
    packageMonths: 12,
    hot: 1,
  },
  {
    goodsCode: 'G-DATAPLAN-12M',
    category: 'CAT-SERVICE',
    goodsName: '血糖仪流量包（12 个月）',
    remark: '为已绑定的 4G 血糖仪续费',
    picture: 'dataplan',
    detail: 'planinfo',
    salesMode: 'rmb',
    goodsValue: 6000,
    maximum: 1,
    stock: 9999,
    rechargePackage: 1,
    packageMonths: 12,
    recommend: 1,
  },
  {
    goodsCode: 'G-SOCKS-2',
    category: 'CAT-LIFE',
    goodsName: '糖尿病护足袜（2 双装）',
    remark: '无骨缝合，宽松袜口不勒脚',
    picture: 'socks',
    salesMode: 'score',
    scoreValue: 1500,
    maximum: 2,
    stock: 80,
    recommend: 1,
  },
  {
    goodsCode: 'G-OAT-COOKIE',
    category: 'CAT-LIFE',
    goodsName: '无蔗糖燕麦饼干 500 克',
    remark: '粗粮烘焙，控糖期的小零食',
    picture: 'snack',
    salesMode: 'rmb',
    goodsValue: 2990,
    postage: 800,
    maximum: 5,
    stock: 40,
    status: 0,
  },
  {
    goodsCode: 'G-COOKBOOK',
    category: 'CAT-LIFE',
    goodsName: '控糖家常菜谱（纸质版，仅剩 1 本）',
    remark: '一百道家常菜的控糖做法',
    picture: 'cookbook',
    salesMode: 'rmb',
    goodsValue: 3990,
    maximum: 1,
    stock: 1,
    receiveType: '0,1',
  },
  {
    goodsCode: 'G-BODY-SCALE',
    category: 'CAT-DEVICE',
    goodsName: '智能体脂秤（体重自动记录）',
    remark: '上秤即测，数据同步到体重记录',
    picture: 'scale',
    salesMode: 'rmb',
    goodsValue: 12900,
    originPrice: 15900,
    maxUsableScore: 1000,
    maximum: 2,
    stock: 70,
    payType: '1,2',
  },
];

/** Adds the demo mall's rows that are missing; existing rows keep what staff made of them. */
export async function seedDemoMall(em: EntityManager, now: Date): Promise<void> {
  await em.upsertMany(GoodsContainer, [{ ...DEMO_MALL_CONTAINER, iconUrl: '', sort: 0, status: 1 }], {
    onConflictFields: ['code'],
    onConflictAction: 'ignore',
  });
  const container = await em.findOneOrFail(GoodsContainer, { code: DEMO_MALL_CONTAINER.code });
  await em.upsertMany(
    GoodsCategory,
    demoMallCategories.map((c) => ({ ...c, containerId: container.id, iconUrl: '', status: 1 })),
    { onConflictFields: ['code'], onConflictAction: 'ignore' },
  );
  const categories = new Map(
    (await em.find(GoodsCategory, { code: demoMallCategories.map((c) => c.code) })).map((c) => [c.code, c.id]),
  );
  const existing = new Set(
    (await em.find(Goods, { goodsCode: demoMallGoods.map((g) => g.goodsCode) })).map((g) => g.goodsCode),
  );
  const added = demoMallGoods.filter((g) => !existing.has(g.goodsCode));
  if (added.length === 0) {
    return;
  }
  for (const g of added) {
    em.create(Goods, {
      goodsCode: g.goodsCode,
      goodsName: g.goodsName,
      remark: g.remark,
      status: g.status ?? 1,
      goodsUrl: [goodsImageUrl(g.picture), g.detail ? goodsImageUrl(g.detail) : null].filter(Boolean).join(','),
      iconUrl: goodsImageUrl(g.picture),
      goodsDetailImgUrl: g.detail ? goodsImageUrl(g.detail) : '',
      adUrl: g.withAd ? goodsImageUrl('mallad') : '',
      adHrefUrl: g.withAd ? '/integralTask' : '',
      salesMode: g.salesMode,
      goodsValue: g.goodsValue ?? 0,
      postage: g.postage ?? 0,
      originPrice: g.originPrice ?? 0,
      scoreValue: g.scoreValue ?? 0,
      originScore: g.originScore ?? 0,
      maxUsableScore: g.maxUsableScore ?? 0,
      paperValue: g.paperValue ?? 0,
      maximum: g.maximum,
      stock: g.stock,
      receiveType: g.receiveType ?? '0',
      payType: g.payType ?? '1',
      rechargePackage: g.rechargePackage ?? 0,
      servicePackage: g.servicePackage ?? 0,
      packageMonths: g.packageMonths ?? 0,
      packageGoodsIds: '',
      containerId: container.id,
      categoryId: categories.get(g.category)!,
      hot: g.hot ?? 0,
      recommend: g.recommend ?? 0,
      sort: demoMallGoods.indexOf(g) * 10,
      createdAt: now,
      updatedAt: now,
    });
  }
  await em.flush();
  // Links to usable packages need the packages' ids, known only now.
  const ids = new Map(
    (await em.find(Goods, { goodsCode: demoMallGoods.map((g) => g.goodsCode) })).map((g) => [g.goodsCode, g]),
  );
  for (const g of added) {
    if (g.packages) {
      ids.get(g.goodsCode)!.packageGoodsIds = g.packages.map((code) => ids.get(code)!.id).join(',');
    }
  }
  await em.flush();
}
