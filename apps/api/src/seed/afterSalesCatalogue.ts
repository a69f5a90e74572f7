// The after-sales catalogue every installation starts with (spec 3 §2.8): three product types, six
// models (one with the demo manual, apps/api/assets/after-sales/), usage guides and common faults
// (one guide opens an article instead of its text), the service centre's banners for both brands,
// three guarantee platforms with their items and credential certificates, five authorised shops and
// each brand's service policy. Texts are ours; pictures are drawn by the catalogue module
// (catalogue.images.ts). Rows are added when their seed code is missing and never overwritten, so
// what staff change in the console survives restarts.
import { BANNER_PRODUCT_CODE, DEVICE_TYPES, SOURCE_ID, brandFromSourceId } from '@glucoguard/domain';
import type { Db } from '../lib/db';
import { catalogueImageUrl } from '../contexts/after-sales/catalogue/catalogue.images';
import { manualFileUrl } from '../contexts/after-sales/catalogue/catalogue.manual';
import { defaultPolicy } from '../contexts/after-sales/catalogue/catalogue.policy';
import {
  CatalogueRepository,
  type CatalogueKind,
  type RowFields,
} from '../contexts/after-sales/catalogue/catalogue.repository';
import { sanitizeRichText } from '../contexts/after-sales/catalogue/catalogue.sanitize';

const shown = (sort: number) => ({ sort, status: 1 });

const CATEGORIES = [
  { code: 'cat-meter', name: '血糖仪', iconUrl: catalogueImageUrl('meter'), ...shown(1) },
  { code: 'cat-bpm', name: '血压计', iconUrl: catalogueImageUrl('bpm'), ...shown(2) },
  { code: 'cat-scale', name: '体重秤', iconUrl: catalogueImageUrl('scale'), ...shown(3) },
];

const MANUAL_PAGES = [1, 2, 3, 4].map((n) => manualFileUrl(`g1-manual-${n}.jpg`));

const WARRANTY_REMARK =
  '自购买签收之日起计算保修期。保修期内，非人为损坏的性能故障可免费维修；签收30天内出现非人为性能故障，可免费更换同型号新机。' +
  '无有效购买凭证的，保修期自出厂日期后1个月起计算；手写收据无效。';

const MODELS = [
  {
    code: 'model-g1',
    category: 'cat-meter',
    name: '糖护 G1 4G血糖仪',
    iconUrl: catalogueImageUrl('meterone'),
    deviceType: DEVICE_TYPES.bloodGlucoseMeter,
    warMonths: 12,
    manualUrl: manualFileUrl('g1-manual.pdf'),
    manualImages: MANUAL_PAGES,
    remark: '内置4G通信，测完自动上传，家人在手机上同步查看；无需配对手机，老人也能轻松使用。',
    ...shown(1),
  },
  {
    code: 'model-g2',
    category: 'cat-meter',
    name: '糖护 G2 蓝牙血糖仪',
    iconUrl: catalogueImageUrl('metertwo'),
    deviceType: DEVICE_TYPES.bloodGlucoseMeter,
    warMonths: 12,
    manualUrl: '',
    manualImages: [],
    remark: '通过蓝牙连接手机上传结果，小巧便携，适合外出随身携带。',
    ...shown(2),
  },
  {
    code: 'model-b1',
    category: 'cat-bpm',
    name: '糖护 B1 上臂式电子血压计',
    iconUrl: catalogueImageUrl('bpmone'),
    deviceType: DEVICE_TYPES.bloodPressureMonitor,
    warMonths: 24,
    manualUrl: '',
    manualImages: [],
    remark: '上臂式测量，大屏大字显示，一键测量，同时显示脉搏。',
    ...shown(1),
  },
  {
    code: 'model-b2',
    category: 'cat-bpm',
    name: '糖护 B2 4G血压计',
    iconUrl: catalogueImageUrl('bpmtwo'),
    deviceType: DEVICE_TYPES.bloodPressureMonitor,
    warMonths: 24,
    manualUrl: '',
    manualImages: [],
    remark: '内置4G通信，血压结果自动上传，异常时提醒家人。',
    ...shown(2),
  },
  {
    code: 'model-w1',
    category: 'cat-scale',
    name: '糖护 W1 智能体重秤',
    iconUrl: catalogueImageUrl('scaleone'),
    deviceType: DEVICE_TYPES.weightScale,
    warMonths: 12,
    manualUrl: '',
    manualImages: [],
    remark: '钢化玻璃秤面，上秤即测，体重记录自动保存。',
    ...shown(1),
  },
  {
    code: 'model-f1',
    category: 'cat-scale',
    name: '糖护 F1 体脂秤',
    iconUrl: catalogueImageUrl('scaletwo'),
    deviceType: DEVICE_TYPES.fatScale,
    warMonths: 12,
    manualUrl: '',
    manualImages: [],
    remark: '测体重的同时估算体脂率、肌肉量等多项身体数据。',
    ...shown(2),
  },
];

