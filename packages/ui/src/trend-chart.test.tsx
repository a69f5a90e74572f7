import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrendChart, toChartData } from './trend-chart';
import type { ChartLibrary } from './trend-chart';

describe('toChartData', () => {
  it('sorts, converts to China-time seconds and keeps one point a second', () => {
    const base = Date.UTC(2026, 0, 1);
    expect(toChartData([{ time: base + 2000, value: 2 }, { time: base, value: 1 }, { time: base + 2500, value: 3 }])).toEqual([
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
    const { unmount } = render(<TrendChart lib={lib} series={series} range={{ min: 0, max: 250 }} aria-label="血压趋势" />);
    expect(screen.getByRole('img', { name: '血压趋势' })).toBeTruthy();
    expect(addSeries).toHaveBeenCalledTimes(2);
    const options = (addSeries.mock.calls[0] as unknown as [unknown, { title: string; autoscaleInfoProvider: () => unknown }])[1];
    expect(options.title).toBe('收缩压');
    expect(options.autoscaleInfoProvider()).toEqual({ priceRange: { minValue: 0, maxValue: 250 } });
    expect(setData).toHaveBeenCalledWith([{ time: 28_800, value: 120 }]);
    unmount();
    expect(remove).toHaveBeenCalled();
  });
});
