import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import {
  AuthorisedShop,
  GuaranteeItem,
  GuaranteePlatform,
  ProductCategory,
  ProductGuide,
  ProductModel,
  ServiceBanner,
  ServicePolicyText,
} from './catalogue.entity';

/** The catalogue's kinds of row; every one has an id, a seed code, a display order and a status. */
const ENTITIES = {
  category: ProductCategory,
  product: ProductModel,
  guide: ProductGuide,
  banner: ServiceBanner,
  platform: GuaranteePlatform,
  guarantee: GuaranteeItem,
  shop: AuthorisedShop,
} as const;
export type CatalogueKind = keyof typeof ENTITIES;
export type RowOf<K extends CatalogueKind> = InstanceType<(typeof ENTITIES)[K]>;

/** The fields a form sets on a row (not its id, code or stamp). */
export type RowFields<K extends CatalogueKind> = Omit<RowOf<K>, 'id' | 'code' | 'updatedAt'>;

/**
 * Which rows: equal values of some columns, part of the name or title (`text`, matched
 * literally and without case), and for guides `modelOf` (the guides of a model: its own and its
 * type's that name no model).
 */
export type RowFilter<K extends CatalogueKind> = { [P in keyof RowFields<K>]?: RowFields<K>[P] } & {
  text?: string;
  modelOf?: { productId: number; categoryId: number };
};

/** A LIKE pattern that matches the text literally (its own % and _ escaped). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER = { sort: 'asc', id: 'asc' } as const;

function where<K extends CatalogueKind>(kind: K, filter: RowFilter<K>, shownOnly: boolean): FilterQuery<RowOf<K>> {
  const { text, modelOf, ...equal } = filter;
  const parts: object[] = [equal];
  if (shownOnly) {
    parts.push({ status: 1 });
  }
  if (text) {
    parts.push({ [kind === 'guide' ? 'title' : 'name']: { $ilike: containing(text) } });
  }
  if (modelOf) {
    parts.push({
      $or: [{ productId: modelOf.productId }, { productId: null, categoryId: modelOf.categoryId }],
    });
  }
  return { $and: parts } as FilterQuery<RowOf<K>>;
}

/** The catalogue's rows: listed in display order, paged, found by id or seed code, added and changed; never deleted. */
export class CatalogueRepository {
  constructor(private readonly em: EntityManager) {}

  /** The rows the filter selects, only the shown ones when `shownOnly`, by sort then id. */
  list<K extends CatalogueKind>(kind: K, filter: RowFilter<K>, shownOnly: boolean): Promise<RowOf<K>[]> {
    return this.em.find(ENTITIES[kind] as never, where(kind, filter, shownOnly), {
      orderBy: ORDER as never,
    }) as unknown as Promise<RowOf<K>[]>;
  }

  /** A page of the rows the filter selects, by sort then id, with the total count. */
  async page<K extends CatalogueKind>(
    kind: K,
    filter: RowFilter<K>,
    shownOnly: boolean,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: RowOf<K>[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(ENTITIES[kind] as never, where(kind, filter, shownOnly), {
      orderBy: ORDER as never,
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    return { rows: rows as RowOf<K>[], total };
  }

  find<K extends CatalogueKind>(kind: K, id: number): Promise<RowOf<K> | null> {
    return this.em.findOne(ENTITIES[kind] as never, { id }) as Promise<RowOf<K> | null>;
  }

  findByCode<K extends CatalogueKind>(kind: K, code: string): Promise<RowOf<K> | null> {
    return this.em.findOne(ENTITIES[kind] as never, { code }) as Promise<RowOf<K> | null>;
  }

  async insert<K extends CatalogueKind>(kind: K, code: string, fields: RowFields<K>, now: Date): Promise<RowOf<K>> {
    const row = this.em.create<RowOf<K>>(ENTITIES[kind] as never, { ...fields, code, updatedAt: now } as never);
    await this.em.flush();
    return row;
  }

  async update<K extends CatalogueKind>(_kind: K, row: RowOf<K>, fields: RowFields<K>, now: Date): Promise<void> {
    this.em.assign(row as never, { ...fields, updatedAt: now } as never);
    await this.em.flush();
  }

  /** The names of these product types or models, by id. */
  async names(kind: 'category' | 'product', ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.em.find(ENTITIES[kind] as typeof ProductCategory, { id: { $in: [...new Set(ids)] } });
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  policy(sourceId: number): Promise<ServicePolicyText | null> {
    return this.em.findOne(ServicePolicyText, { sourceId });
  }

  /**
   * Stores a brand's policy in one statement (`insert … on conflict (source_id) do update`): two
   * first saves at once both succeed, the later one's text kept, instead of both inserting.
   */
  savePolicy(
    sourceId: number,
    fields: Omit<ServicePolicyText, 'sourceId' | 'updatedAt'>,
    now: Date,
  ): Promise<ServicePolicyText> {
    return this.em.upsert(
      ServicePolicyText,
      { sourceId, ...fields, updatedAt: now },
      { onConflictFields: ['sourceId'], onConflictAction: 'merge' },
    );
  }
}
