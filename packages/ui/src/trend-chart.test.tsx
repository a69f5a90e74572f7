import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrendChart } from './trend-chart';
import type { TrendChartProps } from './trend-chart';
import { densityForStep } from './trend-chart-canvas';
import type { ChartLibrary } from './trend-chart-canvas';
import { onGrid, tickLabel, timeGrid, toChartData } from './trend-chart-time';

/** A stand-in for lightweight-charts (jsdom has no canvas) that records what the chart asked of it. */
function fakeLibrary() {
  const series: { options: Record<string, unknown>; setData: ReturnType<typeof vi.fn> }[] = [];
  const priceLines: unknown[] = [];
  const primitives: unknown[] = [];
  const timeScale = {
    fitContent: vi.fn(),
    applyOptions: vi.fn(),
    scrollToRealTime: vi.fn(),
    getVisibleRange: vi.fn(() => ({ from: 1_700_000_000 + 28_800, to: 1_700_086_400 + 28_800 })),
    subscribeVisibleTimeRangeChange: vi.fn(),
    unsubscribeVisibleTimeRangeChange: vi.fn(),
  };
  const remove = vi.fn();
  const createChart = vi.fn(() => ({
    addSeries: (_type: unknown, options: Record<string, unknown>) => {
      const setData = vi.fn();
      series.push({ options, setData });
      return {
        setData,
        createPriceLine: (line: unknown) => priceLines.push(line),
        attachPrimitive: (primitive: unknown) => primitives.push(primitive),
      };
    },
    remove,
    timeScale: () => timeScale,
  }));
  const lib = { createChart, LineSeries: { type: 'Line' } } as unknown as ChartLibrary;
  const chartOptions = (call = 0) =>
    (createChart.mock.calls[call] as unknown as [unknown, Record<string, Record<string, unknown>>])[1];
  return { lib, createChart, series, priceLines, primitives, timeScale, remove, chartOptions };
}

const PRESSURE: TrendChartProps['series'] = [
  {
    name: '收缩压',
    colour: 'red',
    points: [
      { time: Date.UTC(2026, 10, 24), value: 118 },
      { time: Date.UTC(2026, 10, 25), value: 150 },
    ],
  },
  { name: '舒张压', colour: 'blue', points: [{ time: Date.UTC(2026, 10, 25), value: 88 }] },
];

describe('toChartData', () => {
  it('sorts, converts to China-time seconds and keeps one point a second', () => {
    const base = Date.UTC(2026, 0, 1);
    expect(
      toChartData([
        { time: base + 2000, value: 2 },
        { time: base, value: 1 },
        { time: base + 2500, value: 3 },
      ]),
    ).toEqual([
      { time: base / 1000 + 28_800, value: 1 },
      { time: base / 1000 + 28_802, value: 3 },
    ]);
  });
});

describe('timeGrid', () => {
  it('lays a six-month window on the hours, so every China midnight and first of a month is on the axis', () => {
    // 2026-05-26 12:00 to 2026-11-22 12:00 China time.
    const window = { from: Date.UTC(2026, 4, 26, 4), to: Date.UTC(2026, 10, 22, 4) };
    const grid = timeGrid(window);
    expect(grid).toHaveLength(180 * 24 + 1);
    // Chart times read as China wall clock: the first point is 26 May 12:00.
    expect(grid[0]?.time).toBe(Date.UTC(2026, 4, 26, 12) / 1000);
    const firsts = grid.filter((point) => {
      const at = new Date(point.time * 1000);
      return at.getUTCDate() === 1 && at.getUTCHours() === 0;
    });
    expect(firsts.map((point) => new Date(point.time * 1000).getUTCMonth() + 1)).toEqual([6, 7, 8, 9, 10, 11]);
  });
});

describe('onGrid', () => {
  it('puts each point on its hour, and a second point of the same hour on the next free one', () => {
    const eight = Date.UTC(2026, 10, 24, 0); // 08:00 China
    expect(
      onGrid([
        { time: eight + 20 * 60_000, value: 3.1 },
        { time: eight + 5 * 60_000, value: 2.8 },
        { time: eight + 3600_000 + 60_000, value: 6.0 },
      ]),
    ).toEqual([
      { time: eight / 1000 + 28_800, value: 2.8 },
      { time: eight / 1000 + 28_800 + 3600, value: 3.1 },
      { time: eight / 1000 + 28_800 + 7200, value: 6.0 },
    ]);
  });
});

