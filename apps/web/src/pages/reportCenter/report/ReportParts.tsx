import { REPORT_DISCLAIMER, REPORT_LEVEL_ORDER, SUGAR_LEVEL_LABELS, reportLevelColour } from '@glucoguard/domain';
import type { LevelCounts, SugarLevel } from '@glucoguard/domain';
import { PieChart } from '@glucoguard/ui';
import type { ReactNode } from 'react';
import { CELL_COLOURS, REPORT_LEVEL_COLOURS } from '../colours';

/** A card of the report with its heading; a landmark named by the heading. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      style={{ background: '#fff', borderRadius: 8, margin: '0 12px 10px', padding: '12px 12px 14px' }}
    >
      <h2
        style={{
          margin: '0 0 10px',
          fontSize: 16,
          borderLeft: '3px solid var(--adm-color-primary)',
          paddingLeft: 8,
          lineHeight: 1.2,
        }}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A text section (analysis, advice): the generated text as a paragraph. */
export function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <ReportSection title={title}>
      <p style={{ margin: 0, fontSize: 14, lineHeight: 1.7, color: 'var(--adm-color-text)' }}>{text}</p>
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
      <dl style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', margin: '0 0 12px', rowGap: 8 }}>
        {cells.map((cell) => (
          <div key={cell.key} style={{ textAlign: 'center' }}>
            <dt style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>{cell.label}</dt>
            <dd aria-label={cell.label} style={{ margin: 0, fontSize: 20, fontWeight: 600, color: cell.colour }}>
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
      {note ? <p style={{ margin: '10px 0 0', fontSize: 12, color: 'var(--adm-color-weak)' }}>{note}</p> : null}
    </ReportSection>
  );
}

/** Rows of a summary: a label and its value (or why it is missing). */
export function SummaryList({ rows, note }: { rows: readonly { label: string; value: string }[]; note?: string }) {
  return (
    <>
      <dl style={{ margin: 0 }}>
        {rows.map((row) => (
          <div
            key={row.label}
            style={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 12,
              padding: '6px 0',
              borderBottom: '1px solid var(--adm-color-border)',
              fontSize: 14,
            }}
          >
            <dt style={{ color: 'var(--adm-color-text-secondary)', flex: 'none', maxWidth: '45%' }}>{row.label}</dt>
            <dd aria-label={row.label} style={{ margin: 0, textAlign: 'right' }}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {note ? (
        <p style={{ margin: '8px 0 0', fontSize: 12, color: 'var(--adm-color-weak)', lineHeight: 1.6 }}>{note}</p>
      ) : null}
    </>
  );
}

/** The disclaimer at the end of every report. */
export function Disclaimer() {
  return (
    <section
      aria-label="免责声明"
      style={{ margin: '4px 16px 24px', fontSize: 12, lineHeight: 1.6, color: 'var(--adm-color-weak)' }}
    >
      <strong>免责声明：</strong>
      {REPORT_DISCLAIMER}
    </section>
  );
}