const USAGE = catalogueImageUrl('usage');
const FAULT = catalogueImageUrl('fault');

/** Usage guides (type 1) of models and common faults (type 2) of types or models. */
const GUIDES = [
  {
    code: 'guide-g1-use',
    category: 'cat-meter',
    model: 'model-g1',
    guideType: 1,
    title: 'G1 血糖仪测量步骤',
    content:
      '<h3>测量前</h3><p>用温水和肥皂洗手并擦干，手指完全干燥后再采血。</p>' +
      '<h3>测量步骤</h3><ol><li>将试纸插入试纸插口，血糖仪自动开机。</li><li>屏幕出现滴血图标后，在指尖侧面采血。</li>' +
      '<li>将血滴靠近试纸吸血口，听到提示音后移开手指。</li><li>约5秒后显示结果，并自动上传。</li></ol>' +
      '<p><strong>提示：</strong>上传成功时屏幕右上角显示对勾。</p>',
    ...shown(1),
  },
  {
    code: 'guide-g1-video',
    category: 'cat-meter',
    model: 'model-g1',
    guideType: 1,
    title: 'G1 血糖仪图文教程（服务号文章）',
    content: '',
    contentUrl: 'https://mp.weixin.qq.com/s/glucoguard-g1-guide',
    ...shown(2),
  },
  {
    code: 'guide-g2-use',
    category: 'cat-meter',
    model: 'model-g2',
    guideType: 1,
    title: 'G2 血糖仪蓝牙连接与测量',
    content:
      '<ol><li>打开手机蓝牙，在“我的设备”中选择“添加设备”。</li><li>长按血糖仪电源键3秒，屏幕出现蓝牙图标后等待连接。</li>' +
      '<li>连接成功后按照说明书测量，结果会同步到手机。</li></ol>',
    ...shown(1),
  },
  {
    code: 'guide-b1-use',
    category: 'cat-bpm',
    model: 'model-b1',
    guideType: 1,
    title: 'B1 血压计正确测量方法',
    content:
      '<p>测量前安静休息5分钟，不要吸烟、喝咖啡。</p><ol><li>袖带缠在上臂，下缘距肘窝2–3厘米，松紧以能插入一指为宜。</li>' +
      '<li>手臂放在桌上，袖带与心脏保持同一高度。</li><li>按开始键，测量过程中不要说话和移动。</li></ol>',
    ...shown(1),
  },
  {
    code: 'guide-b2-use',
    category: 'cat-bpm',
    model: 'model-b2',
    guideType: 1,
    title: 'B2 血压计首次使用',
    content: '<p>装入电池后开机，等待屏幕显示信号图标即完成联网。测量方法与普通上臂式血压计相同，结果会自动上传。</p>',
    ...shown(1),
  },
  {
    code: 'guide-w1-use',
    category: 'cat-scale',
    model: 'model-w1',
    guideType: 1,
    title: 'W1 体重秤使用方法',
    content: '<p>将体重秤放在坚硬平整的地面上，光脚站上秤面，保持不动，数字闪烁三次后即为测量结果。</p>',
    ...shown(1),
  },
  {
    code: 'guide-f1-use',
    category: 'cat-scale',
    model: 'model-f1',
    guideType: 1,
    title: 'F1 体脂秤使用方法',
    content: '<p>请光脚测量，双脚与秤面电极充分接触。孕妇及体内装有心脏起搏器的人士请不要使用体脂测量功能。</p>',
    ...shown(2),
  },
  {
    code: 'fault-meter-e1',
    category: 'cat-meter',
    model: null,
    guideType: 2,
    title: '屏幕显示 E-1 怎么办？',
    content: '<p>E-1 表示试纸已使用过或受潮。请换一条新试纸，试纸开瓶后请在3个月内用完，并盖紧瓶盖。</p>',
    ...shown(1),
  },
  {
    code: 'fault-meter-upload',
    category: 'cat-meter',
    model: null,
    guideType: 2,
    title: '测量结果没有上传怎么办？',
    content:
      '<ol><li>请到信号较好的地方（如窗边）重新开机，等待1分钟自动补传。</li><li>检查流量包是否到期，可在“我的设备”中查看。</li>' +
      '<li>仍未上传，请拨打服务热线或在线报修。</li></ol>',
    ...shown(2),
  },
  {
    code: 'fault-g1-power',
    category: 'cat-meter',
    model: 'model-g1',
    guideType: 2,
    title: 'G1 血糖仪无法开机',
    content: '<p>请先用原装充电器充电30分钟再开机。充电时屏幕无任何显示的，请提交报修。</p>',
    ...shown(3),
  },
  {
    code: 'fault-bpm-err',
    category: 'cat-bpm',
    model: null,
    guideType: 2,
    title: '血压计显示 Err 或测量值忽高忽低',
    content: '<p>多为袖带佩戴不正确或测量时移动、说话。请重新佩戴袖带，安静休息5分钟后再测。</p>',
    ...shown(1),
  },
  {
    code: 'fault-scale-zero',
    category: 'cat-scale',
    model: null,
    guideType: 2,
    title: '体重秤读数不准',
    content: '<p>请将秤放在坚硬平整的地面上（不要放在地毯上），先轻踩秤面开机归零，待显示0.0后再站上去测量。</p>',
    ...shown(1),
  },
];

