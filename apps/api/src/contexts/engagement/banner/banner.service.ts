import { bannerTarget } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { Db } from '../../../lib/db';
import { BannerRepository, type NewBanner } from './banner.repository';

/** Refused when a banner to be stored links somewhere the app would not follow. */
export const BANNER_LINK_MESSAGE = '活动链接只能是站内页面或允许的 https 地址';

/**
 * A brand's banners for the home carousel (spec: GET /activity/v1/bannerList). A stored click
 * target that `bannerTarget` no longer accepts is served as '' (not a link), never as is.
 */
export async function shownBanners(db: Db, productCode: string, now: Date) {
  const rows = await new BannerRepository(db).shown(productCode, now);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    imgUrl: row.imgUrl,
    clickUrl: bannerTarget(row.clickUrl).kind === 'none' ? '' : row.clickUrl.trim(),
  }));
}

/** Stores banners (the seed, later the console); a click target must pass `bannerTarget` or be empty. */
export async function saveBanners(db: Db, rows: readonly NewBanner[]): Promise<void> {
  for (const row of rows) {
    if (row.clickUrl.trim() !== '' && bannerTarget(row.clickUrl).kind === 'none') {
      throw new AppError(ErrorCodes.badRequest, BANNER_LINK_MESSAGE);
    }
  }
  await new BannerRepository(db).upsert(rows);
}
