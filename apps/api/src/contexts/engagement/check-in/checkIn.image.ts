// The check-in (签到) day share image (spec §2.9: "a day-detail call returns an image for sharing").
import type { Brand } from '@glucoguard/domain';
import { renderPng, svgText } from '../../../lib/poster';
import { BRAND_LOOKS } from '../../../lib/poster';
import type { CheckInDay } from './checkIn.repository';

/** Bump when the drawing changes, so cached images are drawn again. */
export const CHECK_IN_IMAGE_VERSION = 1;
export const CHECK_IN_IMAGE_SIZE = { width: 375, height: 500 } as const;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'] as const;

/** '2026-11-20' → '2026年11月20日 星期五' (the day is a calendar day; its weekday needs no zone). */
export function checkInDayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  return `${y}年${m}月${d}日 星期${weekday}`;
}

export function checkInDaySvg(brand: Brand, day: CheckInDay): string {
  const { width, height } = CHECK_IN_IMAGE_SIZE;
  const look = BRAND_LOOKS[brand];
  const mid = width / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.primary}"/><stop offset="1" stop-color="${look.deep}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${width - 40}" cy="50" r="90" fill="#fff" fill-opacity="0.08"/>`,
    svgText(look.name, mid, 60, { size: 26, weight: 700, fill: '#fff' }),
    svgText('每日签到', mid, 92, { size: 15, fill: '#e8f3ff' }),
    `<rect x="24" y="116" width="${width - 48}" height="${height - 170}" rx="16" fill="#fff"/>`,
    svgText(checkInDayLabel(day.day), mid, 162, { size: 17, fill: '#555' }),
    svgText('已连续签到', mid, 212, { size: 16, fill: '#555' }),
    svgText(String(day.series), mid, 292, { size: 72, weight: 700, fill: look.deep }),
    svgText('天', mid, 324, { size: 16, fill: '#555' }),
    `<rect x="${mid - 90}" y="350" width="180" height="44" rx="22" fill="#fff7e6"/>`,
    svgText(`获得 ${day.score} 积分`, mid, 379, { size: 18, weight: 700, fill: '#d46b08' }),
    svgText('坚持记录，管好血糖血压', mid, 426, { size: 14, fill: '#888' }),
    svgText('长按图片保存，分享给好友', mid, height - 22, { size: 13, fill: '#e8f3ff' }),
    '</svg>',
  ].join('');
}

export function renderCheckInDayImage(brand: Brand, day: CheckInDay): Promise<Buffer> {
  return renderPng(checkInDaySvg(brand, day));
}
