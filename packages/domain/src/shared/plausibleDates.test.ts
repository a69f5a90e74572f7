import { describe, expect, it } from 'vitest';
import {
  MEASURED_TIME_MIN,
  birthdayCheck,
  isBirthDateInRange,
  measuredTimePickerBounds,
  validateMeasurementTime,
} from './plausibleDates';

describe('validateMeasurementTime', () => {
  // 10:00 on 2026-11-20 in China.
  const now = new Date('2026-11-20T02:00:00Z');

  it.each([
    [null, '请选择时间'],
    [undefined, '请选择时间'],
    [new Date(Number.NaN), '请选择时间'],
    [new Date('1800-01-01T00:00:00+08:00'), '测量时间不能早于2000-01-01'],
    // 23:59:59 on the last day of 1999 in China is still 1999 there (15:59:59 UTC).
    [new Date('1999-12-31T23:59:59+08:00'), '测量时间不能早于2000-01-01'],
    [new Date('2026-11-20T02:05:00.001Z'), '所选时间不能超过当前时间'],
    [new Date('2027-01-01T00:00:00Z'), '所选时间不能超过当前时间'],
  ])('refuses %s with %s', (time, message) => {
    expect(validateMeasurementTime(time, now)).toEqual({ ok: false, field: 'createTime', message });
  });

  it.each([
    ['the first instant of 2000 in China', new Date('2000-01-01T00:00:00+08:00')],
    ['now', now],
    ['five minutes ahead (a phone clock running fast)', new Date('2026-11-20T02:05:00Z')],
  ])('accepts %s', (_name, time) => {
    expect(validateMeasurementTime(time, now)).toEqual({ ok: true });
  });

  it('offers pickers 2000-01-01 to now, without the slack', () => {
    expect(measuredTimePickerBounds(now)).toEqual({ min: new Date('1999-12-31T16:00:00Z'), max: now });
    expect(MEASURED_TIME_MIN.toISOString()).toBe('1999-12-31T16:00:00.000Z');
  });
});

describe('birthdays', () => {
  // 00:30 on 2026-02-01 in China, still 31 January in UTC: today is China's.
  const now = Date.UTC(2026, 0, 31, 16, 30);
  it.each([
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['1800-01-01', false],
    ['2026-02-01', true],
    ['2026-02-02', false],
    ['2026-02-30', false],
    ['2026-2-1', false],
    ['1990-01-01 00:00:00', false],
  ])('birth date %s is in range: %s', (date, expected) => {
    expect(isBirthDateInRange(date, now)).toBe(expected);
  });

  it('is required only where the form requires it, and words the range', () => {
    expect(birthdayCheck('birthday', '', now)).toBeUndefined();
    expect(birthdayCheck('birthday', null, now, { required: true })).toEqual({
      ok: false,
      field: 'birthday',
      message: '出生日期不能为空',
    });
    expect(birthdayCheck('birthday', '1800-01-01', now)).toEqual({
      ok: false,
      field: 'birthday',
      message: '请选择1900-01-01至今天之间的出生日期',
    });
    expect(birthdayCheck('ensureDate', '1800-01-01', now, { message: '另一句' })).toEqual({
      ok: false,
      field: 'ensureDate',
      message: '另一句',
    });
    expect(birthdayCheck('birthday', ' 1972-05-06 ', now)).toBeUndefined();
  });
});
