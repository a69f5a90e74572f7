import type { Schema } from '@glucoguard/sdk';

/** A goods item as the API answers it (a 19.90 yuan meter case on sale, by default). */
export function goods(overrides: Partial<Schema<'Goods'>> = {}): Schema<'Goods'> {
  return {
    goodsId: 11,
    goodsCode: 'G0011',
    goodsName: '糖护血糖仪收纳包',
    remark: '防水耐磨，出门测糖更方便',
    status: 1,
    goodsUrl: 'goods/case-1.png,goods/case-2.png',
    iconUrl: 'goods/case-icon.png',
    goodsDetailImgUrl: 'goods/case-detail.png',
    adUrl: '',
    adHrefUrl: '',
    salesMode: 'rmb',
    goodsValue: 1990,
    postage: 0,
    originPrice: 2990,
    scoreValue: 0,
    originScore: 0,
    maxUsableScore: 0,
    paperValue: 0,
    maximum: 5,
    stock: 100,
    receiveType: '0',
    payType: '1',
    rechargePackage: 0,
    servicePackage: 0,
    packageMonths: 0,
    packageGoodsIds: '',
    containerId: 1,
    categoryId: 2,
    categoryName: '测糖配件',
    hot: 0,
    recommend: 0,
    sort: 0,
    ...overrides,
  };
}

/** A page of goods. */
export function goodsPage(items: Schema<'Goods'>[], currentPage = 1, totalPage = 1) {
  return { items, currentPage, totalPage, totalNum: items.length };
}

/** The mall's one container. */
export const CONTAINERS = [
  { containerId: 1, containerName: '健康商城', remark: '', iconUrl: '', sort: 0, status: 1 as const },
];

/** `n` categories of container 1. */
export function categories(n: number) {
  return Array.from({ length: n }, (_, index) => ({
    categoryId: index + 1,
    containerId: 1,
    categoryName: `分类${index + 1}`,
    iconUrl: '',
    sort: index,
    status: 1 as const,
  }));
}
