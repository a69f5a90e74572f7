import type {
  createChart as CreateChart,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  LineSeries as LineSeriesDefinition,
  SeriesType,
  Time,
} from 'lightweight-charts';

// The canvas side of the trend chart: the library handed in, its pixel ratio, the axis density, the band.

/** A target band drawn behind the lines (e.g. the user's sugar target of the slot). */
export interface TrendBand {
  low: number;
  high: number;
  /** What the legend says about it, e.g. 目标范围 4.4–7.0. */
  label: string;
}

/**
 * The parts of lightweight-charts the chart uses. The app passes the real library; tests pass a
 * fake (jsdom has no canvas), and the package stays free of a runtime dependency on it.
 */
export interface ChartLibrary {
  createChart: typeof CreateChart;
  LineSeries: typeof LineSeriesDefinition;
}

/** The axis labels' size when the label token cannot be read, and the height the time axis takes below the values. */
export const FONT_SIZE = 12;
const TIME_AXIS_HEIGHT = 28;

/** The axis labels follow the smallest text token, so 长辈模式 enlarges them with the page's other text. */
export function labelFontSize(element: HTMLElement): number {
  const size = Number.parseFloat(getComputedStyle(element).getPropertyValue('--gg-font-size-3xs'));
  return Number.isFinite(size) && size > 0 ? size : FONT_SIZE;
}
// Room above the top label and below the bottom one, so neither is cut off, in 长辈模式 too.
export const MARGINS = { top: 0.05, bottom: 0.05 };
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

/**
 * Creates the chart so that it draws at `devicePixelRatio`. lightweight-charts sizes its canvases
 * from ResizeObserver's device-pixel-content-box when the browser offers it, but Chromium's device
 * emulation (DevTools' phone mode, Playwright, Lighthouse) reports that box at the host's own ratio,
 * so a 3× phone got 1× canvases (ADR 0108). Refusing that box while the chart is created makes the
 * library use its other path, canvas size × `devicePixelRatio`, which is right on every browser.
 */
export function createSharpChart(lib: ChartLibrary, element: HTMLElement, options: Parameters<typeof CreateChart>[1]) {
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
export class BandPrimitive implements ISeriesPrimitive<Time> {
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
