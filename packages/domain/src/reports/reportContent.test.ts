import { describe, expect, it } from 'vitest';
import {
  bpEatGuide,
  bpMonitorGuide,
  bpPattern,
  bpReportContent,
  bpReportLevel,
  bpSportGuide,
  bpTestAnalysis,
} from './bpReport';
import type { BpPattern, ReportBpReading } from './bpReport';
import { countLevels, mentionsMedicationAdvice } from './reportContent';
import {
  coefficientOfVariation,
  judgeSugarReadings,
  sugarEatGuide,
  sugarHealthAlter,
  sugarLogByDay,
  sugarMonitorGuide,
  sugarPattern,
  sugarReportContent,
  sugarSportGuide,
  sugarTestAnalysis,
  sugarTimeDistribution,
} from './sugarReport';
import type { ReportSugarReading, SugarPattern } from './sugarReport';
import type { BpRangeConfig } from '../pressure/bloodPressure';
import type { SugarRange } from '../glucose/sugar';
import { parseChinaDateTime } from '../shared/time';
import { MEDICATION_ADVICE_WORDS } from './labels';

const FASTING: SugarRange = { minValue: 3.0, lowValue: 4.4, highValue: 7.0, maxValue: 13.9 };
const AFTER_MEAL: SugarRange = { minValue: 3.0, lowValue: 4.4, highValue: 10.0, maxValue: 13.9 };
const rangeOf = (timeType: number) => ([2, 4, 6, 7].includes(timeType) ? AFTER_MEAL : FASTING);

type Tag = ReportSugarReading['tags'][number];
const sugar = (time: string, timeType: number, value: number, tags: Tag[] = [], remark = ''): ReportSugarReading => ({
  time,
  at: parseChinaDateTime(time) as Date,
  timeType,
  sugar: value,
  remark,
  tags,
});

// A week of exactly four readings: fasting high, after-breakfast high, after-lunch normal, bedtime low.
const WEEK = [
  sugar('2026-11-16 07:00:00', 1, 8.0),
  sugar('2026-11-16 09:30:00', 2, 12.0, [{ typeCode: 'diet', itemKey: '3' }]),
  sugar('2026-11-18 13:00:00', 4, 9.0, [{ typeCode: 'sport', itemKey: '2' }], '饭后散步'),
  sugar('2026-11-19 22:00:00', 7, 3.5, [{ typeCode: 'pharmacy', itemKey: '1' }]),
];

const pattern = (overrides: Partial<SugarPattern> = {}): SugarPattern => ({
  total: 10,
  counts: { seriousHighCount: 0, highCount: 1, normalCount: 9, lowCount: 0, seriousLowCount: 0 },
  inRangeShare: 90,
  highSlots: [],
  lowSlots: [],
  fastingHigh: false,
  postMealHigh: false,
  hasLows: false,
  cv: 20,
  variable: false,
  daysWithReadings: 7,
  periodDays: 7,
  fastingCount: 3,
  postMealCount: 3,
  ...overrides,
});