describe('tickLabel', () => {
  it('labels the library’s tick types with the domain’s words, blank where the unit has none', () => {
    const firstOfSeptember = Date.UTC(2026, 8, 1) / 1000; // chart time: China wall clock as UTC
    expect(tickLabel(firstOfSeptember as never, 1, 'month')).toBe('9月');
    expect(tickLabel((firstOfSeptember + 2 * 86_400) as never, 2, 'month')).toBe('');
    expect(tickLabel((firstOfSeptember + 2 * 86_400) as never, 2, 'day')).toBe('3日');
    expect(tickLabel((Date.UTC(2027, 0, 1) / 1000) as never, 0, 'month')).toBe('2027年');
    expect(tickLabel((firstOfSeptember + 8 * 3600) as never, 3, 'hour')).toBe('08:00');
  });
});

describe('TrendChart', () => {
  it('adds one line per series, fits the value axis to the points and the reference lines, and removes the chart on unmount', () => {
    const fake = fakeLibrary();
    const { unmount } = render(
      <TrendChart
        lib={fake.lib}
        series={PRESSURE}
        tickStep={25}
        lines={[
          { value: 140, colour: 'red' },
          { value: 90, colour: 'red' },
        ]}
        linesLabel="虚线：高血压界值 140/90"
        precision={0}
        aria-label="血压趋势"
      />,
    );
    const chart = screen.getByRole('img', { name: '血压趋势' });
    expect(chart.dataset).toMatchObject({ valueMin: '75', valueMax: '175' });
    expect(fake.series).toHaveLength(2);
    const first = fake.series[0]!.options as { autoscaleInfoProvider: () => unknown };
    expect(first.autoscaleInfoProvider()).toEqual({ priceRange: { minValue: 75, maxValue: 175 } });
    expect(fake.series[0]!.setData).toHaveBeenCalledWith([
      { time: Date.UTC(2026, 10, 24) / 1000 + 28_800, value: 118 },
      { time: Date.UTC(2026, 10, 25) / 1000 + 28_800, value: 150 },
    ]);
    expect(fake.priceLines).toEqual([
      expect.objectContaining({ price: 140, lineStyle: 2, axisLabelVisible: false }),
      expect.objectContaining({ price: 90, lineStyle: 2, axisLabelVisible: false }),
    ]);
    unmount();
    expect(fake.remove).toHaveBeenCalled();
    expect(fake.timeScale.unsubscribeVisibleTimeRangeChange).toHaveBeenCalled();
  });

  it('puts no value tag on the axes: the names and latest values are a legend above the chart', () => {
    const fake = fakeLibrary();
    render(<TrendChart lib={fake.lib} series={PRESSURE} precision={0} aria-label="血压趋势" />);
    for (const { options } of fake.series) {
      expect(options).toMatchObject({ lastValueVisible: false, priceLineVisible: false });
      expect(options.title).toBeUndefined();
    }
    const legend = screen.getByRole('list', { name: '图例' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['收缩压 150', '舒张压 88']);
  });

  it('draws the target band behind the first line, names it in the legend and keeps it on the value axis', () => {
    const fake = fakeLibrary();
    const series = [{ name: '血糖', colour: 'blue', points: [{ time: Date.UTC(2026, 10, 24), value: 12.4 }] }];
    render(
      <TrendChart
        lib={fake.lib}
        series={series}
        band={{ low: 4.4, high: 7.0, label: '目标范围 4.4–7.0' }}
        aria-label="血糖趋势"
      />,
    );
    expect(fake.primitives).toHaveLength(1);
    // One reading is a dot, not a level stroke across the chart.
    expect(fake.series[0]!.options).toMatchObject({ lineVisible: false, pointMarkersVisible: true });
    expect(screen.getByText('目标范围 4.4–7.0')).toBeTruthy();
    const chart = screen.getByRole('img', { name: '血糖趋势' });
    expect(Number(chart.dataset.valueMin)).toBeLessThanOrEqual(4.4);
    expect(Number(chart.dataset.valueMax)).toBeGreaterThan(12.4);
  });

  it('lays the latest days out on their time grid and labels them in the unit of their length', () => {
    const fake = fakeLibrary();
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 22, 4));
    try {
      render(<TrendChart lib={fake.lib} series={PRESSURE} days={180} />);
    } finally {
      now.mockRestore();
    }
    // The grid is a series of its own, before the lines, holding only times.
    expect(fake.series).toHaveLength(3);
    // From 180 days back to 3.6 days ahead, so a reading of just now is not cut by the edge.
    const window = { from: Date.UTC(2026, 4, 26, 4), to: Date.UTC(2026, 10, 22, 4) + 3.6 * 86_400_000 };
    expect(fake.series[0]!.setData).toHaveBeenCalledWith(timeGrid(window));
    const formatter = fake.chartOptions().timeScale!.tickMarkFormatter as (time: number, type: number) => string;
    const chart = screen.getByRole('img');
    // A frame of ticks, left to right: the blank day is not among the labels drawn.
    expect(formatter(Date.UTC(2026, 8, 1) / 1000, 1)).toBe('9月');
    expect(formatter(Date.UTC(2026, 9, 1) / 1000, 1)).toBe('10月');
    expect(formatter(Date.UTC(2026, 9, 3) / 1000, 2)).toBe('');
    expect(chart.dataset.timeLabels).toBe('9月 10月');
    // The next frame starts again from the left.
    expect(formatter(Date.UTC(2026, 10, 1) / 1000, 1)).toBe('11月');
    expect(formatter(Date.UTC(2026, 8, 1) / 1000, 1)).toBe('9月');
    expect(chart.dataset.timeLabels).toBe('9月');
  });
});

