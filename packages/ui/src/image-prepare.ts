import { REPORT_PREVIEW_QUALITY, base64Payload, compressionFor, previewDimensions } from '@glucoguard/domain';
import { tokens } from './tokens';

/** Re-encodes an image as JPEG at `quality` (0–1). Injectable so tests can run without a canvas. */
export type ImageCompressor = (file: Blob, quality: number) => Promise<Blob>;

/** What the upload call gets for one chosen file. */
export interface PreparedImage {
  /** The image as base64 without the `data:…;base64,` prefix, as `/common/v1/uploadImage` wants it. */
  base64: string;
  /** The same bytes as a data URL, used as the thumbnail so no second read or object URL is needed. */
  dataUrl: string;
  /** The quality it was recompressed at, or undefined when it is sent as chosen. */
  quality?: number;
}

/** Reads a file or blob as a `data:` URL. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('图片读取失败'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Turns a chosen file into the upload payload: recompressed at the domain's quality when it is
 * over the domain's threshold (spec 1 §5, §9), read as is otherwise, then stripped of its prefix.
 */
export async function prepareImage(file: Blob, compress: ImageCompressor): Promise<PreparedImage> {
  const decision = compressionFor(file.size);
  const bytes = decision.compress ? await compress(file, decision.quality) : file;
  const dataUrl = await readAsDataUrl(bytes);
  return { base64: base64Payload(dataUrl), dataUrl, quality: decision.compress ? decision.quality : undefined };
}

// iOS Safari refuses canvases over 16,777,216 pixels (the drawing comes out blank), and a phone
// camera's photo can be larger, so big photos are scaled down to fit before they are drawn.
const MAX_CANVAS_PIXELS = 16_777_216;

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('图片无法解码'));
    };
    image.src = url;
  });
}

/** Draws an image on a white canvas of the size `fit` picks and encodes it as JPEG at `quality`. */
async function drawAsJpeg(
  file: Blob,
  quality: number,
  fit: (width: number, height: number) => { width: number; height: number },
): Promise<Blob> {
  const image = await loadImage(file);
  const size = fit(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (context === null) {
    throw new Error('浏览器不支持图片压缩');
  }
  // JPEG has no transparency: without a white ground a transparent PNG would turn black.
  context.fillStyle = tokens.colorWhite;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob === null ? reject(new Error('图片压缩失败')) : resolve(blob)), 'image/jpeg', quality);
  });
}

/**
 * The browser compressor: draws the image on a canvas and encodes it as JPEG at `quality`. An
 * `<img>` is used rather than createImageBitmap because it honours the photo's EXIF orientation
 * in every phone browser the app targets, including the messaging app's webviews.
 */
export const compressWithCanvas: ImageCompressor = (file, quality) =>
  drawAsJpeg(file, quality, (width, height) => {
    const scale = Math.min(1, Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, width * height)));
    return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
  });

/** Makes a small preview of an image (e.g. a report photo's gallery tile); injectable like {@link ImageCompressor}. */
export type ImagePreviewer = (file: Blob) => Promise<Blob>;

/** The browser previewer: the image scaled to the domain's preview size, as JPEG at the preview quality. */
export const previewWithCanvas: ImagePreviewer = (file) =>
  drawAsJpeg(file, REPORT_PREVIEW_QUALITY, (width, height) => previewDimensions(width, height));