describe('countLevels and the time-slot distribution', () => {
  it('count the hand-checked week: 2 high, 1 normal, 1 low, in the slots they were measured', () => {
    const judged = judgeSugarReadings(WEEK, rangeOf);
    expect(judged.map((r) => r.level)).toEqual(['high', 'high', 'normal', 'low']);
    expect(countLevels(judged.map((r) => r.level))).toEqual({
      seriousHighCount: 0,
      highCount: 2,
      normalCount: 1,
      lowCount: 1,
      seriousLowCount: 0,
    });
    const distribution = sugarTimeDistribution(judged);
    expect(distribution).toHaveLength(8);
    expect(distribution.map((s) => s.count)).toEqual([1, 1, 0, 1, 0, 0, 1, 0]);
    expect(distribution[0]).toEqual({
      timeType: 1,
      code: 'emptyStomach',
      name: '空腹',
      count: 1,
      seriousHighCount: 0,
      highCount: 1,
      normalCount: 0,
      lowCount: 0,
      seriousLowCount: 0,
    });
    expect(distribution[6]).toMatchObject({ code: 'atBedtime', count: 1, lowCount: 1 });
  });

  it('leaves readings without thresholds out of the counts', () => {
    expect(countLevels(['seriousHigh', null, undefined, 'seriousLow', 'normal'])).toEqual({
      seriousHighCount: 1,
      highCount: 0,
      normalCount: 1,
      lowCount: 0,
      seriousLowCount: 1,
    });
  });

  it('groups the data table by China day, oldest first', () => {
    const log = sugarLogByDay(judgeSugarReadings([WEEK[2] as ReportSugarReading, ...WEEK.slice(0, 2)], rangeOf));
    expect(log.map((d) => [d.dtime, d.items.length])).toEqual([
      ['2026-11-16', 2],
      ['2026-11-18', 1],
    ]);
    expect(log[0]?.items[0]).toEqual({ time: '2026-11-16 07:00:00', timeType: 1, sugar: 8, level: 'high' });
  });

  it('takes readings already in time order as they come, equal times in their given order', () => {
    const inOrder = [
      sugar('2026-11-16 07:00:00', 1, 5.0),
      sugar('2026-11-16 07:00:00', 1, 5.5),
      sugar('2026-11-16 23:59:59', 8, 6.0),
      sugar('2026-11-17 00:00:00', 8, 6.1),
      sugar('2026-11-19 12:00:00', 4, 7.0),
    ];
    const log = sugarLogByDay(judgeSugarReadings(inOrder, rangeOf));
    expect(log.map((d) => [d.dtime, d.items.map((i) => i.sugar)])).toEqual([
      ['2026-11-16', [5.0, 5.5, 6.0]],
      ['2026-11-17', [6.1]],
      ['2026-11-19', [7.0]],
    ]);
    // Out of order, the same readings make the same table.
    expect(sugarLogByDay(judgeSugarReadings([...inOrder].reverse(), rangeOf)).map((d) => d.dtime)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-19',
    ]);
  });

  it('judges each reading with exactly the fields of a reading and its level', () => {
    const [judged] = judgeSugarReadings([WEEK[0] as ReportSugarReading], rangeOf);
    expect(judged).toEqual({ ...WEEK[0], level: 'high' });
    expect(Object.keys(judged ?? {}).sort()).toEqual(['at', 'level', 'remark', 'sugar', 'tags', 'time', 'timeType']);
  });
});

describe('sugarPattern', () => {
  it('reads the hand-checked week: 25 % in range, highs fasting and after breakfast, a bedtime low, CV 43.3 %', () => {
    expect(sugarPattern(judgeSugarReadings(WEEK, rangeOf), 7)).toEqual({
      total: 4,
      counts: { seriousHighCount: 0, highCount: 2, normalCount: 1, lowCount: 1, seriousLowCount: 0 },
      inRangeShare: 25,
      highSlots: ['空腹', '早餐后'],
      lowSlots: ['睡前'],
      fastingHigh: true,
      postMealHigh: true,
      hasLows: true,
      cv: 43.3,
      variable: true,
      daysWithReadings: 3,
      periodDays: 7,
      fastingCount: 1,
      postMealCount: 2,
    });
  });

  it('calls a meal group a problem only from a third of its readings high', () => {
    const readings = [
      sugar('2026-11-16 09:30:00', 2, 11),
      sugar('2026-11-17 09:30:00', 2, 8),
      sugar('2026-11-18 09:30:00', 2, 8),
      sugar('2026-11-19 09:30:00', 2, 8),
    ];
    expect(sugarPattern(judgeSugarReadings(readings, rangeOf), 7).postMealHigh).toBe(false);
    expect(sugarPattern(judgeSugarReadings(readings.slice(0, 3), rangeOf), 7).postMealHigh).toBe(true);
  });

  it('has no CV for a single reading', () => {
    expect(coefficientOfVariation([6])).toBeNull();
    expect(coefficientOfVariation([5, 5])).toBe(0);
  });
});

