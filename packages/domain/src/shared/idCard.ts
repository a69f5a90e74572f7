/** Weights of the first 17 digits in the GB 11643-1999 check (2^(17-i) mod 11). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check characters indexed by the weighted sum mod 11. */
const CHECK_CHARS = '10X98765432';

/** What a valid ID number reveals. */
export type IdCardInfo = {
  /** Birthday as `YYYY-MM-DD`. */
  readonly birthday: string;
  /** 1 male, 2 female, as the profile's `sex` codes. */
  readonly sex: 1 | 2;
};

/** The GB 11643-1999 check character of the first 17 digits of an 18-digit number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  }
  return CHECK_CHARS[sum % 11] ?? '';
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads a mainland resident ID number: 15 digits (first generation, year 19YY) or 18 characters
 * (17 digits and a check digit or X, GB 11643-1999). The birth date must be a real date and, for
 * 18 characters, the check digit must match. Returns the birthday and sex (an odd sequence digit —
 * the last of 15, the penultimate of 18 — means male), or `null` when the number is not valid.
 */
export function parseIdCard(raw: string): IdCardInfo | null {
  const id = raw.trim().toUpperCase();
  let year: number;
  let datePart: string;
  let sexDigit: string;
  if (/^\d{15}$/.test(id)) {
    year = 1900 + Number(id.slice(6, 8));
    datePart = id.slice(8, 12);
    sexDigit = id.slice(14, 15);
  } else if (/^\d{17}[\dX]$/.test(id)) {
    if (idCardCheckChar(id.slice(0, 17)) !== id.slice(17)) {
      return null;
    }
    year = Number(id.slice(6, 10));
    datePart = id.slice(10, 14);
    sexDigit = id.slice(16, 17);
  } else {
    return null;
  }
  const month = Number(datePart.slice(0, 2));
  const day = Number(datePart.slice(2, 4));
  if (year < 1900 || !isRealDate(year, month, day)) {
    return null;
  }
  return {
    birthday: `${year}-${datePart.slice(0, 2)}-${datePart.slice(2, 4)}`,
    sex: Number(sexDigit) % 2 === 1 ? 1 : 2,
  };
}

/** Whether the text is a valid mainland ID number (see {@link parseIdCard}). */
export function isValidIdCard(raw: string): boolean {
  return parseIdCard(raw) !== null;
}
