import { SUGAR_TIME_TYPES } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, resetStores } from '../../test-utils';
import { BpChart } from './bp/BpChart';
import { SugarChart } from './sugar/SugarChart';

// lightweight-charts draws on a canvas, which jsdom lacks: a stand-in records the series and lines
// it is asked for and answers the visible span of the pressure chart's latest six readings.
const drawn = vi.hoisted(() => ({ series: [] as unknown[], priceLines: [] as { price: number }[] }));
vi.mock('lightweight-charts', () => ({
  LineSeries: { type: 'Line' },
  createChart: () => ({
    addSeries: (_type: unknown, options: unknown) => {
      drawn.series.push(options);
      return {
        setData: () => undefined,
        attachPrimitive: () => undefined,
        createPriceLine: (line: { price: number }) => drawn.priceLines.push(line),
      };
    },
    remove: () => undefined,
    timeScale: () => ({
      fitContent: () => undefined,
      applyOptions: () => undefined,
      scrollToRealTime: () => undefined,
      // 2026-11-23 08:00 to 2026-11-26 08:00 China time, in the chart's China-as-UTC seconds.
      getVisibleRange: () => ({ from: Date.UTC(2026, 10, 23, 8) / 1000, to: Date.UTC(2026, 10, 26, 8) / 1000 }),
      subscribeVisibleTimeRangeChange: () => undefined,
      unsubscribeVisibleTimeRangeChange: () => undefined,
    }),
  }),
}));

/** The seeded dictionary: every slot low 4.4, fasting high 7.0, the others 10.0. */
const DICTIONARY = SUGAR_TIME_TYPES.map((slot) => ({
  timeType: slot.timeType,
  name: slot.name,
  code: slot.code,
  startTime: '00:00',
  endTime: '23:59',
  minValue: 3.0,
  lowValue: 4.4,
  highValue: slot.timeType === 1 ? 7.0 : 10.0,
  maxValue: 13.9,
}));

// The seeded grades: high begins at 140/90.
const BP_CONFIG = [
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
];

const pressure = (day: number, hour: number) => ({
  bpId: `${day}-${hour}`,
  customerId: 'c1',
  sbp: 130 + day,
  dbp: 85,
  hr: 70,
  remark: '',
  createTime: `2026-11-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00:00`,
  color: 2 as const,
  testType: '1' as const,
  deviceImei: null,
  synckey: null,
});

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores();
  drawn.series.length = 0;
  drawn.priceLines.length = 0;
});

describe('the sugar chart', () => {
  it('names its range and count, and draws the target band of the chosen time type', async () => {
    fakeApi({
      'GET /customer/v1/querySugarDic': () => DICTIONARY,
      'GET /sugarTestReport/v1/queryTrend': () => ({
        sugarTestList: [
          { time: '2026-11-20 07:30:00', sugarValue: 6.1 },
          { time: '2026-11-21 07:30:00', sugarValue: 7.9 },
        ],
        judgeMap: null,
      }),
    });
    render(<SugarChart />);
    await screen.findByText('近1年共 2 次测量');
    const legend = await screen.findByRole('list', { name: '图例' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['血糖 7.9', '目标范围 4.4–7.0']);
    // No value tag on the axis: the latest value is in the legend.
    expect(drawn.series.at(-1)).toMatchObject({ lastValueVisible: false, priceLineVisible: false });
  });
});

describe('the pressure chart', () => {
  it('counts the 365 days’ readings, names the dates on screen, hints at dragging and draws the 140/90 lines', async () => {
    const records = [20, 21, 22, 23, 24, 25, 26].flatMap((day) => [pressure(day, 8), pressure(day, 20)]);
    fakeApi({
      'GET /bloodPressureTest/v1/trendpageQueryList': () => records,
      'GET /bloodPressureTest/v1/getBloodPressureDictionary': () => BP_CONFIG,
    });
    render(<BpChart />);
    await screen.findByText('近365天共 14 次测量 · 单位：mmHg，脉搏：次/分');
    await screen.findByText('图中为 11月23日–26日 · 向右拖动查看更早');
    await screen.findByText('虚线：高血压界值 140/90');
    expect(drawn.priceLines.map((line) => line.price)).toEqual([140, 90]);
    const chart = screen.getByRole('img', { name: '血压趋势图' });
    // Fitted, not 0–250: the readings 70–156 and the lines, on steps of 25.
    expect(chart.dataset).toMatchObject({ valueMin: '50', valueMax: '175' });
  });
});
