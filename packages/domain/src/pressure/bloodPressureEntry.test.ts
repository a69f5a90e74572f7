import { describe, expect, it } from 'vitest';
import { validateBloodPressureEntry } from './bloodPressureEntry';

describe('validateBloodPressureEntry', () => {
  const ok = { sbp: 120, dbp: 80, hr: 72, remark: '' };

  it.each([
    [{ sbp: '' }, 'sbp', '请填写收缩压'],
    [{ dbp: null }, 'dbp', '请填写舒张压'],
    [{ hr: undefined }, 'hr', '请填写心率'],
    [{ sbp: 0 }, 'sbp', '请填写正整数'],
    [{ dbp: '80.5' }, 'dbp', '请填写正整数'],
    [{ hr: 251 }, 'hr', '心率应在1~250之间'],
    [{ sbp: 80, dbp: 120 }, 'sbp', '收缩压(高压)应高于舒张压(低压)，请检查是否填反'],
    [{ sbp: 90, dbp: 90 }, 'sbp', '收缩压(高压)应高于舒张压(低压)，请检查是否填反'],
    [{ remark: '😀' }, 'remark', '请不要输入表情'],
    [{ remark: '字'.repeat(141) }, 'remark', '备注不能超过140个字符'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateBloodPressureEntry({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('accepts 1 and 250 and a 140-character remark', () => {
    expect(validateBloodPressureEntry({ sbp: 250, dbp: 1, hr: '72', remark: '字'.repeat(140) })).toEqual({ ok: true });
  });

  it('accepts a systolic one above the diastolic', () => {
    expect(validateBloodPressureEntry({ sbp: '91', dbp: '90', hr: 60 })).toEqual({ ok: true });
  });
});
