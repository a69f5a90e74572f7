import { BP_CHART_TICK_STEP, BP_CHART_VISIBLE_POINTS, BP_VALUE_MAX, parseChinaDateTime } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, tokens, TrendChart } from '@glucoguard/ui';
import type { TrendSeries } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useMemo } from 'react';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';
import { CHART_LIB } from '../chartLib';
import { BP_EMPTY_TEXT } from './BpTable';
import styles from './BpChart.module.css';

/** The chart's fixed value axis (spec 2 §9: 0–250). */
const RANGE = { min: 0, max: BP_VALUE_MAX };

/** The blood-pressure chart (spec 2 §2.8): the last 365 days, systolic, diastolic and pulse on 0–250. */
export function BpChart() {
  const read = useApiData(() => api().GET('/bloodPressureTest/v1/trendpageQueryList'), '', { onError: showError });
  const records: Schema<'BloodPressureVo'>[] | null = read.failed ? [] : read.data;

  const series = useMemo<TrendSeries[]>(() => {
    const at = (record: Schema<'BloodPressureVo'>) => parseChinaDateTime(record.createTime)?.getTime() ?? 0;
    const line = (name: string, colour: string, pick: (record: Schema<'BloodPressureVo'>) => number): TrendSeries => ({
      name,
      colour,
      points: (records ?? []).map((record) => ({ time: at(record), value: pick(record) })),
    });
    return [
      line('收缩压', tokens.colorLevelHigh, (r) => r.sbp),
      line('舒张压', tokens.colorChartLine, (r) => r.dbp),
      line('脉搏', tokens.colorLevelNormal, (r) => r.hr),
    ];
  }, [records]);

  if (records === null) {
    return (
      <div className={styles.bpChartBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (records.length === 0) {
    return <EmptyState title={BP_EMPTY_TEXT} />;
  }
  return (
    <div className={styles.bpChartBox2}>
      <div className={styles.bpChartBox3}>近365天 · 单位：mm Hg，脉搏 PM</div>
      <TrendChart
        lib={CHART_LIB}
        series={series}
        range={RANGE}
        tickStep={BP_CHART_TICK_STEP}
        visiblePoints={BP_CHART_VISIBLE_POINTS}
        precision={0}
        height={300}
        aria-label="血压趋势图"
      />
    </div>
  );
}
