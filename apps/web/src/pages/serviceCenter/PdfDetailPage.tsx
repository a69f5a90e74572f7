import { Button } from 'antd-mobile';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { Loaded, useQueriedProduct } from './common';
import { drawPdfPage, openPdf } from './pdfRender';
import styles from './afterSales.module.css';

/** One page of the PDF, drawn when it is mounted, as wide as the page's column. */
function PdfPage({ pdf, pageNumber }: { pdf: PDFDocumentProxy; pageNumber: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = canvas.current;
    if (element === null) {
      return;
    }
    drawPdfPage(pdf, pageNumber, element, element.parentElement?.clientWidth ?? 360).catch(() => setFailed(true));
  }, [pdf, pageNumber]);
  return (
    <figure className={styles.manualPage} aria-label={`第 ${pageNumber} 页`}>
      <canvas ref={canvas} className={styles.manualCanvas} />
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
