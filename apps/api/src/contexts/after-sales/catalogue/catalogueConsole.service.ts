import { randomUUID } from 'node:crypto';
import type { Schema } from '@glucoguard/sdk';
import { formatChinaTime } from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { recordAudit, type AuditActor } from '../../platform';
import type { AuthorisedShop, GuaranteeItem, ProductGuide, ProductModel } from './catalogue.entity';
import { POLICY_SOURCE_IDS } from './catalogue.policy';
import { CatalogueRepository, type CatalogueKind, type RowOf } from './catalogue.repository';
import { sanitizeRichText } from './catalogue.sanitize';
import { brandPolicy, categoryVo, productVo, searchText, shopVo } from './catalogue.service';
import { CATALOGUE_FORM_MESSAGES, FIELDS, named, refuse, type Inputs } from './catalogueConsole.forms';

// The after-sales catalogue in the console (permission aftersales.catalogue: operators and admins).
// Every change is checked here, stored, and written to the audit trail in one transaction; nothing
// is deleted, status 0 hides (docs/adr/0195-after-sales-catalogue.md).

const stamp = (row: { sort: number; status: number; updatedAt: Date }) => ({
  sort: row.sort,
  status: row.status === 1 ? (1 as const) : (0 as const),
  updateTime: formatChinaTime(row.updatedAt),
});

const newCode = (kind: CatalogueKind) => `${kind}-${randomUUID().replaceAll('-', '').slice(0, 12)}`;

// --- Views -------------------------------------------------------------------------------------

function productConsoleVo(row: ProductModel, categoryName: string): Schema<'ConsoleProduct'> {
  return { ...productVo(row, categoryName), ...stamp(row) };
}

function consoleGuide(row: ProductGuide): Schema<'ConsoleGuide'> {
  return {
    guideId: row.id,
    title: row.title,
    iconUrl: row.iconUrl,
    guideType: row.guideType as 1 | 2,
    productId: row.productId ?? null,
    categoryId: row.categoryId,
    content: sanitizeRichText(row.content),
    contentUrl: row.contentUrl,
    ...stamp(row),
  };
}

function consoleGuarantee(row: GuaranteeItem): Schema<'ConsoleGuarantee'> {
  return {
    id: row.id,
    platformId: row.platformId,
    name: row.name,
    iconUrl: row.iconUrl,
    content: sanitizeRichText(row.content),
    credentialUrl: row.credentialUrl,
    ...stamp(row),
  };
}

const consoleShop = (row: AuthorisedShop): Schema<'ConsoleShop'> => ({ ...shopVo(row), ...stamp(row) });

/** Each kind's console view (models need their type's name: see {@link productViews}). */
const VIEWS = {
  category: (row: RowOf<'category'>): Schema<'ConsoleProductCategory'> => ({ ...categoryVo(row), ...stamp(row) }),
  guide: consoleGuide,
  banner: (row: RowOf<'banner'>): Schema<'ConsoleBanner'> => ({
    bannerId: row.id,
    productCode: row.productCode,
    imgUrl: row.imgUrl,
    hrefUrl: row.hrefUrl,
    title: row.title,
    ...stamp(row),
  }),
  platform: (row: RowOf<'platform'>): Schema<'ConsoleGuaranteePlatform'> => ({
    id: row.id,
    name: row.name,
    ...stamp(row),
  }),
  guarantee: consoleGuarantee,
  shop: consoleShop,
};

async function productViews(repo: CatalogueRepository, rows: ProductModel[]): Promise<Schema<'ConsoleProduct'>[]> {
  const names = await repo.names(
    'category',
    rows.map((r) => r.categoryId),
  );
  return rows.map((r) => productConsoleVo(r, names.get(r.categoryId) ?? ''));
}

/** Each kind's console view. */
type ViewOf = {
  category: Schema<'ConsoleProductCategory'>;
  product: Schema<'ConsoleProduct'>;
  guide: Schema<'ConsoleGuide'>;
  banner: Schema<'ConsoleBanner'>;
  platform: Schema<'ConsoleGuaranteePlatform'>;
  guarantee: Schema<'ConsoleGuarantee'>;
  shop: Schema<'ConsoleShop'>;
};

/** The view of one stored row of a kind. */
async function viewOf<K extends CatalogueKind>(repo: CatalogueRepository, kind: K, row: RowOf<K>): Promise<ViewOf[K]> {
  if (kind === 'product') {
    return (await productViews(repo, [row as ProductModel]))[0] as ViewOf[K];
  }
  return ((VIEWS as Record<CatalogueKind, unknown>)[kind] as (r: RowOf<K>) => ViewOf[K])(row);
}

const UNKNOWN: Record<CatalogueKind, string> = {
  category: CATALOGUE_FORM_MESSAGES.categoryUnknown,
  product: CATALOGUE_FORM_MESSAGES.productUnknown,
  guide: '指南不存在',
  banner: '横幅不存在',
  platform: CATALOGUE_FORM_MESSAGES.platformUnknown,
  guarantee: '保障不存在',
  shop: '门店不存在',
};

/** The audited creation of a row of `kind`; answers its console view. */
export async function createRow<K extends CatalogueKind>(
  db: Db,
  actor: AuditActor,
  kind: K,
  input: Inputs[K],
  now: Date,
) {
  return inTransaction(db, async (tx) => {
    const repo = new CatalogueRepository(tx);
    const row = await repo.insert(kind, newCode(kind), await FIELDS[kind](repo, input), now);
    await recordAudit(tx, actor, { action: `aftersales.${kind}.create`, target: `${kind}:${row.id}` }, now);
    return viewOf(repo, kind, row);
  });
}

