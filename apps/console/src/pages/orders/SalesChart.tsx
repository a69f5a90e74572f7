// The money taken per day as bars (lightweight-charts, which the console already draws readings
// with); hovering a bar shows its day and amount in the library's crosshair labels.
import { HistogramSeries, createChart } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { tokens } from '@glucoguard/ui';
import type { Schema } from '@glucoguard/sdk';
import styles from './SalesReportPage.module.css';

type Row = Schema<'SalesReportRow'>;

export function SalesChart({ rows }: { rows: readonly Row[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) {
      return undefined;
    }
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        textColor: tokens.colorTextSecondary,
        background: { color: tokens.colorSurface },
        fontSize: 13,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: tokens.colorDivider } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
      localization: { priceFormatter: (yuan: number) => `¥${yuan.toFixed(2)}` },
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(HistogramSeries, { color: tokens.colorPrimary, priceLineVisible: false });
    series.setData(rows.map((row) => ({ time: row.key, value: row.salesCents / 100 })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [rows]);

  return <div ref={box} className={styles.chart} role="img" aria-label="每日销售额柱状图" />;
}
