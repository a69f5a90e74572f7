import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrendChart, densityForStep, toChartData } from './trend-chart';
import type { ChartLibrary } from './trend-chart';

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

describe('TrendChart', () => {
  it('adds one line per series with a fixed range, and removes the chart on unmount', () => {
    const setData = vi.fn();
    const addSeries = vi.fn(() => ({ setData }));
    const remove = vi.fn();
    const createChart = vi.fn(() => ({ addSeries, remove, timeScale: () => ({ fitContent: vi.fn() }) }));
    const lib = { createChart, LineSeries: { type: 'Line' } } as unknown as ChartLibrary;
    const series = [
      { name: '收缩压', colour: 'red', points: [{ time: 0, value: 120 }] },
      { name: '舒张压', colour: 'blue', points: [] },
    ];
    const { unmount } = render(
      <TrendChart lib={lib} series={series} range={{ min: 0, max: 250 }} aria-label="血压趋势" />,
    );
    expect(screen.getByRole('img', { name: '血压趋势' })).toBeTruthy();
    expect(addSeries).toHaveBeenCalledTimes(2);
    const options = (
      addSeries.mock.calls[0] as unknown as [unknown, { title: string; autoscaleInfoProvider: () => unknown }]
    )[1];
    expect(options.title).toBe('收缩压');
    expect(options.autoscaleInfoProvider()).toEqual({ priceRange: { minValue: 0, maxValue: 250 } });
    expect(setData).toHaveBeenCalledWith([{ time: 28_800, value: 120 }]);
    unmount();
    expect(remove).toHaveBeenCalled();
  });
});

describe('densityForStep', () => {
  // lightweight-charts 5 labels a price axis every `span`, the smallest of its round spans that is at
  // least range × ⌈12 × density⌉ / axis height. Around 25 those spans are 20, 25 and 40.
  const ROUND_SPANS = [10, 12.5, 20, 25, 40, 50, 100];
  const labelSpan = (density: number, axisHeight: number) => {
    const visible = 250 / 0.94;
    const minimum = (visible * Math.ceil(12 * density)) / axisHeight;
    return ROUND_SPANS.find((span) => span >= minimum);
  };

  it('labels the pressure axis every 25 for the chart heights the app uses, within ±7 % of the axis height', () => {
    for (const height of [260, 300, 360]) {
      const density = densityForStep({ min: 0, max: 250 }, 25, height);
      for (const axisHeight of [(height - 28) * 0.93, height - 28, (height - 28) * 1.07]) {
        expect(labelSpan(density, axisHeight), `height ${height}, axis ${axisHeight}`).toBe(25);
      }
    }
  });

  it('is passed to the right price scale only when a step is asked for', () => {
    const createChart = vi.fn(() => ({
      addSeries: () => ({ setData: vi.fn() }),
      remove: vi.fn(),
      timeScale: () => ({ fitContent: vi.fn() }),
    }));
    const lib = { createChart, LineSeries: { type: 'Line' } } as unknown as ChartLibrary;
    render(<TrendChart lib={lib} series={[]} range={{ min: 0, max: 250 }} tickStep={25} height={300} />);
    render(<TrendChart lib={lib} series={[]} range={{ min: 0, max: 250 }} height={300} />);
    const scale = (call: number) =>
      (createChart.mock.calls[call] as unknown as [unknown, { rightPriceScale: { tickMarkDensity?: number } }])[1]
        .rightPriceScale;
    expect(scale(0).tickMarkDensity).toBe(densityForStep({ min: 0, max: 250 }, 25, 300));
    expect(scale(1).tickMarkDensity).toBeUndefined();
  });
});

describe('TrendChart width', () => {
  function chartWith(pointCount: number, visiblePoints: number | undefined) {
    const timeScale = { fitContent: vi.fn(), applyOptions: vi.fn(), scrollToRealTime: vi.fn() };
    const createChart = vi.fn(() => ({
      addSeries: () => ({ setData: vi.fn() }),
      remove: vi.fn(),
      timeScale: () => timeScale,
    }));
    const lib = { createChart, LineSeries: { type: 'Line' } } as unknown as ChartLibrary;
    const points = Array.from({ length: pointCount }, (_, i) => ({ time: Date.UTC(2026, 0, 1 + i), value: 120 }));
    render(<TrendChart lib={lib} series={[{ name: '收缩压', colour: 'red', points }]} visiblePoints={visiblePoints} />);
    return timeScale;
  }

  it('fits up to the visible number of points on the screen, and scrolls sideways from the latest beyond it', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    try {
      const six = chartWith(6, 6);
      expect(six.fitContent).toHaveBeenCalled();
      expect(six.applyOptions).not.toHaveBeenCalled();
      const seven = chartWith(7, 6);
      expect(seven.applyOptions).toHaveBeenCalledWith({ barSpacing: 60 });
      expect(seven.scrollToRealTime).toHaveBeenCalled();
      expect(seven.fitContent).not.toHaveBeenCalled();
      expect(chartWith(50, undefined).fitContent).toHaveBeenCalled();
    } finally {
      width.mockRestore();
    }
  });
});
