import { describe, expect, it } from 'vitest';
import { validateFeedback } from './feedback';

describe('validateFeedback', () => {
  it.each([
    [{ adviceContent: '  ' }, 'adviceContent', '问题描述不能为空'],
    [{ adviceContent: '好用👍' }, 'adviceContent', '请不要输入表情'],
    [{ adviceContent: '字'.repeat(201) }, 'adviceContent', '问题描述不能超过200个字符'],
    [{ adviceContent: '问题', images: ['1', '2', '3', '4', '5', '6'] }, 'imgUrl', '最多只能上传5张图片'],
  ])('rejects %j on %s with %s', (input, field, message) => {
    expect(validateFeedback(input)).toEqual({ ok: false, field, message });
  });

  it('accepts 200 characters and 5 images', () => {
    expect(validateFeedback({ adviceContent: '字'.repeat(200), images: ['1', '2', '3', '4', '5'] })).toEqual({
      ok: true,
    });
  });
});
