import { describe, expect, it } from 'vitest';
import { extractImei } from './imei';

describe('extractImei', () => {
  it.each([
    ['https://example.cn/bind?imei=861234567890123&type=2', '861234567890123'],
    ['IMEI:861234567890123', '861234567890123'],
    ['imei 861234567890123', '861234567890123'],
    ['CODE_128,861234567890123', '861234567890123'],
    ['861234567890123', '861234567890123'],
    ['  861234567890123\n', '861234567890123'],
    ['imei=', 'imei='],
  ])('reads %j as %j', (scan, imei) => {
    expect(extractImei(scan)).toBe(imei);
  });
});
