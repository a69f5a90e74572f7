import { describe, expect, it } from 'vitest';
import { ketoneBand, labCreateTimeStr, labEmptyWarning, uricAcidBand, validateLabRemark } from './ketoneUricAcid';

describe('ketoneBand', () => {
  it.each([
    [-0.1, 'low'],
    [0, 'low'],
    [0.1, 'normal'],
    [7.9, 'normal'],
    [8, 'high'],
  ] as const)('colours %d as %s', (value, band) => {
    expect(ketoneBand(value)).toBe(band);
  });
});

describe('uricAcidBand', () => {
  it.each([
    [178, 'low'],
    [179, 'normal'],
    [1189, 'normal'],
    [1190, 'high'],
  ] as const)('colours %d as %s', (value, band) => {
    expect(uricAcidBand(value)).toBe(band);
  });
});

describe('labEmptyWarning', () => {
  it.each([
    ['ketone', '', '请输入血酮值!'],
    ['uricAcid', null, '请输入尿酸值!'],
    ['ketone', undefined, '请输入血酮值!'],
    ['ketone', '0.5', null],
    ['uricAcid', 300, null],
  ] as const)('warns for %s value %j with %j', (kind, value, message) => {
    expect(labEmptyWarning(kind, value)).toBe(message);
  });
});

describe('labCreateTimeStr', () => {
  it('sends China minutes plus :00', () => {
    expect(labCreateTimeStr(Date.UTC(2026, 0, 31, 16, 30, 45))).toBe('2026-02-01 00:30:00');
  });
});

describe('validateLabRemark', () => {
  it('refuses emoji and more than 100 characters', () => {
    expect(validateLabRemark('😀')).toEqual({ ok: false, field: 'remark', message: '请不要输入表情' });
    expect(validateLabRemark('字'.repeat(101))).toEqual({ ok: false, field: 'remark', message: '备注不能超过100个字符' });
    expect(validateLabRemark('字'.repeat(100))).toEqual({ ok: true });
  });
});