describe('densityForStep', () => {
  // lightweight-charts 5 labels a price axis every `span`, the smallest of its round spans that is at
  // least range × ⌈12 × density⌉ / axis height. Around 25 those spans are 20, 25 and 40.
  const ROUND_SPANS = [10, 12.5, 20, 25, 40, 50, 100];
  const labelSpan = (range: number, density: number, axisHeight: number) => {
    const visible = range / 0.9;
    const minimum = (visible * Math.ceil(12 * density)) / axisHeight;
    return ROUND_SPANS.find((span) => span >= minimum);
  };

  it('labels a pressure axis every 25 for the chart heights the app uses, within ±7 % of the axis height', () => {
    for (const range of [
      { min: 0, max: 250 },
      { min: 50, max: 175 },
    ]) {
      for (const height of [260, 300, 360]) {
        const density = densityForStep(range, 25, height);
        for (const axisHeight of [(height - 28) * 0.93, height - 28, (height - 28) * 1.07]) {
          expect(labelSpan(range.max - range.min, density, axisHeight), `height ${height}, axis ${axisHeight}`).toBe(
            25,
          );
        }
      }
    }
  });

  it('is passed to the right price scale for the fitted range', () => {
    const fake = fakeLibrary();
    render(<TrendChart lib={fake.lib} series={PRESSURE} tickStep={25} height={300} />);
    render(<TrendChart lib={fake.lib} series={[]} height={300} />);
    expect(fake.chartOptions(0).rightPriceScale!.tickMarkDensity).toBe(densityForStep({ min: 75, max: 175 }, 25, 300));
    expect(fake.chartOptions(1).rightPriceScale!.tickMarkDensity).toBeUndefined();
  });
});

describe('TrendChart width', () => {
  function chartWith(pointCount: number, visiblePoints: number | undefined) {
    const fake = fakeLibrary();
    const onVisibleSpan = vi.fn();
    const points = Array.from({ length: pointCount }, (_, i) => ({ time: Date.UTC(2026, 0, 1 + i), value: 120 }));
    render(
      <TrendChart
        lib={fake.lib}
        series={[{ name: '收缩压', colour: 'red', points }]}
        visiblePoints={visiblePoints}
        onVisibleSpan={onVisibleSpan}
      />,
    );
    return { ...fake.timeScale, onVisibleSpan, handleScroll: fake.chartOptions().handleScroll };
  }

  it('fits up to the visible number of points on the screen, and scrolls sideways from the latest beyond it', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    try {
      const six = chartWith(6, 6);
      expect(six.fitContent).toHaveBeenCalled();
      expect(six.applyOptions).not.toHaveBeenCalled();
      expect(six.handleScroll).toBe(false);
      expect(six.onVisibleSpan).toHaveBeenCalledWith(expect.anything(), false);
      const seven = chartWith(7, 6);
      expect(seven.applyOptions).toHaveBeenCalledWith({ barSpacing: 60 });
      expect(seven.scrollToRealTime).toHaveBeenCalled();
      expect(seven.fitContent).not.toHaveBeenCalled();
      expect(seven.handleScroll).toMatchObject({ horzTouchDrag: true, vertTouchDrag: false });
      expect(seven.onVisibleSpan).toHaveBeenCalledWith({ from: 1_700_000_000_000, to: 1_700_086_400_000 }, true);
      expect(chartWith(50, undefined).fitContent).toHaveBeenCalled();
    } finally {
      width.mockRestore();
    }
  });
});
