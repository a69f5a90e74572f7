import { describe, expect, it } from 'vitest';
import { readQuery, writeQuery } from './query';

describe('readQuery', () => {
  it.each([
    ['', {}],
    ['?', {}],
    ['?a=1&b=2', { a: '1', b: '2' }],
    ['a=1&a=2', { a: '1' }],
    ['?flag&x=', { flag: '', x: '' }],
    ['?name=%E8%A1%80%E7%B3%96+%E5%91%A8%E6%8A%A5', { name: '血糖 周报' }],
    ['?bad=%E8%A1&ok=1', { bad: '%E8%A1', ok: '1' }],
    ['?k=a=b', { k: 'a=b' }],
  ])('reads %j', (search, expected) => {
    expect(Object.fromEntries(readQuery(search))).toEqual(expected);
  });
});

describe('writeQuery', () => {
  it('writes escaped pairs after a ?', () => {
    expect(
      writeQuery([
        ['name', '血糖&周报'],
        ['n', '1'],
      ]),
    ).toBe('?name=%E8%A1%80%E7%B3%96%26%E5%91%A8%E6%8A%A5&n=1');
    expect(writeQuery([])).toBe('');
  });

  it('round-trips through readQuery', () => {
    const pairs: [string, string][] = [
      ['a b', 'c+d'],
      ['报告', '2026年10月'],
    ];
    expect([...readQuery(writeQuery(pairs))]).toEqual(pairs);
  });
});
