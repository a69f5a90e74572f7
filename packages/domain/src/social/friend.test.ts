import { describe, expect, it } from 'vitest';
import {
  friendAddButton,
  validateComment,
  validateFriendCandidate,
  validateFriendNote,
  validateFriendSearch,
} from './friend';

describe('friend validators', () => {
  it.each([
    [validateFriendNote(''), 'customerNote', '备注不能为空'],
    [validateFriendNote('爸爸❤'), 'customerNote', '请不要输入表情'],
    [validateFriendSearch('1380013'), 'phone', '请输入正确电话号码'],
    [validateFriendCandidate({ existsFlag: false, isSelfFlag: false }), 'phone', '用户不存在'],
    [validateFriendCandidate({ existsFlag: 1, isSelfFlag: 1 }), 'phone', '不能添加自己为亲友'],
    [validateFriendNote('一二三四五六七八九十一'), 'customerNote', '备注不能超过10个字符'],
    [validateComment('  '), 'content', '评论不能为空!'],
    [validateComment('好'.repeat(201)), 'content', '评论不能超过200个字符'],
  ])('rejects with field %s and %s', (result, field, message) => {
    expect(result).toEqual({ ok: false, field, message });
  });

  it('accepts valid input', () => {
    expect(validateFriendNote('爸爸')).toEqual({ ok: true });
    expect(validateFriendSearch('13800138000')).toEqual({ ok: true });
    expect(validateFriendCandidate({ existsFlag: true, isSelfFlag: false })).toEqual({ ok: true });
    expect(validateComment('加油')).toEqual({ ok: true });
    expect(validateFriendNote(' 一二三四五六七八九十 ')).toEqual({ ok: true });
    expect(validateComment('好'.repeat(200))).toEqual({ ok: true });
  });

  it.each([
    [1, { label: '已添加', disabled: true }],
    [0, { label: '已发送', disabled: false }],
    [null, { label: '添加', disabled: false }],
  ])('shows auditStatus %j as %j', (status, button) => {
    expect(friendAddButton(status)).toEqual(button);
  });
});
