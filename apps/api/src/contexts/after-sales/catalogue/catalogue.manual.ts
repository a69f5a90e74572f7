// Manuals: the demo manual kept with the server (apps/api/assets/after-sales/, drawn by
// scripts/draw-demo-manual.mjs) and the PDFs staff upload in the console (a public folder of the
// object store) (docs/adr/0198-manual-pdf-upload-and-demo-manual.md).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MANUAL_UPLOAD } from '@glucoguard/domain';
import { REPO_ROOT } from '../../../config';
import type { ObjectStore } from '../../../providers/storage/store-base';
import { storePdf } from '../../platform';

/** Where the demo manual's files are kept. */
export const MANUAL_ASSETS_DIR = resolve(REPO_ROOT, 'apps/api/assets/after-sales');

/** The address of a demo manual file, as the seeded models keep it. */
export const manualFileUrl = (name: string) => `/api/product/v1/manualFile/${name}`;

/** A manual's base64 is 4/3 of its bytes, plus the JSON around it. */
export const MANUAL_BODY_LIMIT = Math.ceil((MANUAL_UPLOAD.maxBytes * 4) / 3) + 64 * 1024;

const TYPES: Readonly<Record<string, string>> = { pdf: 'application/pdf', jpg: 'image/jpeg' };

/** A demo manual file by name (a PDF or a page image), or null for anything else. */
export async function manualFile(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  const match = /^([a-z0-9-]+)\.(pdf|jpg)$/.exec(name);
  const contentType = match ? TYPES[match[2]!] : undefined;
  if (!match || !contentType) {
    return null;
  }
  try {
    return { body: await readFile(resolve(MANUAL_ASSETS_DIR, name)), contentType };
  } catch {
    return null;
  }
}

/** Stores a manual staff uploaded (a PDF by its bytes, at most 20 MB) and answers its path. */
export async function storeManual(store: ObjectStore, base64: string, now: Date): Promise<string> {
  return (await storePdf(store, { base64, now })).path;
}
