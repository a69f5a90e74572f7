/** Above this size (KB) an image is recompressed at {@link QUALITY_LARGE}. */
export const COMPRESS_LARGE_ABOVE_KB = 10241;
/** Above this size (KB) an image is recompressed at {@link QUALITY_MEDIUM}. */
export const COMPRESS_MEDIUM_ABOVE_KB = 1025;
/** Compression quality for images over about 10 MB. */
export const QUALITY_LARGE = 0.4;
/** Compression quality for images over about 1 MB. */
export const QUALITY_MEDIUM = 0.6;
/** The prefix of compressed copies, removed from the stored names. */
export const PRESS_PREFIX = 'press_';
/**
 * `businessCode` of consult, feedback and other form images (273), illness pictures (272), chat
 * pictures (276) and repair photos (277, purchase vouchers and fault photos): chat pictures, like
 * voice clips (275), are private to the chat's members; repair photos to their owner and the
 * console's after-sales staff.
 */
export const UPLOAD_BUSINESS_CODE = { general: 273, illness: 272, chat: 276, repair: 277 } as const;
/**
 * Voice clips (chat): the folder they are stored in (`uploads/275/…`), their largest size and the
 * messages of a refused one. A minute of speech is about 0.5 MB as Opus or AAC, 2 MB as WAV.
 */
export const VOICE_UPLOAD = {
  businessCode: 275,
  maxBytes: 2 * 1024 * 1024,
  tooLarge: '语音不能超过 2MB',
  unsupported: '不支持的语音格式，请重新录制',
  empty: '语音内容不能为空',
  badBase64: '语音数据不是有效的 base64 编码',
} as const;
/**
 * Product manuals (after-sales, uploaded in the console): the public folder they are stored in
 * (`uploads/278/…`), their largest size and the messages of a refused one. Only a PDF is taken,
 * recognised by its bytes.
 */
export const MANUAL_UPLOAD = {
  businessCode: 278,
  maxBytes: 20 * 1024 * 1024,
  tooLarge: '文件不能超过20MB',
  unsupported: '请上传PDF文件',
  empty: '文件内容不能为空',
  badBase64: '文件数据不是有效的 base64 编码',
} as const;
/** Maximum images per upload group. */
export const IMAGE_LIMITS = { feedback: 5, consult: 9, repairGroup: 4 } as const;
/** Report photo formats accepted. */
export const REPORT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Report photos must be under this size, in bytes (10 MB). */
export const REPORT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The upload decision for an image: send as is, or recompress at a quality. */
export type CompressionDecision = { readonly compress: false } | { readonly compress: true; readonly quality: number };

/** Over 10241 KB → quality 0.4, over 1025 KB → 0.6, otherwise sent as is. */
export function compressionFor(sizeBytes: number): CompressionDecision {
  const kb = sizeBytes / 1024;
  if (kb > COMPRESS_LARGE_ABOVE_KB) {
    return { compress: true, quality: QUALITY_LARGE };
  }
  if (kb > COMPRESS_MEDIUM_ABOVE_KB) {
    return { compress: true, quality: QUALITY_MEDIUM };
  }
  return { compress: false };
}

/** A stored image name without the `press_` prefix of its compressed copy; paths keep their folders. */
export function stripPressPrefix(name: string): string {
  const slash = name.lastIndexOf('/');
  const folder = name.slice(0, slash + 1);
  const file = name.slice(slash + 1);
  return folder + (file.startsWith(PRESS_PREFIX) ? file.slice(PRESS_PREFIX.length) : file);
}

/** The `imgUrl` of feedback and the comma-joined image fields of repair requests: names without `press_`, joined by commas. */
export function joinImageNames(names: readonly string[]): string {
  return names.map(stripPressPrefix).join(',');
}

/** Splits a comma-joined image field back into names, dropping empty parts. */
export function splitImageNames(joined: string | null | undefined): string[] {
  return (joined ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The base64 payload of a data URL without its `data:…;base64,` prefix, as the upload call wants it. */
export function base64Payload(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return dataUrl.startsWith('data:') && comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
}

/** Whether a report photo is acceptable: jpg or png, under 10 MB. */
export function isAcceptedReportImage(file: { readonly type: string; readonly size: number }): boolean {
  return (REPORT_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size < REPORT_IMAGE_MAX_BYTES;
}

/** The longest side of a report's preview image, in pixels: a gallery tile is about 120 CSS px at 3× on a phone. */
export const REPORT_PREVIEW_MAX_SIDE = 480;
/** JPEG quality of a report's preview image. */
export const REPORT_PREVIEW_QUALITY = 0.6;
/** A report's preview image must be under this size, in bytes (1 MB). */
export const REPORT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** The size of a preview of a `width`×`height` image: scaled down to fit {@link REPORT_PREVIEW_MAX_SIDE}, never up, at least 1×1. */
export function previewDimensions(
  width: number,
  height: number,
  maxSide: number = REPORT_PREVIEW_MAX_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height, 1);
  const scale = Math.min(1, maxSide / longest);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Whether a report's preview is worth sending beside its photo: only when it is smaller than the
 * photo (a small photo serves as its own preview) and under {@link REPORT_PREVIEW_MAX_BYTES}.
 */
export function shouldSendPreview(photoBytes: number, previewBytes: number): boolean {
  return previewBytes < photoBytes && previewBytes < REPORT_PREVIEW_MAX_BYTES;
}

/** How many bytes a base64 payload (without a data-URL prefix) decodes to. */
export function base64ByteLength(base64: string): number {
  const text = base64.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}
