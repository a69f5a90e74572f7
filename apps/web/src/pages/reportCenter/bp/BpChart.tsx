import {
  BP_CHART_TICK_STEP,
  BP_CHART_VISIBLE_POINTS,
  CHART_MIN_SPANS,
  bpReferenceLines,
  formatChartSpan,
  parseChinaDateTime,
} from '@glucoguard/domain';
import type { BpRangeConfig } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, tokens, TrendChart } from '@glucoguard/ui';
import type { TrendLine, TrendSeries, TrendSpan } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';
import { CHART_LIB } from '../chartLib';
import { BP_EMPTY_TEXT } from './BpTable';
import styles from './BpChart.module.css';

const NO_CONFIG: readonly BpRangeConfig[] = [];

/**
 * The blood-pressure chart (spec 2 §2.8): the last 365 days, systolic, diastolic and pulse, six
 * readings across the screen and dragged sideways for earlier ones; the value axis fitted to the
 * readings and the dashed lines where high pressure begins (140/90 in the seeded grades). The caption
 * says how many readings the 365 days hold and which dates are on screen (ADR 0109).
 */
export function BpChart() {
  const read = useApiData(() => api().GET('/bloodPressureTest/v1/trendpageQueryList'), '', { onError: showError });
  const records: Schema<'BloodPressureVo'>[] | null = read.failed ? [] : read.data;
  const config = useApiData(() => api().GET('/bloodPressureTest/v1/getBloodPressureDictionary'), '').data ?? NO_CONFIG;
  const [shown, setShown] = useState<{ span: TrendSpan; scrollable: boolean } | null>(null);
  const onVisibleSpan = useCallback((span: TrendSpan, scrollable: boolean) => setShown({ span, scrollable }), []);

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
  const reference = useMemo(() => bpReferenceLines(config), [config]);
  const lines = useMemo<TrendLine[]>(
    () =>
      reference === undefined
        ? []
        : [
            { value: reference.sbp, colour: tokens.colorLevelHigh },
            { value: reference.dbp, colour: tokens.colorLevelHigh },
          ],
    [reference],
  );

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
  const earliest = Math.min(...(series[0]?.points ?? []).map((point) => point.time));
  return (
    <div className={styles.bpChartBox2}>
      <div className={styles.bpChartBox3}>近365天共 {records.length} 次测量 · 单位：mmHg，脉搏：次/分</div>
      {shown !== null && (
        <div aria-live="polite" className={styles.bpChartSpan}>
          {shown.scrollable
            ? `图中为 ${formatChartSpan(shown.span.from, shown.span.to)}${shown.span.from > earliest ? ' · 向右拖动查看更早' : ' · 已是最早的测量'}`
            : `图中为全部 ${records.length} 次测量`}
        </div>
      )}
      <TrendChart
        lib={CHART_LIB}
        series={series}
        tickStep={BP_CHART_TICK_STEP}
        minSpan={CHART_MIN_SPANS.pressure}
        lines={lines}
        linesLabel={reference && `虚线：高血压界值 ${reference.sbp}/${reference.dbp}`}
        visiblePoints={BP_CHART_VISIBLE_POINTS}
        onVisibleSpan={onVisibleSpan}
        precision={0}
        height={300}
        aria-label="血压趋势图"
      />
    </div>
  );
}
