import { describe, expect, it } from 'vitest';
import { diaryYears, medicationDays, medicationRange, medicationTime, validateMedication } from './medication';

describe('validateMedication', () => {
  const ok = { medicineId: 7, usaged: '口服', rate: '每日三次', dosage: '0.5' };

  it.each([
    [{ medicineId: null }, 'medicineId', '请选择药品'],
    [{ usaged: '' }, 'usaged', '请选择药品用法'],
    [{ rate: undefined }, 'rate', '请选择频率'],
    [{ dosage: '' }, 'dosage', '请选择用量'],
    [{ dosage: 'abc' }, 'dosage', '请选择用量'],
    [{ dosage: '12345678901' }, 'dosage', '请选择用量'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateMedication({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('accepts a numeric dosage of 10 characters', () => {
    expect(validateMedication({ ...ok, dosage: '1234567890' })).toEqual({ ok: true });
  });

  it('offers years from 2019', () => {
    expect(diaryYears(2021)).toEqual([2019, 2020, 2021]);
  });
});

describe('the dosage is a positive decimal number', () => {
  const ok = { medicineId: '7', usaged: '1', rate: '2' };

  it.each(['-1', '0', '0.0', '1e3', '1/2', ' ', '.5', '5.'])('rejects %j with 请选择用量', (dosage) => {
    expect(validateMedication({ ...ok, dosage })).toEqual({ ok: false, field: 'dosage', message: '请选择用量' });
  });

  it.each(['1', '0.5', '12.25', ' 2 '])('accepts %j', (dosage) => {
    expect(validateMedication({ ...ok, dosage })).toEqual({ ok: true });
  });

  it('names the first missing choice even when the dosage is wrong too', () => {
    expect(validateMedication({ medicineId: '7', usaged: '', rate: '', dosage: 'x' })).toMatchObject({
      field: 'usaged',
      message: '请选择药品用法',
    });
  });
});

describe('medicationTime', () => {
  const now = new Date('2026-03-10T04:00:00Z'); // 12:00 China time

  it('reads a China wall-clock time, with or without seconds', () => {
    expect(medicationTime('2026-03-10 08:30', now)).toEqual({ ok: true, at: new Date('2026-03-10T00:30:00Z') });
    expect(medicationTime('2026-03-10 12:00:00', now)).toEqual({ ok: true, at: now });
  });

  it.each([
    ['2026-03-10', '请选择用药时间'],
    ['2026-02-30 08:00', '请选择用药时间'],
    ['yesterday', '请选择用药时间'],
    ['2026-03-10 12:00:01', '用药时间不能晚于当前时间'],
    ['2018-12-31 23:59:59', '用药时间不能早于2019年1月1日'],
  ])('rejects %j with %s', (text, message) => {
    expect(medicationTime(text, now)).toEqual({ ok: false, field: 'recordTime', message });
  });

  it('accepts the first moment of the diary', () => {
    expect(medicationTime('2019-01-01 00:00', now)).toMatchObject({ ok: true });
  });
});

describe('medicationRange', () => {
  it('covers both days in China time', () => {
    expect(medicationRange('2026-03-01', '2026-03-31')).toEqual({
      ok: true,
      start: new Date('2026-02-28T16:00:00Z'),
      end: new Date('2026-03-31T16:00:00Z'),
    });
  });

  it('allows 366 days and refuses 367', () => {
    expect(medicationRange('2024-01-01', '2024-12-31')).toMatchObject({ ok: true });
    expect(medicationRange('2024-01-01', '2025-01-01')).toEqual({ ok: false, message: '查询范围不能超过366天' });
  });

  it.each([
    ['2026-3-1', '2026-03-02', '开始日期格式不正确'],
    ['2026-03-01', '2026-02-30', '结束日期格式不正确'],
    ['2026-03-02', '2026-03-01', '开始日期不能晚于结束日期'],
  ])('rejects %s..%s with %s', (start, end, message) => {
    expect(medicationRange(start, end)).toEqual({ ok: false, message });
  });
});

describe('medicationDays', () => {
  it('lists every day of the period with its medication records and sugar readings', () => {
    const days = medicationDays(
      '2026-02-27',
      '2026-03-02',
      ['2026-02-28', '2026-02-28', '2026-03-02', '2026-03-05'],
      ['2026-02-27', '2026-02-28'],
    );
    expect(days).toEqual([
      { date: '2026-02-27', taken: false, medicationCount: 0, sugarCount: 1 },
      { date: '2026-02-28', taken: true, medicationCount: 2, sugarCount: 1 },
      { date: '2026-03-01', taken: false, medicationCount: 0, sugarCount: 0 },
      { date: '2026-03-02', taken: true, medicationCount: 1, sugarCount: 0 },
    ]);
  });
});