describe('sugarTestAnalysis', () => {
  it('states the hand-checked week in words', () => {
    expect(sugarTestAnalysis(sugarPattern(judgeSugarReadings(WEEK, rangeOf), 7))).toBe(
      '本期共测量血糖4次，在目标范围内1次（25%），偏高2次（其中严重偏高0次），偏低1次（其中严重偏低0次）。偏高主要出现在空腹、早餐后。偏低出现在睡前，请留意心慌、出汗、头晕等低血糖表现。多数读数不在目标范围内，建议带上本报告与医生一起回顾近期情况。血糖波动较大（变异系数43.3%，超过36%）。以上按您设置的控糖目标判断，未设置的时段按默认目标。',
    );
  });

  it.each([
    [{ inRangeShare: 70 }, '大部分读数在目标范围内，控制得不错。'],
    [{ inRangeShare: 69.9 }, '约一半以上读数在目标范围内，还有改善空间。'],
    [{ inRangeShare: 50 }, '约一半以上读数在目标范围内，还有改善空间。'],
    [{ inRangeShare: 49.9 }, '多数读数不在目标范围内'],
    [{ highSlots: ['午餐后', '晚餐后', '早餐后', '睡前'] }, '偏高主要出现在午餐后、晚餐后、早餐后。'],
    [{ lowSlots: ['凌晨'] }, '偏低出现在凌晨'],
    [{ variable: true, cv: 40.2 }, '血糖波动较大（变异系数40.2%，超过36%）。'],
  ])('for %j says %s', (overrides, text) => {
    expect(sugarTestAnalysis(pattern(overrides))).toContain(text);
  });

  it('says nothing of clusters or variability when there are none', () => {
    const text = sugarTestAnalysis(pattern());
    expect(text).not.toContain('偏高主要');
    expect(text).not.toContain('偏低出现');
    expect(text).not.toContain('波动');
  });
});

describe('sugarMonitorGuide', () => {
  it.each([
    [{ daysWithReadings: 3, periodDays: 7 }, '本期有4天没有测量，建议每周至少测量4天'],
    [{ fastingCount: 0 }, '本期没有空腹血糖记录'],
    [{ postMealCount: 0 }, '本期没有餐后血糖记录'],
    [{ highSlots: ['午餐后'] }, '午餐后偏高较多，下期请重点在这些时段测量'],
    [{ hasLows: true }, '出现偏低后请在15分钟后复测'],
    [{}, '本期监测比较规律'],
  ])('for %j says %s', (overrides, text) => {
    expect(sugarMonitorGuide(pattern(overrides))).toContain(text);
  });

  it('does not call a period with readings on half its days irregular', () => {
    expect(sugarMonitorGuide(pattern({ daysWithReadings: 15, periodDays: 30 }))).toBe(
      '本期监测比较规律，请继续空腹和三餐后交替测量，每周至少4天。',
    );
  });
});

describe('sugarEatGuide and sugarSportGuide', () => {
  it.each([
    [{ postMealHigh: true }, '餐后血糖偏高', '餐后30分钟到1小时散步'],
    [{ fastingHigh: true }, '空腹血糖偏高', '每周至少150分钟'],
    [{ hasLows: true }, '出现过低血糖', '运动前后测血糖'],
    [{ variable: true }, '血糖波动较大', '时间和强度尽量固定'],
    [{}, '血糖总体平稳', '每周至少5天'],
  ])('for %j advise %s / %s', (overrides, eat, sport) => {
    expect(sugarEatGuide(pattern(overrides))).toContain(eat);
    expect(sugarSportGuide(pattern(overrides))).toContain(sport);
  });

  it('combine the advice of every pattern present, without the default', () => {
    const all = pattern({ postMealHigh: true, fastingHigh: true, hasLows: true, variable: true });
    expect(sugarEatGuide(all)).not.toContain('总体平稳');
    expect(sugarSportGuide(all)).not.toContain('每周至少5天');
  });
});

describe('sugarHealthAlter', () => {
  const judged = (readings: ReportSugarReading[]) => judgeSugarReadings(readings, rangeOf);

  it('counts the hand-checked week’s tags and links the high to 十分饱', () => {
    expect(sugarHealthAlter(judged(WEEK))).toBe(
      '本期有3次读数填写了备注或标签：饮食标签1次，用药标签1次，运动标签1次。标记“十分饱”的1次中有1次血糖偏高，吃得过饱容易推高餐后血糖，建议七分饱。标记“忘记服药”的1次血糖未偏高，但仍请遵医嘱按时服药。标记运动的1次中有1次在目标范围内。有1次写了文字备注，复诊时可以给医生看看。',
    );
  });

  it('says when nothing was annotated (a "none" tag does not count)', () => {
    expect(
      sugarHealthAlter(judged([sugar('2026-11-16 07:00:00', 1, 6, [{ typeCode: 'diet', itemKey: '0' }])])),
    ).toMatch(/^本期读数没有填写备注或标签/);
  });

  it.each([
    [[sugar('2026-11-16 09:30:00', 2, 9, [{ typeCode: 'diet', itemKey: '3' }])], '标记“十分饱”的1次血糖均未偏高。'],
    [
      [sugar('2026-11-16 07:00:00', 1, 9, [{ typeCode: 'pharmacy', itemKey: '1' }])],
      '标记“忘记服药”的1次中有1次血糖偏高，请遵医嘱按时服药',
    ],
    [[sugar('2026-11-16 07:00:00', 1, 6, [], '早上有点头晕')], '有1次写了文字备注'],
  ])('for %j says %s', (readings, text) => {
    expect(sugarHealthAlter(judged(readings))).toContain(text);
  });
});

