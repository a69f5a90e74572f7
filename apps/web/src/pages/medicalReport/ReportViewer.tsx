import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import type { ReportImage } from './ReportGallery';

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
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 999,
        background: '#000',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          padding: 'calc(8px + env(safe-area-inset-top)) 12px 8px',
        }}
      >
        <Button size="small" fill="none" style={{ color: '#fff' }} onClick={onClose}>
          关闭
        </Button>
        <Button size="small" fill="none" style={{ color: '#fff' }} onClick={() => setZoomed((current) => !current)}>
          {zoomed ? '还原' : '放大'}
        </Button>
      </div>
      <div
        style={{
          flex: 1,
          overflow: 'auto',
          display: 'flex',
          alignItems: zoomed ? 'flex-start' : 'center',
          WebkitOverflowScrolling: 'touch',
        }}
      >
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
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '12px 16px calc(12px + env(safe-area-inset-bottom))',
        }}
      >
        <span>
          <span style={{ display: 'block', fontSize: 15 }}>{report.reportName}</span>
          <span style={{ display: 'block', fontSize: 12, opacity: 0.7 }}>{report.updateTime.slice(0, 16)}</span>
        </span>
        <Button size="small" color="danger" onClick={() => onDelete(report)}>
          删除
        </Button>
      </div>
    </div>
  );
}
