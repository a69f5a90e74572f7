import { useEffect, useMemo, useRef } from 'react';
import type { IChartApi, Time } from 'lightweight-charts';
import { chartSpanDays, chartTimeUnit, fitChartValueRange, formatChinaTime } from '@glucoguard/domain';
import type { ChartValueRange } from '@glucoguard/domain';
import styles from './trend-chart.module.css';
import { tokens } from './tokens';
import { BandPrimitive, MARGINS, createSharpChart, densityForStep, labelFontSize } from './trend-chart-canvas';
import type { ChartLibrary, TrendBand } from './trend-chart-canvas';
import { drawnLabels, fromChartTime, onGrid, tickLabel, timeGrid, toChartData } from './trend-chart-time';
import type { TrendPoint, TrendSpan } from './trend-chart-time';

/** One line of a {@link TrendChart}. */
export interface TrendSeries {
  name: string;
  colour: string;
  points: readonly TrendPoint[];
}

/** A dashed reference line (e.g. systolic 140). */
export interface TrendLine {
  value: number;
  colour: string;
}

export interface TrendChartProps {
  lib: ChartLibrary;
  series: readonly TrendSeries[];
  /**
   * The chart shows the latest `days` days up to now, readings or not: laid out on an even time grid
   * (equal times take equal widths) and labelled in the unit of its length. Without it the chart
   * spans its points.
   */
  days?: number;
  /** A fixed label step of the value axis (pressure: 25); a round step otherwise. */
  tickStep?: number;
  /** The smallest span of the value axis, so that a flat line does not fill the height. */
  minSpan?: number;
  band?: TrendBand;
  lines?: readonly TrendLine[];
  /** What the legend says about `lines`, e.g. 虚线：高血压界值 140/90. */
  linesLabel?: string;
  /** Past this many points the chart grows wider than the screen: it opens on the latest ones and scrolls sideways. */
  visiblePoints?: number;
  /** Told the span on screen whenever it changes (scrolling), and whether earlier points are off screen. */
  onVisibleSpan?: (span: TrendSpan, scrollable: boolean) => void;
  height?: number;
  /** Decimals on the value axis and labels; 1 by default. */
  precision?: number;
  'aria-label'?: string;
}

/** Past this many points in a series, its point markers would merge into a thick line. */
const MAX_MARKED_POINTS = 60;

/** The value axis of the chart: fitted to the points and the band and lines (ADR 0108). */
function fittedRange(props: Pick<TrendChartProps, 'series' | 'band' | 'lines' | 'tickStep' | 'minSpan'>) {
  const references = [
    ...(props.band === undefined ? [] : [props.band.low, props.band.high]),
    ...(props.lines ?? []).map((line) => line.value),
  ];
  return fitChartValueRange(
    props.series.flatMap((line) => line.points.map((point) => point.value)),
    { references, step: props.tickStep, minSpan: props.minSpan },
  );
}

/**
 * A line chart of one or more series over time, sized to its container's width and drawn at the
 * screen's pixel ratio. The value axis is fitted to the points, the target band and the reference
 * lines; the time axis is labelled in hours, days or months by the length of the window. The lines'
 * names and latest values are a legend above the chart, so no value tag covers an axis.
 */
export function TrendChart({
  lib,
  series,
  days,
  tickStep,
  minSpan,
  band,
  lines,
  linesLabel,
  visiblePoints,
  onVisibleSpan,
  height = 260,
  precision = 1,
  ...aria
}: TrendChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const spanListener = useRef(onVisibleSpan);
  spanListener.current = onVisibleSpan;
  const range = useMemo(
    () => fittedRange({ series, band, lines, tickStep, minSpan }),
    [series, band, lines, tickStep, minSpan],
  );
  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return undefined;
    }
    // The grid runs a fiftieth of the range past now, so a reading taken just now is not cut by the edge.
    const shownWindow =
      days === undefined
        ? undefined
        : { from: Date.now() - days * 86_400_000, to: Date.now() + (days * 86_400_000) / 50 };
    const chart = drawChart(lib, element, {
      series,
      window: shownWindow,
      range,
      band,
      lines,
      visiblePoints,
      height,
      precision,
    });
    const timeScale = chart.timeScale();
    const points = Math.max(0, ...series.map((line) => toChartData(line.points).length));
    const scrollable = visiblePoints !== undefined && points > visiblePoints;
    const report = () => {
      const visible = timeScale.getVisibleRange?.();
      if (visible) {
        spanListener.current?.({ from: fromChartTime(visible.from), to: fromChartTime(visible.to) }, scrollable);
      }
    };
    timeScale.subscribeVisibleTimeRangeChange?.(report);
    report();
    return () => {
      timeScale.unsubscribeVisibleTimeRangeChange?.(report);
      chart.remove();
    };
  }, [lib, series, days, range, band, lines, visiblePoints, height, precision]);
  const latest = series.flatMap((line) => {
    const last = toChartData(line.points).at(-1);
    return last === undefined ? [] : [{ line, value: last.value.toFixed(precision) }];
  });
  return (
    <div className={styles.trendChart}>
      <ul aria-label="图例" className={styles.trendChartLegend}>
        {latest.map(({ line, value }) => (
          <li key={line.name} className={styles.trendChartLegendItem}>
            <svg aria-hidden="true" viewBox="0 0 10 10" className={styles.trendChartSwatch}>
              <circle cx="5" cy="5" r="5" fill={line.colour} />
            </svg>
            {line.name} <span className={styles.trendChartLatest}>{value}</span>
          </li>
        ))}
        {band && (
          <li className={styles.trendChartLegendItem}>
            <span aria-hidden="true" className={styles.trendChartBandSwatch} />
            {band.label}
          </li>
        )}
        {lines && lines.length > 0 && linesLabel && (
          <li className={styles.trendChartLegendItem}>
            <span aria-hidden="true" className={styles.trendChartLineSwatch} />
            {linesLabel}
          </li>
        )}
      </ul>
      <div
        ref={container}
        role="img"
        aria-label={aria['aria-label']}
        data-value-min={range?.min}
        data-value-max={range?.max}
        className={styles.trendChartBox}
        style={{ height }}
      />
    </div>
  );
}

