import type { Schema } from '@glucoguard/sdk';
import { EMOJI_MESSAGE, SOURCE_ID, bannerTarget, brandFromSourceId, containsEmoji } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type {
  AuthorisedShop,
  GuaranteeItem,
  ProductCategory,
  ProductGuide,
  ProductModel,
  ServiceBanner,
} from './catalogue.entity';
import { defaultPolicy, type PolicyText } from './catalogue.policy';
import { CatalogueRepository } from './catalogue.repository';
import { sanitizeRichText } from './catalogue.sanitize';

// The after-sales catalogue as patients read it (spec 3 §2.8, §7; tag `product`): any session,
// visitors too. Only shown rows (status 1) of shown product types and platforms; nothing private.

export const CATALOGUE_MESSAGES = {
  productUnknown: '产品不存在',
  guideUnknown: '指南不存在',
  guaranteeUnknown: '保障不存在',
} as const;

/** A search text as typed (trimmed), undefined when blank; an emoji is refused as the search boxes do. */
export function searchText(text: string | undefined): string | undefined {
  const trimmed = (text ?? '').trim();
  if (containsEmoji(trimmed)) {
    throw new AppError(ErrorCodes.badRequest, EMOJI_MESSAGE);
  }
  return trimmed === '' ? undefined : trimmed;
}

/** An address a guide may send the reader to instead of its text: https only, else empty. */
export function httpsOnly(url: string): string {
  const text = url.trim();
  try {
    return /^https:\/\//i.test(text) && new URL(text).protocol === 'https:' ? text : '';
  } catch {
    return '';
  }
}

/** Where a banner goes when tapped: what the domain's banner rule accepts, else no link. */
export const bannerHref = (hrefUrl: string) => (bannerTarget(hrefUrl).kind === 'none' ? '' : hrefUrl.trim());

export function bannerVo(row: ServiceBanner): Schema<'AfterSalesBanner'> {
  return { bannerId: row.id, imgUrl: row.imgUrl, hrefUrl: bannerHref(row.hrefUrl), title: row.title };
}

export function categoryVo(row: ProductCategory): Schema<'ProductCategory'> {
  return { id: row.id, name: row.name, iconUrl: row.iconUrl };
}

export function productVo(row: ProductModel, categoryName: string): Schema<'ProductDetail'> {
  return {
    id: row.id,
    name: row.name,
    iconUrl: row.iconUrl,
    categoryId: row.categoryId,
    categoryName,
    deviceType: row.deviceType,
    warMonths: row.warMonths,
    videoUrl: row.videoUrl,
    manualUrl: row.manualUrl,
    manualImages: [...row.manualImages],
    remark: row.remark,
    warUrl: row.warUrl,
    warrantyRemark: row.warrantyRemark,
  };
}

export function guideVo(row: ProductGuide): Schema<'Guide'> {
  return {
    guideId: row.id,
    title: row.title,
    iconUrl: row.iconUrl,
    guideType: row.guideType as 1 | 2,
    productId: row.productId ?? null,
    categoryId: row.categoryId,
    content: sanitizeRichText(row.content),
    contentUrl: httpsOnly(row.contentUrl),
  };
}

export function guaranteeVo(row: GuaranteeItem): Schema<'Guarantee'> {
  return {
    id: row.id,
    name: row.name,
    iconUrl: row.iconUrl,
    content: sanitizeRichText(row.content),
    credentialUrl: row.credentialUrl,
  };
}

export function shopVo(row: AuthorisedShop): Schema<'AuthorisedShop'> {
  return {
    shopId: row.id,
    name: row.name,
    province: row.province,
    city: row.city,
    district: row.district,
    address: row.address,
    phone: row.phone,
    openHours: row.openHours,
  };
}

export async function shownBanners(db: Db, productCode: string) {
  return (await new CatalogueRepository(db).list('banner', { productCode }, true)).map(bannerVo);
}

export async function shownCategories(db: Db, name: string | undefined) {
  return (await new CatalogueRepository(db).list('category', { text: searchText(name) }, true)).map(categoryVo);
}

/** The shown models of a shown product type. */
export async function shownModels(db: Db, categoryId: number, name: string | undefined) {
  const text = searchText(name);
  const repo = new CatalogueRepository(db);
  const category = await repo.find('category', categoryId);
  if (category?.status !== 1) {
    return [];
  }
  const rows = await repo.list('product', { categoryId, text }, true);
  return rows.map((r) => ({ id: r.id, name: r.name, iconUrl: r.iconUrl, categoryId: r.categoryId }));
}

