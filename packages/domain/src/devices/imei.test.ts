import { describe, expect, it } from 'vitest';
import { extractImei, hasValidImeiCheckDigit, imeiCheckDigit, isImei } from './imei';

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

describe('isImei', () => {
  it.each([
    ['490154203237518', true],
    ['860000000000001', true],
    ['49015420323751', false],
    ['4901542032375189', false],
    ['49015420323751a', false],
    [' 490154203237518', false],
    ['', false],
  ])('%j is an IMEI: %s', (text, expected) => {
    expect(isImei(text)).toBe(expected);
  });
});

describe('IMEI check digit', () => {
  it.each([
    ['49015420323751', 8],
    ['35209900176148', 1],
    ['86000000000000', 9],
    ['00000000000000', 0],
  ])('of %s is %i', (first14, digit) => {
    expect(imeiCheckDigit(first14)).toBe(digit);
  });

  it.each([
    ['490154203237518', true],
    ['352099001761481', true],
    ['490154203237519', false],
    ['860000000000001', false],
    ['49015420323751', false],
  ])('%s has a valid check digit: %s', (imei, expected) => {
    expect(hasValidImeiCheckDigit(imei)).toBe(expected);
  });
});