const BANNERS = Object.values(BANNER_PRODUCT_CODE).flatMap((productCode) => [
  {
    code: `banner-${productCode}-warranty`,
    productCode,
    title: '扫码登记，保修无忧',
    imgUrl: catalogueImageUrl('bannerwarranty'),
    hrefUrl: '/addProduct',
    ...shown(1),
  },
  {
    code: `banner-${productCode}-repair`,
    productCode,
    title: '在线报修，进度随时查',
    imgUrl: catalogueImageUrl('bannerrepair'),
    hrefUrl: '/repairFilling',
    ...shown(2),
  },
  {
    code: `banner-${productCode}-guide`,
    productCode,
    title: '使用指南，一看就会',
    imgUrl: catalogueImageUrl('bannerguide'),
    hrefUrl: '/usageGuide?name=guide',
    ...shown(3),
  },
]);

const PLATFORMS = [
  { code: 'platform-jd', key: 'jd', name: '京东', ...shown(1) },
  { code: 'platform-tmall', key: 'tmall', name: '天猫', ...shown(2) },
  { code: 'platform-pdd', key: 'pdd', name: '拼多多', ...shown(3) },
];

const GUARANTEE_ITEMS = [
  {
    key: 'genuine',
    name: '正品保障',
    content: (p: string) =>
      `<p>糖护${p}官方旗舰店为品牌授权店铺，所售产品均为原厂正品，可凭订单享受全国联保服务。</p><p>点击查看授权证书。</p>`,
  },
  {
    key: 'returns',
    name: '七天无理由退换',
    content: (p: string) =>
      `<p>在${p}官方旗舰店购买的产品，签收7天内包装完好、不影响二次销售的，可申请无理由退换货。</p>`,
  },
  {
    key: 'nationwide',
    name: '全国联保',
    content: () =>
      '<p>凭有效购买凭证，可在全国授权门店或通过“故障报修”享受保修服务；签收30天内非人为性能故障可免费换新。</p>',
  },
];

