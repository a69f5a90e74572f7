import {
  NO_REPORT_PATH,
  REPORT_DETAIL_PATH,
  REPORT_DISCLAIMER,
  bpReportContent,
  medicationDays,
  parseChinaDateTime,
  sugarReportContent,
} from '@glucoguard/domain';
import type { BpRangeConfig, ReportSugarReading, SugarRange } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, registeredCustomer, renderApp, resetStores } from '../../../test-utils';
import { CELL_COLOURS } from '../colours';

/** The seeded defaults: fasting, before meals and at dawn high above 7.0; after meals and at bedtime above 10.0. */
const range = (timeType: number): SugarRange => ({
  minValue: 3.0,
  lowValue: 4.4,
  highValue: [1, 3, 5, 8].includes(timeType) ? 7.0 : 10.0,
  maxValue: 13.9,
});

const sugarReading = (
  time: string,
  timeType: number,
  sugar: number,
  tags: ReportSugarReading['tags'] = [],
  remark = '',
): ReportSugarReading => ({
  time,
  at: (parseChinaDateTime(time) as Date).getTime(),
  timeType,
  sugar,
  remark,
  tags,
});

/** A small October as the API would report it: the content comes from the same domain code the API runs. */
const SUGAR_READINGS = [
  sugarReading('2026-10-03 07:10:00', 1, 7.6, [{ typeCode: 'pharmacy', itemKey: '1' }]),
  sugarReading('2026-10-03 09:40:00', 2, 12.4, [{ typeCode: 'diet', itemKey: '3' }], '吃多了'),
  sugarReading('2026-10-03 20:00:00', 6, 8.1),
  sugarReading('2026-10-03 20:50:00', 6, 14.6),
  sugarReading('2026-10-04 07:05:00', 1, 6.2),
  sugarReading('2026-10-04 11:30:00', 3, 4.1),
  sugarReading('2026-10-04 02:30:00', 8, 2.8),
  sugarReading('2026-10-05 07:00:00', 1, 5.9),
];
const SUGAR_VO = {
  startTime: '2026-10-01',
  endTime: '2026-10-31',
  reportMonth: '2026-10',
  reportWeek: null,
  count: SUGAR_READINGS.length,
  ...sugarReportContent(SUGAR_READINGS, range, 31),
  // Medication on 10-03 (twice) and 10-05, as the API's medicationDays reports it.
  medicationDays: medicationDays(
    '2026-10-01',
    '2026-10-31',
    ['2026-10-03', '2026-10-03', '2026-10-05'],
    SUGAR_READINGS.map((r) => r.time.slice(0, 10)),
  ),
};

const BP_CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 0, sbpMax: 89, dbpMin: 0, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];
/** A week of morning and evening readings (Monday 2026-10-05 to Sunday 10-11). */
const BP_READINGS = Array.from({ length: 7 }, (_, day) => [
  { time: `2026-10-${String(5 + day).padStart(2, '0')} 07:00:00`, sbp: 142 + day, dbp: 88, hr: 70 },
  { time: `2026-10-${String(5 + day).padStart(2, '0')} 19:30:00`, sbp: 128, dbp: 82, hr: 75 },
])
  .flat()
  .map((r) => ({ ...r, at: (parseChinaDateTime(r.time) as Date).getTime() }));
const BP_VO = {
  startTime: '2026-10-05',
  endTime: '2026-10-11',
  reportMonth: '2026-10',
  reportWeek: 2,
  count: BP_READINGS.length,
  ...bpReportContent(BP_READINGS, BP_CONFIG, 7),
};

beforeAll(() => {
  installAntdMobileRender();
});

beforeEach(() => {
  resetStores({ isAuth: '1', customerId: 'c1', customer: registeredCustomer({ nickname: '张建国' }) });
});

const section = (name: string) => screen.findByRole('region', { name });

