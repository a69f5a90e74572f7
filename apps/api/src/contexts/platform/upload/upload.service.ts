// The image upload behind POST /common/v1/uploadImage (spec 1 §5, §7.2) and the lookup behind the
// route that serves the files back.
//
// The press_ convention: the product's clients compress an image before uploading it, the compressed
// copy is named press_<name>, and everywhere a client keeps or submits an image (feedback imgUrl, repair
// image lists) it uses the name without that prefix (spec 1 §5 "uploaded image names lose a press_
// prefix"; @glucoguard/domain stripPressPrefix / joinImageNames). So the object is stored as
// press_<random>.<ext>, the returned `path` is the same path with the prefix stripped by the domain
// helper — what clients show and send back — and serveKey maps such a path back to the stored object.
import { base64Payload, PRESS_PREFIX, stripPressPrefix } from '@glucoguard/domain';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { isValidKey, type ObjectStore } from '../../../providers/storage/store-base';
import { MalformedImageError, stripImageMetadata } from './strip-metadata';

/** The spec's "about 10 MB" threshold, as bytes after base64 decoding. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxBytes: 10 * 1024 * 1024 };

/** Where the lead's GET route serves stored files: `${FILES_ROUTE_PREFIX}<path>`. */
export const FILES_ROUTE_PREFIX = '/api/files/';

/** Every uploaded object lives under this folder; the serving route looks nowhere else. */
export const UPLOAD_ROOT = 'uploads';

export const UNSUPPORTED_IMAGE_MESSAGE = '不支持的图片格式，请上传 JPG、PNG、GIF 或 WEBP 图片';

export interface UploadLimits {
  maxBytes: number;
  /** The sniffed types accepted; every type of {@link ImageContentType} when absent. */
  types?: readonly ImageContentType[];
  /** The message for an image over `maxBytes`; `图片不能超过 <n>MB` when absent. */
  tooLargeMessage?: string;
  /** The message for bytes that are not an accepted image; {@link UNSUPPORTED_IMAGE_MESSAGE} when absent. */
  unsupportedMessage?: string;
}

export interface StoreImageInput {
  /** The image as base64, normally without a data-URL prefix (one of `data:image/…;base64,` is tolerated). */
  base64: string;
  /** What the image is for, e.g. 273 for form images (domain UPLOAD_BUSINESS_CODE); it names the folder. */
  businessCode: number | string;
  now: Date;
}

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface StoredImage {
  /** The path clients keep and submit: the object key without the press_ prefix of its file name. */
  path: string;
  /** Where the file is served, relative to the API origin. */
  url: string;
  /** The key the object is stored under (with press_). */
  key: string;
  contentType: ImageContentType;
  bytes: number;
}

/** Accepted sniffed types. APNG is a PNG with extra chunks (same signature and file), so it is stored as one. */
const ACCEPTED: Readonly<Record<string, { contentType: ImageContentType; ext: string }>> = {
  'image/jpeg': { contentType: 'image/jpeg', ext: 'jpg' },
  'image/png': { contentType: 'image/png', ext: 'png' },
  'image/apng': { contentType: 'image/png', ext: 'png' },
  'image/gif': { contentType: 'image/gif', ext: 'gif' },
  'image/webp': { contentType: 'image/webp', ext: 'webp' },
};
const SERVABLE = new Set<string>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  // Voice clips (voice.service.ts).
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  // Product manuals (pdf.service.ts).
  'application/pdf',
]);

const badRequest = (message: string) => new AppError(ErrorCodes.badRequest, message, 400);

function formatMiB(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(1))}MB`;
}

const IMAGE_BASE64_MESSAGES = { empty: '图片内容不能为空', badBase64: '图片数据不是有效的 base64 编码' };

/**
 * The decoded bytes of standard base64 (RFC 4648 §4, padded). Line breaks from MIME-style wrapping are
 * dropped; anything else outside the alphabet, wrong padding or non-zero padding bits is refused rather
 * than silently skipped the way Buffer.from would. The size is checked before decoding, so an oversize
 * payload is never allocated twice.
 */
export function decodeBase64(
  raw: string,
  maxBytes: number,
  tooLargeMessage?: string,
  messages: { empty: string; badBase64: string } = IMAGE_BASE64_MESSAGES,
): Uint8Array {
  const text = raw.replace(/[\r\n]/g, '');
  if (text === '') {
    throw badRequest(messages.empty);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw badRequest(messages.badBase64);
  }
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const size = (text.length / 4) * 3 - padding;
  if (size > maxBytes) {
    throw new AppError(ErrorCodes.badRequest, tooLargeMessage ?? `图片不能超过 ${formatMiB(maxBytes)}`, 413);
  }
  const bytes = Buffer.from(text, 'base64');
  // Canonical form check: catches non-zero bits in the last character before the padding.
  if (bytes.toString('base64') !== text) {
    throw badRequest(messages.badBase64);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The payload without a data-URL prefix; only an image base64 data URL is acceptable as a prefix. */
function payloadOf(base64: string): string {
  const text = base64.trim();
  if (text.startsWith('data:') && !/^data:image\/[a-z0-9.+-]+;base64,/i.test(text)) {
    throw badRequest('图片数据格式不正确，请以 base64 上传图片');
  }
  return base64Payload(text);
}

/** The upload's date folder yyyy/mm/dd in China Standard Time (UTC+8 all year: no daylight saving since 1991). */
export function chinaDateFolder(now: Date): string {
  const china = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${china.getUTCFullYear()}/${pad(china.getUTCMonth() + 1)}/${pad(china.getUTCDate())}`;
}

