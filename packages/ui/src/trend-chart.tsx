import { useEffect, useRef } from 'react';
import type { createChart as CreateChart, LineSeries as LineSeriesDefinition, UTCTimestamp } from 'lightweight-charts';
import styles from './trend-chart.module.css';
import { tokens } from './tokens';

/**
 * The parts of lightweight-charts the chart uses. The app passes the real library; tests pass a
 * fake (jsdom has no canvas), and the package stays free of a runtime dependency on it.
 */
export interface ChartLibrary {
  createChart: typeof CreateChart;
  LineSeries: typeof LineSeriesDefinition;
}

/** One point: a time in ms since the epoch and its value. */
export interface TrendPoint {
  time: number;
  value: number;
}

/** One line of a {@link TrendChart}. */
export interface TrendSeries {
  name: string;
  colour: string;
  points: readonly TrendPoint[];
}

export interface TrendChartProps {
  lib: ChartLibrary;
  series: readonly TrendSeries[];
  /** A fixed value axis (e.g. 0–250 for pressure); automatic when absent. */
  range?: { min: number; max: number };
  /** With `range`: the spacing of the value axis labels (e.g. 25 for pressure). */
  tickStep?: number;
  /** Past this many points the chart grows wider than the screen: it opens on the latest ones and scrolls sideways. */
  visiblePoints?: number;
  height?: number;
  /** Decimals on the value axis and labels; 1 by default. */
  precision?: number;
  'aria-label'?: string;
}

/** China time is UTC+8 all year; the chart's time axis shows UTC, so points are shifted to read as China time. */
const CHINA_OFFSET_S = 8 * 3600;

/** The library's default label font size, and the height its time axis takes below the values. */
const FONT_SIZE = 12;
const TIME_AXIS_HEIGHT = 28;
const MARGINS = { top: 0.04, bottom: 0.02 };

/**
 * The `tickMarkDensity` that makes lightweight-charts label a fixed range every `step`. The library
 * has no tick-step option: it picks the smallest "round" span (…, 20, 25, 40, 50, …) at least
 * `range × ⌈fontSize × density⌉ / axis height`. Aiming that lower bound at 0.87 × step leaves ±7 %
 * for the axis height it really gets while staying above the next rounder span below 25 (20).
 */
export function densityForStep(range: { min: number; max: number }, step: number, height: number): number {
  const visible = (range.max - range.min) / (1 - MARGINS.top - MARGINS.bottom);
  const axisHeight = height - TIME_AXIS_HEIGHT;
  return Math.floor(((0.87 * step * axisHeight) / visible / FONT_SIZE) * 100) / 100;
}

/** Points as the library wants them: seconds, ascending, one value per second (the last wins). */
export function toChartData(points: readonly TrendPoint[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const point of [...points].sort((a, b) => a.time - b.time)) {
    bySecond.set(Math.floor(point.time / 1000) + CHINA_OFFSET_S, point.value);
  }
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

/** A line chart of one or more series over time, sized to its container's width. */
export function TrendChart({
  lib,
  series,
  range,
  tickStep,
  visiblePoints,
  height = 260,
  precision = 1,
  ...aria
}: TrendChartProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return undefined;
    }
    const chart = lib.createChart(element, {
      autoSize: true,
      height,
      layout: {
        background: { color: tokens.colorChartBackground },
        textColor: tokens.colorChartText,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: tokens.colorChartGrid } },
      timeScale: { timeVisible: false, fixLeftEdge: true, fixRightEdge: true },
      // A fixed range fills the axis exactly (no autoscale margins), e.g. pressure's 0–250.
      rightPriceScale:
        range === undefined
          ? { borderVisible: false }
          : {
              borderVisible: false,
              scaleMargins: MARGINS,
              ...(tickStep !== undefined && { tickMarkDensity: densityForStep(range, tickStep, height) }),
            },
      handleScale: false,
    });
    for (const line of series) {
      const added = chart.addSeries(lib.LineSeries, {
        color: line.colour,
        lineWidth: 2,
        title: line.name,
        pointMarkersVisible: true,
        priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
        autoscaleInfoProvider:
          range === undefined ? undefined : () => ({ priceRange: { minValue: range.min, maxValue: range.max } }),
      });
      added.setData(toChartData(line.points));
    }
    const points = Math.max(0, ...series.map((line) => toChartData(line.points).length));
    if (visiblePoints !== undefined && points > visiblePoints && element.clientWidth > 0) {
      chart.timeScale().applyOptions({ barSpacing: element.clientWidth / visiblePoints });
      chart.timeScale().scrollToRealTime();
    } else {
      chart.timeScale().fitContent();
    }
    return () => chart.remove();
  }, [lib, series, range, tickStep, visiblePoints, height, precision]);
  return (
    <div
      ref={container}
      role="img"
      aria-label={aria['aria-label']}
      className={styles.trendChartBox}
      style={{ height }}
    />
  );
}
