import { describe, expect, it } from 'vitest';
import { shouldSaveDeviceName, validateDeviceName } from './deviceName';

describe('device name', () => {
  it.each([
    ['一二三四五六七八九十一', '设备名不能超过10个字符'],
    ['血糖仪😀', '请不要输入表情'],
  ])('rejects %j with %s', (name, message) => {
    expect(validateDeviceName(name)).toEqual({ ok: false, field: 'deviceName', message });
  });

  it('accepts 10 characters', () => {
    expect(validateDeviceName('一二三四五六七八九十')).toEqual({ ok: true });
  });

  it.each([
    ['血糖仪', '妈妈的血糖仪', true],
    ['血糖仪', ' 血糖仪 ', false],
    ['血糖仪', '', false],
    [null, '血糖仪', true],
  ])('from %j to %j saves: %s', (current, next, save) => {
    expect(shouldSaveDeviceName(current, next)).toBe(save);
  });
});
