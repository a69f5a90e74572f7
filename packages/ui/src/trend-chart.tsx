import { useEffect, useMemo, useRef } from 'react';
import type {
  createChart as CreateChart,
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  LineSeries as LineSeriesDefinition,
  SeriesType,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import {
  CHART_GRID_STEP_MS,
  chartSpanDays,
  chartTimeUnit,
  fitChartValueRange,
  formatChartTick,
  formatChinaTime,
} from '@glucoguard/domain';
import type { ChartTickKind, ChartTimeUnit, ChartValueRange } from '@glucoguard/domain';
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

/** A target band drawn behind the lines (e.g. the user's sugar target of the slot). */
export interface TrendBand {
  low: number;
  high: number;
  /** What the legend says about it, e.g. 目标范围 4.4–7.0. */
  label: string;
}

/** A dashed reference line (e.g. systolic 140). */
export interface TrendLine {
  value: number;
  colour: string;
}

/** The span of time on screen, in ms since the epoch. */
export interface TrendSpan {
  from: number;
  to: number;
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

/** China time is UTC+8 all year; the chart's time axis shows UTC, so points are shifted to read as China time. */
const CHINA_OFFSET_S = 8 * 3600;

/** The axis labels' size when the label token cannot be read, and the height the time axis takes below the values. */
const FONT_SIZE = 12;
const TIME_AXIS_HEIGHT = 28;

/** The axis labels follow the smallest text token, so 长辈模式 enlarges them with the page's other text. */
function labelFontSize(element: HTMLElement): number {
  const size = Number.parseFloat(getComputedStyle(element).getPropertyValue('--gg-font-size-3xs'));
  return Number.isFinite(size) && size > 0 ? size : FONT_SIZE;
}
const MARGINS = { top: 0.04, bottom: 0.02 };
/** Past this many points in a series, its point markers would merge into a thick line. */
const MAX_MARKED_POINTS = 60;

/** lightweight-charts' TickMarkType (Year, Month, DayOfMonth, Time, TimeWithSeconds) as the domain names it. */
const TICK_KINDS: readonly ChartTickKind[] = ['year', 'month', 'day', 'time', 'time'];

/**
 * The `tickMarkDensity` that makes lightweight-charts label a range every `step`. The library has
 * no tick-step option: it picks the smallest "round" span (…, 20, 25, 40, 50, …) at least
 * `range × ⌈fontSize × density⌉ / axis height`. Aiming that lower bound at 0.87 × step leaves ±7 %
 * for the axis height it really gets while staying above the next rounder span below 25 (20).
 */
export function densityForStep(
  range: { min: number; max: number },
  step: number,
  height: number,
  fontSize = FONT_SIZE,
): number {
  const visible = (range.max - range.min) / (1 - MARGINS.top - MARGINS.bottom);
  const axisHeight = height - TIME_AXIS_HEIGHT - (fontSize - FONT_SIZE);
  return Math.floor(((0.87 * step * axisHeight) / visible / fontSize) * 100) / 100;
}

/** Points as the library wants them: seconds, ascending, one value per second (the last wins). */
export function toChartData(points: readonly TrendPoint[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const point of [...points].sort((a, b) => a.time - b.time)) {
    bySecond.set(toChartTime(point.time), point.value);
  }
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

function toChartTime(ms: number): number {
  return Math.floor(ms / 1000) + CHINA_OFFSET_S;
}

function fromChartTime(time: Time): number {
  return ((time as number) - CHINA_OFFSET_S) * 1000;
}

/**
 * The even time grid of a window, as whitespace points (times without values) of a series of its
 * own: the library spaces points evenly, so without them a month with few readings would take as
 * little room as a day with many, and a month whose first day has no reading would get no 月 tick.
 */
export function timeGrid(window: TrendSpan): { time: UTCTimestamp }[] {
  const step = CHART_GRID_STEP_MS;
  const grid: { time: UTCTimestamp }[] = [];
  for (let at = Math.ceil(window.from / step) * step; at <= window.to; at += step) {
    grid.push({ time: toChartTime(at) as UTCTimestamp });
  }
  return grid;
}

/**
 * A series placed on the time grid: each point on the hour it was taken in, a second point of the
 * same hour on the next free hour, so that the grid stays the chart's only points and equal times
 * keep equal widths (an hour is under a pixel on a month's chart).
 */
export function onGrid(points: readonly TrendPoint[]): { time: UTCTimestamp; value: number }[] {
  const step = CHART_GRID_STEP_MS;
  const taken = new Set<number>();
  const placed: { time: UTCTimestamp; value: number }[] = [];
  for (const point of [...points].sort((a, b) => a.time - b.time)) {
    let slot = Math.floor(point.time / step) * step;
    while (taken.has(slot)) {
      slot += step;
    }
    taken.add(slot);
    placed.push({ time: toChartTime(slot) as UTCTimestamp, value: point.value });
  }
  return placed.sort((a, b) => a.time - b.time);
}

/** The time axis labels of a chart: the domain's formatter for its unit, blank where the unit has none. */
export function tickLabel(time: Time, tickMarkType: number, unit: ChartTimeUnit): string {
  return formatChartTick(fromChartTime(time), TICK_KINDS[tickMarkType] ?? 'time', unit) ?? '';
}

/**
 * Creates the chart so that it draws at `devicePixelRatio`. lightweight-charts sizes its canvases
 * from ResizeObserver's device-pixel-content-box when the browser offers it, but Chromium's device
 * emulation (DevTools' phone mode, Playwright, Lighthouse) reports that box at the host's own ratio,
 * so a 3× phone got 1× canvases (ADR 0108). Refusing that box while the chart is created makes the
 * library use its other path, canvas size × `devicePixelRatio`, which is right on every browser.
 */
function createSharpChart(lib: ChartLibrary, element: HTMLElement, options: Parameters<typeof CreateChart>[1]) {
  const Native = globalThis.ResizeObserver as typeof ResizeObserver | undefined;
  if (Native === undefined) {
    return lib.createChart(element, options);
  }
  class ContentBoxObserver extends Native {
    override observe(target: Element, observeOptions?: ResizeObserverOptions): void {
      if (observeOptions?.box === 'device-pixel-content-box') {
        throw new TypeError('device-pixel-content-box is not used: it ignores emulated ratios');
      }
      super.observe(target, observeOptions);
    }
  }
  globalThis.ResizeObserver = ContentBoxObserver;
  try {
    return lib.createChart(element, options);
  } finally {
    globalThis.ResizeObserver = Native;
  }
}

/** Paints the target band behind the lines, between two prices of the series it is attached to. */
class BandPrimitive implements ISeriesPrimitive<Time> {
  private series: ISeriesApi<SeriesType> | null = null;
  private readonly view: IPrimitivePaneView;

  constructor(band: TrendBand, colour: string) {
    const renderer: IPrimitivePaneRenderer = {
      draw: () => undefined,
      drawBackground: (target) => {
        const top = this.series?.priceToCoordinate(band.high);
        const bottom = this.series?.priceToCoordinate(band.low);
        if (top === null || top === undefined || bottom === null || bottom === undefined) {
          return;
        }
        target.useBitmapCoordinateSpace(({ context, bitmapSize, verticalPixelRatio }) => {
          const y = Math.round(top * verticalPixelRatio);
          context.fillStyle = colour;
          context.fillRect(0, y, bitmapSize.width, Math.round(bottom * verticalPixelRatio) - y);
        });
      },
    };
    this.view = { zOrder: () => 'bottom', renderer: () => renderer };
  }

  attached({ series }: { series: ISeriesApi<SeriesType> }): void {
    this.series = series;
  }

  detached(): void {
    this.series = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }
}

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
    const shownWindow = days === undefined ? undefined : { from: Date.now() - days * 86_400_000, to: Date.now() };
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

/**
 * Keeps the time axis's labels, as last drawn, in the chart's `data-time-labels` (the canvas holds
 * them only as pixels), so that tests and assistive tools can read them. The library formats the
 * ticks of a frame from left to right: an earlier time than the last one starts a new frame.
 */
function drawnLabels(element: HTMLElement) {
  let frame: { time: number; label: string }[] = [];
  return {
    label(time: Time, label: string): string {
      const at = time as number;
      if (frame.length > 0 && at <= (frame.at(-1)?.time ?? 0)) {
        frame = [];
      }
      frame.push({ time: at, label });
      element.dataset.timeLabels = frame.flatMap((tick) => (tick.label === '' ? [] : [tick.label])).join(' ');
      return label;
    },
  };
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
      fixRightEdge: true,
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
