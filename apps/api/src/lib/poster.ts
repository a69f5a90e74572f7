// Server-side posters: an SVG composed here, rendered to PNG by resvg with the machine's fonts.
// The QR code is drawn from the qrcode library's module matrix as rectangles (crisp at any scale).
import { renderAsync } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { createHmac } from 'node:crypto';
import { INVITATION_ACTIVITY_NAME, SOURCE_ID, type Brand } from '@glucoguard/domain';
import type { ObjectStore } from '../providers/storage/storage';

/**
 * The family text is set in. resvg loads the system fonts; Debian's fonts-noto-cjk provides this
 * one. On a machine without any CJK font the Chinese characters come out as empty boxes or are
 * left out (the PNG is still produced, the QR code still scans): install fonts-noto-cjk.
 */
export const POSTER_FONT_FAMILY = 'Noto Sans CJK SC';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The QR code of `text` as its module matrix (true = dark), for drawing and for tests. */
export function qrMatrix(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  );
}

/** An SVG group drawing `text` as a QR code of `size` px at (x, y), with its 4-module quiet zone inside. */
export function qrSvg(text: string, x: number, y: number, size: number): string {
  const matrix = qrMatrix(text);
  const count = matrix.length + 8;
  const unit = size / count;
  const rects: string[] = [];
  matrix.forEach((row, r) => {
    // One rectangle per run of dark modules in a row keeps the SVG small.
    let start = -1;
    row.forEach((dark, c) => {
      if (dark && start === -1) {
        start = c;
      }
      if ((!dark || c === row.length - 1) && start !== -1) {
        const end = dark ? c + 1 : c;
        rects.push(
          `<rect x="${(start + 4) * unit}" y="${(r + 4) * unit}" width="${(end - start) * unit}" height="${unit}"/>`,
        );
        start = -1;
      }
    });
  });
  return `<g transform="translate(${x} ${y})"><rect width="${size}" height="${size}" fill="#fff"/><g fill="#000" shape-rendering="crispEdges">${rects.join('')}</g></g>`;
}

/** A line of text (escaped), centred on x. */
export function svgText(
  text: string,
  x: number,
  y: number,
  style: { size: number; fill: string; weight?: number; anchor?: 'middle' | 'start' },
): string {
  return `<text x="${x}" y="${y}" font-family="${POSTER_FONT_FAMILY}" font-size="${style.size}" font-weight="${style.weight ?? 400}" fill="${style.fill}" text-anchor="${style.anchor ?? 'middle'}">${escapeXml(text)}</text>`;
}

/** Renders an SVG document to PNG at its own size times `scale`, off the event loop (resvg's thread pool). */
export async function renderPng(svg: string, scale = 2): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: POSTER_FONT_FAMILY, sansSerifFamily: POSTER_FONT_FAMILY },
    background: '#ffffff',
  });
  return image.asPng();
}

/** Cuts a text to `max` characters (whole code points), with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The brands' names and colours as the web app shows them (apps/web/src/brand.ts). */
export const BRAND_LOOKS: Readonly<Record<Brand, { name: string; primary: string; deep: string }>> = {
  health: { name: '糖护健康', primary: '#12a182', deep: '#0a7a62' },
  medical: { name: '糖护医疗', primary: '#1677ff', deep: '#0b55c4' },
};

/** The brand a poster or share image is drawn in: the activity's, else the caller's source. */
export const brandOfActivity = (activityName: string | undefined, sourceId: number): Brand => {
  if (activityName === INVITATION_ACTIVITY_NAME.health) {
    return 'health';
  }
  if (activityName === INVITATION_ACTIVITY_NAME.medical) {
    return 'medical';
  }
  return sourceId === SOURCE_ID.health ? 'health' : 'medical';
};

/**
 * A stored image drawn once per distinct input: the key is an HMAC of everything drawn (so a
 * changed nickname or link draws a new one, and nobody can guess another user's file name), kept
 * in the object store under uploads/ and served by GET /api/files/.
 */
export async function cachedImage(
  store: ObjectStore,
  secret: string,
  kind: string,
  inputs: unknown,
  draw: () => Promise<Buffer>,
): Promise<{ path: string; cached: boolean }> {
  const digest = createHmac('sha256', secret)
    .update(JSON.stringify([kind, inputs]))
    .digest('hex')
    .slice(0, 40);
  const path = `uploads/${kind}/${digest}.png`;
  // Stored under press_<name>, the form every served upload has (see storedKeyFor).
  const key = `uploads/${kind}/press_${digest}.png`;
  if ((await store.get(key)) !== null) {
    return { path, cached: true };
  }
  await store.put(key, await draw(), 'image/png');
  return { path, cached: false };
}
