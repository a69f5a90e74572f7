/*
 * Goods of the mall as staff enter them and as a buyer may take them (spec 3 §2.7, §3, §4, §9):
 * the console form's rules, the fields a sales mode does not use, may-I-buy, and the list of
 * usable packages. The console form, the API's goods module and the order module read these.
 */
import { charCount, containsEmoji } from '../shared/validator';
import { GOODS_OFF_SHELF_MESSAGE, QUANTITY_TOO_MANY_MESSAGE } from './labels';
import { SALES_MODE, paysInPoints, paysInStrips, paysInYuan, type SalesMode } from './mall';
import { PAY_TYPE, RECEIVE_TYPE_API, isGoodsOnSale, maxOrderQuantity } from './order';

/** Every `salesMode` a goods item may have. */
export const SALES_MODES: readonly SalesMode[] = Object.values(SALES_MODE);

/** The hot (热销产品) and recommended columns show at most this many goods. */
export const GOODS_COLUMN_LIMIT = 10;
/** At most this many packages may be linked to one goods item. */
export const GOODS_PACKAGES_MAX = 20;
/** A service package or data plan adds 1 to this many months. */
export const PACKAGE_MONTHS_MAX = 60;

/** The console form's limits (characters). */
export const GOODS_LIMITS = { name: 60, remark: 100, code: 32, containerName: 20, categoryName: 10 } as const;

/** Messages of the goods form and of buying, in our words where the spec gives none (ADR 0004). */
export const GOODS_MESSAGES = {
  goodsUnknown: '商品不存在',
  containerUnknown: '商城不存在',
  categoryUnknown: '分类不存在',
  categoryElsewhere: '分类不属于所选商城',
  stockShort: '库存不足',
  stockChangeZero: '库存变动须为非零整数',
  name: `请填写商品名称（1–${GOODS_LIMITS.name}个字，不含表情）`,
  remark: `商品简介最多${GOODS_LIMITS.remark}个字，不含表情`,
  containerName: `请填写商城名称（1–${GOODS_LIMITS.containerName}个字，不含表情）`,
  categoryName: `请填写分类名称（1–${GOODS_LIMITS.categoryName}个字，不含表情）`,
  price: '请填写商品价格',
  score: '请填写兑换所需积分',
  paper: '请填写兑换所需试纸条数',
  bothPackages: '服务包与流量包只能选一种',
  packageMonths: `请填写套餐月数（1–${PACKAGE_MONTHS_MAX}）`,
  packageSelf: '可用套餐不能包含商品自身',
  packageUnknown: '可用套餐中有不存在的商品',
  packagesTooMany: `可用套餐最多${GOODS_PACKAGES_MAX}个`,
  adHref: '广告链接须为站内路径（以 / 开头）或 https 地址',
  pickupCashOnDelivery: '只收货到付款的商品须支持邮寄（货到付款不能自提）',
  imagePath: '图片地址有误，请重新上传',
  registerFirst: '请先注册',
} as const;

/** A goods item as staff enter it (the fields the rules read; money in cents). */
export interface GoodsDraft {
  readonly goodsName: string;
  readonly remark: string;
  readonly salesMode: string;
  readonly goodsValue: number;
  readonly scoreValue: number;
  readonly paperValue: number;
  readonly maxUsableScore: number;
  readonly originPrice: number;
  readonly originScore: number;
  readonly rechargePackage: number;
  readonly servicePackage: number;
  readonly packageMonths: number;
  readonly packageGoodsIds: string;
  readonly adHrefUrl: string;
  readonly goodsUrl: string;
  readonly iconUrl: string;
  readonly goodsDetailImgUrl: string;
  readonly adUrl: string;
  /** The receive methods allowed, API values ('0' mail, '1' pickup, '0,1'). */
  readonly receiveType?: string;
  /** The payment types allowed ('1' online, '2' cash on delivery, '1,2'). */
  readonly payType?: string;
}

const textOk = (text: string, max: number, min = 0) =>
  charCount(text) >= min && charCount(text) <= max && !containsEmoji(text);

/** A stored image path or an address: no spaces or quotes; comma lists are split before. */
const IMAGE_PATH = /^[^\s"'<>]+$/;
const imagesOk = (list: string) =>
  list === '' ||
  list
    .split(',')
    .map((p) => p.trim())
    .every((p) => IMAGE_PATH.test(p));

/** The ids of a comma list (`'3,5'` → `[3, 5]`; empty → `[]`), or `null` when it is not one. */
export function parseGoodsIdList(text: string): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') {
    return [];
  }
  const parts = trimmed.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p))) {
    return null;
  }
  const ids = parts.map(Number);
  return ids.every((id) => id <= 2_147_483_647) ? ids : null;
}

/** Whether the goods item is a service package or a meter data plan (a term bought in months). */
export function isPackageGoods(goods: { readonly servicePackage: number; readonly rechargePackage: number }): boolean {
  return goods.servicePackage === 1 || goods.rechargePackage === 1;
}

/**
 * The first rule the draft breaks, in the form's order, or `null` (spec 3 §3 fields): a name, the
 * price the sales mode needs (yuan for rmb, points for score, strips for paper, both for
 * rmb,score), one kind of package at most and its months, a well-formed list of packages, mail
 * allowed when cash on delivery is the only payment, an ad link inside the app or on https, image
 * paths without spaces.
 */
