import { describe, expect, it } from 'vitest';
import { validateWeightEntry } from './weightEntry';

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