/** The audited change of a row of `kind` (status included); answers its console view, or 40400. */
export async function updateRow<K extends CatalogueKind>(
  db: Db,
  actor: AuditActor,
  kind: K,
  id: number,
  input: Inputs[K],
  now: Date,
): Promise<ViewOf[K]> {
  return inTransaction(db, async (tx) => {
    const repo = new CatalogueRepository(tx);
    const row = await repo.find(kind, id);
    if (!row) {
      throw notFound(UNKNOWN[kind]);
    }
    const fields = await FIELDS[kind](repo, input);
    const before = row as unknown as Record<string, unknown>;
    const changed = Object.entries(fields)
      .filter(([k, v]) => JSON.stringify(before[k]) !== JSON.stringify(v))
      .map(([k]) => k);
    await repo.update(kind, row, fields, now);
    await recordAudit(
      tx,
      actor,
      { action: `aftersales.${kind}.update`, target: `${kind}:${id}`, detail: { changed } },
      now,
    );
    return viewOf(repo, kind, row);
  });
}

// --- Lists ---------------------------------------------------------------------------------------

export async function consoleList<K extends Exclude<CatalogueKind, 'product' | 'guide' | 'shop'>>(
  db: Db,
  kind: K,
  filter: { productCode?: string; platformId?: number },
) {
  const rows = await new CatalogueRepository(db).list(kind, filter as never, false);
  const view = VIEWS[kind] as unknown as (r: RowOf<K>) => ViewOf[K];
  return { items: rows.map(view) };
}

type PageQuery = { pageNo?: number; pageSize?: number };

export async function consoleProducts(db: Db, query: { categoryId?: number; name?: string } & PageQuery) {
  const repo = new CatalogueRepository(db);
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await repo.page(
    'product',
    { text: searchText(query.name), ...(query.categoryId !== undefined && { categoryId: query.categoryId }) },
    false,
    pageNo,
    pageSize,
  );
  return { ...pageOf(await productViews(repo, rows), total, pageNo, pageSize), totalNum: total };
}

export async function consoleProduct(db: Db, productId: number) {
  const repo = new CatalogueRepository(db);
  const row = await repo.find('product', productId);
  if (!row) {
    throw notFound(UNKNOWN.product);
  }
  return (await productViews(repo, [row]))[0]!;
}

export async function consoleGuides(
  db: Db,
  query: { categoryId?: number; productId?: number; guideType?: 1 | 2; title?: string } & PageQuery,
) {
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await new CatalogueRepository(db).page(
    'guide',
    {
      text: searchText(query.title),
      ...(query.categoryId !== undefined && { categoryId: query.categoryId }),
      ...(query.productId !== undefined && { productId: query.productId }),
      ...(query.guideType !== undefined && { guideType: query.guideType }),
    },
    false,
    pageNo,
    pageSize,
  );
  return { ...pageOf(rows.map(consoleGuide), total, pageNo, pageSize), totalNum: total };
}

export async function consoleGuideById(db: Db, guideId: number) {
  const row = await new CatalogueRepository(db).find('guide', guideId);
  if (!row) {
    throw notFound(UNKNOWN.guide);
  }
  return consoleGuide(row);
}

export async function consoleShops(db: Db, query: { province?: string; city?: string; name?: string } & PageQuery) {
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? 10;
  const province = searchText(query.province);
  const city = searchText(query.city);
  const { rows, total } = await new CatalogueRepository(db).page(
    'shop',
    { text: searchText(query.name), ...(province && { province }), ...(city && { city }) },
    false,
    pageNo,
    pageSize,
  );
  return { ...pageOf(rows.map(consoleShop), total, pageNo, pageSize), totalNum: total };
}

// --- The service policy ---------------------------------------------------------------------------

async function consolePolicy(db: Db, sourceId: 3 | 4): Promise<Schema<'ConsoleServicePolicy'>> {
  const saved = await new CatalogueRepository(db).policy(sourceId);
  const text = await brandPolicy(db, sourceId);
  return { sourceId, ...text, updateTime: saved ? formatChinaTime(saved.updatedAt) : null };
}

export async function consolePolicies(db: Db) {
  return { items: await Promise.all(POLICY_SOURCE_IDS.map((id) => consolePolicy(db, id))) };
}

export async function savePolicy(
  db: Db,
  actor: AuditActor,
  sourceId: 3 | 4,
  input: Schema<'ServicePolicyInput'>,
  now: Date,
) {
  const clauses = input.clauses.map((c) => ({ title: c.title.trim(), body: c.body.trim() }));
  if (clauses.some((c) => c.title === '' || c.body === '')) {
    throw refuse(CATALOGUE_FORM_MESSAGES.clause);
  }
  const fields = { clauses, hotline: input.hotline.trim(), serviceHours: named(input.serviceHours, '请填写服务时间') };
  return inTransaction(db, async (tx) => {
    await new CatalogueRepository(tx).savePolicy(sourceId, fields, now);
    await recordAudit(tx, actor, { action: 'aftersales.policy.update', target: `policy:${sourceId}` }, now);
    return consolePolicy(tx, sourceId);
  });
}
