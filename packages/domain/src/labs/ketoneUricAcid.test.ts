import { describe, expect, it } from 'vitest';
import {
  ketoneBand,
  labBand,
  labCreateTimeStr,
  labEmptyWarning,
  labRangeMessage,
  roundLabValue,
  uricAcidBand,
  validateLabEntry,
  validateLabRemark,
} from './ketoneUricAcid';
import { LAB_SAVED_MESSAGE, LAB_TEXTS } from './labels';

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
    expect(validateLabRemark('字'.repeat(101))).toEqual({
      ok: false,
      field: 'remark',
      message: '备注不能超过100个字符',
    });
    expect(validateLabRemark('字'.repeat(100))).toEqual({ ok: true });
  });
});

describe('roundLabValue and labBand', () => {
  it.each([
    ['ketone', 0.25, 0.3, 'normal'],
    ['ketone', 0.04, 0, 'low'],
    ['ketone', 7.96, 8, 'high'],
    ['uricAcid', 178.4, 178, 'low'],
    ['uricAcid', 178.5, 179, 'normal'],
    ['uricAcid', 1189.6, 1190, 'high'],
  ] as const)('stores %s %d as %d, coloured %s', (kind, value, stored, band) => {
    expect(roundLabValue(kind, value)).toBe(stored);
    expect(labBand(kind, roundLabValue(kind, value))).toBe(band);
  });
});

describe('validateLabEntry', () => {
  const now = Date.UTC(2026, 10, 20, 2, 0);
  const at = Date.UTC(2026, 10, 20, 1, 0);
  it.each([
    ['ketone', { value: '', createTime: at }, 'value', '请输入血酮值!'],
    ['ketone', { value: null, createTime: at }, 'value', '请输入血酮值!'],
    ['uricAcid', { createTime: at }, 'value', '请输入尿酸值!'],
    ['ketone', { value: -0.1, createTime: at }, 'value', '血酮值应在0~20之间'],
    ['ketone', { value: 20.04, createTime: null }, 'createTime', '请选择时间'],
    ['ketone', { value: 20.1, createTime: at }, 'value', '血酮值应在0~20之间'],
    ['uricAcid', { value: 2001, createTime: at }, 'value', '尿酸值应在0~2000之间'],
    ['uricAcid', { value: 'abc', createTime: at }, 'value', '尿酸值应在0~2000之间'],
    ['uricAcid', { value: 420, createTime: now + 5 * 60_000 + 1000 }, 'createTime', '所选时间不能超过当前时间'],
    ['uricAcid', { value: 420, createTime: at, remark: '😀' }, 'remark', '请不要输入表情'],
  ] as const)('refuses %s %j on %s with %s', (kind, input, field, message) => {
    expect(validateLabEntry(kind, input, now)).toEqual({ ok: false, field, message });
  });

  it.each([
    ['ketone', { value: 0, createTime: at }],
    ['ketone', { value: '20', createTime: now, remark: '字'.repeat(100) }],
    ['uricAcid', { value: 2000, createTime: at }],
  ] as const)('accepts %s %j', (kind, input) => {
    expect(validateLabEntry(kind, input, now)).toEqual({ ok: true });
  });

  it('words the range like the pressure messages', () => {
    expect(labRangeMessage('ketone')).toBe('血酮值应在0~20之间');
  });
});

describe('ketone and uric acid view texts', () => {
  it.each([
    ['ketone', '血酮', 'mmol/L', '暂无血酮数据', '无血酮测试数据'],
    ['uricAcid', '尿酸', 'μmol/L', '暂无尿酸数据', '无尿酸测试数据'],
  ] as const)('words %s as the spec does', (kind, name, unit, tableEmpty, chartEmpty) => {
    expect(LAB_TEXTS[kind]).toEqual({ name, unit, tableEmpty, chartEmpty });
    expect(LAB_SAVED_MESSAGE).toBe('保存成功!');
  });
});
