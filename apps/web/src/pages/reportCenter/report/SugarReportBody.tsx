import {
  CONSENSUS_TARGET,
  CV_STABLE_AT_MOST,
  REPORT_LEVEL_ORDER,
  SUGAR_LEVEL_LABELS,
  SUGAR_TIME_TYPES,
  formatSugar,
  insufficientDataText,
  reportLevelColour,
} from '@glucoguard/domain';
import type { SugarLevel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { DataTable, tokens } from '@glucoguard/ui';
import type { DataTableColumn } from '@glucoguard/ui';
import { CELL_COLOURS, REPORT_LEVEL_COLOURS } from '../colours';
import { MedicationDaysSection } from './MedicationDaysSection';
import { QualitySection, ReportSection, SummaryList, TextSection } from './ReportParts';
import { StackedBarChart } from './StackedBarChart';
import styles from './SugarReportBody.module.css';

type SugarReport = Schema<'SugarReport'>;
type Day = SugarReport['sugarLog'][number];
type Reading = Day['items'][number];
type Clinical = SugarReport['clinical'];

const colourOf = (level: SugarLevel | null) => (level === null ? undefined : CELL_COLOURS[reportLevelColour(level)]);

/**
 * A slot column of the report's table. One reading fills the cell in its level's colour, as in the
 * sugar table; several readings (the report lists every reading, not the latest) each get a chip of
 * their own colour, so none is hidden behind another's colour.
 */
function slotColumn(timeType: number, name: string): DataTableColumn<Day> {
  const inSlot = (day: Day): Reading[] => day.items.filter((item) => item.timeType === timeType);
  return {
    key: String(timeType),
    title: name,
    colour: (day) => {
      const items = inSlot(day);
      return items.length === 1 && items[0] ? colourOf(items[0].level) : undefined;
    },
    render: (day) => {
      const items = inSlot(day);
      if (items.length <= 1) {
        return items[0] === undefined ? '' : formatSugar(items[0].sugar);
      }
      return (
        <span className={styles.slotColumnText}>
          {items.map((item) => (
            <span
              key={item.time}
              data-colour={colourOf(item.level)}
              className={styles.slotColumnText2}
              style={{ background: colourOf(item.level) ?? tokens.colorWeak }}
            >
              {formatSugar(item.sugar)}
            </span>
          ))}
        </span>
      );
    },
  };
}

const COLUMNS: DataTableColumn<Day>[] = [
  { key: 'dtime', title: '日期', width: 42, render: (day) => day.dtime.slice(5) },
  ...SUGAR_TIME_TYPES.map((slot) => slotColumn(slot.timeType, slot.name)),
];

/** The clinical block: readings in range, mean/SD/CV and the estimated A1c, each only when the data allow. */
function clinicalRows(clinical: Clinical): { label: string; value: string }[] {
  const { ownTargets, consensus, variability, gmi } = clinical;
  const rows = [
    {
      label: '个人目标范围内',
      value:
        ownTargets.status === 'ok'
          ? `${ownTargets.percent.inRange}%（${ownTargets.inRange}/${ownTargets.total}次）`
          : insufficientDataText(ownTargets),
    },
    {
      label: `${CONSENSUS_TARGET.low}~${CONSENSUS_TARGET.high} mmol/L范围内`,
      value:
        consensus.status === 'ok'
          ? `${consensus.percent.inRange}%（低于${CONSENSUS_TARGET.low}：${Math.round((consensus.percent.veryLow + consensus.percent.low) * 10) / 10}%，高于${CONSENSUS_TARGET.high}：${Math.round((consensus.percent.high + consensus.percent.veryHigh) * 10) / 10}%）`
          : insufficientDataText(consensus),
    },
  ];
  if (variability.status === 'ok') {
    rows.push(
      { label: '平均血糖', value: `${variability.mean} mmol/L` },
      { label: '标准差（SD）', value: `${variability.sd} mmol/L` },
      {
        label: '变异系数（CV）',
        value: `${variability.cv}%（${variability.stable ? '平稳' : '波动较大'}，≤${CV_STABLE_AT_MOST}%为平稳）`,
      },
    );
  } else {
    rows.push({ label: '平均血糖、标准差、变异系数', value: insufficientDataText(variability) });
  }
  rows.push({
    label: '估算糖化血红蛋白（GMI）',
    value: gmi.status === 'ok' ? `${gmi.gmi}%（${gmi.days}天${gmi.readings}次测量）` : insufficientDataText(gmi),
  });
  return rows;
}

/** The body of a sugar report (spec 2 §2.6): table, the days with medication, pie, slot bars, clinical summary, texts. */
export function SugarReportBody({ report }: { report: SugarReport }) {
  return (
    <>
      <QualitySection counts={report} total={report.count} />
      <ReportSection title="血糖数据表">
        <div className={styles.sugarReportBodyBox}>
          <DataTable aria-label="报告血糖数据表" columns={COLUMNS} rows={report.sugarLog} rowKey={(day) => day.dtime} />
        </div>
      </ReportSection>
      <MedicationDaysSection days={report.medicationDays} />
      <ReportSection title="时段分布">
        <StackedBarChart
          aria-label="各时段测量次数"
          bars={report.timeDistribution.map((slot) => ({
            key: String(slot.timeType),
            label: slot.name,
            // Lows at the bottom, highs on top.
            segments: [...REPORT_LEVEL_ORDER].reverse().map((level) => ({
              key: level,
              label: SUGAR_LEVEL_LABELS[level],
              value: slot[`${level}Count`],
              colour: REPORT_LEVEL_COLOURS[level],
            })),
          }))}
        />
      </ReportSection>
      <ReportSection title="临床指标">
        <SummaryList
          rows={clinicalRows(report.clinical)}
          note="指尖血糖是单次测量，以上比例按测量次数计算（不是按时间），数据越多越可靠，仅供参考。"
        />
      </ReportSection>
      <TextSection title="测量分析" text={report.testAnalysis} />
      <TextSection title="备注分析" text={report.healthAlter} />
      <TextSection title="监测建议" text={report.monitorGuide} />
      <TextSection title="饮食建议" text={report.eatGuide} />
      <TextSection title="运动建议" text={report.sportGuide} />
    </>
  );
}
