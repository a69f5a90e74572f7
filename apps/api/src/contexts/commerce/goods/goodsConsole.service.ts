import { randomUUID } from 'node:crypto';
import type { Schema } from '@glucoguard/sdk';
import {
  GOODS_LIMITS,
  GOODS_MESSAGES,
  goodsDraftProblem,
  isShelfNameOk,
  normalizedGoodsDraft,
  parseGoodsIdList,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../platform';
import type { Goods } from './goods.entity';
import { GoodsRepository, type GoodsFields } from './goods.repository';
import { categoryVo, containerVo, goodsOrNotFound, goodsVos } from './goods.service';

// An operator's (or admin's) mall in the console (permission goods.manage): containers,
// categories, goods, stock, shelf, hot and recommended. Every rule is the domain's; every change
// is written to the audit trail (docs/adr/0175-goods-containers-categories-and-stock.md).

const refuse = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** A code for a new row: the prefix and 8 hex digits (seeded rows keep their readable codes). */
const newCode = (prefix: 'GC' | 'GK' | 'G') =>
  `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;

/** The fields whose value differs, for the audit trail. */
function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([k, v]) => old[k] !== v)
    .map(([k]) => k);
}

type ContainerInput = Schema<'GoodsContainerInput'>;
type CategoryInput = Schema<'GoodsCategoryInput'>;
type GoodsInput = Schema<'GoodsInput'>;

function containerFields(input: ContainerInput) {
  const containerName = input.containerName.trim();
  if (!isShelfNameOk(containerName, GOODS_LIMITS.containerName)) {
    throw refuse(GOODS_MESSAGES.containerName);
  }
  return {
    containerName,
    remark: (input.remark ?? '').trim(),
    iconUrl: (input.iconUrl ?? '').trim(),
    sort: input.sort ?? 0,
    status: input.status ?? 1,
  };
}

async function categoryFields(repo: GoodsRepository, input: CategoryInput) {
  const categoryName = input.categoryName.trim();
  if (!isShelfNameOk(categoryName, GOODS_LIMITS.categoryName)) {
    throw refuse(GOODS_MESSAGES.categoryName);
  }
  if (!(await repo.findContainer(input.containerId))) {
    throw refuse(GOODS_MESSAGES.containerUnknown);
  }
  return {
    containerId: input.containerId,
    categoryName,
    iconUrl: (input.iconUrl ?? '').trim(),
    sort: input.sort ?? 0,
    status: input.status ?? 1,
  };
}

/** The form as stored: defaults filled, checked by the domain's rules and against the database. */
async function goodsFields(repo: GoodsRepository, input: GoodsInput, selfId?: number): Promise<GoodsFields> {
  const draft = {
    goodsName: input.goodsName,
    remark: input.remark ?? '',
    status: input.status ?? 1,
    goodsUrl: input.goodsUrl ?? '',
    iconUrl: input.iconUrl ?? '',
    goodsDetailImgUrl: input.goodsDetailImgUrl ?? '',
    adUrl: input.adUrl ?? '',
    adHrefUrl: input.adHrefUrl ?? '',
    salesMode: input.salesMode,
    goodsValue: input.goodsValue ?? 0,
    postage: input.postage ?? 0,
    originPrice: input.originPrice ?? 0,
    scoreValue: input.scoreValue ?? 0,
    originScore: input.originScore ?? 0,
    maxUsableScore: input.maxUsableScore ?? 0,
    paperValue: input.paperValue ?? 0,
    maximum: input.maximum ?? 1,
    receiveType: input.receiveType ?? '0',
    payType: input.payType ?? '1',
    rechargePackage: input.rechargePackage ?? 0,
    servicePackage: input.servicePackage ?? 0,
    packageMonths: input.packageMonths ?? 0,
    packageGoodsIds: input.packageGoodsIds ?? '',
    containerId: input.containerId,
    categoryId: input.categoryId,
    hot: input.hot ?? 0,
    recommend: input.recommend ?? 0,
    sort: input.sort ?? 0,
  };
  const problem = goodsDraftProblem(draft, selfId);
  if (problem) {
    throw refuse(problem);
  }
  const fields = normalizedGoodsDraft(draft);
  if (!(await repo.findContainer(fields.containerId))) {
    throw refuse(GOODS_MESSAGES.containerUnknown);
  }
  const category = await repo.findCategory(fields.categoryId);
  if (!category) {
    throw refuse(GOODS_MESSAGES.categoryUnknown);
  }
  if (category.containerId !== fields.containerId) {
    throw refuse(GOODS_MESSAGES.categoryElsewhere);
  }
  const packages = parseGoodsIdList(fields.packageGoodsIds) ?? [];
  const known = await repo.existingGoodsIds(packages);
  if (packages.some((id) => !known.has(id))) {
    throw refuse(GOODS_MESSAGES.packageUnknown);
  }
  return fields;
}

async function oneGoodsVo(repo: GoodsRepository, row: Goods) {
  return (await goodsVos(repo, [row]))[0]!;
}

export async function consoleContainers(db: Db) {
  return { items: (await new GoodsRepository(db).containers(false)).map(containerVo) };
}

export async function createContainer(db: Db, actor: AuditActor, input: ContainerInput, now: Date) {
  const fields = containerFields(input);
  return inTransaction(db, async (tx) => {
    const row = await new GoodsRepository(tx).insertContainer(newCode('GC'), fields);
    await recordAudit(
      tx,
      actor,
      { action: 'goods.container.create', target: `goodsContainer:${row.id}`, detail: { name: row.containerName } },
      now,
    );
    return containerVo(row);
  });
}

export async function updateContainer(
  db: Db,
  actor: AuditActor,
  containerId: number,
  input: ContainerInput,
  now: Date,
) {
  const fields = containerFields(input);
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await repo.findContainer(containerId);
    if (!row) {
      throw notFound(GOODS_MESSAGES.containerUnknown);
    }
    const changed = changedFields(row, fields);
    await repo.update(row, fields);
    await recordAudit(
      tx,
      actor,
      { action: 'goods.container.update', target: `goodsContainer:${row.id}`, detail: { changed } },
      now,
    );
    return containerVo(row);
  });
}

export async function consoleCategories(db: Db, containerId: number | undefined) {
  return { items: (await new GoodsRepository(db).categories(containerId, false)).map(categoryVo) };
}

export async function createCategory(db: Db, actor: AuditActor, input: CategoryInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await repo.insertCategory(newCode('GK'), await categoryFields(repo, input));
    await recordAudit(
      tx,
      actor,
      { action: 'goods.category.create', target: `goodsCategory:${row.id}`, detail: { name: row.categoryName } },
      now,
    );
    return categoryVo(row);
  });
}

export async function updateCategory(db: Db, actor: AuditActor, categoryId: number, input: CategoryInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await repo.findCategory(categoryId);
    if (!row) {
      throw notFound(GOODS_MESSAGES.categoryUnknown);
    }
    const fields = await categoryFields(repo, input);
    const changed = changedFields(row, fields);
    await repo.update(row, fields);
    await recordAudit(
      tx,
      actor,
      { action: 'goods.category.update', target: `goodsCategory:${row.id}`, detail: { changed } },
      now,
    );
    return categoryVo(row);
  });
}

export interface ConsoleGoodsQuery {
  containerId?: number;
  categoryId?: number;
  keyword?: string;
  status?: number;
  salesMode?: string;
  pageNo?: number;
  pageSize?: number;
}

export async function consoleGoodsPage(db: Db, q: ConsoleGoodsQuery) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const repo = new GoodsRepository(db);
  const { rows, total } = await repo.page({
    containerId: q.containerId,
    categoryId: q.categoryId,
    keyword: q.keyword?.trim() || undefined,
    matchCode: true,
    status: q.status,
    salesMode: q.salesMode,
    pageNo,
    pageSize,
  });
  return { items: await goodsVos(repo, rows), total, currentPage: pageNo, totalPage: Math.ceil(total / pageSize) };
}

export async function consoleGoods(db: Db, goodsId: number) {
  const repo = new GoodsRepository(db);
  return oneGoodsVo(repo, await goodsOrNotFound(repo, goodsId));
}

export async function createGoods(db: Db, actor: AuditActor, input: GoodsInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const fields = await goodsFields(repo, input);
    const row = await repo.insertGoods(newCode('G'), fields, input.stock ?? 0, now);
    await recordAudit(
      tx,
      actor,
      { action: 'goods.create', target: `goods:${row.id}`, detail: { name: row.goodsName, stock: row.stock } },
      now,
    );
    return oneGoodsVo(repo, row);
  });
}

/** Changes everything the form holds but the stock (it moves only through changeGoodsStock). */
export async function updateGoods(db: Db, actor: AuditActor, goodsId: number, input: GoodsInput, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await goodsOrNotFound(repo, goodsId);
    const fields = await goodsFields(repo, input, goodsId);
    const changed = changedFields(row, fields);
    await repo.update(row, { ...fields, updatedAt: now });
    await recordAudit(tx, actor, { action: 'goods.update', target: `goods:${row.id}`, detail: { changed } }, now);
    return oneGoodsVo(repo, row);
  });
}

/** 入库 / 出库: adds `change` in one conditional update; 40900 库存不足 when it would go below 0. */
export async function changeGoodsStock(db: Db, actor: AuditActor, goodsId: number, change: number, now: Date) {
  if (change === 0) {
    throw refuse(GOODS_MESSAGES.stockChangeZero);
  }
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    await goodsOrNotFound(repo, goodsId);
    const stock = await repo.changeStock(goodsId, change, now);
    if (stock === null) {
      throw new AppError(ErrorCodes.conflict, GOODS_MESSAGES.stockShort, 409);
    }
    await recordAudit(tx, actor, { action: 'goods.stock', target: `goods:${goodsId}`, detail: { change, stock } }, now);
    return oneGoodsVo(repo, (await repo.reloadGoods(goodsId))!);
  });
}

/** On shelf (1) or off (0); orders already placed are kept. */
export async function setGoodsShelf(db: Db, actor: AuditActor, goodsId: number, status: 0 | 1, now: Date) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await goodsOrNotFound(repo, goodsId);
    await repo.update(row, { status, updatedAt: now });
    await recordAudit(tx, actor, { action: 'goods.shelf', target: `goods:${goodsId}`, detail: { status } }, now);
    return oneGoodsVo(repo, row);
  });
}

/** Hot, recommended and sort: only the fields sent change. */
export async function setGoodsFlags(
  db: Db,
  actor: AuditActor,
  goodsId: number,
  flags: { hot?: 0 | 1; recommend?: 0 | 1; sort?: number },
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const repo = new GoodsRepository(tx);
    const row = await goodsOrNotFound(repo, goodsId);
    const fields = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
    await repo.update(row, { ...fields, updatedAt: now });
    await recordAudit(tx, actor, { action: 'goods.flags', target: `goods:${goodsId}`, detail: fields }, now);
    return oneGoodsVo(repo, row);
  });
}
