// The home carousel's banners seeded with the product, two or three per brand, each pointing at a
// page of the app. Texts are ours; the pictures are drawn in the banner module (banner.images.ts).
import { BANNER_PRODUCT_CODE } from '@glucoguard/domain';
import type { Db } from '../lib/db';
import { saveBanners } from '../contexts/engagement/banner/banner.service';
import { bannerImageUrl, type BannerImageName } from '../contexts/engagement/banner/banner.images';

interface SeedBanner {
  id: number;
  productCode: string;
  title: string;
  picture: BannerImageName;
  clickUrl: string;
}

export const seedBanners: readonly SeedBanner[] = [
  {
    id: 1,
    productCode: BANNER_PRODUCT_CODE.health,
    title: '每天签到领积分，连续签到积分越攒越多',
    picture: 'checkin',
    clickUrl: '/signIn',
  },
  {
    id: 2,
    productCode: BANNER_PRODUCT_CODE.health,
    title: '测一测，记下来：每次测量都记录，趋势一目了然',
    picture: 'measure',
    clickUrl: '/reportCenter/reportCenter',
  },
  {
    id: 3,
    productCode: BANNER_PRODUCT_CODE.health,
    title: '家人一起关注健康：亲友看得到记录，异常及时提醒',
    picture: 'family',
    clickUrl: '/friend/friendList',
  },
  {
    id: 11,
    productCode: BANNER_PRODUCT_CODE.medical,
    title: '血糖仪数据自动上传，测完即传，不用再手动记录',
    picture: 'device',
    clickUrl: '/devices/bindDevices/auto',
  },
  {
    id: 12,
    productCode: BANNER_PRODUCT_CODE.medical,
    title: '周报月报，看清变化：血糖、血压报告随时查看',
    picture: 'report',
    clickUrl: '/reportCenter/reportCenter',
  },
  {
    id: 13,
    productCode: BANNER_PRODUCT_CODE.medical,
    title: '控糖吃饭有窍门：学会“餐盘法”，一餐吃得均衡',
    picture: 'plate',
    clickUrl: '/articleDetails?articleId=101',
  },
];

/** Upserts the seeded banners (an operator's status switch is kept). */
export async function seedBannerLibrary(db: Db): Promise<void> {
  await saveBanners(
    db,
    seedBanners.map((b, index) => ({
      id: b.id,
      productCode: b.productCode,
      title: b.title,
      imgUrl: bannerImageUrl(b.picture),
      clickUrl: b.clickUrl,
      sort: index,
      status: 1,
    })),
  );
}
