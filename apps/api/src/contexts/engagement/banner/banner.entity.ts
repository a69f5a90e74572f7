import { defineEntity, p } from '@mikro-orm/core';

/**
 * A banner of the home carousel (spec 1 §3 Banner: imgUrl, clickUrl), kept per brand by its
 * product code. Only status 1 inside its optional time window is shown, by `sort`.
 */
export const BannerSchema = defineEntity({
  name: 'Banner',
  tableName: 'banner',
  indexes: [{ properties: ['productCode', 'status', 'sort'] }],
  properties: {
    id: p.integer().primary().autoincrement(false),
    /** The brand's banner product code (domain `bannerProductCode`). */
    productCode: p.string().length(32),
    /** What the picture says; the carousel's alt text. */
    title: p.string().length(64),
    imgUrl: p.string().length(256),
    /** An in-app path, an allowed https page or '' (domain `bannerTarget`); checked when stored. */
    clickUrl: p.string().length(512).default(''),
    sort: p.smallint().default(0),
    status: p.smallint().default(1),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
  },
});

export class Banner extends BannerSchema.class {}
BannerSchema.setClass(Banner);
