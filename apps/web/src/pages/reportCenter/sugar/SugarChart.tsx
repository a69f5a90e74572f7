import {
  CHART_MIN_SPANS,
  SUGAR_CHART_DEFAULT_DATE_TYPE,
  SUGAR_CHART_RANGE_DAYS,
  SUGAR_CHART_TIME_TYPES,
  parseChinaDateTime,
  resolveSugarRange,
  sugarChartTargetBand,
  summariseSugar,
  formatSugar,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, tokens, TrendChart } from '@glucoguard/ui';
import type { TrendBand, TrendSeries } from '@glucoguard/ui';
import { DotLoading, Selector } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';
import { CHART_LIB } from '../chartLib';
import { useSugarRanges } from './useSugarRanges';
import styles from './SugarChart.module.css';

type DateType = keyof typeof SUGAR_CHART_RANGE_DAYS;
type TimeType = (typeof SUGAR_CHART_TIME_TYPES)[keyof typeof SUGAR_CHART_TIME_TYPES];

const RANGE_LABELS: Record<DateType, string> = { 1: '1周', 2: '1个月', 3: '3个月', 4: '6个月', 5: '1年' };
const TIME_TYPE_OPTIONS: { label: string; value: TimeType }[] = [
  { label: '空腹', value: SUGAR_CHART_TIME_TYPES.fasting },
  { label: '餐前', value: SUGAR_CHART_TIME_TYPES.beforeMeal },
  { label: '餐后', value: SUGAR_CHART_TIME_TYPES.afterMeal },
];

const NO_TREND: Schema<'SugarTrend'> = { sugarTestList: [], judgeMap: null };

/** The sugar chart (spec 2 §2.3): range and time-type pickers, the trend line, min / max / average. */
export function SugarChart() {
  const [dateType, setDateType] = useState<DateType>(SUGAR_CHART_DEFAULT_DATE_TYPE);
  const [timeType, setTimeType] = useState<TimeType>(SUGAR_CHART_TIME_TYPES.fasting);
  const read = useApiData(
    () => api().GET('/sugarTestReport/v1/queryTrend', { params: { query: { dateType, timeType } } }),
    [dateType, timeType],
    { clear: true, onError: showError },
  );
  const trend: Schema<'SugarTrend'> | null = read.failed ? NO_TREND : read.data;

  const series = useMemo<TrendSeries[]>(() => {
    const points = (trend?.sugarTestList ?? []).flatMap((item) => {
      const time = parseChinaDateTime(item.time);
      return time === null ? [] : [{ time: time.getTime(), value: item.sugarValue }];
    });
    return [{ name: '血糖', colour: tokens.colorChartLine, points }];
  }, [trend]);
  const dictionary = useSugarRanges();
  const band = useMemo<TrendBand | undefined>(() => {
    const target = sugarChartTargetBand(timeType, (slot) => resolveSugarRange(slot, dictionary ?? []));
    return (
      target && {
        low: target.low,
        high: target.high,
        label: `目标范围 ${target.low.toFixed(1)}–${target.high.toFixed(1)}${target.uniform ? '' : '（各时段目标合并）'}`,
      }
    );
  }, [dictionary, timeType]);
  const summary = summariseSugar((trend?.sugarTestList ?? []).map((item) => item.sugarValue));

  return (
    <div className={styles.sugarChartBox}>
      <div role="group" aria-label="时间范围" className={styles.sugarChartBox2}>
        <Selector<DateType>
          columns={5}
          className={styles.sugarChartSelector}
          options={(Object.keys(SUGAR_CHART_RANGE_DAYS).map(Number) as DateType[]).map((key) => ({
            label: RANGE_LABELS[key],
            value: key,
          }))}
          value={[dateType]}
          onChange={(values) => values[0] !== undefined && setDateType(values[0])}
        />
      </div>
      <div role="group" aria-label="测量时段" className={styles.sugarChartBox3}>
        <Selector<TimeType>
          columns={3}
          options={TIME_TYPE_OPTIONS}
          value={[timeType]}
          onChange={(values) => values[0] !== undefined && setTimeType(values[0])}
        />
      </div>
      <dl aria-label="血糖趋势统计" className={styles.sugarChartPairs}>
        {[
          ['最低值', summary && formatSugar(summary.min)],
          ['平均值', summary?.avg.toFixed(2)],
          ['最高值', summary && formatSugar(summary.max)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className={styles.sugarChartTerm}>{label}</dt>
            <dd aria-label={String(label)} className={styles.sugarChartValue}>
              {value ?? '-'}
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.sugarChartBox4}>
        {trend === null ? (
          <div className={styles.sugarChartBox5}>
            <DotLoading aria-label="加载中" />
          </div>
        ) : series[0]?.points.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <div className={styles.sugarChartCaption}>
              近{RANGE_LABELS[dateType]}共 {series[0]?.points.length} 次测量
            </div>
            <TrendChart
              lib={CHART_LIB}
              series={series}
              // The chart shows the whole range it names (ADR 0109), readings or not.
              days={SUGAR_CHART_RANGE_DAYS[dateType]}
              band={band}
              minSpan={CHART_MIN_SPANS.sugar}
              aria-label="血糖趋势图"
            />
          </>
        )}
      </div>
      <div className={styles.sugarChartBox6}>单位：mmol/L</div>
    </div>
  );
}
