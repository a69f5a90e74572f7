import { describe, expect, it } from 'vitest';
import { diaryYears, validateMedication } from './medication';

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
