import { describe, expect, it } from 'vitest';
import { base64Payload, compressionFor, isAcceptedReportImage, joinImageNames, splitImageNames, stripPressPrefix } from './upload';

describe('compressionFor', () => {
  const kb = (n: number): number => n * 1024;
  it.each([
    [kb(10242), { compress: true, quality: 0.4 }],
    [kb(10241), { compress: true, quality: 0.6 }],
    [kb(1026), { compress: true, quality: 0.6 }],
    [kb(1025), { compress: false }],
    [0, { compress: false }],
  ])('decides %i bytes: %j', (size, decision) => {
    expect(compressionFor(size)).toEqual(decision);
  });
});

describe('image names', () => {
  it.each([
    ['press_abc.jpg', 'abc.jpg'],
    ['upload/2026/press_abc.jpg', 'upload/2026/abc.jpg'],
    ['upload/press_dir/abc.jpg', 'upload/press_dir/abc.jpg'],
    ['abc.jpg', 'abc.jpg'],
  ])('stores %s as %s', (name, stored) => {
    expect(stripPressPrefix(name)).toBe(stored);
  });

  it('joins and splits comma lists', () => {
    expect(joinImageNames(['press_a.jpg', 'b.png'])).toBe('a.jpg,b.png');
    expect(splitImageNames('a.jpg, b.png,,')).toEqual(['a.jpg', 'b.png']);
    expect(splitImageNames(null)).toEqual([]);
  });

  it('strips the data-URL prefix', () => {
    expect(base64Payload('data:image/png;base64,QUJD')).toBe('QUJD');
    expect(base64Payload('QUJD')).toBe('QUJD');
  });

  it('accepts jpg and png report photos under 10 MB', () => {
    expect(isAcceptedReportImage({ type: 'image/png', size: 1000 })).toBe(true);
    expect(isAcceptedReportImage({ type: 'image/gif', size: 1000 })).toBe(false);
    expect(isAcceptedReportImage({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBe(false);
  });
});
