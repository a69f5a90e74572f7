import { describe, expect, it } from 'vitest';
import {
  BIND_CODE_ALPHABET,
  BIND_CODE_LENGTH,
  bindCodeError,
  bindQrContent,
  formatBindCode,
  makeBindCode,
  normalizeBindCode,
  parseBindScan,
} from './bindCode';
import { imeiToBind } from './deviceBinding';
import { BIND_CODE_MESSAGES } from './labels';

/** 1·1 + 2·3 + 3·5 + 4·7 + 5·9 + 6·11 + 7·13 = 252 ≡ 28 (mod 32): the check symbol is W. */
const DEMO = '1234567W';

describe('the alphabet', () => {
  it('has 32 symbols and none of the look-alikes I, L, O and U', () => {
    expect(new Set(BIND_CODE_ALPHABET).size).toBe(32);
    expect(BIND_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('makeBindCode', () => {
  it('makes eight symbols of the alphabet from seven random bytes', () => {
    expect(makeBindCode([1, 2, 3, 4, 5, 6, 7])).toBe(DEMO);
    expect(makeBindCode([0, 0, 0, 0, 0, 0, 0])).toBe('00000000');
    expect(makeBindCode([255, 255, 255, 255, 255, 255, 255, 9])).toMatch(new RegExp(`^Z{7}[${BIND_CODE_ALPHABET}]$`));
    expect(makeBindCode([31, 32, 63, 64, 95, 96, 127])).toBe(makeBindCode([31, 0, 31, 0, 31, 0, 31]));
  });

  it('uses every symbol in every random place, and its own output passes the check', () => {
    for (let place = 0; place < 7; place += 1) {
      const seen = new Set<string>();
      for (let value = 0; value < 32; value += 1) {
        const bytes = [3, 14, 15, 9, 26, 5, 8];
        bytes[place] = value;
        const code = makeBindCode(bytes);
        expect(code).toHaveLength(BIND_CODE_LENGTH);
        expect(normalizeBindCode(code)).toBe(code);
        seen.add(code[place]!);
      }
      expect(seen.size).toBe(32);
    }
  });

  it('refuses fewer than seven bytes', () => {
    expect(() => makeBindCode([1, 2, 3])).toThrow(RangeError);
  });
});

describe('normalizeBindCode', () => {
  const code = makeBindCode([20, 3, 9, 17, 30, 0, 11]);

  it.each([
    [code, code],
    [formatBindCode(code), code],
    [` ${code.slice(0, 4)} ${code.slice(4)} `, code],
    [code.toLowerCase(), code],
    // A Chinese input method's full-width characters and dash.
    [
      [...formatBindCode(code)].map((c) => String.fromCharCode(c === '-' ? 0xff0d : c.charCodeAt(0) + 0xfee0)).join(''),
      code,
    ],
    [`${code.slice(0, 4)}—${code.slice(4)}`, code],
  ])('reads %j as the code', (typed, expected) => {
    expect(normalizeBindCode(typed)).toBe(expected);
  });

  it('reads the look-alikes O, I and L as 0, 1 and 1', () => {
    expect(normalizeBindCode('OOOOOOOO')).toBe('00000000');
    expect(normalizeBindCode('I234567W')).toBe(DEMO);
    expect(normalizeBindCode('l234567w')).toBe(DEMO);
  });

  it('catches every single mistyped symbol', () => {
    for (let place = 0; place < BIND_CODE_LENGTH; place += 1) {
      for (const symbol of BIND_CODE_ALPHABET) {
        const typo = code.slice(0, place) + symbol + code.slice(place + 1);
        expect(normalizeBindCode(typo)).toBe(typo === code ? code : null);
      }
    }
  });

  it('catches two neighbours typed the wrong way round', () => {
    const swapped = code[1]! + code[0]! + code.slice(2);
    expect(swapped).not.toBe(code);
    expect(normalizeBindCode(swapped)).toBeNull();
  });

  it.each([[''], ['1234567'], ['123456790'], ['1234567U'], ['1234567*'], ['一二三四五六七八']])(
    'refuses %j',
    (typed) => {
      expect(normalizeBindCode(typed)).toBeNull();
    },
  );
});

describe('bindCodeError', () => {
  it.each([
    ['', BIND_CODE_MESSAGES.required],
    ['   ', BIND_CODE_MESSAGES.required],
    ['12345678', BIND_CODE_MESSAGES.invalid],
    ['1234-567W', null],
  ])('%j → %j', (typed, message) => {
    expect(bindCodeError(typed)).toBe(message);
  });

  it('says what to do in Chinese', () => {
    expect(BIND_CODE_MESSAGES).toEqual({
      required: '请输入绑定码',
      invalid: '绑定码有误，请核对设备标签上的8位绑定码',
      askForCode: '请输入设备标签上的8位绑定码',
    });
  });
});

describe('the QR code', () => {
  it('holds the IMEI and the code, and the IMEI-only rule still finds the IMEI', () => {
    const content = bindQrContent('868888000000017', DEMO);
    expect(content).toBe('IMEI:868888000000017;CODE:1234567W');
    expect(parseBindScan(content)).toEqual({ imei: '868888000000017', bindCode: DEMO });
    expect(imeiToBind(content)).toBe('868888000000017');
  });

  it.each([
    ['https://m.example.cn/d?imei=868888000000017&code=1234-567w', { imei: '868888000000017', bindCode: DEMO }],
    ['imei=868888000000017&bindCode=1234567W', { imei: '868888000000017', bindCode: DEMO }],
    // A value ends at a space, as the IMEI's does.
    ['IMEI:868888000000017; code: 1234 567W', { imei: '868888000000017', bindCode: null }],
    // An older label: the IMEI alone, or a barcode (whose CODE_128 prefix is no code marker).
    ['868888000000017', { imei: '868888000000017', bindCode: null }],
    ['CODE_128,868888000000017', { imei: '868888000000017', bindCode: null }],
    ['IMEI:868888000000017;CODE:12345678', { imei: '868888000000017', bindCode: null }],
    ['IMEI:86888800000001;CODE:1234567W', { imei: null, bindCode: DEMO }],
    ['hello', { imei: null, bindCode: null }],
  ])('%j → %j', (scan, expected) => {
    expect(parseBindScan(scan)).toEqual(expected);
  });
});
