import { extractImei, isImei } from './imei';
import { BIND_CODE_MESSAGES } from './labels';

/**
 * A meter's bind code: the proof that whoever binds a meter holds it (docs/adr/0091-bind-code.md).
 * It is printed on the meter's label and in its QR code at provisioning,
 * and the bind call needs it with the IMEI.
 *
 * Eight symbols of Crockford's base 32 (digits and capitals without I, L, O and U, so no two look
 * alike): seven random ones (35 bits) and a check symbol, so a typing slip is caught by the form
 * before it costs one of the customer's rate-limited bind attempts. Typing is forgiving: lower
 * case, full-width characters (a Chinese input method's), spaces and dashes are accepted, and the
 * letters O, I and L are read as 0, 1 and 1.
 */
export const BIND_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Symbols of a bind code, the check symbol included. */
export const BIND_CODE_LENGTH = 8;
/** Random symbols of a bind code; the last symbol is their check. */
export const BIND_CODE_RANDOM_SYMBOLS = BIND_CODE_LENGTH - 1;

/** Odd weights are invertible modulo 32, so a change of any one symbol changes the check. */
const CHECK_WEIGHTS = [1, 3, 5, 7, 9, 11, 13] as const;

function checkSymbol(values: readonly number[]): string {
  let sum = 0;
  values.forEach((value, i) => {
    sum += value * CHECK_WEIGHTS[i]!;
  });
  return BIND_CODE_ALPHABET[sum % 32]!;
}

/**
 * A bind code made from at least seven random bytes (the caller draws them; this package does no
 * I/O): the low five bits of each of the first seven, which are uniform over the 32 symbols, then
 * their check symbol.
 */
export function makeBindCode(randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < BIND_CODE_RANDOM_SYMBOLS) {
    throw new RangeError(`a bind code needs ${BIND_CODE_RANDOM_SYMBOLS} random bytes`);
  }
  const values = Array.from({ length: BIND_CODE_RANDOM_SYMBOLS }, (_, i) => randomBytes[i]! & 31);
  return values.map((v) => BIND_CODE_ALPHABET[v]).join('') + checkSymbol(values);
}

/**
 * The bind code in what was typed or scanned, in its stored form (eight capitals and digits), or
 * null when it is not one: wrong length, a symbol outside the alphabet, or a check that does not
 * match.
 */
export function normalizeBindCode(typed: string): string | null {
  const text = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―_.·]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (text.length !== BIND_CODE_LENGTH) {
    return null;
  }
  const values = [...text].map((symbol) => BIND_CODE_ALPHABET.indexOf(symbol));
  if (values.some((v) => v < 0)) {
    return null;
  }
  return checkSymbol(values.slice(0, BIND_CODE_RANDOM_SYMBOLS)) === text[BIND_CODE_RANDOM_SYMBOLS] ? text : null;
}

/** The message for a typed bind code, or null when it is one. */
export function bindCodeError(typed: string): string | null {
  if (typed.trim() === '') {
    return BIND_CODE_MESSAGES.required;
  }
  return normalizeBindCode(typed) === null ? BIND_CODE_MESSAGES.invalid : null;
}

/** A bind code as the label prints it: two groups of four, `7K3M-Q9X6`. */
export function formatBindCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The text of a meter's QR code: `IMEI:868888000000017;CODE:7K3MQ9X6`. Scanners that know only
 * the IMEI (spec 3 §5: the value after an `imei` marker) still find it.
 */
export function bindQrContent(imei: string, code: string): string {
  return `IMEI:${imei};CODE:${code}`;
}

/** A `code` or `bindCode` marker and its value (not `CODE_128,`, a barcode prefix). */
const CODE_MARKER = /(?:^|[^a-z])(?:bind[_-]?)?code\s*[=:：]\s*([^&#,;\s]+)/i;

/**
 * What a scanned (or pasted) text holds for binding: the IMEI by the spec's extraction rule, and
 * the bind code after a `CODE:` / `code=` marker (our QR content, or a link carrying both), each
 * null when absent or malformed. An older label's QR code holds only the IMEI: the page then asks
 * for the code.
 */
export function parseBindScan(text: string): { imei: string | null; bindCode: string | null } {
  const imei = extractImei(text);
  const marked = CODE_MARKER.exec(text);
  return { imei: isImei(imei) ? imei : null, bindCode: marked?.[1] ? normalizeBindCode(marked[1]) : null };
}
