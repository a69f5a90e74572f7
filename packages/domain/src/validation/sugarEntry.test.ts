import { describe, expect, it } from 'vitest';
import { validateSugarEntry, validateMeasurementTime } from './sugarEntry';

describe('validateSugarEntry', () => {
  const now = Date.UTC(2026, 1, 1, 4, 0);
  const ok = { sugar: 6.1, createTime: now - 60_000, remark: '早餐后' };

  it.each([
    [{ sugar: '' }, 'sugar', '血糖值不能为空'],
    [{ sugar: null }, 'sugar', '血糖值不能为空'],
    [{ sugar: 'abc' }, 'sugar', '血糖值不能为空'],
    [{ createTime: null }, 'createTime', '请选择时间'],
    [{ createTime: now + 60_000 }, 'createTime', '所选时间不能超过当前时间'],
    [{ remark: '开心😀' }, 'remark', '请不要输入表情'],
    [{ remark: '字'.repeat(101) }, 'remark', '备注不能超过100个字符'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateSugarEntry({ ...ok, ...over }, now)).toEqual({ ok: false, field, message });
  });

  it('accepts a reading taken now with a 100-character remark', () => {
    expect(validateSugarEntry({ ...ok, createTime: new Date(now), remark: '字'.repeat(100) }, new Date(now))).toEqual({ ok: true });
  });
});

describe('validateMeasurementTime', () => {
  const now = new Date('2026-11-20T02:00:00Z');
  it.each([
    [null, '请选择时间'],
    [new Date('2026-11-20T02:00:01Z'), '所选时间不能超过当前时间'],
  ])('refuses %s with %s', (time, message) => {
    expect(validateMeasurementTime(time, now)).toMatchObject({ ok: false, message });
  });

  it('accepts now and earlier', () => {
    expect(validateMeasurementTime(now, now)).toEqual({ ok: true });
  });
});