describe('sugarReportContent', () => {
  it('assembles counts, distribution, texts and the gated clinical block', () => {
    const content = sugarReportContent(WEEK, rangeOf, 7);
    expect(content).toMatchObject({
      seriousHighCount: 0,
      highCount: 2,
      normalCount: 1,
      lowCount: 1,
      seriousLowCount: 0,
    });
    expect(content.clinical).toEqual({
      ownTargets: { status: 'insufficientData', have: 4, need: 10, unit: 'readings' },
      consensus: { status: 'insufficientData', have: 4, need: 10, unit: 'readings' },
      variability: { status: 'insufficientData', have: 4, need: 30, unit: 'readings' },
      gmi: { status: 'insufficientData', have: 3, need: 14, unit: 'days' },
    });
  });
});

// The seeded pressure grades (Chinese hypertension guideline).
const BP_CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 1, sbpMax: 89, dbpMin: 1, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];
const bp = (time: string, sbp: number, dbp: number, hr = 70): ReportBpReading => ({
  time,
  at: parseChinaDateTime(time) as Date,
  sbp,
  dbp,
  hr,
});

describe('bpReportLevel', () => {
  it.each([
    [85, 55, 'low'],
    [118, 78, 'normal'],
    [130, 85, 'normal'],
    [145, 80, 'high'],
    [120, 105, 'seriousHigh'],
    [185, 95, 'seriousHigh'],
  ])('%i/%i is %s (the worse of the two decides)', (sbp, dbp, level) => {
    expect(bpReportLevel(sbp, dbp, BP_CONFIG)).toBe(level);
  });

  it('is null without a configuration', () => {
    expect(bpReportLevel(120, 80, [])).toBeNull();
  });
});

describe('bpReportContent', () => {
  // Days 1–5 of a week, morning 07:00 and evening 19:00; day 1 is discarded by the home protocol.
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
  const home = days.flatMap((d) => [
    bp(`${d} 07:00:00`, 140, 90, 72),
    bp(`${d} 07:05:00`, 138, 88, 70),
    bp(`${d} 19:00:00`, 128, 82, 68),
    bp(`${d} 19:05:00`, 126, 80, 66),
  ]);

  it('counts levels, averages, and the home morning/evening summary against 135/85', () => {
    const content = bpReportContent(home, BP_CONFIG, 7);
    expect(content).toMatchObject({
      seriousHighCount: 0,
      highCount: 5,
      normalCount: 15,
      lowCount: 0,
      seriousLowCount: 0,
    });
    expect(content.datas).toHaveLength(20);
    expect(content.clinical.homeBp).toEqual({
      status: 'ok',
      morning: { sbp: 139, dbp: 89, count: 8 },
      evening: { sbp: 127, dbp: 81, count: 8 },
      overall: { sbp: 133, dbp: 85, count: 16 },
      days: 4,
      elevated: true,
    });
    expect(content.testAnalysis).toBe(
      '本期共测量血压20次，平均133/85 mmHg，平均脉搏69次/分；正常15次（75%），偏高5次（其中2级及以上0次），偏低0次。家庭早晚血压：早晨平均139/89 mmHg，晚间平均127/81 mmHg，总平均133/85 mmHg，高于家庭血压135/85 mmHg的标准。大部分读数正常，控制得不错。',
    );
  });

  const bpP = (overrides: Partial<BpPattern> = {}): BpPattern => ({
    ...bpPattern(
      home.map((r) => ({ ...r, level: 'normal' as const })),
      7,
    ),
    hasHighs: false,
    hasLows: false,
    ...overrides,
  });
  const thin: BpPattern['home'] = { status: 'insufficientData', have: 2, need: 3, unit: 'days' };
  const okHome = bpP().home;

  it.each([
    [{ home: thin }, bpTestAnalysis, '本期数据还不够'],
    [{ inRangeShare: 60 }, bpTestAnalysis, '约一半以上读数正常'],
    [{ inRangeShare: 40 }, bpTestAnalysis, '多数读数不在正常范围'],
    [{ home: thin }, bpMonitorGuide, '建议连续7天'],
    [{ home: okHome.status === 'ok' ? { ...okHome, morning: null } : okHome }, bpMonitorGuide, '本期缺少早晨测量'],
    [{ home: okHome.status === 'ok' ? { ...okHome, evening: null } : okHome }, bpMonitorGuide, '本期缺少晚间测量'],
    [{ hasHighs: true }, bpMonitorGuide, '偏高的读数较多'],
    [{ hasLows: true }, bpMonitorGuide, '出现偏低时请先坐下休息'],
    [{}, bpMonitorGuide, '本期测量比较规律'],
    [{ hasHighs: true }, bpEatGuide, '清淡少盐，每天食盐不超过5克'],
    [{ hasLows: true }, bpEatGuide, '注意补充水分'],
    [{}, bpEatGuide, '血压总体平稳'],
    [{ hasHighs: true }, bpSportGuide, '每周至少150分钟'],
    [{ hasLows: true }, bpSportGuide, '变换体位时放慢动作'],
    [{}, bpSportGuide, '快走或太极拳'],
  ] as const)('for %j, %o says %s', (overrides, text, expected) => {
    expect(text(bpP(overrides as Partial<BpPattern>))).toContain(expected);
  });

  it('shows 未测量 for a window without readings and "within" when below 135/85', () => {
    const evenings = days.flatMap((d) => [
      bp(`${d} 19:00:00`, 120, 78),
      bp(`${d} 19:10:00`, 122, 76),
      bp(`${d} 20:00:00`, 118, 75),
    ]);
    const text = bpReportContent(evenings, BP_CONFIG, 7).testAnalysis;
    expect(text).toContain('早晨平均未测量');
    expect(text).toContain('在家庭血压135/85 mmHg的标准以内。');
  });
});

