import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { nativeQuery } from '../../../lib/db';
import { Goods, GoodsCategory, GoodsContainer } from './goods.entity';

export interface GoodsFilter {
  containerId?: number;
  categoryId?: number;
  /** Part of the name (patients) or of the name or code (console). */
  keyword?: string;
  matchCode?: boolean;
  status?: number;
  rechargePackage?: number;
  servicePackage?: number;
  salesMode?: string;
  pageNo: number;
  pageSize: number;
}

export type GoodsFields = Omit<Goods, 'id' | 'goodsCode' | 'createdAt' | 'updatedAt' | 'stock'>;
export type ContainerFields = Omit<GoodsContainer, 'id' | 'code'>;
export type CategoryFields = Omit<GoodsCategory, 'id' | 'code'>;

/** A LIKE pattern that matches the text literally (its own % and _ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The mall's containers, categories and goods; the stock moves only by conditional updates. */
export class GoodsRepository {
  constructor(private readonly em: EntityManager) {}

  containers(shownOnly: boolean): Promise<GoodsContainer[]> {
    return this.em.find(GoodsContainer, shownOnly ? { status: 1 } : {}, { orderBy: { sort: 'asc', id: 'asc' } });
  }

  findContainer(id: number): Promise<GoodsContainer | null> {
    return this.em.findOne(GoodsContainer, { id });
  }

  categories(containerId: number | undefined, shownOnly: boolean): Promise<GoodsCategory[]> {
    const where: FilterQuery<GoodsCategory> = {
      ...(containerId === undefined ? {} : { containerId }),
      ...(shownOnly ? { status: 1 } : {}),
    };
    return this.em.find(GoodsCategory, where, { orderBy: { containerId: 'asc', sort: 'asc', id: 'asc' } });
  }

  findCategory(id: number): Promise<GoodsCategory | null> {
    return this.em.findOne(GoodsCategory, { id });
  }

  async categoryNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.em.find(GoodsCategory, { id: { $in: [...new Set(ids)] } });
    return new Map(rows.map((c) => [c.id, c.categoryName]));
  }

  async page(f: GoodsFilter): Promise<{ rows: Goods[]; total: number }> {
    const where: FilterQuery<Goods>[] = [];
    for (const key of [
      'containerId',
      'categoryId',
      'status',
      'rechargePackage',
      'servicePackage',
      'salesMode',
    ] as const) {
      if (f[key] !== undefined) {
        where.push({ [key]: f[key] });
      }
    }
    if (f.keyword) {
      const like = containing(f.keyword);
      where.push(
        f.matchCode
          ? { $or: [{ goodsName: { $ilike: like } }, { goodsCode: { $ilike: like } }] }
          : { goodsName: { $ilike: like } },
      );
    }
    const [rows, total] = await this.em.findAndCount(Goods, where.length > 0 ? { $and: where } : {}, {
      orderBy: f.matchCode ? { id: 'desc' } : { sort: 'asc', id: 'desc' },
      limit: f.pageSize,
      offset: (f.pageNo - 1) * f.pageSize,
    });
    return { rows, total };
  }

  /** The container's goods on sale with the flag set, by sort. */
  column(containerId: number, flag: 'hot' | 'recommend', limit: number): Promise<Goods[]> {
    return this.em.find(Goods, { containerId, status: 1, [flag]: 1 }, { orderBy: { sort: 'asc', id: 'desc' }, limit });
  }

  findGoods(id: number): Promise<Goods | null> {
    return this.em.findOne(Goods, { id });
  }

  /** The row as it is now in the database (after a conditional update changed it behind the identity map). */
  reloadGoods(id: number): Promise<Goods | null> {
    return this.em.findOne(Goods, { id }, { refresh: true });
  }

  /** The row, locked FOR UPDATE until the caller's transaction ends (an order reads it so). */
  lockGoods(id: number): Promise<Goods | null> {
    return this.em.findOne(Goods, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findGoodsByIds(ids: readonly number[]): Promise<Goods[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Goods, { id: { $in: [...ids] } });
  }

  async existingGoodsIds(ids: readonly number[]): Promise<Set<number>> {
    const rows = await this.findGoodsByIds(ids);
    return new Set(rows.map((g) => g.id));
  }

  async insertContainer(code: string, fields: ContainerFields): Promise<GoodsContainer> {
    const row = this.em.create(GoodsContainer, { ...fields, code });
    await this.em.flush();
    return row;
  }

  async insertCategory(code: string, fields: CategoryFields): Promise<GoodsCategory> {
    const row = this.em.create(GoodsCategory, { ...fields, code });
    await this.em.flush();
    return row;
  }

  async insertGoods(goodsCode: string, fields: GoodsFields, stock: number, now: Date): Promise<Goods> {
    const row = this.em.create(Goods, { ...fields, goodsCode, stock, createdAt: now, updatedAt: now });
    await this.em.flush();
    return row;
  }

  /** Assigns the fields and writes them (the stock is not among them: it moves only by the updates below). */
  async update<T extends object>(row: T, fields: Partial<T>): Promise<void> {
    this.em.assign(row, fields as never);
    await this.em.flush();
  }

  /**
   * Takes `n` from the stock if at least `n` are left, in one statement; false (nothing taken) when
   * not. Concurrent callers are serialised by the row lock the UPDATE takes, so the last item is
   * sold once.
   */
  async takeStock(id: number, n: number): Promise<boolean> {
    const rows = await nativeQuery<{ id: number }>(
      this.em,
      'update goods set stock = stock - $1 where id = $2 and stock >= $1 returning id',
      [n, id],
    );
    return rows.length === 1;
  }

  /** Gives `n` back to the stock (a cancelled or timed-out order). */
  async returnStock(id: number, n: number): Promise<void> {
    await nativeQuery(this.em, 'update goods set stock = stock + $1 where id = $2', [n, id]);
  }

  /** Adds `change` (negative takes away) unless the stock would fall below 0; the new stock, or null when refused or unknown. */
  async changeStock(id: number, change: number, now: Date): Promise<number | null> {
    const rows = await nativeQuery<{ stock: number }>(
      this.em,
      'update goods set stock = stock + $1, updated_at = $3 where id = $2 and stock + $1 >= 0 returning stock',
      [change, id, now],
    );
    return rows[0] ? Number(rows[0].stock) : null;
  }
}
