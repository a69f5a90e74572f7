import { describe, expect, it } from 'vitest';
import { searchBoxInput } from './searchBox';

describe('searchBoxInput', () => {
  it.each([
    ['血糖仪😀', { kind: 'refuse', message: '请不要输入表情' }],
    ['   ', { kind: 'clear' }],
    ['', { kind: 'clear' }],
    [' 试纸 ', { kind: 'search', keyword: '试纸' }],
    ['一二三四五六', { kind: 'search', keyword: '一二三四' }],
  ])('%j → %j', (text, expected) => {
    expect(searchBoxInput(text, 4)).toEqual(expected);
  });
});
