// Private images (medical reports) are served only through short-lived signed addresses.
//
// The web app shows images with <img src>, which cannot send the Bearer token, and the API has no
// cookies. So the API hands the owner, in its answers, an address that carries an expiry, the
// customer it was issued to and an HMAC over both and the path; the file route checks the
// signature and the expiry and then asks the database whether that customer may still see the file.
// A record takes a private path from a client only from its uploader (private-uploads.ts, ADR 0215).
// Expiries are whole hours (the end of the next hour), so within an hour a page gets the same address
// and the browser's private cache keeps working; an address lives between one and two hours.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../../providers/wechat/identity';

/**
 * Upload folders (businessCode) whose files are private: medical reports (uploads/274/…), chat voice
 * clips (275), chat pictures (276) and repair photos (277). A report's address is signed for its
 * owner's customer id; a chat file's for a member's chat identity (`c_<customerId>` or `s_<staffId>`,
 * ADR 0142); a repair photo's for the customer who filed the request or `s_<staffId>` of an
 * after-sales staff member (docs/adr/0201-repair-photos-private.md).
 */
export const PRIVATE_FOLDER_CODES: ReadonlySet<string> = new Set(['274', '275', '276', '277']);

/** Whether a stored path is a repair photo (a purchase voucher or a fault photo, folder 277 = domain `UPLOAD_BUSINESS_CODE.repair`) as upload names them. */
export function isRepairPhotoPath(path: string): boolean {
  return /^uploads\/277\/[0-9]{4}\/[0-9]{2}\/[0-9]{2}\/[0-9a-f]{32}\.[a-z0-9]{2,5}$/.test(path);
}

/** The folders of chat files (voice 275, pictures 276): their viewers are chat identities. */
const CHAT_FOLDER_CODES: ReadonlySet<string> = new Set(['275', '276']);

const folderOf = (path: string) => /^uploads\/([0-9]+)\//.exec(path)?.[1];

/** Whether a stored path is a chat file (a voice clip or a chat picture). */
export function isChatFilePath(path: string): boolean {
  const folder = folderOf(path);
  return folder !== undefined && CHAT_FOLDER_CODES.has(folder);
}

const HOUR_MS = 3600 * 1000;

/** Whether a stored path is in a private folder. */
export function isPrivatePath(path: string): boolean {
  const folder = folderOf(path);
  return folder !== undefined && PRIVATE_FOLDER_CODES.has(folder);
}

function signature(secret: string, path: string, expires: number, customerId: string): string {
  return createHmac('sha256', deriveKey(secret, 'private-file'))
    .update(`${path}\n${expires}\n${customerId}`)
    .digest('base64url');
}

/**
 * The address of a private file for `customerId` (or a chat identity, `c_…`/`s_…`): the path with
 * `exp` (seconds), `cid` and `sig`. Clients put `imgDomain` before it like before any other stored path.
 */
export function signPrivatePath(secret: string, path: string, customerId: string, now: Date): string {
  const expires = (Math.floor(now.getTime() / HOUR_MS) + 2) * (HOUR_MS / 1000);
  return `${path}?exp=${expires}&cid=${customerId}&sig=${signature(secret, path, expires, customerId)}`;
}

/**
 * The viewer a signed address was issued to (a customer id, or a chat identity for a chat file), or
 * null when it is not signed, forged, for another path or expired.
 */
export function verifyPrivatePath(
  secret: string,
  path: string,
  query: { exp?: string; cid?: string; sig?: string },
  now: Date,
): string | null {
  const { exp, cid, sig } = query;
  if (
    exp === undefined ||
    cid === undefined ||
    sig === undefined ||
    !/^[0-9]{1,12}$/.test(exp) ||
    !/^(?:[cs]_)?[0-9a-f-]{36}$/.test(cid)
  ) {
    return null;
  }
  const expected = Buffer.from(signature(secret, path, Number(exp), cid));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || Number(exp) * 1000 <= now.getTime()) {
    return null;
  }
  return cid;
}
