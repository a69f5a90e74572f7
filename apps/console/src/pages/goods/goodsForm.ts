// The goods form's values and the request body they make: money typed in yuan (sent in cents),
// pictures as lists (sent as comma lists), the receive and pay methods as ticks (sent as '0,1' and
// '1,2'), the kind of goods as one choice (sent as servicePackage / rechargePackage). The rules are
// the domain's (goodsDraftProblem, normalizedGoodsDraft), the same the API checks with.
import { PAY_TYPE, RECEIVE_TYPE_API, SALES_MODE, type SalesMode } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { splitImages } from './goodsImages';

export type Goods = Schema<'Goods'>;
export type GoodsInput = Schema<'GoodsInput'>;

/** What kind of goods an item is: an ordinary one, a service package (服务包) or a meter data plan (流量包). */
export type GoodsKind = 'plain' | 'service' | 'dataPlan';

export const GOODS_KIND_LABELS: Record<GoodsKind, string> = {
  plain: '普通商品',
  service: '服务包',
  dataPlan: '流量包',
};

/** A goods item's shelf status as the console shows it. */
export const GOODS_STATUS_LABELS: Record<0 | 1, string> = { 1: '在售', 0: '已下架' };

export const SALES_MODE_LABELS: Record<SalesMode, string> = {
  [SALES_MODE.rmb]: '现金',
  [SALES_MODE.score]: '积分兑换',
  [SALES_MODE.paper]: '试纸兑换',
  [SALES_MODE.rmbScore]: '现金+积分',
};

/** The receive methods in API values (domain RECEIVE_TYPE_API: 0 mail, 1 pickup). */
export const RECEIVE_OPTIONS = [
  { value: String(RECEIVE_TYPE_API.mail), label: '邮寄' },
  { value: String(RECEIVE_TYPE_API.pickup), label: '自提' },
];

/** The payment types (spec 3 §4: 1 messaging-app payment, 2 cash on delivery). */
export const PAY_OPTIONS = [
  { value: String(PAY_TYPE.online), label: '微信支付' },
  { value: String(PAY_TYPE.cashOnDelivery), label: '货到付款' },
];

/** How many pictures each picture field holds. */
export const IMAGE_LIMITS = { carousel: 6, icon: 1, detail: 1, ad: 1 } as const;

export interface GoodsValues {
  goodsName: string;
  /** Made by the API when the item is added (G-…); shown, never sent. */
  goodsCode: string;
  remark: string;
  containerId: number | undefined;
  categoryId: number | undefined;
  status: 0 | 1;
  sort: number | null;
  hot: boolean;
  recommend: boolean;
  salesMode: SalesMode;
  priceYuan: number | null;
  originPriceYuan: number | null;
  scoreValue: number | null;
  originScore: number | null;
  maxUsableScore: number | null;
  paperValue: number | null;
  postageYuan: number | null;
  maximum: number | null;
  stock: number | null;
  receiveTypes: string[];
  payTypes: string[];
  kind: GoodsKind;
  packageMonths: number | null;
  packageGoodsIds: number[];
  goodsUrl: string[];
  iconUrl: string[];
  goodsDetailImgUrl: string[];
  adUrl: string[];
  adHrefUrl: string;
}

export const EMPTY_GOODS: GoodsValues = {
  goodsName: '',
  goodsCode: '',
  remark: '',
  containerId: undefined,
  categoryId: undefined,
  status: 1,
  sort: 0,
  hot: false,
  recommend: false,
  salesMode: SALES_MODE.rmb,
  priceYuan: null,
  originPriceYuan: null,
  scoreValue: null,
  originScore: null,
  maxUsableScore: 0,
  paperValue: null,
  postageYuan: 0,
  maximum: 1,
  stock: 0,
  receiveTypes: ['0'],
  payTypes: ['1'],
  kind: 'plain',
  packageMonths: null,
  packageGoodsIds: [],
  goodsUrl: [],
  iconUrl: [],
  goodsDetailImgUrl: [],
  adUrl: [],
  adHrefUrl: '',
};

