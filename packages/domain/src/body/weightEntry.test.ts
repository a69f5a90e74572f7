import { describe, expect, it } from 'vitest';
import { WEIGHT_JIN_MAX, WEIGHT_JIN_MIN, validateWeightEntry, validateWeightRecord } from './weightEntry';

describe('validateWeightEntry', () => {
  it.each([
    [{ heightCm: '', weightJin: 130 }, false, 'height', '请填写身高'],
    [{ heightCm: 170, weightJin: '' }, false, 'weight', '请填写体重'],
    [{ weightJin: 0 }, true, 'weight', '请填写体重'],
  ])('rejects %j (height known: %s) on %s with %s', (input, heightKnown, field, message) => {
    expect(validateWeightEntry(input, { heightKnown })).toEqual({ ok: false, field, message });
  });

  it('does not ask for the height once it is known', () => {
    expect(validateWeightEntry({ weightJin: '130.5' }, { heightKnown: true })).toEqual({ ok: true });
  });
});

describe('validateWeightRecord', () => {
  it('has the health record bounds in jin', () => {
    expect([WEIGHT_JIN_MIN, WEIGHT_JIN_MAX]).toEqual([10, 400]);
  });

  it.each([
    [{ weightJin: 130 }, false, 'height', '请填写身高'],
    [{ heightCm: 170 }, false, 'weight', '请填写体重'],
    [{ heightCm: 19.9, weightJin: 130 }, false, 'height', '身高应在20~240cm之间'],
    [{ heightCm: 240.1, weightJin: 130 }, true, 'height', '身高应在20~240cm之间'],
    [{ heightCm: 170, weightJin: 9.9 }, false, 'weight', '体重应在10~400斤之间'],
    [{ weightJin: 400.1 }, true, 'weight', '体重应在10~400斤之间'],
  ])('refuses %j (height known: %s) on %s with %s', (input, heightKnown, field, message) => {
    expect(validateWeightRecord(input, { heightKnown })).toEqual({ ok: false, field, message });
  });

  it.each([
    [{ heightCm: 20, weightJin: 10 }, false],
    [{ heightCm: 240.04, weightJin: 400.04 }, false],
    [{ weightJin: '130.5' }, true],
  ])('accepts %j (height known: %s)', (input, heightKnown) => {
    expect(validateWeightRecord(input, { heightKnown })).toEqual({ ok: true });
  });
});