interface DrawOptions {
  series: readonly TrendSeries[];
  window: TrendSpan | undefined;
  range: ChartValueRange | null;
  band: TrendBand | undefined;
  lines: readonly TrendLine[] | undefined;
  visiblePoints: number | undefined;
  height: number;
  precision: number;
}

function drawChart(lib: ChartLibrary, element: HTMLElement, options: DrawOptions): IChartApi {
  const { series, window: shownWindow, range, band, lines, visiblePoints, height, precision } = options;
  const data = series.map((line) => (shownWindow === undefined ? toChartData(line.points) : onGrid(line.points)));
  const points = Math.max(0, ...data.map((line) => line.length));
  const scrollable = visiblePoints !== undefined && points > visiblePoints;
  // A chart wider than the screen is labelled for the span one screen shows: its latest points.
  const times = [...new Set(data.flat().map((point) => fromChartTime(point.time)))].sort((a, b) => a - b);
  const unit = chartTimeUnit(
    shownWindow !== undefined
      ? (shownWindow.to - shownWindow.from) / 86_400_000
      : chartSpanDays(scrollable ? times.slice(-visiblePoints) : times),
  );
  const fontSize = labelFontSize(element);
  const drawn = drawnLabels(element);
  const chart = createSharpChart(lib, element, {
    autoSize: true,
    height,
    layout: {
      background: { color: tokens.colorChartBackground },
      textColor: tokens.colorChartText,
      fontSize,
      attributionLogo: false,
    },
    localization: {
      locale: 'zh-CN',
      // The crosshair's date, with the time where points keep theirs (on a grid they sit on their hour).
      timeFormatter: (time: Time) =>
        formatChinaTime(fromChartTime(time), shownWindow === undefined || unit === 'hour' ? 'M月D日 HH:mm' : 'M月D日'),
    },
    grid: { vertLines: { visible: false }, horzLines: { color: tokens.colorChartGrid } },
    timeScale: {
      // Intraday ticks are typed as times (not as days, which printed 24日 twice): the formatter blanks them off an hour axis.
      timeVisible: true,
      fixLeftEdge: true,
      // On a window the right edge is the window's end, past the last reading: the library's fixed right
      // edge is the last point with a value. A window is never scrolled, so nothing else needs fixing.
      fixRightEdge: shownWindow === undefined,
      // The chart is fitted before autoSize has measured it: keep the fitted span when the size arrives.
      lockVisibleTimeRangeOnResize: true,
      // A year on the hourly grid is 8,760 places across about 340 px.
      minBarSpacing: 0.01,
      // Labels are at most 2026年 or 08:00 wide; 11月24日 only on an hour axis.
      tickMarkMaxCharacterLength: unit === 'hour' ? 6 : 4,
      tickMarkFormatter: (time: Time, tickMarkType: number) => drawn.label(time, tickLabel(time, tickMarkType, unit)),
    },
    rightPriceScale: {
      borderVisible: false,
      scaleMargins: MARGINS,
      ...(range !== null && { tickMarkDensity: densityForStep(range, range.step, height, fontSize) }),
    },
    handleScale: false,
    // Only a chart wider than the screen is dragged, and only sideways: the page keeps its vertical scroll.
    handleScroll: scrollable
      ? { mouseWheel: false, pressedMouseMove: true, horzTouchDrag: true, vertTouchDrag: false }
      : false,
  });
  if (shownWindow !== undefined) {
    const grid = chart.addSeries(lib.LineSeries, {
      // The first series sets the value axis's format.
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
      lastValueVisible: false,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
    });
    grid.setData(timeGrid(shownWindow));
  }
  series.forEach((line, index) => {
    const added = chart.addSeries(lib.LineSeries, {
      color: line.colour,
      lineWidth: 2,
      // The library draws a lone point as a level stroke a bar wide, which reads as a trend: a dot instead.
      lineVisible: (data[index]?.length ?? 0) > 1,
      lastValueVisible: false,
      priceLineVisible: false,
      pointMarkersVisible: scrollable || (data[index]?.length ?? 0) <= MAX_MARKED_POINTS,
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
      autoscaleInfoProvider:
        range === null ? undefined : () => ({ priceRange: { minValue: range.min, maxValue: range.max } }),
    });
    added.setData(data[index] ?? []);
    if (index === 0) {
      if (band !== undefined) {
        // The band is the normal level's colour, faint enough for the lines to stay the figure.
        added.attachPrimitive(new BandPrimitive(band, `${tokens.colorLevelNormal}2e`));
      }
      for (const line of lines ?? []) {
        added.createPriceLine({
          price: line.value,
          color: line.colour,
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: false,
          title: '',
        });
      }
    }
  });
  const timeScale = chart.timeScale();
  if (scrollable && element.clientWidth > 0) {
    timeScale.applyOptions({ barSpacing: element.clientWidth / visiblePoints });
    timeScale.scrollToRealTime();
  } else {
    timeScale.fitContent();
  }
  return chart;
}
