import { base64ByteLength, base64Payload, reportImageProblem, shouldSendPreview } from '@glucoguard/domain';
import { compressWithCanvas, prepareImage, previewWithCanvas, readAsDataUrl } from '@glucoguard/ui';
import type { ImageCompressor, ImagePreviewer } from '@glucoguard/ui';

/** How the page redraws photos: the browser's canvas, unless replaced (component tests, where jsdom has no canvas). */
const CANVAS_TOOLS = { compress: compressWithCanvas, preview: previewWithCanvas };
let tools: { compress: ImageCompressor; preview: ImagePreviewer } = CANVAS_TOOLS;

/** Replaces the compressor and previewer the upload uses; `null` puts the canvas ones back. */
export function setReportImageTools(replacement: Partial<typeof tools> | null): void {
  tools = { ...CANVAS_TOOLS, ...replacement };
}

/** What the upload call gets for a chosen report photo. */
export type PreparedReport = { ok: true; data: string; pressData?: string } | { ok: false; message: string };

/**
 * Turns a chosen photo into the upload's `data` and `pressData`: recompressed by the domain's rule
 * (over about 10 MB at 0.4, over about 1 MB at 0.6), then refused when it is still 10 MB or more;
 * the preview is a small JPEG made beside it, sent only when it is smaller than the photo. A
 * browser that cannot draw the preview still uploads the photo, which then serves as its own preview.
 */
export async function prepareReport(file: File): Promise<PreparedReport> {
  const { compress, preview } = tools;
  const format = reportImageProblem({ type: file.type, size: 0 });
  if (format !== null) {
    return { ok: false, message: format };
  }
  const photo = await prepareImage(file, compress);
  const photoBytes = base64ByteLength(photo.base64);
  // The canvas compressor always writes JPEG.
  const problem = reportImageProblem({
    type: photo.quality === undefined ? file.type : 'image/jpeg',
    size: photoBytes,
  });
  if (problem !== null) {
    return { ok: false, message: problem };
  }
  const pressData = await preview(file).then(
    async (blob) => (shouldSendPreview(photoBytes, blob.size) ? base64Payload(await readAsDataUrl(blob)) : undefined),
    () => undefined,
  );
  return { ok: true, data: photo.base64, ...(pressData === undefined ? {} : { pressData }) };
}
