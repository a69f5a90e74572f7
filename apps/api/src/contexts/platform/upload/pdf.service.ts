// A PDF upload (a product manual from the console, after-sales): recognised by its bytes (%PDF-),
// at most MANUAL_UPLOAD.maxBytes, stored in a public folder under a random name and served by the
// file route as application/pdf (docs/adr/0198-manual-pdf-upload-and-demo-manual.md).
import { base64Payload, MANUAL_UPLOAD, PRESS_PREFIX, stripPressPrefix } from '@glucoguard/domain';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { ObjectStore } from '../../../providers/storage/store-base';
import { chinaDateFolder, decodeBase64, FILES_ROUTE_PREFIX, UPLOAD_ROOT } from './upload.service';

export interface StoredPdf {
  /** The path a form keeps (`uploads/278/…`). */
  path: string;
  url: string;
  bytes: number;
}

/** The base64 without a `data:application/pdf;base64,` prefix (the only prefix tolerated). */
function payloadOf(base64: string): string {
  const text = base64.trim();
  if (text.startsWith('data:') && !/^data:application\/pdf;base64,/i.test(text)) {
    throw new AppError(ErrorCodes.badRequest, MANUAL_UPLOAD.unsupported, 400);
  }
  return base64Payload(text.replace(/^data:application\/pdf;base64,/i, ''));
}

/** Checks and stores a PDF; 400 for bytes that are not a PDF, 413 over the size limit. */
export async function storePdf(store: ObjectStore, input: { base64: string; now: Date }): Promise<StoredPdf> {
  const bytes = decodeBase64(payloadOf(input.base64), MANUAL_UPLOAD.maxBytes, MANUAL_UPLOAD.tooLarge, MANUAL_UPLOAD);
  const detected = await fileTypeFromBuffer(bytes);
  // The name or a declared type never decides: only the bytes. (file-type reads %PDF- at the start.)
  if (detected?.mime !== 'application/pdf') {
    throw new AppError(ErrorCodes.badRequest, MANUAL_UPLOAD.unsupported, 400);
  }
  // 128 random bits, as for images.
  const key = `${UPLOAD_ROOT}/${MANUAL_UPLOAD.businessCode}/${chinaDateFolder(input.now)}/${PRESS_PREFIX}${randomBytes(16).toString('hex')}.pdf`;
  await store.put(key, bytes, 'application/pdf');
  const path = stripPressPrefix(key);
  return { path, url: `${FILES_ROUTE_PREFIX}${path}`, bytes: bytes.byteLength };
}
