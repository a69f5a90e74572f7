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

/** Draws one page (from 1) into the canvas, as wide as `cssWidth` CSS pixels, sharp at the screen's density. */
export async function drawPdfPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const density = Math.min(window.devicePixelRatio || 1, 3);
  const viewport = page.getViewport({ scale: (cssWidth / natural.width) * density });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
}