async function sniff(bytes: Uint8Array, limits: UploadLimits): Promise<{ contentType: ImageContentType; ext: string }> {
  // The declared type (data-URL prefix, file name) is ignored: only the bytes decide. SVG and HTML have
  // no magic number, so file-type reports nothing or XML for them and they fall out here too.
  const detected = await fileTypeFromBuffer(bytes);
  const accepted = detected === undefined ? undefined : ACCEPTED[detected.mime];
  // file-type takes any "GIF" start for a GIF; a real one says which of the two versions it is.
  const gifVersionOk =
    accepted?.ext !== 'gif' || /^GIF8[79]a/.test(Buffer.from(bytes.subarray(0, 6)).toString('latin1'));
  if (
    accepted === undefined ||
    !gifVersionOk ||
    (limits.types !== undefined && !limits.types.includes(accepted.contentType))
  ) {
    throw badRequest(limits.unsupportedMessage ?? UNSUPPORTED_IMAGE_MESSAGE);
  }
  return accepted;
}

/** An uploaded image that passed the checks and is ready to be stored. */
export interface CheckedImage {
  bytes: Uint8Array;
  contentType: ImageContentType;
  ext: string;
}

/**
 * Decodes and checks an uploaded image without storing it: valid base64, not over `limits.maxBytes`
 * (HTTP 413), and bytes that are one of the accepted image types whatever the upload claims. The
 * bytes returned have their metadata removed (strip-metadata.ts).
 */
export async function checkImage(base64: string, limits: UploadLimits = DEFAULT_UPLOAD_LIMITS): Promise<CheckedImage> {
  const bytes = decodeBase64(payloadOf(base64), limits.maxBytes, limits.tooLargeMessage);
  const type = await sniff(bytes, limits);
  try {
    // Nothing of where, when or with what a photo was taken is kept (EXIF GPS and the like).
    return { bytes: stripImageMetadata(bytes, type.contentType), ...type };
  } catch (error) {
    if (error instanceof MalformedImageError) {
      throw badRequest(limits.unsupportedMessage ?? UNSUPPORTED_IMAGE_MESSAGE);
    }
    throw error;
  }
}

/** Stores a checked image under a fresh random name in the folder of `businessCode` and the China day of `now`. */
export async function putImage(
  store: ObjectStore,
  image: CheckedImage,
  businessCode: number | string,
  now: Date,
): Promise<StoredImage> {
  const code = String(businessCode);
  if (!/^[1-9][0-9]{0,8}$/.test(code)) {
    throw badRequest('businessCode 不正确');
  }
  // 128 random bits: the name is unguessable, so the served URL alone does not expose other users' images.
  const key = `${UPLOAD_ROOT}/${code}/${chinaDateFolder(now)}/${PRESS_PREFIX}${randomBytes(16).toString('hex')}.${image.ext}`;
  await store.put(key, image.bytes, image.contentType);
  const path = stripPressPrefix(key);
  return {
    path,
    url: `${FILES_ROUTE_PREFIX}${path}`,
    key,
    contentType: image.contentType,
    bytes: image.bytes.byteLength,
  };
}

/**
 * Checks, stores and names an uploaded image. Throws AppError 40000 (HTTP 400) for bad input and
 * HTTP 413 for an image over `limits.maxBytes`; store failures propagate as they are (the route's
 * error handler turns them into a 500-class envelope without details).
 */
export async function storeImage(
  store: ObjectStore,
  input: StoreImageInput,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<StoredImage> {
  if (!/^[1-9][0-9]{0,8}$/.test(String(input.businessCode))) {
    throw badRequest('businessCode 不正确');
  }
  return putImage(store, await checkImage(input.base64, limits), input.businessCode, input.now);
}

/**
 * Removes the stored object of a client path (as storeImage returned it). A path outside the upload
 * folder, or one that names nothing, is left alone.
 */
export async function removeImage(store: ObjectStore, path: string): Promise<void> {
  if (isValidKey(path) && path.startsWith(`${UPLOAD_ROOT}/`)) {
    await store.delete(storedKeyFor(path));
  }
}

/** The stored key of a client path: its file name carries press_ again (a key that has it stays as is). */
export function storedKeyFor(path: string): string {
  const slash = path.lastIndexOf('/');
  const file = path.slice(slash + 1);
  return file.startsWith(PRESS_PREFIX) ? path : `${path.slice(0, slash + 1)}${PRESS_PREFIX}${file}`;
}

export interface ServedFile {
  body: Uint8Array;
  /** An image type, or an audio type for a voice clip. */
  contentType: string;
  /** Headers the route should send with the body. */
  headers: Record<string, string>;
}

/**
 * The file for GET /api/files/<path>, or null (answer 404) when the path is not a valid upload path,
 * names nothing, or names something that is not one of our image types. Accepts the path storeImage
 * returned (without press_) and the stored key itself.
 */
export async function serveKey(store: ObjectStore, path: string): Promise<ServedFile | null> {
  if (!isValidKey(path) || !path.startsWith(`${UPLOAD_ROOT}/`)) {
    return null;
  }
  const object = await store.get(storedKeyFor(path));
  if (object === null || !SERVABLE.has(object.contentType)) {
    return null;
  }
  return {
    body: object.body,
    contentType: object.contentType,
    headers: {
      'content-type': object.contentType,
      // Browsers must not second-guess the type: a polyglot file stays an image, never a page.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      // Names are random and never rewritten, so a copy may be kept for good.
      'cache-control': 'public, max-age=31536000, immutable',
    },
  };
}