export function goodsDraftProblem(draft: GoodsDraft, selfId?: number): string | null {
  if (!textOk(draft.goodsName.trim(), GOODS_LIMITS.name, 1)) {
    return GOODS_MESSAGES.name;
  }
  if (!textOk(draft.remark, GOODS_LIMITS.remark)) {
    return GOODS_MESSAGES.remark;
  }
  if (paysInYuan(draft) && draft.goodsValue <= 0) {
    return GOODS_MESSAGES.price;
  }
  if (paysInPoints(draft) && draft.scoreValue <= 0) {
    return GOODS_MESSAGES.score;
  }
  if (paysInStrips(draft) && draft.paperValue <= 0) {
    return GOODS_MESSAGES.paper;
  }
  if (draft.servicePackage === 1 && draft.rechargePackage === 1) {
    return GOODS_MESSAGES.bothPackages;
  }
  if (isPackageGoods(draft) && (draft.packageMonths < 1 || draft.packageMonths > PACKAGE_MONTHS_MAX)) {
    return GOODS_MESSAGES.packageMonths;
  }
  const packages = parseGoodsIdList(draft.packageGoodsIds);
  if (packages === null) {
    return GOODS_MESSAGES.packageUnknown;
  }
  if (packages.length > GOODS_PACKAGES_MAX) {
    return GOODS_MESSAGES.packagesTooMany;
  }
  if (selfId !== undefined && packages.includes(selfId)) {
    return GOODS_MESSAGES.packageSelf;
  }
  // Cash on delivery forces mail (effectiveReceiveType): pickup only with it only could never be ordered.
  if (draft.payType === String(PAY_TYPE.cashOnDelivery) && draft.receiveType === String(RECEIVE_TYPE_API.pickup)) {
    return GOODS_MESSAGES.pickupCashOnDelivery;
  }
  const href = draft.adHrefUrl.trim();
  if (href !== '' && !/^\/(?!\/)\S*$/.test(href) && !/^https:\/\/[^\s/]+\S*$/.test(href)) {
    return GOODS_MESSAGES.adHref;
  }
  if (![draft.goodsUrl, draft.iconUrl, draft.goodsDetailImgUrl, draft.adUrl].every(imagesOk)) {
    return GOODS_MESSAGES.imagePath;
  }
  return null;
}

/**
 * The draft as stored: what the sales mode does not use is 0 (a score item has no yuan price, no
 * deduction), months only for packages, the package list without repeats or spaces, texts trimmed.
 */
export function normalizedGoodsDraft<T extends GoodsDraft>(draft: T): T {
  const yuan = paysInYuan(draft);
  const points = paysInPoints(draft);
  const packages = [...new Set(parseGoodsIdList(draft.packageGoodsIds) ?? [])];
  const images = (list: string) =>
    list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .join(',');
  return {
    ...draft,
    goodsName: draft.goodsName.trim(),
    remark: draft.remark.trim(),
    goodsValue: yuan ? draft.goodsValue : 0,
    originPrice: yuan ? draft.originPrice : 0,
    maxUsableScore: draft.salesMode === SALES_MODE.rmb ? draft.maxUsableScore : 0,
    scoreValue: points ? draft.scoreValue : 0,
    originScore: points ? draft.originScore : 0,
    paperValue: paysInStrips(draft) ? draft.paperValue : 0,
    packageMonths: isPackageGoods(draft) ? draft.packageMonths : 0,
    packageGoodsIds: packages.join(','),
    adHrefUrl: draft.adHrefUrl.trim(),
    goodsUrl: images(draft.goodsUrl),
    iconUrl: images(draft.iconUrl),
    goodsDetailImgUrl: draft.goodsDetailImgUrl.trim(),
    adUrl: draft.adUrl.trim(),
  };
}

/** Whether a container's or category's name is acceptable (1 to `max` characters, no emoji). */
export function isShelfNameOk(name: string, max: number): boolean {
  return textOk(name.trim(), max, 1);
}

/**
 * Why a buyer may not take `number` of the goods now, or `null` (spec 3 §4, §9; buyValid): a
 * visitor must register first, off shelf is 商品已下架, beyond the stock 库存不足, beyond the
 * goods' `maximum` 不能再多啦~~.
 */
export function goodsBuyRefusal(
  goods: { readonly status: number; readonly stock: number; readonly maximum?: number | null },
  buyer: { readonly registered: boolean },
  number = 1,
): { readonly reason: 'register' | 'offShelf' | 'stock' | 'maximum'; readonly message: string } | null {
  if (!buyer.registered) {
    return { reason: 'register', message: GOODS_MESSAGES.registerFirst };
  }
  if (!isGoodsOnSale(goods)) {
    return { reason: 'offShelf', message: GOODS_OFF_SHELF_MESSAGE };
  }
  if (number > goods.stock) {
    return { reason: 'stock', message: GOODS_MESSAGES.stockShort };
  }
  if (number > maxOrderQuantity(goods)) {
    return { reason: 'maximum', message: QUANTITY_TOO_MANY_MESSAGE };
  }
  return null;
}
