import { INVITATION_ACTIVITY_NAME, type Brand } from '@glucoguard/domain';
import { BRAND_LOOKS, clip, qrSvg, renderPng, svgText } from '../../../lib/poster';

export interface InvitationPosterContent {
  brand: Brand;
  nickname: string;
  inviteCode: string;
  /** The invitation link the QR code carries. */
  link: string;
}

/** Bump when the drawing changes, so cached posters are drawn again. */
export const POSTER_VERSION = 1;
export const POSTER_SIZE = { width: 375, height: 620 } as const;
/** Where the QR code sits on the poster (SVG units; the PNG is drawn at twice that). */
export const POSTER_QR_BOX = { x: POSTER_SIZE.width / 2 - 90, y: 226, size: 180 } as const;

/** The invitation poster as SVG: brand, activity name, nickname, invite code and the QR code of the link. */
export function invitationPosterSvg(content: InvitationPosterContent): string {
  const { width, height } = POSTER_SIZE;
  const look = BRAND_LOOKS[content.brand];
  const mid = width / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.primary}"/><stop offset="1" stop-color="${look.deep}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${width - 30}" cy="40" r="80" fill="#fff" fill-opacity="0.08"/><circle cx="20" cy="${height - 60}" r="70" fill="#fff" fill-opacity="0.06"/>`,
    svgText(look.name, mid, 64, { size: 30, weight: 700, fill: '#fff' }),
    svgText('血糖 · 血压 · 日常健康管理', mid, 98, { size: 15, fill: '#e8f3ff' }),
    `<rect x="24" y="126" width="${width - 48}" height="${height - 170}" rx="16" fill="#fff"/>`,
    svgText(INVITATION_ACTIVITY_NAME[content.brand], mid, 172, { size: 26, weight: 700, fill: look.deep }),
    svgText(`${clip(content.nickname, 10)} 邀请您一起管理健康`, mid, 206, { size: 15, fill: '#555' }),
    qrSvg(content.link, POSTER_QR_BOX.x, POSTER_QR_BOX.y, POSTER_QR_BOX.size),
    svgText('扫码注册', mid, 428, { size: 14, fill: '#888' }),
    svgText('我的邀请码', mid, 466, { size: 14, fill: '#555' }),
    `<rect x="${mid - 100}" y="480" width="200" height="52" rx="10" fill="#f5f6f8"/>`,
    svgText(content.inviteCode.split('').join(' '), mid, 516, { size: 30, weight: 700, fill: '#222' }),
    svgText('长按图片保存，分享给好友', mid, height - 20, { size: 13, fill: '#e8f3ff' }),
    '</svg>',
  ].join('');
}

export function renderInvitationPoster(content: InvitationPosterContent): Promise<Buffer> {
  return renderPng(invitationPosterSvg(content));
}

/** The follow QR card of a shared article: the QR code of the entry link and a line under it. */
export const ACCOUNT_QR_SIZE = { width: 240, height: 272 } as const;
export const ACCOUNT_QR_BOX = { x: 20, y: 16, size: 200 } as const;

export function accountQrSvg(brand: Brand, link: string): string {
  const { width, height } = ACCOUNT_QR_SIZE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    qrSvg(link, ACCOUNT_QR_BOX.x, ACCOUNT_QR_BOX.y, ACCOUNT_QR_BOX.size),
    svgText(`长按识别，加入${BRAND_LOOKS[brand].name}`, width / 2, height - 24, { size: 14, fill: '#333' }),
    '</svg>',
  ].join('');
}

export function renderAccountQr(brand: Brand, link: string): Promise<Buffer> {
  return renderPng(accountQrSvg(brand, link));
}