describe('sugar month report', () => {
  it('shows the API’s counts, every reading in the table, the slot bars, the clinical block and the texts', async () => {
    const api = fakeApi({
      'GET /healthReport/v1/getMonthReport': () => ({
        existsFlag: true,
        count: SUGAR_VO.count,
        healthMonthReportVo: SUGAR_VO,
      }),
    });
    renderApp(`${REPORT_DETAIL_PATH}?reportType=1&isMonth=1&year=2026&month=10`);
    expect(await screen.findByRole('heading', { name: '2026年10月血糖月报' })).toBeTruthy();
    expect(screen.getByText(/2026-10-01 至 2026-10-31/)).toBeTruthy();
    expect([
      api.called('GET /healthReport/v1/getMonthReport')[0]?.query.get('year'),
      api.called('GET /healthReport/v1/getMonthReport')[0]?.query.get('month'),
    ]).toEqual(['2026', '10']);

    const quality = await section('测量质量');
    const shown = (label: string) => within(quality).getByLabelText(label, { selector: 'dd' }).textContent;
    expect(shown('总次数')).toBe(String(SUGAR_VO.count));
    expect([shown('严重偏高'), shown('偏高'), shown('正常'), shown('偏低'), shown('严重偏低')]).toEqual(
      [
        SUGAR_VO.seriousHighCount,
        SUGAR_VO.highCount,
        SUGAR_VO.normalCount,
        SUGAR_VO.lowCount,
        SUGAR_VO.seriousLowCount,
      ].map(String),
    );
    // 14.6 severe high, 12.4 and 7.6 high, 8.1 / 6.2 / 5.9 normal, 4.1 low, 2.8 severe low.
    expect([shown('严重偏高'), shown('偏高'), shown('正常'), shown('偏低'), shown('严重偏低')]).toEqual([
      '1',
      '2',
      '3',
      '1',
      '1',
    ]);
    expect(within(quality).getByRole('img').getAttribute('aria-label')).toBe(
      '测量质量分布：共8次；严重偏高1次（12.5%），偏高2次（25%），正常3次（37.5%），偏低1次（12.5%），严重偏低1次（12.5%）',
    );

    const table = within(await section('血糖数据表')).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['10-03', '10-04', '10-05']);
    const cells = (row: number) => [...(rows[row]?.querySelectorAll('td') ?? [])] as HTMLElement[];
    expect(cells(0)[1]?.textContent).toBe('7.6');
    expect(cells(0)[1]?.dataset.colour).toBe(CELL_COLOURS.red);
    // Two after-dinner readings on 10-03: each shown, each in its own colour.
    const afterDinner = cells(0)[6] as HTMLElement;
    expect(afterDinner.dataset.colour).toBeUndefined();
    expect(
      [...afterDinner.querySelectorAll('span[data-colour]')].map((s) => [
        s.textContent,
        (s as HTMLElement).dataset.colour,
      ]),
    ).toEqual([
      ['8.1', CELL_COLOURS.green],
      ['14.6', CELL_COLOURS.red],
    ]);
    expect(cells(1)[3]?.dataset.colour).toBe(CELL_COLOURS.yellow);
    expect(cells(1)[8]?.textContent).toBe('2.8');
    expect(cells(2)[2]?.textContent).toBe('');

    const bars = within(await section('时段分布')).getByRole('img');
    expect(bars.getAttribute('aria-label')).toContain('空腹3次（正常2次，偏高1次）');
    expect(bars.getAttribute('aria-label')).toContain('晚餐后2次（正常1次，严重偏高1次）');

    const clinical = await section('临床指标');
    // Eight readings: fewer than the 10 the shares need and the 30 mean/SD/CV need; 3 days of the 14 GMI needs.
    expect(within(clinical).getByLabelText('个人目标范围内').textContent).toBe('数据不足：至少需要10次测量，本期8次');
    expect(within(clinical).getByLabelText('平均血糖、标准差、变异系数').textContent).toBe(
      '数据不足：至少需要30次测量，本期8次',
    );
    expect(within(clinical).getByLabelText('估算糖化血红蛋白（GMI）').textContent).toBe(
      '数据不足：至少需要14天有测量，本期3天',
    );

    for (const [title, text] of [
      ['测量分析', SUGAR_VO.testAnalysis],
      ['备注分析', SUGAR_VO.healthAlter],
      ['监测建议', SUGAR_VO.monitorGuide],
      ['饮食建议', SUGAR_VO.eatGuide],
      ['运动建议', SUGAR_VO.sportGuide],
    ] as const) {
      expect(within(await section(title)).getByText(text)).toBeTruthy();
    }
    expect((await section('免责声明')).textContent).toContain(REPORT_DISCLAIMER);
  });

  it('shows every day of the month with its medication mark next to its readings', async () => {
    fakeApi({
      'GET /healthReport/v1/getMonthReport': () => ({
        existsFlag: true,
        count: SUGAR_VO.count,
        healthMonthReportVo: SUGAR_VO,
      }),
    });
    renderApp(`${REPORT_DETAIL_PATH}?reportType=1&isMonth=1&year=2026&month=10`);
    const medication = await section('用药情况');
    expect(medication.textContent).toContain('有用药记录 2 天，未记录 29 天');
    const cells = within(medication).getAllByRole('cell');
    expect(cells).toHaveLength(31);
    expect(cells[2]?.getAttribute('aria-label')).toBe('10月3日：已用药2次，血糖4次');
    expect(cells[2]?.textContent).toBe('3✓血糖4');
    expect(cells[1]?.getAttribute('aria-label')).toBe('10月2日：未记录用药，血糖0次');
    expect(cells[1]?.textContent).toBe('2—无血糖');
    expect(cells[4]?.getAttribute('aria-label')).toBe('10月5日：已用药1次，血糖1次');
    // 2026-10-01 is a Thursday: three blanks under 一, 二, 三 before it.
    const week = cells[0]?.parentElement;
    expect(week?.children[3]).toBe(cells[0]);
    expect(within(medication).getByRole('link', { name: '打开用药记录' }).getAttribute('href')).toBe('/calendar');
  });

  it('shows the clinical numbers when the month has enough data', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      sugarReading(`2026-10-${String(1 + (i % 15)).padStart(2, '0')} 0${7 + Math.floor(i / 15)}:00:00`, 1, 5 + (i % 4)),
    );
    const vo = { ...SUGAR_VO, count: many.length, ...sugarReportContent(many, range, 31) };
    fakeApi({
      'GET /healthReport/v1/getMonthReport': () => ({ existsFlag: true, count: vo.count, healthMonthReportVo: vo }),
    });
    renderApp(`${REPORT_DETAIL_PATH}?reportType=1&isMonth=1&year=2026&month=10`);
    const clinical = await section('临床指标');
    const { ownTargets, consensus, variability, gmi } = vo.clinical;
    if (ownTargets.status !== 'ok' || consensus.status !== 'ok' || variability.status !== 'ok' || gmi.status !== 'ok') {
      throw new Error('the fixture should have enough data');
    }
    expect(within(clinical).getByLabelText('个人目标范围内').textContent).toBe(
      `${ownTargets.percent.inRange}%（${ownTargets.inRange}/30次）`,
    );
    expect(within(clinical).getByLabelText('3.9~10 mmol/L范围内').textContent).toBe('100%（低于3.9：0%，高于10：0%）');
    expect(within(clinical).getByLabelText('平均血糖').textContent).toBe(`${variability.mean} mmol/L`);
    expect(within(clinical).getByLabelText('标准差（SD）').textContent).toBe(`${variability.sd} mmol/L`);
    expect(within(clinical).getByLabelText('变异系数（CV）').textContent).toBe(
      `${variability.cv}%（平稳，≤36%为平稳）`,
    );
    expect(within(clinical).getByLabelText('估算糖化血红蛋白（GMI）').textContent).toBe(`${gmi.gmi}%（15天30次测量）`);
  });
});

