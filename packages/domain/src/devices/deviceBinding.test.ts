import { describe, expect, it } from 'vitest';
import {
  BIND_CAUSES,
  BIND_FAILURES,
  DEVICE_BIND_RATE_LIMITS,
  bindFailureNamed,
  bindFailureOf,
  bindNeedsDoctor,
  deviceKindOf,
  deviceListGroup,
  deviceNameEdit,
  deviceNameError,
  imeiToBind,
  typedImeiDigits,
  imeiShapeProblem,
  typedImeiProblem,
  scansAtOnce,
} from './deviceBinding';
import { DEVICE_MESSAGES } from './labels';

describe('device kinds', () => {
  it.each([
    ['glucose', 0, 'disabeDeviceList'],
    ['bp', 1, 'hypertensionDeviceList'],
    ['scale', 2, 'otherDeviceList'],
  ])('puts a %s meter (deviceKind %d) in %s', (kind, code, group) => {
    expect(deviceKindOf(kind)).toBe(code);
    expect(deviceListGroup(code)).toBe(group);
  });
});

describe('deviceNameEdit', () => {
  it.each([
    [null, '客厅血糖仪', { action: 'save', name: '客厅血糖仪' }],
    ['旧名', '  新名  ', { action: 'save', name: '新名' }],
    ['旧名', '旧名', { action: 'skip' }],
    ['旧名', ' 旧名 ', { action: 'skip' }],
    ['旧名', '', { action: 'skip' }],
    [null, '   ', { action: 'skip' }],
    [null, '一二三四五六七八九十', { action: 'save', name: '一二三四五六七八九十' }],
    [null, '一二三四五六七八九十一', { action: 'error', errMsg: '设备名不能超过10个字符' }],
    [null, '血糖😀', { action: 'error', errMsg: '请不要输入表情' }],
  ])('from %j typing %j gives %j', (current, typed, expected) => {
    expect(deviceNameEdit(current, typed)).toEqual(expected);
  });
});

describe('deviceNameError', () => {
  it.each([
    ['', DEVICE_MESSAGES.nameRequired],
    ['  ', DEVICE_MESSAGES.nameRequired],
    ['abcdefghijk', '设备名不能超过10个字符'],
    ['abcdefghij', null],
  ])('%j → %j', (typed, message) => {
    expect(deviceNameError(typed)).toBe(message);
  });
});

describe('bind failures', () => {
  it.each(Object.entries(BIND_FAILURES).filter(([, f]) => f.code !== null))(
    'maps the code of %s back to it',
    (cause, failure) => {
      expect(bindFailureOf(failure.code as number)).toBe(cause);
    },
  );
  it('knows no other code', () => {
    expect(bindFailureOf(40000)).toBeNull();
    expect(bindFailureOf(40400)).toBeNull();
    expect(bindFailureOf(40902)).toBeNull();
  });
  it('answers an unknown IMEI, a taken one and a wrong code alike, and marks both causes it may be', () => {
    expect(BIND_FAILURES.notBindable).toEqual({
      code: 40401,
      errMsg: 'IMEI号或绑定码不正确，或该设备已被他人绑定',
      causes: ['wrongEntry', 'boundByOther'],
    });
    expect(BIND_FAILURES.notBindable.causes.map((c) => BIND_CAUSES[c])).toEqual([
      'IMEI号或绑定码有误',
      '该设备已被他人绑定（需原主人先解绑）',
    ]);
    // Only a scan that is not our label speaks of a QR code.
    expect(BIND_FAILURES.unreadableScan.causes.map((c) => BIND_CAUSES[c])).toEqual([
      '二维码错误：扫描的不是本公司设备标签上的二维码',
    ]);
  });
  it.each([
    ['notBindable', 'notBindable'],
    ['boundBySelf', 'boundBySelf'],
    ['unreadableScan', 'unreadableScan'],
    ['unknownDevice', null],
    ['toString', null],
    [null, null],
  ])('reads the page parameter %j as %j', (name, failure) => {
    expect(bindFailureNamed(name)).toBe(failure);
  });
  it('limits bind attempts per customer by the hour and by the day', () => {
    expect(DEVICE_BIND_RATE_LIMITS.map((w) => [w.max, w.windowMs])).toEqual([
      [20, 86_400_000],
      [10, 3600_000],
    ]);
  });
});

describe('imeiToBind', () => {
  it.each([
    ['868888000000017', '868888000000017'],
    [' 868888000000017 ', '868888000000017'],
    ['https://m.example.cn/d?imei=868888000000017&v=2', '868888000000017'],
    ['CODE_128,868888000000017', '868888000000017'],
    ['86888800000001', null],
    ['hello', null],
    ['', null],
  ])('%j → %j', (scan, imei) => {
    expect(imeiToBind(scan)).toBe(imei);
  });
});

describe('bind page types', () => {
  it.each([
    ['auto', true],
    ['0', false],
    ['2', false],
  ])('type %s scans at once: %s', (type, expected) => {
    expect(scansAtOnce(type)).toBe(expected);
  });

  it.each([
    ['2', '', true],
    ['3', null, true],
    ['3', '  ', true],
    ['2', '李医生', false],
    ['1', '', false],
    ['auto', undefined, false],
  ])('type %s with doctor %j opens the picker: %s', (type, doctor, expected) => {
    expect(bindNeedsDoctor(type, doctor)).toBe(expected);
  });
});

describe('typedImeiProblem', () => {
  it.each([
    ['868888000000017', null],
    ['8688 8800 0000 017', null],
    ['868888-000000-017', null],
    ['', '请输入设备IMEI号'],
    ['   ', '请输入设备IMEI号'],
    ['86888800000001', 'IMEI号应为15位数字，您输入了14位'],
    ['8688880000000170', 'IMEI号应为15位数字，您输入了16位'],
    ['86888800000001A', 'IMEI号只含数字，请核对设备标签'],
    // One digit typed wrong: the Luhn check digit no longer fits.
    ['868888000000018', 'IMEI号校验不通过，请逐位核对设备标签上的号码'],
    ['868888000000071', 'IMEI号校验不通过，请逐位核对设备标签上的号码'],
  ])('%j → %j', (typed, problem) => {
    expect(typedImeiProblem(typed)).toBe(problem);
  });

  it('binds a typed IMEI without its separators', () => {
    expect(typedImeiDigits(' 8688 8800-0000 017 ')).toBe('868888000000017');
  });
});

describe('imeiShapeProblem', () => {
  it.each([
    ['868888000000017', null],
    // The shape only: a failing check digit is left to the typed-IMEI rule.
    ['868888000000018', null],
    ['', '请输入设备IMEI号'],
    ['imei=868888000000017', 'IMEI号只含数字，请核对设备标签'],
    ['86888800000001', 'IMEI号应为15位数字，您输入了14位'],
  ])('%j → %j', (text, problem) => {
    expect(imeiShapeProblem(text)).toBe(problem);
  });
});
