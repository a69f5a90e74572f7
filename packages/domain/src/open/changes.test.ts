import { describe, expect, it } from 'vitest';
import {
  CHANGE_FEED_START,
  decodeChangeCursor,
  encodeChangeCursor,
  isIdempotencyKey,
  openDateTime,
  openReadingId,
} from './changes';

describe('change feed cursor', () => {
  it('round-trips a position and is URL-safe', () => {
    const cursor = { xid: '18446744073709551', id: '9007199254740993' };
    const text = encodeChangeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeChangeCursor(text)).toEqual(cursor);
    expect(decodeChangeCursor(encodeChangeCursor(CHANGE_FEED_START))).toEqual(CHANGE_FEED_START);
  });

  it('refuses text it did not give out', () => {
    expect(decodeChangeCursor('')).toBeNull();
    expect(decodeChangeCursor('not a cursor')).toBeNull();
    expect(decodeChangeCursor(encodeChangeCursor({ xid: '12', id: '3' }) + '=')).toBeNull();
    // base64url of 12:3:4, 12:-3, 012:3 and x:3.
    for (const text of ['MTI6Mzo0', 'MTI6LTM', 'MDEyOjM', 'eDoz']) {
      expect(decodeChangeCursor(text)).toBeNull();
    }
    expect(decodeChangeCursor('MTI6Mw')).toEqual({ xid: '12', id: '3' });
  });

  it('refuses positions beyond the columns: id above bigint, xid above 64 bits', () => {
    const biggest = { xid: '18446744073709551615', id: '9223372036854775807' };
    expect(decodeChangeCursor(encodeChangeCursor(biggest))).toEqual(biggest);
    expect(decodeChangeCursor(encodeChangeCursor({ xid: '0', id: '9223372036854775808' }))).toBeNull();
    expect(decodeChangeCursor(encodeChangeCursor({ xid: '0', id: '99999999999999999999' }))).toBeNull();
    expect(decodeChangeCursor(encodeChangeCursor({ xid: '18446744073709551616', id: '1' }))).toBeNull();
    expect(decodeChangeCursor(encodeChangeCursor({ xid: '99999999999999999999', id: '1' }))).toBeNull();
    expect(encodeChangeCursor({ xid: '0', id: '99999999999999999999' })).toBe('MDo5OTk5OTk5OTk5OTk5OTk5OTk5OQ');
  });
});

describe('open reading ids', () => {
  it('names the kind and the stored id', () => {
    expect(openReadingId('uricAcid', '42')).toBe('uricAcid-42');
  });
});

describe('Idempotency-Key', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    expect(isIdempotencyKey('3f1c9c1e-5d0b-4b5e-9a51-0f6f3c1d2e4a')).toBe(true);
    expect(isIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('two words')).toBe(false);
    expect(isIdempotencyKey('键')).toBe(false);
  });
});

describe('openDateTime', () => {
  it('writes an instant in China time with +08:00', () => {
    expect(openDateTime(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27T07:30:00.000+08:00');
  });
});
