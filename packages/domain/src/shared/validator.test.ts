import { describe, expect, it } from 'vitest';
import {
  charCount,
  containsEmoji,
  emojiCheck,
  fail,
  firstFailure,
  isBlank,
  maxLengthCheck,
  OK,
  tooLongMessage,
  tooManyImagesMessage,
} from './validator';

describe('containsEmoji', () => {
  it.each(['血糖😀', '👍', '1️⃣', '🇨🇳', '☺️', '❤'])('finds the emoji in %j', (text) => {
    expect(containsEmoji(text)).toBe(true);
  });

  it.each(['空腹血糖 6.1', 'mmol/L，正常！', '张三（父亲）', '123-456', ''])('finds none in %j', (text) => {
    expect(containsEmoji(text)).toBe(false);
  });

  it('fails an emoji field with 请不要输入表情', () => {
    expect(emojiCheck('remark', '好😀')).toEqual({ ok: false, field: 'remark', message: '请不要输入表情' });
    expect(emojiCheck('remark', null)).toBeUndefined();
  });
});

describe('firstFailure', () => {
  it('reports only the first failing check, in order', () => {
    const result = firstFailure([() => undefined, () => fail('a', 'first'), () => fail('b', 'second')]);
    expect(result).toEqual({ ok: false, field: 'a', message: 'first' });
  });

  it('passes when every check passes', () => {
    expect(firstFailure([() => undefined])).toBe(OK);
  });
});

describe('text helpers', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(charCount('𠮷野家')).toBe(3);
    expect('𠮷野家'.length).toBe(4);
  });

  it.each([
    [undefined, true],
    [null, true],
    ['  ', true],
    ['a', false],
    [0, false],
  ])('treats %j as blank: %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it('words limits without a spec message like the spec’s device-name message', () => {
    expect(tooLongMessage('设备名', 10)).toBe('设备名不能超过10个字符');
    expect(tooManyImagesMessage(9)).toBe('最多只能上传9张图片');
    expect(maxLengthCheck('x', 'abc', 2, 'm')).toEqual({ ok: false, field: 'x', message: 'm' });
    expect(maxLengthCheck('x', undefined, 2, 'm')).toBeUndefined();
  });
});
