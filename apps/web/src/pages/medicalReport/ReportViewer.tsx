import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import type { ReportImage } from './ReportGallery';
import styles from './ReportViewer.module.css';

export interface ReportViewerProps {
  report: ReportImage;
  /** The full photo's address. */
  src: string;
  onClose: () => void;
  onDelete: (report: ReportImage) => void;
}

/**
 * A report photo full-screen, with its name, date and 删除. Our own overlay rather than
 * antd-mobile's ImageViewer, whose controls sit under an aria-hidden mask that screen readers
 * skip. The app's viewport forbids pinch-zoom, so 放大 shows the photo at twice the screen's width
 * and the user pans it by swiping.
 */
export function ReportViewer({ report, src, onClose, onDelete }: ReportViewerProps) {
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  // Focus moves into the viewer so a screen reader reads it and Escape reaches it.
  useEffect(() => {
    dialog.current?.focus();
  }, []);

  return (
    <div
      ref={dialog}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label={report.reportName}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      // Under antd-mobile's dialogs (z-index 1000), so the delete confirmation shows above it.
      className={styles.reportViewerBox}
    >
      <div className={styles.reportViewerBox2}>
        <Button size="small" fill="none" className={styles.reportViewerButton} onClick={onClose}>
          关闭
        </Button>
        <Button
          size="small"
          fill="none"
          className={styles.reportViewerButton}
          onClick={() => setZoomed((current) => !current)}
        >
          {zoomed ? '还原' : '放大'}
        </Button>
      </div>
      <div className={`${styles.reportViewerBox3} ${zoomed ? styles.zoomedBox : styles.fittedBox}`}>
        <img
          src={src}
          alt={report.reportName}
          onClick={() => setZoomed((current) => !current)}
          style={
            zoomed
              ? { display: 'block', width: '200%', maxWidth: 'none' }
              : { display: 'block', width: '100%', maxHeight: '100%', objectFit: 'contain' }
          }
        />
      </div>
      <div className={styles.reportViewerBox4}>
        <span>
          <span className={styles.reportViewerText}>{report.reportName}</span>
          <span className={styles.reportViewerText2}>{report.updateTime.slice(0, 16)}</span>
        </span>
        <Button size="small" color="danger" onClick={() => onDelete(report)}>
          删除
        </Button>
      </div>
    </div>
  );
}