describe('pressure week report', () => {
  it('shows the readings as rows, the counts, the home morning and evening averages and no sugar-only parts', async () => {
    const api = fakeApi({
      'GET /healthReport/v1/getBpWeekReport': () => ({
        existsFlag: true,
        count: BP_VO.count,
        healthWeekReportVo: BP_VO,
      }),
    });
    renderApp(
      `${REPORT_DETAIL_PATH}?reportType=2&isWeek=1&year=2026&month=10&week=2&startDate=2026-10-05&endDate=2026-10-11&isWeekDate=1`,
    );
    expect(await screen.findByRole('heading', { name: '2026年10月第2周血压周报' })).toBeTruthy();
    const [call] = api.called('GET /healthReport/v1/getBpWeekReport');
    expect([call?.query.get('startDate'), call?.query.get('endDate')]).toEqual(['2026-10-05', '2026-10-11']);

    const quality = await section('测量质量');
    const shown = (label: string) => within(quality).getByLabelText(label, { selector: 'dd' }).textContent;
    expect([shown('总次数'), shown('严重偏高'), shown('偏高'), shown('正常'), shown('偏低')]).toEqual([
      '14',
      String(BP_VO.seriousHighCount),
      String(BP_VO.highCount),
      String(BP_VO.normalCount),
      '0',
    ]);

    const rows = within(within(await section('血压数据表')).getByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(14);
    const first = [...(rows[0]?.querySelectorAll('td') ?? [])] as HTMLElement[];
    expect(first.map((td) => td.textContent)).toEqual(['10-05 07:00', '142', '88', '70']);
    expect(first[1]?.dataset.colour).toBe(CELL_COLOURS.red);
    expect(([...(rows[1]?.querySelectorAll('td') ?? [])] as HTMLElement[])[1]?.dataset.colour).toBe(CELL_COLOURS.green);

    const home = await section('家庭血压');
    const homeBp = BP_VO.clinical.homeBp;
    if (homeBp.status !== 'ok' || homeBp.morning === null || homeBp.evening === null) {
      throw new Error('the fixture should have a home summary');
    }
    expect(within(home).getByLabelText('早晨平均').textContent).toBe(
      `${homeBp.morning.sbp}/${homeBp.morning.dbp} mmHg（${homeBp.morning.count}次）`,
    );
    expect(within(home).getByLabelText('晚间平均').textContent).toBe('128/82 mmHg（6次）');
    expect(within(home).getByLabelText('评估').textContent).toBe(
      homeBp.elevated ? '高于家庭血压标准（135/85 mmHg）' : '在家庭血压标准（135/85 mmHg）以内',
    );
    expect(within(await section('测量分析')).getByText(BP_VO.testAnalysis)).toBeTruthy();
    expect(screen.queryByRole('region', { name: '时段分布' })).toBeNull();
    expect(screen.queryByRole('region', { name: '备注分析' })).toBeNull();
  });
});

describe('report detail without a report', () => {
  it('goes on to the no-report page when the period has too few readings', async () => {
    fakeApi({
      'GET /healthReport/v1/getWeekReport': () => ({ existsFlag: false, count: 4, healthWeekReportVo: null }),
    });
    const { router } = renderApp(
      `${REPORT_DETAIL_PATH}?reportType=1&isWeek=1&year=2026&month=10&week=2&startDate=2026-10-05&endDate=2026-10-11&isWeekDate=1`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(NO_REPORT_PATH));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      name: '2026年10月第2周血糖周报',
      count: '4',
      reportType: '1',
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('本期测量次数少于4次，暂时无法生成报告。')).toBeTruthy();
  });

  it('shows the server’s message for a period that has not ended', async () => {
    fakeApi({
      'GET /healthReport/v1/getBpMonthReport': () => {
        throw apiFailure(40000, '报告尚未生成，敬请期待');
      },
    });
    renderApp(`${REPORT_DETAIL_PATH}?reportType=2&isMonth=1&year=2026&month=11`);
    expect(await screen.findByText('报告尚未生成，敬请期待')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回报告列表' })).toBeTruthy();
  });

  it('explains an address that names no period', async () => {
    const api = fakeApi({});
    renderApp(`${REPORT_DETAIL_PATH}?reportType=1&isMonth=1&year=2026`);
    expect(await screen.findByText('报告地址不完整')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