describe('no report text advises on medicine', () => {
  it('recognises dose words', () => {
    expect(MEDICATION_ADVICE_WORDS.length).toBeGreaterThan(5);
    expect(mentionsMedicationAdvice('请将胰岛素加量')).toBe(true);
    expect(mentionsMedicationAdvice('请遵医嘱按时服药')).toBe(false);
  });

  const flags = [false, true];
  const sugarPatterns = flags.flatMap((postMealHigh) =>
    flags.flatMap((fastingHigh) =>
      flags.flatMap((hasLows) =>
        flags.map((variable) =>
          pattern({
            postMealHigh,
            fastingHigh,
            hasLows,
            variable,
            highSlots: postMealHigh ? ['午餐后'] : [],
            lowSlots: hasLows ? ['凌晨'] : [],
            fastingCount: fastingHigh ? 2 : 0,
            postMealCount: 0,
            daysWithReadings: 2,
          }),
        ),
      ),
    ),
  );

  it.each(sugarPatterns)('sugar texts for %j', (p) => {
    for (const text of [sugarTestAnalysis(p), sugarMonitorGuide(p), sugarEatGuide(p), sugarSportGuide(p)]) {
      expect(mentionsMedicationAdvice(text)).toBe(false);
    }
  });

  it('remark analyses of every tag', () => {
    const tagged = (['diet', 'pharmacy', 'sport'] as const).flatMap((typeCode) =>
      ['1', '2', '3'].flatMap((itemKey) => [
        sugar('2026-11-16 07:00:00', 1, 12, [{ typeCode, itemKey }], '备注'),
        sugar('2026-11-16 07:00:00', 1, 6, [{ typeCode, itemKey }]),
      ]),
    );
    expect(mentionsMedicationAdvice(sugarHealthAlter(judgeSugarReadings(tagged, rangeOf)))).toBe(false);
    expect(
      mentionsMedicationAdvice(
        sugarHealthAlter(
          judgeSugarReadings(
            tagged.filter((r) => r.sugar === 6),
            rangeOf,
          ),
        ),
      ),
    ).toBe(false);
  });

  it.each(flags.flatMap((hasHighs) => flags.map((hasLows) => ({ hasHighs, hasLows }))))(
    'pressure texts for %j',
    (overrides) => {
      const p: BpPattern = { ...bpPattern([], 7), ...overrides };
      for (const text of [bpTestAnalysis(p), bpMonitorGuide(p), bpEatGuide(p), bpSportGuide(p)]) {
        expect(mentionsMedicationAdvice(text)).toBe(false);
      }
    },
  );
});
