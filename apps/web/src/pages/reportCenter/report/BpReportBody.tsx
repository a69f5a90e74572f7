import {
  HOME_BP_EVENING,
  HOME_BP_MORNING,
  homeBpVerdict,
  insufficientDataText,
  reportLevelColour,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { DataTable } from '@glucoguard/ui';
import type { DataTableColumn } from '@glucoguard/ui';
import { CELL_COLOURS } from '../colours';
import { QualitySection, ReportSection, SummaryList, TextSection } from './ReportParts';
import styles from './BpReportBody.module.css';

type BpReport = Schema<'BpReport'>;
type Row = BpReport['datas'][number];
type HomeBp = BpReport['clinical']['homeBp'];

const colourOf = (row: Row) => (row.level === null ? undefined : CELL_COLOURS[reportLevelColour(row.level)]);

/** One row per reading: time, systolic and diastolic in the reading's level colour, pulse. */
const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'time', title: '测量时间', width: '34%', render: (row) => row.time.slice(5, 16) },
  { key: 'sbp', title: '收缩压', colour: colourOf },
  { key: 'dbp', title: '舒张压', colour: colourOf },
  { key: 'hr', title: '脉搏' },
];

const mean = (m: { sbp: number; dbp: number; count: number } | null) =>
  m === null ? '未测量' : `${m.sbp}/${m.dbp} mmHg（${m.count}次）`;

function homeRows(home: HomeBp): { label: string; value: string }[] {
  if (home.status !== 'ok') {
    return [{ label: '家庭早晚血压', value: insufficientDataText(home) }];
  }
  return [
    { label: '早晨平均', value: mean(home.morning) },
    { label: '晚间平均', value: mean(home.evening) },
    { label: '早晚总平均', value: mean(home.overall) },
    { label: '评估', value: homeBpVerdict(home.elevated) },
  ];
}

/** The body of a pressure report (spec 2 §2.6): table, pie, the home morning/evening summary, texts. */
export function BpReportBody({ report }: { report: BpReport }) {
  return (
    <>
      <QualitySection
        counts={report}
        total={report.count}
        note="严重偏高：2级及以上高血压；偏高：1级高血压；正常含正常高值。"
      />
      <ReportSection title="血压数据表">
        <div className={styles.bpReportBodyBox}>
          <DataTable
            aria-label="报告血压数据表"
            columns={COLUMNS}
            rows={report.datas}
            rowKey={(row, index) => `${row.time}-${index}`}
          />
        </div>
      </ReportSection>
      <ReportSection title="家庭血压">
        <SummaryList
          rows={homeRows(report.clinical.homeBp)}
          note={`按家庭血压监测的方法，只计早晨${HOME_BP_MORNING.fromHour}~${HOME_BP_MORNING.toHour}点和晚上${HOME_BP_EVENING.fromHour}~${HOME_BP_EVENING.toHour}点的测量，并去掉第一天。`}
        />
      </ReportSection>
      <TextSection title="测量分析" text={report.testAnalysis} />
      <TextSection title="监测建议" text={report.monitorGuide} />
      <TextSection title="饮食建议" text={report.eatGuide} />
      <TextSection title="运动建议" text={report.sportGuide} />
    </>
  );
}
