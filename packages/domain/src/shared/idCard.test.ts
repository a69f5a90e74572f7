import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idCardCheckChar, isValidIdCard, parseIdCard } from './idCard';

describe('parseIdCard', () => {
  it.each([
    // The GB 11643-1999 worked example.
    ['11010519491231002X', { birthday: '1949-12-31', sex: 2 }],
    ['11010519491231002x', { birthday: '1949-12-31', sex: 2 }],
    ['110105194912310021', null],
    ['440524188001010014', null],
    ['110101800101031', { birthday: '1980-01-01', sex: 1 }],
    ['110101800230032', null],
    ['11010180010103', null],
    ['', null],
  ])('reads %s as %j', (id, info) => {
    expect(parseIdCard(id)).toEqual(info);
  });

  it('computes the check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
  });

  const first17 = fc
    .record({
      area: fc.integer({ min: 110000, max: 659999 }),
      date: fc.date({
        min: new Date(Date.UTC(1900, 0, 1)),
        max: new Date(Date.UTC(2025, 11, 31)),
        noInvalidDate: true,
      }),
      seq: fc.integer({ min: 0, max: 999 }),
    })
    .map(
      ({ area, date, seq }) =>
        `${area}${date.toISOString().slice(0, 10).replaceAll('-', '')}${String(seq).padStart(3, '0')}`,
    );

  it('accepts any generated number with a correct check digit and derives birthday and sex', () => {
    fc.assert(
      fc.property(first17, (digits) => {
        const id = digits + idCardCheckChar(digits);
        const info = parseIdCard(id);
        expect(info?.birthday.replaceAll('-', '')).toBe(digits.slice(6, 14));
        expect(info?.sex).toBe(Number(digits[16]) % 2 === 1 ? 1 : 2);
      }),
    );
  });

  it('refuses any single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        first17,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, position, shift) => {
          const id = digits + idCardCheckChar(digits);
          const changed = id.slice(0, position) + String((Number(id[position]) + shift) % 10) + id.slice(position + 1);
          expect(isValidIdCard(changed)).toBe(false);
        },
      ),
    );
  });
});
