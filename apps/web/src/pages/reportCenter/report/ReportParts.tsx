import { REPORT_DISCLAIMER, REPORT_LEVEL_ORDER, SUGAR_LEVEL_LABELS, reportLevelColour } from '@glucoguard/domain';
import type { LevelCounts, SugarLevel } from '@glucoguard/domain';
import { PieChart } from '@glucoguard/ui';
import type { ReactNode } from 'react';
import { CELL_COLOURS, REPORT_LEVEL_COLOURS } from '../colours';
import styles from './ReportParts.module.css';

/** A card of the report with its heading; a landmark named by the heading. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={styles.reportSectionSection}>
      <h2 className={styles.reportSectionHeading}>{title}</h2>
      {children}
    </section>
  );
}

/** A text section (analysis, advice): the generated text as a paragraph. */
export function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <ReportSection title={title}>
      <p className={styles.textSectionText}>{text}</p>
    </ReportSection>
  );
}

const countKey = (level: SugarLevel) => `${level}Count` as const;

/**
 * 测量质量: the total and the five level counts (each named by its level, as the sugar table's
 * counts are), then the pie of the same counts.
 */
export function QualitySection({ counts, total, note }: { counts: LevelCounts; total: number; note?: string }) {
  const cells = [
    { key: 'total', label: '总次数', value: total, colour: undefined },
    ...REPORT_LEVEL_ORDER.map((level) => ({
      key: level,
      label: SUGAR_LEVEL_LABELS[level],
      value: counts[countKey(level)],
      colour: CELL_COLOURS[reportLevelColour(level)],
    })),
  ];
  return (
    <ReportSection title="测量质量">
      <dl className={styles.qualitySectionPairs}>
        {cells.map((cell) => (
          <div key={cell.key} className={styles.qualitySectionBox}>
            <dt className={styles.qualitySectionTerm}>{cell.label}</dt>
            <dd aria-label={cell.label} className={styles.qualitySectionValue} style={{ color: cell.colour }}>
              {cell.value}
            </dd>
          </div>
        ))}
      </dl>
      <PieChart
        aria-label="测量质量分布"
        slices={REPORT_LEVEL_ORDER.map((level) => ({
          key: level,
          label: SUGAR_LEVEL_LABELS[level],
          value: counts[countKey(level)],
          colour: REPORT_LEVEL_COLOURS[level],
        }))}
      />
      {note ? <p className={styles.qualitySectionText}>{note}</p> : null}
    </ReportSection>
  );
}

/** Rows of a summary: a label and its value (or why it is missing). */
export function SummaryList({ rows, note }: { rows: readonly { label: string; value: string }[]; note?: string }) {
  return (
    <>
      <dl className={styles.summaryListPairs}>
        {rows.map((row) => (
          <div key={row.label} className={styles.summaryListBox}>
            <dt className={styles.summaryListTerm}>{row.label}</dt>
            <dd aria-label={row.label} className={styles.summaryListValue}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {note ? <p className={styles.summaryListText}>{note}</p> : null}
    </>
  );
}

/** The disclaimer at the end of every report. */
export function Disclaimer() {
  return (
    <section aria-label="免责声明" className={styles.disclaimerSection}>
      <strong>免责声明：</strong>
      {REPORT_DISCLAIMER}
    </section>
  );
}
