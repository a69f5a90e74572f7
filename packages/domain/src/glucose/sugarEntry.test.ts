import { describe, expect, it } from 'vitest';
import { clampSugar } from './sugar';
import { extremeSugarConfirmText, validateSugarEntry } from './sugarEntry';

describe('validateSugarEntry', () => {
  const now = Date.UTC(2026, 1, 1, 4, 0);
  const ok = { sugar: 6.1, createTime: now - 60_000, remark: '早餐后' };

  it.each([
    [{ sugar: '' }, 'sugar', '血糖值不能为空'],
    [{ sugar: null }, 'sugar', '血糖值不能为空'],
    [{ sugar: 'abc' }, 'sugar', '血糖值不能为空'],
    [{ createTime: null }, 'createTime', '请选择时间'],
    [{ createTime: now + 5 * 60_000 + 1 }, 'createTime', '所选时间不能超过当前时间'],
    [{ createTime: Date.UTC(1800, 0, 1) }, 'createTime', '测量时间不能早于2000-01-01'],
    [{ remark: '开心😀' }, 'remark', '请不要输入表情'],
    [{ remark: '字'.repeat(101) }, 'remark', '备注不能超过100个字符'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateSugarEntry({ ...ok, ...over }, now)).toEqual({ ok: false, field, message });
  });

  it('accepts a reading taken now with a 100-character remark', () => {
    expect(validateSugarEntry({ ...ok, createTime: new Date(now), remark: '字'.repeat(100) }, new Date(now))).toEqual({
      ok: true,
    });
  });
});

describe('extremeSugarConfirmText', () => {
  it.each([
    ['0', '血糖不能低于0.3，将按0.3 mmol/L保存。确定保存吗？'],
    ['99', '血糖不能高于33.3，将按33.3 mmol/L保存。确定保存吗？'],
  ])('asks about %s in the words of the clamp message', (typed, text) => {
    const clamp = clampSugar(typed);
    expect(clamp?.message).not.toBeNull();
    expect(extremeSugarConfirmText({ value: clamp?.value ?? 0, message: clamp?.message ?? '' })).toBe(text);
  });
});
