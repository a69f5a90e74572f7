import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  base64Payload,
  compressionFor,
  isAcceptedReportImage,
  joinImageNames,
  previewDimensions,
  shouldSendPreview,
  splitImageNames,
  stripPressPrefix,
} from './upload';

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

describe('previewDimensions', () => {
  it.each([
    [4000, 3000, { width: 480, height: 360 }],
    [3000, 4000, { width: 360, height: 480 }],
    [480, 100, { width: 480, height: 100 }],
    [200, 100, { width: 200, height: 100 }],
    [10000, 10, { width: 480, height: 1 }],
    [0, 0, { width: 1, height: 1 }],
  ])('fits %i×%i into 480 px as %j', (width, height, size) => {
    expect(previewDimensions(width, height)).toEqual(size);
  });

  it('takes another longest side', () => {
    expect(previewDimensions(1000, 500, 100)).toEqual({ width: 100, height: 50 });
  });
});

describe('shouldSendPreview', () => {
  const MB = 1024 * 1024;
  it.each([
    [3 * MB, 80_000, true],
    [90_000, 80_000, true],
    [80_000, 80_000, false],
    [50_000, 60_000, false],
    [9 * MB, MB, false],
    [9 * MB, MB - 1, true],
  ])('for a photo of %i bytes and a preview of %i bytes: %s', (photo, preview, send) => {
    expect(shouldSendPreview(photo, preview)).toBe(send);
  });
});

describe('base64ByteLength', () => {
  it.each([
    ['', 0],
    ['QQ==', 1],
    ['QUI=', 2],
    ['QUJD', 3],
    ['QUJDRA==', 4],
    ['QUJD\nRA==', 4],
  ])('decodes %j to %i bytes', (base64, bytes) => {
    expect(base64ByteLength(base64)).toBe(bytes);
  });
});
