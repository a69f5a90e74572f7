import styles from './StackedBarChart.module.css';
import { tokens } from '@glucoguard/ui';
/** One coloured part of a bar. */
export interface BarSegment {
  key: string;
  label: string;
  value: number;
  colour: string;
}

/** One bar of a {@link StackedBarChart}: a category and its parts, stacked bottom-up in order. */
export interface StackedBar {
  key: string;
  label: string;
  segments: readonly BarSegment[];
}

export interface StackedBarChartProps {
  bars: readonly StackedBar[];
  /** The chart's name; the accessible description adds each bar's total and parts. */
  'aria-label': string;
  /** Height of the plot in CSS pixels (labels add to it). */
  height?: number;
  /** After each count (次 by default). */
  unit?: string;
}

/**
 * The top of the value axis for `max`: `ticks` equal steps of 1, 2 or 5 × 10ⁿ reaching at least
 * `max` (so the grid lines fall on round numbers); at least one per tick.
 */
export function niceAxisMax(max: number, ticks = 4): number {
  if (!(max > ticks)) {
    return ticks;
  }
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  return step * ticks;
}

const WIDTH = 360;
const LEFT = 28;
const TOP = 16;
const BOTTOM = 22;
const TICKS = 4;

/**
 * A vertical stacked bar chart in SVG for a handful of categories (e.g. readings per time slot by
 * level), with the total above each bar, a legend, and an accessible name that lists the numbers.
 * It scales to its container's width.
 */
export function StackedBarChart({ bars, height = 160, unit = '次', ...aria }: StackedBarChartProps) {
  const totals = bars.map((bar) => bar.segments.reduce((sum, s) => sum + Math.max(0, s.value), 0));
  const axisMax = niceAxisMax(Math.max(0, ...totals), TICKS);
  const plotWidth = WIDTH - LEFT;
  const band = bars.length === 0 ? plotWidth : plotWidth / bars.length;
  const barWidth = Math.min(28, band * 0.6);
  const y = (value: number) => TOP + height - (value / axisMax) * height;
  const legend = new Map<string, BarSegment>();
  for (const bar of bars) {
    for (const segment of bar.segments) {
      if (!legend.has(segment.key)) {
        legend.set(segment.key, segment);
      }
    }
  }
  const describe = (bar: StackedBar, total: number) => {
    const parts = bar.segments.filter((s) => s.value > 0).map((s) => `${s.label}${s.value}${unit}`);
    return `${bar.label}${total}${unit}${parts.length > 0 ? `（${parts.join('，')}）` : ''}`;
  };
  const description = `${aria['aria-label']}：${bars.map((bar, i) => describe(bar, totals[i] ?? 0)).join('；')}`;
  return (
    <figure className={styles.stackedBarChartFigure}>
      <svg
        role="img"
        aria-label={description}
        width="100%"
        viewBox={`0 0 ${WIDTH} ${TOP + height + BOTTOM}`}
        className={styles.stackedBarChartIcon}
      >
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const value = (axisMax / TICKS) * i;
          return (
            <g key={i}>
              <line x1={LEFT} x2={WIDTH} y1={y(value)} y2={y(value)} stroke={tokens.colorChartGrid} />
              <text
                x={LEFT - 4}
                y={y(value) + 3}
                textAnchor="end"
                fontSize={tokens.fontSize4xs}
                fill={tokens.colorWeak}
              >
                {value}
              </text>
            </g>
          );
        })}
        {bars.map((bar, i) => {
          const x = LEFT + band * i + (band - barWidth) / 2;
          let base = 0;
          return (
            <g key={bar.key} data-key={bar.key}>
              {bar.segments.map((segment) => {
                if (!(segment.value > 0)) {
                  return null;
                }
                const top = y(base + segment.value);
                const rect = (
                  <rect
                    key={segment.key}
                    data-key={segment.key}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={y(base) - top}
                    fill={segment.colour}
                  />
                );
                base += segment.value;
                return rect;
              })}
              <text
                x={x + barWidth / 2}
                y={y(totals[i] ?? 0) - 3}
                textAnchor="middle"
                fontSize={tokens.fontSize4xs}
                fill={tokens.colorText}
              >
                {totals[i] ?? 0}
              </text>
              <text
                x={LEFT + band * i + band / 2}
                y={TOP + height + 15}
                textAnchor="middle"
                fontSize={tokens.fontSize3xs}
                fill={tokens.colorChartText}
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className={styles.stackedBarChartList}>
        {[...legend.values()].map((segment) => (
          <li key={segment.key} className={styles.stackedBarChartItem}>
            <span aria-hidden="true" className={styles.stackedBarChartText} style={{ background: segment.colour }} />
            {segment.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
