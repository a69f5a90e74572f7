import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_PATTERN, isDeviceKey, launchDeviceKey } from './deviceKey';

describe('isDeviceKey', () => {
  it.each([
    ['demo-patient-0000000001', true],
    ['demo-relative-000000001', true],
    ['a'.repeat(16), true],
    ['a'.repeat(128), true],
    ['A_b-9'.repeat(8), true],
    ['a'.repeat(15), false],
    ['a'.repeat(129), false],
    ['demo patient 000000001', false],
    ['demo-patient-00000001=', false],
    ['演示-patient-0000000001', false],
    ['', false],
    [null, false],
    [42, false],
  ])('%j → %s', (value, expected) => {
    expect(isDeviceKey(value)).toBe(expected);
  });

  it('is the pattern the API checks', () => {
    expect(DEVICE_KEY_PATTERN.source).toBe('^[A-Za-z0-9_-]{16,128}$');
  });
});

describe('launchDeviceKey', () => {
  it.each([
    ['', { kind: 'absent' }],
    ['?sourceId=4', { kind: 'absent' }],
    ['?deviceKey=demo-patient-0000000001', { kind: 'switch', key: 'demo-patient-0000000001' }],
    ['?tab=mine&deviceKey=demo-relative-000000001&sourceId=3', { kind: 'switch', key: 'demo-relative-000000001' }],
    ['deviceKey=demo-patient-0000000001', { kind: 'switch', key: 'demo-patient-0000000001' }],
    ['?deviceKey=', { kind: 'ignored' }],
    ['?deviceKey=short', { kind: 'ignored' }],
    ['?deviceKey=%3Cscript%3Ealert(1)%3C%2Fscript%3E', { kind: 'ignored' }],
  ])('%s → %j', (search, expected) => {
    expect(launchDeviceKey(search)).toEqual(expected);
  });
});
