import { Button } from 'antd-mobile';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { Loaded, useQueriedProduct } from './common';
import { drawPdfPage, openPdf, pdfPageSize } from './pdfRender';
import styles from './afterSales.module.css';

/** How far beyond the screen (above and below) a page is drawn ahead: one screen's height. */
const DRAW_AHEAD_MARGIN = '100% 0px';

/**
 * Whether the element is on or near the screen (within DRAW_AHEAD_MARGIN), following it as the
 * page scrolls. Without IntersectionObserver every element counts as near.
 */
function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (target === null || typeof IntersectionObserver === 'undefined') {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last !== undefined) {
          setNear(last.isIntersecting);
        }
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return near;
}

/**
 * One page of the PDF: a canvas with the page's own shape (its size in points as the canvas's
 * width and height, so the column does not jump while scrolling; a canvas never drawn holds no
 * bitmap), drawn only while it is near the screen and emptied again when it moves away, so a long
 * manual never holds more than a few page bitmaps.
 */
function PdfPage({ pdf, pageNumber }: { pdf: PDFDocumentProxy; pageNumber: number }) {
  const figure = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(figure);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    pdfPageSize(pdf, pageNumber).then(
      (natural) => live && setSize(natural),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [pdf, pageNumber]);
  useEffect(() => {
    const element = canvas.current;
    if (!near || element === null) {
      return;
    }
    const drawing = new AbortController();
    drawPdfPage(pdf, pageNumber, element, figure.current?.clientWidth || 360, drawing.signal).catch(() =>
      setFailed(true),
    );
    return () => {
      drawing.abort();
      // Frees the bitmap at once (iOS keeps a detached canvas's memory until collected).
      element.width = 0;
      element.height = 0;
    };
  }, [pdf, pageNumber, near, size]);
  return (
    <figure ref={figure} className={styles.manualPage} aria-label={`第 ${pageNumber} 页`} data-drawn={near}>
      {size === null ? (
        <div className={styles.manualPlaceholder} />
      ) : (
        <canvas
          key={near ? 'drawn' : 'placeholder'}
          ref={canvas}
          width={size.width}
          height={size.height}
          className={styles.manualCanvas}
        />
      )}
      {failed ? <figcaption className={styles.note}>第 {pageNumber} 页加载失败</figcaption> : null}
    </figure>
  );
}

/** The manual PDF drawn page by page with pdf.js (loaded only here). */
function PdfManual({ url }: { url: string }) {
  const pdf = useApiData(() => openPdf(url), url);
  useEffect(() => () => void pdf.data?.loadingTask.destroy(), [pdf.data]);
  return (
    <Loaded read={pdf} missing="说明书不存在">
      {(document) => (
        <div className={styles.manual} aria-label="说明书 PDF" data-pages={document.numPages}>
          {Array.from({ length: document.numPages }, (_, index) => (
            <PdfPage key={index} pdf={document} pageNumber={index + 1} />
          ))}
        </div>
      )}
    </Loaded>
  );
}

/**
 * /pdfDetail?productId (spec 3 §2.8): a model's manual — its pages as images when the catalogue has
 * them, else (or with 查看 PDF 原文, `view=pdf`) the PDF itself drawn page by page in the browser
 * (docs/adr/0205-manual-pages-and-pdf-js.md). Not on the visitors’ list (spec 3 §6): a visitor registers first.
 */
export default function PdfDetailPage() {
  useDocumentTitle('产品说明书');
  const { product } = useQueriedProduct();
  const [params, setParams] = useSearchParams();
  const imgDomain = useSession((state) => state.imgDomain);
  return (
    <div className={styles.page}>
      <Loaded read={product} missing="说明书不存在">
        {(model) => {
          const pdfUrl = imageUrl(model.manualUrl, imgDomain);
          const images = model.manualImages.map((path) => imageUrl(path, imgDomain)).filter((src) => src !== null);
          const asPdf = pdfUrl !== null && (images.length === 0 || params.get('view') === 'pdf');
          const toggle = (view: 'pdf' | 'images') => {
            const next = new URLSearchParams(params);
            if (view === 'pdf') {
              next.set('view', 'pdf');
            } else {
              next.delete('view');
            }
            setParams(next, { replace: true });
          };
          if (pdfUrl === null && images.length === 0) {
            return <p className={styles.lead}>该型号暂未提供电子说明书</p>;
          }
          return (
            <>
              <header className={styles.manualBar}>
                <h1 className={styles.modelName}>{model.name} 说明书</h1>
                {pdfUrl !== null && images.length > 0 ? (
                  <Button size="small" fill="outline" color="primary" onClick={() => toggle(asPdf ? 'images' : 'pdf')}>
                    {asPdf ? '查看图片版' : '查看 PDF 原文'}
                  </Button>
                ) : null}
              </header>
              {asPdf ? (
                <PdfManual url={pdfUrl} />
              ) : (
                <div className={styles.manual} aria-label="说明书页面">
                  {images.map((src, index) => (
                    <img
                      key={src}
                      className={styles.manualImage}
                      src={src}
                      alt={`说明书第 ${index + 1} 页`}
                      loading={index < 2 ? 'eager' : 'lazy'}
                    />
                  ))}
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
