import { describe, expect, it } from 'vitest';
import { isDeviceRecord, readingDeletion, sugarOwnerFields } from './readings';
import { READING_DELETE_MESSAGES } from './labels';
import { WEIGHT_DELETE_CONFIRM } from '../body/labels';

const OWNER = '5b2c7a36-64a2-4f44-9a4d-0c7c1b0c0a01';
const RELATIVE = '5b2c7a36-64a2-4f44-9a4d-0c7c1b0c0a02';

describe('readingDeletion', () => {
  it.each([
    ['the owner’s hand-recorded reading', { customerId: OWNER, deviceImei: null }, OWNER, 'allowed'],
    ['a reading without a deviceImei field (ketone, uric acid)', { customerId: OWNER }, OWNER, 'allowed'],
    ['a blank deviceImei', { customerId: OWNER, deviceImei: '  ' }, OWNER, 'allowed'],
    ['the owner’s meter reading', { customerId: OWNER, deviceImei: '860000000000001' }, OWNER, 'meter'],
    ['someone else’s reading', { customerId: OWNER, deviceImei: null }, RELATIVE, 'gone'],
    [
      'someone else’s meter reading (not told it is a meter’s)',
      { customerId: OWNER, deviceImei: '860000000000001' },
      RELATIVE,
      'gone',
    ],
    ['a missing reading', null, OWNER, 'gone'],
    ['an undefined reading', undefined, OWNER, 'gone'],
  ] as const)('%s: %s', (_name, reading, caller, expected) => {
    expect(readingDeletion(reading, caller)).toBe(expected);
  });

  it('asks the spec’s confirmation, the same as for weight', () => {
    expect(READING_DELETE_MESSAGES.confirm).toBe('确定删除此条记录吗?');
    expect(READING_DELETE_MESSAGES.confirm).toBe(WEIGHT_DELETE_CONFIRM);
    expect(READING_DELETE_MESSAGES).toMatchObject({
      done: '删除成功',
      gone: '该数据已被删除',
      meterReadOnly: '设备上传的数据不能删除',
    });
  });
});

describe('readings of any kind', () => {
  it('makes device records read-only', () => {
    expect(isDeviceRecord({ deviceImei: '8612' })).toBe(true);
    expect(isDeviceRecord({ deviceImei: ' ' })).toBe(false);
    expect(isDeviceRecord({})).toBe(false);
  });

  it('marks readings for a followed person with followerId and testType 2', () => {
    expect(sugarOwnerFields(12)).toEqual({ followerId: '12', testType: '2' });
    expect(sugarOwnerFields(null)).toEqual({});
  });
});
