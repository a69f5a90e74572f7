import type { Schema } from '@glucoguard/sdk';
import {
  EMOJI_MESSAGE,
  GOODS_COLUMN_LIMIT,
  GOODS_MESSAGES,
  containsEmoji,
  goodsBuyRefusal,
  parseGoodsIdList,
  type SalesMode,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { SessionContext } from '../../../lib/session-context';
import type { Goods, GoodsCategory, GoodsContainer } from './goods.entity';
import { GoodsRepository } from './goods.repository';

// The patient's side of the mall's goods (spec 3 §2.7, §7): readable by visitors too (spec 1 §1
// lets them open /mall/goodsList, /mall/goodsDetail and /shareGoodsDetail); buying needs
// registration. And the order module's stock functions (docs/adr/0175-goods-containers-categories-and-stock.md).

const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** A goods row as the API answers it (spec 3 §3), with its category's name. */
export function goodsVo(row: Goods, categoryName: string): Schema<'Goods'> {
  return {
    goodsId: row.id,
    goodsCode: row.goodsCode,
    goodsName: row.goodsName,
    remark: row.remark,
    status: flag(row.status),
    goodsUrl: row.goodsUrl,
    iconUrl: row.iconUrl,
    goodsDetailImgUrl: row.goodsDetailImgUrl,
    adUrl: row.adUrl,
    adHrefUrl: row.adHrefUrl,
    salesMode: row.salesMode as SalesMode,
    goodsValue: row.goodsValue,
    postage: row.postage,
    originPrice: row.originPrice,
    scoreValue: row.scoreValue,
    originScore: row.originScore,
    maxUsableScore: row.maxUsableScore,
    paperValue: row.paperValue,
    maximum: row.maximum,
    stock: row.stock,
    receiveType: row.receiveType as Schema<'Goods'>['receiveType'],
    payType: row.payType as Schema<'Goods'>['payType'],
    rechargePackage: flag(row.rechargePackage),
    servicePackage: flag(row.servicePackage),
    packageMonths: row.packageMonths,
    packageGoodsIds: row.packageGoodsIds,
    containerId: row.containerId,
    categoryId: row.categoryId,
    categoryName,
    hot: flag(row.hot),
    recommend: flag(row.recommend),
    sort: row.sort,
  };
}

export function containerVo(row: GoodsContainer): Schema<'GoodsContainer'> {
  return {
    containerId: row.id,
    containerName: row.containerName,
    remark: row.remark,
    iconUrl: row.iconUrl,
    sort: row.sort,
    status: flag(row.status),
  };
}

export function categoryVo(row: GoodsCategory): Schema<'GoodsCategory'> {
  return {
    categoryId: row.id,
    containerId: row.containerId,
    categoryName: row.categoryName,
    iconUrl: row.iconUrl,
    sort: row.sort,
    status: flag(row.status),
  };
}

/** The rows as the API answers them, each with its category's name. */
export async function goodsVos(repo: GoodsRepository, rows: readonly Goods[]): Promise<Schema<'Goods'>[]> {
  const names = await repo.categoryNames(rows.map((g) => g.categoryId));
  return rows.map((g) => goodsVo(g, names.get(g.categoryId) ?? ''));
}

/** The goods row, or 40400 商品不存在. */
export async function goodsOrNotFound(repo: GoodsRepository, goodsId: number): Promise<Goods> {
  const row = await repo.findGoods(goodsId);
  if (!row) {
    throw notFound(GOODS_MESSAGES.goodsUnknown);
  }
  return row;
}

/** Whether the container is shown to patients (a hidden or unknown one shows no goods). */
async function containerShown(repo: GoodsRepository, containerId: number): Promise<boolean> {
  return (await repo.findContainer(containerId))?.status === 1;
}

export async function shownContainers(db: Db) {
  return (await new GoodsRepository(db).containers(true)).map(containerVo);
}

export async function shownCategories(db: Db, containerId: number) {
  const repo = new GoodsRepository(db);
  if (!(await containerShown(repo, containerId))) {
    return [];
  }
  return (await repo.categories(containerId, true)).map(categoryVo);
}

export interface GoodsListQuery {
  containerId: number;
  categoryId?: number;
  goodsName?: string;
  rechargePackage?: number;
  servicePackage?: number;
  salesMode?: string;
  pageNo?: number;
  pageSize?: number;
}

/** A page of the container's goods on sale (spec 3 §7 getListByContainerId). */
export async function goodsOnSale(db: Db, q: GoodsListQuery) {
  const keyword = q.goodsName?.trim();
  if (keyword && containsEmoji(keyword)) {
    throw new AppError(ErrorCodes.badRequest, EMOJI_MESSAGE);
  }
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const repo = new GoodsRepository(db);
  if (!(await containerShown(repo, q.containerId))) {
    return { items: [], currentPage: pageNo, totalPage: 0, totalNum: 0 };
  }
  const { rows, total } = await repo.page({
    containerId: q.containerId,
    categoryId: q.categoryId,
    keyword: keyword || undefined,
    status: 1,
    rechargePackage: q.rechargePackage,
    servicePackage: q.servicePackage,
    salesMode: q.salesMode,
    pageNo,
    pageSize,
  });
  return {
    items: await goodsVos(repo, rows),
    currentPage: pageNo,
    totalPage: Math.ceil(total / pageSize),
    totalNum: total,
  };
}

/** The hot (热销产品) or recommended column of a shown container. */
export async function goodsColumn(db: Db, containerId: number, column: 'hot' | 'recommend') {
  const repo = new GoodsRepository(db);
  if (!(await containerShown(repo, containerId))) {
    return [];
  }
  return goodsVos(repo, await repo.column(containerId, column, GOODS_COLUMN_LIMIT));
}

/** One goods item, on sale or not: the detail shows 商品已下架 from its status. */
export async function goodsDetail(db: Db, goodsId: number) {
  const repo = new GoodsRepository(db);
  return (await goodsVos(repo, [await goodsOrNotFound(repo, goodsId)]))[0]!;
}

/**
 * buyValid: null when the caller may buy `number` now; otherwise the refusal as an envelope error
 * (40300 for a visitor, 40900 off shelf, short of stock or above the maximum).
 */
export async function checkBuyable(db: Db, session: SessionContext, goodsId: number, number: number): Promise<null> {
  const goods = await goodsOrNotFound(new GoodsRepository(db), goodsId);
  const refusal = goodsBuyRefusal(goods, { registered: session.registered }, number);
  if (refusal?.reason === 'register') {
    throw new AppError(ErrorCodes.forbidden, refusal.message, 403);
  }
  if (refusal) {
    throw new AppError(ErrorCodes.conflict, refusal.message, 409);
  }
  return null;
}

/** The packages staff linked to the goods item, on sale, in the order they listed them. */
export async function usablePackages(db: Db, goodsId: number) {
  const repo = new GoodsRepository(db);
  const goods = await goodsOrNotFound(repo, goodsId);
  const ids = parseGoodsIdList(goods.packageGoodsIds) ?? [];
  const byId = new Map((await repo.findGoodsByIds(ids)).map((g) => [g.id, g]));
  const onSale = ids.map((id) => byId.get(id)).filter((g): g is Goods => g?.status === 1);
  return goodsVos(repo, onSale);
}

// The order module's entry points (commerce/order imports them directly; other contexts through
// commerce's index). Each runs inside the order's transaction `tx`.

/**
 * The goods row locked FOR UPDATE until `tx` ends, read fresh from the database; 40400 商品不存在
 * when there is none. The order checks status, price and limits on this copy.
 */
export async function goodsForOrder(tx: Db, goodsId: number): Promise<Goods> {
  const row = await new GoodsRepository(tx).lockGoods(goodsId);
  if (!row) {
    throw notFound(GOODS_MESSAGES.goodsUnknown);
  }
  return row;
}

/** Takes `n` items from the stock if that many are left (one conditional UPDATE); false, taking nothing, when not. */
export function takeStock(tx: Db, goodsId: number, n: number): Promise<boolean> {
  return new GoodsRepository(tx).takeStock(goodsId, n);
}

/** Gives `n` items back to the stock (a cancelled, timed-out or refused order). */
export function returnStock(tx: Db, goodsId: number, n: number): Promise<void> {
  return new GoodsRepository(tx).returnStock(goodsId, n);
}
