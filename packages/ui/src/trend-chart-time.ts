import type { Time, UTCTimestamp } from 'lightweight-charts';
import { CHART_GRID_STEP_MS, formatChartTick } from '@glucoguard/domain';
import type { ChartTickKind, ChartTimeUnit } from '@glucoguard/domain';

// The time side of the trend chart: China-time seconds, the even grid, the tick labels (ADR 0108).

/** One point: a time in ms since the epoch and its value. */
export interface TrendPoint {
  time: number;
  value: number;
}

/** The span of time on screen, in ms since the epoch. */
export interface TrendSpan {
  from: number;
  to: number;
}

/** China time is UTC+8 all year; the chart's time axis shows UTC, so points are shifted to read as China time. */
const CHINA_OFFSET_S = 8 * 3600;

/** lightweight-charts' TickMarkType (Year, Month, DayOfMonth, Time, TimeWithSeconds) as the domain names it. */
const TICK_KINDS: readonly ChartTickKind[] = ['year', 'month', 'day', 'time', 'time'];

/** Points as the library wants them: seconds, ascending, one value per second (the last wins). */
export function toChartData(points: readonly TrendPoint[]): { time: UTCTimestamp; value: number }[] {
  const bySecond = new Map<number, number>();
  for (const point of [...points].sort((a, b) => a.time - b.time)) {
    bySecond.set(toChartTime(point.time), point.value);
  }
  return [...bySecond].map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

export function toChartTime(ms: number): number {
  return Math.floor(ms / 1000) + CHINA_OFFSET_S;
}

export function fromChartTime(time: Time): number {
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
 * Keeps the time axis's labels, as last drawn, in the chart's `data-time-labels` (the canvas holds
 * them only as pixels), so that tests and assistive tools can read them. The library formats the
 * ticks of a frame from left to right: an earlier time than the last one starts a new frame.
 */
export function drawnLabels(element: HTMLElement) {
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