/** A shown model of a shown type with its type, or 40400 产品不存在. */
async function shownModel(repo: CatalogueRepository, productId: number) {
  const model = await repo.find('product', productId);
  const category = model ? await repo.find('category', model.categoryId) : null;
  if (!model || model.status !== 1 || category?.status !== 1) {
    throw notFound(CATALOGUE_MESSAGES.productUnknown);
  }
  return { model, category };
}

export async function shownProductDetail(db: Db, productId: number) {
  const { model, category } = await shownModel(new CatalogueRepository(db), productId);
  return productVo(model, category.name);
}

export async function shownWarrantyRemark(db: Db, productId: number): Promise<Schema<'ProductWarrantyRemark'>> {
  const { model } = await shownModel(new CatalogueRepository(db), productId);
  return { productId: model.id, name: model.name, warrantyRemark: model.warrantyRemark, warMonths: model.warMonths };
}

/**
 * The shown guides: of a model (its own and its type's that name no model), of a type, of a kind,
 * by part of the title; only those of shown types.
 */
export async function shownGuides(
  db: Db,
  query: { productId?: number; categoryId?: number; title?: string; guideType?: 1 | 2 },
): Promise<Schema<'GuideListItem'>[]> {
  const repo = new CatalogueRepository(db);
  const text = searchText(query.title);
  let modelOf: { productId: number; categoryId: number } | undefined;
  if (query.productId !== undefined) {
    const model = await repo.find('product', query.productId);
    if (model?.status !== 1) {
      return [];
    }
    modelOf = { productId: model.id, categoryId: model.categoryId };
  }
  const rows = await repo.list(
    'guide',
    {
      text,
      modelOf,
      ...(query.categoryId !== undefined && { categoryId: query.categoryId }),
      ...(query.guideType !== undefined && { guideType: query.guideType }),
    },
    true,
  );
  const shownTypes = new Set((await repo.list('category', {}, true)).map((c) => c.id));
  return rows
    .filter((r) => shownTypes.has(r.categoryId))
    .map((r) => ({
      guideId: r.id,
      title: r.title,
      iconUrl: r.iconUrl,
      guideType: r.guideType as 1 | 2,
      productId: r.productId ?? null,
      categoryId: r.categoryId,
    }));
}

export async function shownGuide(db: Db, guideId: number) {
  const repo = new CatalogueRepository(db);
  const guide = await repo.find('guide', guideId);
  const category = guide ? await repo.find('category', guide.categoryId) : null;
  if (!guide || guide.status !== 1 || category?.status !== 1) {
    throw notFound(CATALOGUE_MESSAGES.guideUnknown);
  }
  return guideVo(guide);
}

export async function shownPlatforms(db: Db) {
  return (await new CatalogueRepository(db).list('platform', {}, true)).map((r) => ({ id: r.id, name: r.name }));
}

/** The shown items of a shown platform (none for an unknown or hidden one: the page says 暂无数据！). */
export async function shownGuarantees(db: Db, platformId: number) {
  const repo = new CatalogueRepository(db);
  const platform = await repo.find('platform', platformId);
  if (platform?.status !== 1) {
    return [];
  }
  const rows = await repo.list('guarantee', { platformId }, true);
  return rows.map((r) => ({ id: r.id, name: r.name, iconUrl: r.iconUrl }));
}

export async function shownGuarantee(db: Db, id: number) {
  const repo = new CatalogueRepository(db);
  const item = await repo.find('guarantee', id);
  const platform = item ? await repo.find('platform', item.platformId) : null;
  if (!item || item.status !== 1 || platform?.status !== 1) {
    throw notFound(CATALOGUE_MESSAGES.guaranteeUnknown);
  }
  return guaranteeVo(item);
}

export async function shownShops(
  db: Db,
  query: { province?: string; city?: string; pageNo?: number; pageSize?: number },
) {
  const province = searchText(query.province);
  const city = searchText(query.city);
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? 10;
  const { rows, total } = await new CatalogueRepository(db).page(
    'shop',
    { ...(province && { province }), ...(city && { city }) },
    true,
    pageNo,
    pageSize,
  );
  return { ...pageOf(rows.map(shopVo), total, pageNo, pageSize), totalNum: total };
}

/** The policy staff saved for the brand of `sourceId`, else the default text. */
export async function brandPolicy(db: Db, sourceId: string | number | undefined): Promise<PolicyText> {
  const brand = brandFromSourceId(sourceId);
  const saved = await new CatalogueRepository(db).policy(SOURCE_ID[brand]);
  return saved
    ? {
        clauses: saved.clauses.map((c) => ({ title: c.title, body: c.body })),
        hotline: saved.hotline,
        serviceHours: saved.serviceHours,
      }
    : defaultPolicy(brand);
}
