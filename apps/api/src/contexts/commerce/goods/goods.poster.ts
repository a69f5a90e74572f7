import { SOURCE_ID, goodsPriceText, type Brand, type PricedGoods } from '@glucoguard/domain';
import { BRAND_LOOKS, cachedImage, clip, qrSvg, renderPng, svgText } from '../../../lib/poster';
import type { ObjectStore } from '../../../providers/storage/storage';

// The share poster of a goods item: the brand, the goods' name, selling point and price, and the QR
// code of the public share page (/shareGoodsDetail, open without sign-in or follow check).

export interface GoodsPosterContent {
  brand: Brand;
  goodsName: string;
  remark: string;
  price: string;
  /** The share link the QR code carries. */
  link: string;
}

/** Bump when the drawing changes, so cached posters are drawn again. */
export const GOODS_POSTER_VERSION = 1;
export const GOODS_POSTER_SIZE = { width: 375, height: 600 } as const;
export const GOODS_POSTER_QR_BOX = { x: GOODS_POSTER_SIZE.width / 2 - 85, y: 318, size: 170 } as const;

/** The public share link of a goods item: the sharer's cid only when they are a registered customer. */
export function goodsShareLink(origin: string, goodsId: number, sharerId: string | null, brand: Brand): string {
  const url = new URL('/shareGoodsDetail', origin);
  url.searchParams.set('goodsId', String(goodsId));
  if (sharerId !== null) {
    url.searchParams.set('shareCid', sharerId);
  }
  url.searchParams.set('sourceId', String(SOURCE_ID[brand]));
  return url.toString();
}

export function goodsPosterSvg(content: GoodsPosterContent): string {
  const { width, height } = GOODS_POSTER_SIZE;
  const look = BRAND_LOOKS[content.brand];
  const mid = width / 2;
  const name = Array.from(content.goodsName);
  // A long name takes two lines of 14 characters, the second cut with an ellipsis.
  const lines =
    name.length <= 14 ? [content.goodsName] : [name.slice(0, 14).join(''), clip(name.slice(14).join(''), 14)];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${look.primary}"/>`,
    svgText(`${look.name} · 健康商城`, mid, 52, { size: 22, weight: 700, fill: '#fff' }),
    `<rect x="24" y="76" width="${width - 48}" height="${height - 120}" rx="16" fill="#fff"/>`,
    ...lines.map((line, i) => svgText(line, mid, 124 + i * 34, { size: 24, weight: 700, fill: '#222' })),
    svgText(clip(content.remark, 20), mid, 124 + lines.length * 34 + 4, { size: 15, fill: '#666' }),
    svgText(content.price, mid, 270, { size: 30, weight: 700, fill: '#c0392b' }),
    qrSvg(content.link, GOODS_POSTER_QR_BOX.x, GOODS_POSTER_QR_BOX.y, GOODS_POSTER_QR_BOX.size),
    svgText('长按识别二维码，查看商品详情', mid, 516, { size: 14, fill: '#555' }),
    svgText('分享给家人朋友，一起管好血糖血压', mid, height - 18, { size: 13, fill: '#fff' }),
    '</svg>',
  ].join('');
}

/** The poster drawn once per distinct content and kept in the object store (`uploads/goodsposter/…`). */
export function goodsPoster(
  store: ObjectStore,
  secret: string,
  goods: PricedGoods & { goodsName: string; remark: string },
  brand: Brand,
  link: string,
): Promise<{ path: string; cached: boolean }> {
  const content: GoodsPosterContent = {
    brand,
    goodsName: goods.goodsName,
    remark: goods.remark,
    price: goodsPriceText(goods),
    link,
  };
  return cachedImage(store, secret, 'goodsposter', [GOODS_POSTER_VERSION, content], () =>
    renderPng(goodsPosterSvg(content)),
  );
}
