/**
 * The change feed's and idempotent writes' rules (issue 23, docs/adr/0221-change-feed-ordered-by-transaction.md,
 * docs/adr/0222-idempotency-keys.md): the cursor's format, the page sizes, how an open reading is
 * named, how long an Idempotency-Key is kept, and the refusals' texts.
 */

/** A position in the change feed: the writing transaction's id (xid8) and the row's id, both decimal. */
export interface ChangeCursor {
  readonly xid: string;
  readonly id: string;
}

/** Where a feed read with no cursor starts before retention first deleted anything: before every change. */
export const CHANGE_FEED_START: ChangeCursor = { xid: '0', id: '0' };

/**
 * How long the change feed keeps a change (days, docs/adr/0233-change-feed-retention.md): older ones
 * are deleted daily, and a cursor behind which one of the client's patients lost a change answers
 * 41000 (`OPEN_DATA_MESSAGES.cursorExpired`).
 */
export const CHANGE_FEED_RETENTION_DAYS = 30;

/** Changes a page answers when the client names no limit, and at most. */
export const CHANGE_FEED_LIMITS = { default: 100, max: 1000 } as const;

const DECIMAL = /^(0|[1-9]\d{0,19})$/;

/** Whether decimal `n` is at most `max` (both without leading zeros): xid8 and bigint bounds. */
const atMost = (n: string, max: string) => n.length < max.length || (n.length === max.length && n <= max);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding of an ASCII text (the domain runs in browsers and Node alike, without Buffer). */
function toBase64Url(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const [a, b, c] = [text.charCodeAt(i), text.charCodeAt(i + 1), text.charCodeAt(i + 2)];
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < text.length ? ALPHABET[(n >> 6) & 63]! : '';
    out += i + 2 < text.length ? ALPHABET[n & 63]! : '';
  }
  return out;
}

/** The ASCII text of base64url without padding, or null when it is not such. */
function fromBase64Url(code: string): string | null {
  if (code.length % 4 === 1) {
    return null;
  }
  let out = '';
  for (let i = 0; i < code.length; i += 4) {
    const chunk = code.slice(i, i + 4);
    let n = 0;
    for (let j = 0; j < 4; j += 1) {
      const v = j < chunk.length ? ALPHABET.indexOf(chunk[j]!) : 0;
      if (v < 0) {
        return null;
      }
      n = (n << 6) | v;
    }
    out += String.fromCharCode((n >> 16) & 255);
    out += chunk.length > 2 ? String.fromCharCode((n >> 8) & 255) : '';
    out += chunk.length > 3 ? String.fromCharCode(n & 255) : '';
  }
  return out;
}

/** The opaque cursor a client is given: base64url of `xid:id`. */
export function encodeChangeCursor(cursor: ChangeCursor): string {
  return toBase64Url(`${cursor.xid}:${cursor.id}`);
}

/** The position an opaque cursor names, or null when it is not one this feed gave out. */
export function decodeChangeCursor(text: string): ChangeCursor | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) {
    return null;
  }
  const plain = fromBase64Url(text);
  if (plain === null) {
    return null;
  }
  const [xid, id, ...rest] = plain.split(':');
  if (rest.length > 0 || xid === undefined || id === undefined || !DECIMAL.test(xid) || !DECIMAL.test(id)) {
    return null;
  }
  // The row id is a bigint, the transaction id an unsigned 64-bit xid8.
  if (!atMost(xid, '18446744073709551615') || !atMost(id, '9223372036854775807')) {
    return null;
  }
  // Re-encoding must give the same text back: one position, one cursor.
  return toBase64Url(plain) === text ? { xid, id } : null;
}

/** The kinds of reading an integrator reads and writes (docs/glossary.md). */
export const OPEN_READING_KINDS = ['glucose', 'pressure', 'ketone', 'uricAcid', 'weight'] as const;
export type OpenReadingKind = (typeof OPEN_READING_KINDS)[number];

/** A reading's id for integrators, unique across kinds: `<kind>-<number>`. */
export function openReadingId(kind: OpenReadingKind, id: string): string {
  return `${kind}-${id}`;
}

/** How long the answer to a write with an Idempotency-Key is kept for the client (hours). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** An Idempotency-Key a client may send: 1 to 255 printable ASCII characters. */
export function isIdempotencyKey(text: string): boolean {
  return /^[\x21-\x7E]{1,255}$/.test(text);
}

/** The open operations' refusals, in Chinese for the integrator's logs and users. */
export const OPEN_DATA_MESSAGES = {
  badCursor: '游标无效',
  cursorExpired: '同步游标已过期，请从头同步',
  badIdempotencyKey: 'Idempotency-Key 格式不正确',
  idempotencyKeyReused: 'Idempotency-Key 已用于其他请求',
  noPatient: '该应用没有此项权限',
  valueMismatch: '请只填写与测量类型相符的一项数值',
  badTime: '测量时间格式不正确',
  badPeriod: '请选择月份或周（二选一）',
  duplicateImei: (n: number) => `第${n}台设备：IMEI 与前面的设备重复`,
  badIccid: (n: number) => `第${n}台设备：SIM卡号应为89开头的19或20位数字`,
  deviceProblem: (n: number, problem: string) => `第${n}台设备：${problem}`,
} as const;

/** An instant as integrators get it: ISO 8601 in China time with its offset, `2026-11-27T08:30:00.000+08:00`. */
export function openDateTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('Z', '+08:00');
}
