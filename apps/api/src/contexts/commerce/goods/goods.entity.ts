import { defineEntity, p } from '@mikro-orm/core';

/**
 * A container of the mall (spec 3 §2.7: a shop such as 健康商城) that holds categories and goods.
 * `code` is the seed's stable key for seeded rows (a random one for rows staff add).
 */
export const GoodsContainerSchema = defineEntity({
  name: 'GoodsContainer',
  tableName: 'goods_container',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    containerName: p.string().length(40),
    remark: p.string().length(200).default(''),
    iconUrl: p.string().length(300).default(''),
    sort: p.integer().default(0),
    /** 1 shown to patients, 0 hidden. */
    status: p.smallint().default(1),
  },
});
export class GoodsContainer extends GoodsContainerSchema.class {}
GoodsContainerSchema.setClass(GoodsContainer);

/** A category of one container (the category grid of /mall/goodsList). */
export const GoodsCategorySchema = defineEntity({
  name: 'GoodsCategory',
  tableName: 'goods_category',
  indexes: [{ properties: ['containerId', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    containerId: p.integer(),
    categoryName: p.string().length(20),
    iconUrl: p.string().length(300).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
  },
});
export class GoodsCategory extends GoodsCategorySchema.class {}
GoodsCategorySchema.setClass(GoodsCategory);

/**
 * A goods item (spec 3 §3). Money in cents, points and strips as counts. `stock` moves only by
 * conditional updates (`takeStock`, `returnStock`, the console's stock change), never by writing a
 * value read earlier, so concurrent orders cannot sell the last item twice
 * (docs/adr/0175-goods-containers-categories-and-stock.md). `receiveType` and `payType` are the
 * comma lists of what the goods allow; `packageGoodsIds` the linked usable packages
 * (docs/adr/0176-usable-packages-are-linked-goods.md).
 */
export const GoodsSchema = defineEntity({
  name: 'Goods',
  tableName: 'goods',
  checks: [{ name: 'goods_stock_not_negative', expression: 'stock >= 0' }],
  indexes: [{ properties: ['containerId', 'status', 'sort'] }, { properties: ['categoryId', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    goodsCode: p.string().length(32).unique(),
    goodsName: p.string().length(120),
    remark: p.string().length(200).default(''),
    status: p.smallint().default(1),
    goodsUrl: p.string().length(2000).default(''),
    iconUrl: p.string().length(2000).default(''),
    goodsDetailImgUrl: p.string().length(300).default(''),
    adUrl: p.string().length(300).default(''),
    adHrefUrl: p.string().length(300).default(''),
    salesMode: p.string().length(16),
    goodsValue: p.integer().default(0),
    postage: p.integer().default(0),
    originPrice: p.integer().default(0),
    scoreValue: p.integer().default(0),
    originScore: p.integer().default(0),
    maxUsableScore: p.integer().default(0),
    paperValue: p.integer().default(0),
    maximum: p.integer().default(1),
    stock: p.integer().default(0),
    receiveType: p.string().length(8).default('0'),
    payType: p.string().length(8).default('1'),
    rechargePackage: p.smallint().default(0),
    servicePackage: p.smallint().default(0),
    packageMonths: p.smallint().default(0),
    packageGoodsIds: p.string().length(220).default(''),
    containerId: p.integer(),
    categoryId: p.integer(),
    hot: p.smallint().default(0),
    recommend: p.smallint().default(0),
    sort: p.integer().default(0),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export class Goods extends GoodsSchema.class {}
GoodsSchema.setClass(Goods);
