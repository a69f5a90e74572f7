import { describe, expect, it } from 'vitest';
import { isUrgentSugar } from '../glucose/sugar';
import { isUrgentBloodPressure, type BpRangeConfig } from '../pressure/bloodPressure';
import { readingNoticeText, readingPushFields } from './readingNotice';

// The seeded table (Chinese hypertension guideline grades).
const CONFIG: BpRangeConfig[] = [
  { sort: 1, sbpMin: 1, sbpMax: 89, dbpMin: 1, dbpMax: 59 },
  { sort: 2, sbpMin: 90, sbpMax: 119, dbpMin: 60, dbpMax: 79 },
  { sort: 3, sbpMin: 120, sbpMax: 139, dbpMin: 80, dbpMax: 89 },
  { sort: 4, sbpMin: 140, sbpMax: 159, dbpMin: 90, dbpMax: 99 },
  { sort: 5, sbpMin: 160, sbpMax: 179, dbpMin: 100, dbpMax: 109 },
  { sort: 6, sbpMin: 180, sbpMax: 250, dbpMin: 110, dbpMax: 250 },
];

describe('urgency', () => {
  it.each([
    ['seriousHigh', true],
    ['seriousLow', true],
    ['high', false],
    ['low', false],
    ['normal', false],
    [null, false],
  ] as const)('sugar level %s urgent: %s', (level, urgent) => {
    expect(isUrgentSugar(level)).toBe(urgent);
  });

  it.each([
    [180, 90, true],
    [150, 110, true],
    [179, 109, false],
    [160, 100, false],
    [120, 80, false],
    [80, 50, false],
  ])('pressure %i/%i urgent: %s', (sbp, dbp, urgent) => {
    expect(isUrgentBloodPressure(sbp, dbp, CONFIG)).toBe(urgent);
  });

  it('marks nothing urgent without a configuration, or when the worst row is not a high one', () => {
    expect(isUrgentBloodPressure(200, 120, [])).toBe(false);
    expect(isUrgentBloodPressure(200, 120, [{ sort: 3, sbpMin: 1, sbpMax: 250, dbpMin: 1, dbpMax: 250 }])).toBe(false);
  });
});

describe('readingNoticeText', () => {
  it('calls a severe glucose reading urgent and asks to get in touch', () => {
    expect(
      readingNoticeText('爸爸', {
        kind: 'bloodSugar',
        sugar: 25,
        timeType: 2,
        level: 'seriousHigh',
        time: '11-20 08:00',
      }),
    ).toEqual({
      urgent: true,
      title: '紧急提醒：爸爸血糖严重偏高',
      text: '爸爸在11-20 08:00测得早餐后血糖25.0mmol/L，严重偏高，请尽快与其联系。',
    });
    expect(
      readingNoticeText('爸爸', {
        kind: 'bloodSugar',
        sugar: 2.5,
        timeType: 8,
        level: 'seriousLow',
        time: '11-20 03:00',
      }).title,
    ).toBe('紧急提醒：爸爸血糖严重偏低');
  });

  it('describes an ordinary glucose reading plainly', () => {
    expect(
      readingNoticeText('张建国', {
        kind: 'bloodSugar',
        sugar: 6.1,
        timeType: 1,
        level: 'normal',
        time: '11-20 07:30',
      }),
    ).toEqual({
      urgent: false,
      title: '张建国测量了血糖',
      text: '张建国在11-20 07:30测得空腹血糖6.1mmol/L，正常。',
    });
    expect(
      readingNoticeText('张建国', { kind: 'bloodSugar', sugar: 6.1, timeType: 99, level: null, time: '11-20 07:30' })
        .text,
    ).toBe('张建国在11-20 07:30测得血糖6.1mmol/L。');
  });

  it('describes pressure readings, urgent in the worst grade', () => {
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 185,
        dbp: 112,
        hr: 88,
        level: 'high',
        urgent: true,
        time: '11-20 19:00',
      }),
    ).toEqual({
      urgent: true,
      title: '紧急提醒：妈妈血压严重偏高',
      text: '妈妈在11-20 19:00测得血压185/112mmHg，脉搏88次/分，严重偏高，请尽快与其联系。',
    });
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 150,
        dbp: 95,
        hr: 70,
        level: 'high',
        urgent: false,
        time: '11-20 19:00',
      }).text,
    ).toBe('妈妈在11-20 19:00测得血压150/95mmHg，脉搏70次/分，偏高。');
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 150,
        dbp: 95,
        hr: 70,
        level: null,
        urgent: false,
        time: '11-20 19:00',
      }).text,
    ).toBe('妈妈在11-20 19:00测得血压150/95mmHg，脉搏70次/分。');
  });
});

describe('readingPushFields', () => {
  it('fills the template within its limits', () => {
    expect(
      readingPushFields('爸爸', {
        kind: 'bloodSugar',
        sugar: 25,
        timeType: 1,
        level: 'seriousHigh',
        time: '2026-11-20 08:00',
      }),
    ).toEqual({
      name: '爸爸',
      item: '空腹血糖',
      value: '25.0mmol/L',
      result: '严重偏高',
      time: '2026-11-20 08:00',
    });
    expect(
      readingPushFields('一'.repeat(25), { kind: 'bloodSugar', sugar: 6, timeType: 99, level: null, time: 't' }),
    ).toMatchObject({ name: '一'.repeat(20), item: '血糖', result: '已记录' });
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 185,
        dbp: 112,
        hr: 80,
        level: 'high',
        urgent: true,
        time: 't',
      }),
    ).toEqual({ name: '妈妈', item: '血压', value: '185/112mmHg', result: '严重偏高', time: 't' });
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 85,
        dbp: 55,
        hr: 80,
        level: 'low',
        urgent: false,
        time: 't',
      }).result,
    ).toBe('偏低');
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 85,
        dbp: 55,
        hr: 80,
        level: null,
        urgent: false,
        time: 't',
      }).result,
    ).toBe('已记录');
  });
});
