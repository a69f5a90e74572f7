import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;

let library: Promise<PdfJs> | null = null;

/**
 * pdf.js, fetched with the first manual opened as a PDF (a chunk of its own, never in the start-up
 * bundle), and its worker, built from our own node_modules into our own assets (no CDN). The
 * legacy build, as the messaging apps' browsers we support (Chrome 87, iOS 14) lack what the
 * modern build expects; its worker is bundled as a classic worker (iOS 14 has no module workers).
 */
function pdfjs(): Promise<PdfJs> {
  library ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist/legacy/build/pdf.mjs').then(
    (lib) => {
      lib.GlobalWorkerOptions.workerPort = new Worker(
        /* webpackChunkName: "pdfjs-worker" */ new URL('pdfjs-dist/legacy/build/pdf.worker.mjs', import.meta.url),
      );
      return lib;
    },
    (error: unknown) => {
      library = null;
      throw error;
    },
  );
  return library;
}

/** Opens a PDF by its address (same origin); pdf.js draws it and runs none of its scripts (no scripting layer is loaded). */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const lib = await pdfjs();
  return lib.getDocument({ url }).promise;
}

/**
 * The highest screen density a page is drawn at: a page at 3× on a 390-px-wide phone is a 12 MB
 * bitmap, at 2× about 5 MB, and text at 2× is still sharp. With pages drawn only near the screen
 * (PdfDetailPage) a long manual stays within an older phone's memory in the messaging app.
 */
export const MAX_PDF_DENSITY = 2;

/** A page's natural size (PDF points), for a placeholder of the right shape before it is drawn. */
export async function pdfPageSize(
  pdf: PDFDocumentProxy,
  pageNumber: number,
): Promise<{ width: number; height: number }> {
  const page = await pdf.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  return { width, height };
}

/**
 * Draws one page (from 1) into the canvas, as wide as `cssWidth` CSS pixels, sharp at the screen's
 * density up to MAX_PDF_DENSITY. Aborting `signal` cancels a drawing under way (the promise then
 * settles without error).
 */
export async function drawPdfPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  signal?: AbortSignal,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  if (signal?.aborted) {
    return;
  }
  const natural = page.getViewport({ scale: 1 });
  const density = Math.min(window.devicePixelRatio || 1, MAX_PDF_DENSITY);
  const viewport = page.getViewport({ scale: (cssWidth / natural.width) * density });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const task = page.render({ canvas, viewport });
  const cancel = () => task.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    await task.promise;
  } catch (error) {
    if (!signal?.aborted) {
      throw error;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
