import { REPORTS_PER_TYPE } from '@glucoguard/domain';
import type { ReportGallery as Gallery } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { imageUrl } from '../../store/session';
import styles from './ReportGallery.module.css';

export type ReportImage = Schema<'ReportImage'>;

export interface ReportGalleryProps {
  gallery: Gallery<ReportImage>;
  imgDomain: string;
  onOpen: (report: ReportImage) => void;
}

/** One group of the uploaded reports: its label and count, and a grid of previews that open full-screen. */
export function ReportGallery({ gallery, imgDomain, onOpen }: ReportGalleryProps) {
  const headingId = `report-group-${gallery.group}`;
  return (
    <section aria-labelledby={headingId} className={styles.reportGallerySection}>
      <h2 id={headingId} className={styles.reportGalleryHeading}>
        <span>{gallery.label}</span>
        <span className={styles.reportGalleryText} aria-label={`${gallery.label}报告数量`}>
          {gallery.reports.length}/{REPORTS_PER_TYPE}
        </span>
      </h2>
      {gallery.reports.length === 0 ? (
        <p className={styles.reportGalleryText2}>暂无报告</p>
      ) : (
        <ul role="list" aria-label={`${gallery.label}报告`} className={styles.reportGalleryList}>
          {gallery.reports.map((report) => (
            <li key={report.reportId} className={styles.reportGalleryItem}>
              <button
                type="button"
                aria-label={`查看${report.reportName}`}
                onClick={() => onOpen(report)}
                className={styles.reportGalleryButton}
              >
                <img
                  src={imageUrl(report.pressReportUrl, imgDomain) ?? undefined}
                  alt={report.reportName}
                  loading="lazy"
                  className={styles.reportGalleryImage}
                />
                <span className={styles.reportGalleryText3}>{report.reportName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
