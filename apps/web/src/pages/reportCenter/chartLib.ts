import type { ChartLibrary } from '@glucoguard/ui';
import { LineSeries, createChart } from 'lightweight-charts';

/** The charting library handed to packages/ui's TrendChart. */
export const CHART_LIB: ChartLibrary = { createChart, LineSeries };