const SHOPS = [
  ['shop-bj', '糖护健康北京朝阳服务中心', '北京市', '北京市', '朝阳区', '建国路88号现代城A座1层', '010-65880123'],
  [
    'shop-sh',
    '糖护健康上海浦东服务中心',
    '上海市',
    '上海市',
    '浦东新区',
    '世纪大道100号环球金融中心B1层',
    '021-50120456',
  ],
  ['shop-gz', '糖护健康广州天河服务中心', '广东省', '广州市', '天河区', '天河路385号太古汇一期2层', '020-38860789'],
  ['shop-cd', '糖护健康成都武侯服务中心', '四川省', '成都市', '武侯区', '人民南路四段12号华宇广场1层', '028-85230321'],
  ['shop-hz', '糖护健康杭州西湖服务中心', '浙江省', '杭州市', '西湖区', '文三路259号昌地火炬大厦1层', '0571-88150654'],
] as const;

/** Adds each row whose seed code is missing; answers the id of every seeded row by code. */
async function seedRows<K extends CatalogueKind>(
  repo: CatalogueRepository,
  kind: K,
  rows: { code: string; fields: RowFields<K> }[],
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { code, fields } of rows) {
    const row = (await repo.findByCode(kind, code)) ?? (await repo.insert(kind, code, fields, now));
    ids.set(code, row.id);
  }
  return ids;
}

const id = (ids: Map<string, number>, code: string) => ids.get(code)!;

export async function seedAfterSalesCatalogue(em: Db, now: Date): Promise<void> {
  const repo = new CatalogueRepository(em);
  const categories = await seedRows(
    repo,
    'category',
    CATEGORIES.map(({ code, ...fields }) => ({ code, fields })),
    now,
  );
  const models = await seedRows(
    repo,
    'product',
    MODELS.map(({ code, category, ...rest }) => ({
      code,
      fields: {
        ...rest,
        categoryId: id(categories, category),
        videoUrl: '',
        warUrl: '',
        warrantyRemark: `本产品保修${rest.warMonths}个月。${WARRANTY_REMARK}`,
      },
    })),
    now,
  );
  await seedRows(
    repo,
    'guide',
    GUIDES.map(({ code, category, model, ...rest }) => ({
      code,
      fields: {
        ...rest,
        categoryId: id(categories, category),
        productId: model === null ? null : id(models, model),
        iconUrl: rest.guideType === 1 ? USAGE : FAULT,
        content: sanitizeRichText(rest.content),
        contentUrl: 'contentUrl' in rest ? rest.contentUrl : '',
      },
    })),
    now,
  );
  await seedRows(
    repo,
    'banner',
    BANNERS.map(({ code, ...fields }) => ({ code, fields })),
    now,
  );
  const platforms = await seedRows(
    repo,
    'platform',
    PLATFORMS.map(({ code, name, sort, status }) => ({ code, fields: { name, sort, status } })),
    now,
  );
  await seedRows(
    repo,
    'guarantee',
    PLATFORMS.flatMap((platform) =>
      GUARANTEE_ITEMS.map((item, i) => ({
        code: `guarantee-${platform.key}-${item.key}`,
        fields: {
          platformId: id(platforms, platform.code),
          name: item.name,
          iconUrl: catalogueImageUrl(item.key),
          content: sanitizeRichText(item.content(platform.name)),
          credentialUrl: catalogueImageUrl(`cred${platform.key}`),
          ...shown(i + 1),
        },
      })),
    ),
    now,
  );
  await seedRows(
    repo,
    'shop',
    SHOPS.map(([code, name, province, city, district, address, phone], i) => ({
      code,
      fields: { name, province, city, district, address, phone, openHours: '09:00-18:00', ...shown(i + 1) },
    })),
    now,
  );
  for (const sourceId of [SOURCE_ID.health, SOURCE_ID.medical]) {
    if (!(await repo.policy(sourceId))) {
      await repo.savePolicy(sourceId, defaultPolicy(brandFromSourceId(sourceId)), now);
    }
  }
}