const yuanOf = (cents: number) => cents / 100;
/** Yuan as whole cents; a missing amount is 0 (the rules then refuse a missing price). */
const centsOf = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
const countOf = (n: number | null | undefined) => Math.trunc(n ?? 0);
/** '0,1' as ['0', '1'], in the options' order. */
const ticksOf = (list: string) => list.split(',').filter((v) => v === '0' || v === '1' || v === '2');
const kindOf = (goods: Pick<Goods, 'servicePackage' | 'rechargePackage'>): GoodsKind =>
  goods.servicePackage === 1 ? 'service' : goods.rechargePackage === 1 ? 'dataPlan' : 'plain';

/** The form's values for a stored goods item (or the empty form). */
export function goodsValuesOf(goods: Goods | null): GoodsValues {
  if (!goods) {
    return EMPTY_GOODS;
  }
  return {
    goodsName: goods.goodsName,
    goodsCode: goods.goodsCode,
    remark: goods.remark,
    containerId: goods.containerId,
    categoryId: goods.categoryId,
    status: goods.status,
    sort: goods.sort,
    hot: goods.hot === 1,
    recommend: goods.recommend === 1,
    salesMode: goods.salesMode,
    priceYuan: yuanOf(goods.goodsValue),
    originPriceYuan: yuanOf(goods.originPrice),
    scoreValue: goods.scoreValue,
    originScore: goods.originScore,
    maxUsableScore: goods.maxUsableScore,
    paperValue: goods.paperValue,
    postageYuan: yuanOf(goods.postage),
    maximum: goods.maximum,
    stock: goods.stock,
    receiveTypes: ticksOf(goods.receiveType),
    payTypes: ticksOf(goods.payType),
    kind: kindOf(goods),
    packageMonths: goods.packageMonths || null,
    packageGoodsIds: goods.packageGoodsIds.split(',').filter(Boolean).map(Number),
    goodsUrl: splitImages(goods.goodsUrl),
    iconUrl: splitImages(goods.iconUrl),
    goodsDetailImgUrl: splitImages(goods.goodsDetailImgUrl),
    adUrl: splitImages(goods.adUrl),
    adHrefUrl: goods.adHrefUrl,
  };
}

/** Ticks as the API's list ('0,1'), in the options' order; none ticked falls back to the first option. */
function listOf(ticked: readonly string[], options: readonly { value: string }[]): string {
  const chosen = options.map((option) => option.value).filter((value) => ticked.includes(value));
  return chosen.length > 0 ? chosen.join(',') : (options[0]?.value ?? '');
}

/** The request body of what the form holds (checked by the caller with goodsDraftProblem). */
export function goodsInputOf(values: GoodsValues): Required<Omit<GoodsInput, 'goodsCode'>> {
  return {
    goodsName: values.goodsName.trim(),
    remark: values.remark.trim(),
    containerId: values.containerId ?? 0,
    categoryId: values.categoryId ?? 0,
    status: values.status,
    sort: countOf(values.sort),
    hot: values.hot ? 1 : 0,
    recommend: values.recommend ? 1 : 0,
    salesMode: values.salesMode,
    goodsValue: centsOf(values.priceYuan),
    originPrice: centsOf(values.originPriceYuan),
    scoreValue: countOf(values.scoreValue),
    originScore: countOf(values.originScore),
    maxUsableScore: countOf(values.maxUsableScore),
    paperValue: countOf(values.paperValue),
    postage: centsOf(values.postageYuan),
    maximum: countOf(values.maximum),
    stock: countOf(values.stock),
    receiveType: listOf(values.receiveTypes, RECEIVE_OPTIONS) as GoodsInput['receiveType'] & string,
    payType: listOf(values.payTypes, PAY_OPTIONS) as GoodsInput['payType'] & string,
    servicePackage: values.kind === 'service' ? 1 : 0,
    rechargePackage: values.kind === 'dataPlan' ? 1 : 0,
    packageMonths: values.kind === 'plain' ? 0 : countOf(values.packageMonths),
    packageGoodsIds: values.packageGoodsIds.join(','),
    goodsUrl: values.goodsUrl.join(','),
    iconUrl: values.iconUrl.join(','),
    goodsDetailImgUrl: values.goodsDetailImgUrl.join(','),
    adUrl: values.adUrl.join(','),
    adHrefUrl: values.adHrefUrl.trim(),
  };
}
