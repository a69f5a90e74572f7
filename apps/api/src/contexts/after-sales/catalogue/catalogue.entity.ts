import { defineEntity, p } from '@mikro-orm/core';

// The after-sales catalogue (spec 3 §2.8, §3): product types, their models, guides, the service
// centre's banners, guarantee platforms and their items, authorised shops and the service policy of
// each brand. Nothing is deleted: `status` 1 shows a row to patients, 0 hides it; `sort` orders it
// (smaller first, then id). `code` is the seed's stable key for seeded rows, a random one for rows
// staff add (docs/adr/0195-after-sales-catalogue.md).

/** A product type (血糖仪, 血压计, …); also the repair form's 品类. */
export const ProductCategorySchema = defineEntity({
  name: 'ProductCategory',
  tableName: 'aftersales_category',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    name: p.string().length(20),
    iconUrl: p.string().length(500).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class ProductCategory extends ProductCategorySchema.class {}
ProductCategorySchema.setClass(ProductCategory);

/** A model of a product type, with its manual, video and factory warranty. */
export const ProductModelSchema = defineEntity({
  name: 'ProductModel',
  tableName: 'aftersales_product',
  indexes: [{ properties: ['categoryId', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    categoryId: p.integer(),
    name: p.string().length(30),
    iconUrl: p.string().length(500).default(''),
    /** Domain DEVICE_TYPES (0 blood glucose meter, 1 blood pressure monitor, …). */
    deviceType: p.smallint(),
    warMonths: p.smallint(),
    videoUrl: p.string().length(500).default(''),
    manualUrl: p.string().length(500).default(''),
    /** The manual's pages as images, in order. */
    manualImages: p.json<string[]>(),
    remark: p.string().length(2000).default(''),
    warUrl: p.string().length(500).default(''),
    warrantyRemark: p.string().length(2000).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class ProductModel extends ProductModelSchema.class {}
ProductModelSchema.setClass(ProductModel);

/** A usage guide (guideType 1) or a common fault (2) of a product type, or of one model of it. */
export const ProductGuideSchema = defineEntity({
  name: 'ProductGuide',
  tableName: 'aftersales_guide',
  indexes: [{ properties: ['categoryId', 'status', 'sort'] }, { properties: ['productId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    categoryId: p.integer(),
    productId: p.integer().nullable(),
    guideType: p.smallint(),
    title: p.string().length(50),
    iconUrl: p.string().length(500).default(''),
    /** Sanitised HTML (sanitised again when read). */
    content: p.text().default(''),
    contentUrl: p.string().length(500).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class ProductGuide extends ProductGuideSchema.class {}
ProductGuideSchema.setClass(ProductGuide);

/** A banner of the service centre, by the brand's productCode. */
export const ServiceBannerSchema = defineEntity({
  name: 'ServiceBanner',
  tableName: 'aftersales_banner',
  indexes: [{ properties: ['productCode', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    productCode: p.string().length(32),
    title: p.string().length(50).default(''),
    imgUrl: p.string().length(500),
    hrefUrl: p.string().length(500).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class ServiceBanner extends ServiceBannerSchema.class {}
ServiceBannerSchema.setClass(ServiceBanner);

/** A platform the guarantee list shows as a tab (the legacy "category" of the guarantee items). */
export const GuaranteePlatformSchema = defineEntity({
  name: 'GuaranteePlatform',
  tableName: 'aftersales_platform',
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    name: p.string().length(20),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class GuaranteePlatform extends GuaranteePlatformSchema.class {}
GuaranteePlatformSchema.setClass(GuaranteePlatform);

/** A guarantee item of a platform, with its text and credential image. */
export const GuaranteeItemSchema = defineEntity({
  name: 'GuaranteeItem',
  tableName: 'aftersales_guarantee',
  indexes: [{ properties: ['platformId', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    platformId: p.integer(),
    name: p.string().length(30),
    iconUrl: p.string().length(500).default(''),
    content: p.text().default(''),
    credentialUrl: p.string().length(500).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class GuaranteeItem extends GuaranteeItemSchema.class {}
GuaranteeItemSchema.setClass(GuaranteeItem);

/** An authorised shop (授权门店). */
export const AuthorisedShopSchema = defineEntity({
  name: 'AuthorisedShop',
  tableName: 'aftersales_shop',
  indexes: [{ properties: ['province', 'city', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    code: p.string().length(32).unique(),
    name: p.string().length(40),
    province: p.string().length(20),
    city: p.string().length(20),
    district: p.string().length(20).default(''),
    address: p.string().length(100),
    phone: p.string().length(20),
    openHours: p.string().length(30).default(''),
    sort: p.integer().default(0),
    status: p.smallint().default(1),
    updatedAt: p.datetime(),
  },
});
export class AuthorisedShop extends AuthorisedShopSchema.class {}
AuthorisedShopSchema.setClass(AuthorisedShop);

/** The service policy staff saved for a brand (sourceId 3 or 4); without a row the default text shows. */
export const ServicePolicyTextSchema = defineEntity({
  name: 'ServicePolicyText',
  tableName: 'aftersales_policy',
  properties: {
    sourceId: p.smallint().primary().autoincrement(false),
    clauses: p.json<{ title: string; body: string }[]>(),
    hotline: p.string().length(20),
    serviceHours: p.string().length(30),
    updatedAt: p.datetime(),
  },
});
export class ServicePolicyText extends ServicePolicyTextSchema.class {}
ServicePolicyTextSchema.setClass(ServicePolicyText);
