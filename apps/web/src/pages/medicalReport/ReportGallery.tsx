import { REPORTS_PER_TYPE } from '@glucoguard/domain';
import type { ReportGallery as Gallery } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { imageUrl } from '../../store/session';

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
    <section aria-labelledby={headingId} style={{ background: '#fff', marginTop: 10, padding: '12px 16px' }}>
      <h2
        id={headingId}
        style={{ margin: 0, fontSize: 16, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}
      >
        <span>{gallery.label}</span>
        <span
          style={{ fontSize: 12, fontWeight: 'normal', color: 'var(--adm-color-weak)' }}
          aria-label={`${gallery.label}报告数量`}
        >
          {gallery.reports.length}/{REPORTS_PER_TYPE}
        </span>
      </h2>
      {gallery.reports.length === 0 ? (
        <p style={{ margin: '10px 0 2px', fontSize: 13, color: 'var(--adm-color-weak)' }}>暂无报告</p>
      ) : (
        <ul
          role="list"
          aria-label={`${gallery.label}报告`}
          style={{
            listStyle: 'none',
            margin: '10px 0 0',
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(3, 1fr)',
            gap: 8,
          }}
        >
          {gallery.reports.map((report) => (
            <li key={report.reportId} style={{ minWidth: 0 }}>
              <button
                type="button"
                aria-label={`查看${report.reportName}`}
                onClick={() => onOpen(report)}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: 0,
                  border: 'none',
                  background: 'none',
                  textAlign: 'left',
                }}
              >
                <img
                  src={imageUrl(report.pressReportUrl, imgDomain) ?? undefined}
                  alt={report.reportName}
                  loading="lazy"
                  style={{
                    display: 'block',
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    borderRadius: 6,
                    background: '#f0f1f3',
                  }}
                />
                <span
                  style={{
                    display: 'block',
                    marginTop: 4,
                    fontSize: 12,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {report.reportName}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
