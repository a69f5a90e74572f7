import styles from './pie-chart.module.css';
import { tokens } from './tokens';
/** One slice of a {@link PieChart}. */
export interface PieSlice {
  key: string;
  label: string;
  value: number;
  colour: string;
}

export interface PieChartProps {
  slices: readonly PieSlice[];
  /** The chart's name; the accessible description adds every slice's count and share. */
  'aria-label': string;
  /** Diameter in CSS pixels. */
  size?: number;
  /** After each count (次 by default). */
  unit?: string;
}

/** One slice's place on the circle: angles in radians clockwise from 12 o'clock, and its share. */
export interface PieArc {
  start: number;
  end: number;
  fraction: number;
}

/** The arcs of a set of values, in order; all zero when the values add up to nothing. */
export function pieArcs(values: readonly number[]): PieArc[] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  let start = 0;
  return values.map((value) => {
    const fraction = total === 0 ? 0 : Math.max(0, value) / total;
    const arc = { start, end: start + fraction * 2 * Math.PI, fraction };
    start = arc.end;
    return arc;
  });
}

/** A share in percent with one decimal, as the legend shows it. */
export function percentText(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

const round = (n: number) => Math.round(n * 100) / 100;

function point(cx: number, cy: number, r: number, angle: number): string {
  return `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;
}

/** The SVG path of a slice that is not the whole circle. */
function slicePath(cx: number, cy: number, r: number, arc: PieArc): string {
  const large = arc.end - arc.start > Math.PI ? 1 : 0;
  return `M${cx} ${cy} L${point(cx, cy, r, arc.start)} A${r} ${r} 0 ${large} 1 ${point(cx, cy, r, arc.end)} Z`;
}

/**
 * A pie chart drawn as SVG, with a legend of every slice's label, count and share. The picture is
 * one image whose accessible name lists the same numbers, so a screen reader hears what the colours
 * say. Empty slices stay in the legend (a zero is information) but draw nothing; with no data at all
 * the circle is grey.
 */
export function PieChart({ slices, size = 160, unit = '次', ...aria }: PieChartProps) {
  const arcs = pieArcs(slices.map((s) => s.value));
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const r = size / 2;
  const description = `${aria['aria-label']}：共${total}${unit}；${slices.map((s, i) => `${s.label}${s.value}${unit}（${percentText(arcs[i]?.fraction ?? 0)}）`).join('，')}`;
  return (
    <figure className={styles.pieChartFigure}>
      <svg
        role="img"
        aria-label={description}
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        className={styles.pieChartIcon}
      >
        {total === 0 ? <circle cx={r} cy={r} r={r} fill={tokens.colorOutline} /> : null}
        {slices.map((slice, i) => {
          const arc = arcs[i] as PieArc;
          if (arc.fraction === 0) {
            return null;
          }
          return arc.fraction === 1 ? (
            <circle key={slice.key} data-key={slice.key} cx={r} cy={r} r={r} fill={slice.colour} />
          ) : (
            <path
              key={slice.key}
              data-key={slice.key}
              d={slicePath(r, r, r, arc)}
              fill={slice.colour}
              stroke={tokens.colorWhite}
              strokeWidth={1}
            />
          );
        })}
        <circle cx={r} cy={r} r={r * 0.55} fill={tokens.colorWhite} />
        <text x={r} y={r - 2} textAnchor="middle" fontSize={size / 7} fontWeight={600} fill={tokens.colorText}>
          {total}
        </text>
        <text x={r} y={r + size / 9} textAnchor="middle" fontSize={size / 13} fill={tokens.colorWeak}>
          {`总${unit}数`}
        </text>
      </svg>
      <ul className={styles.pieChartList}>
        {slices.map((slice, i) => (
          <li key={slice.key} data-key={slice.key} className={styles.pieChartItem}>
            <span aria-hidden="true" className={styles.pieChartText} style={{ background: slice.colour }} />
            <span className={styles.pieChartText2}>{slice.label}</span>
            <span className={styles.pieChartText3}>
              {slice.value}
              {unit}
            </span>
            <span className={styles.pieChartText4}>{percentText(arcs[i]?.fraction ?? 0)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
