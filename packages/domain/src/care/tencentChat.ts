// The `tencent` chat provider's shared rules (ADR 0124): the Tencent Cloud IM account of a chat
// identity, and the custom message that carries one of our stored messages through Tencent's
// network. The server (UserSig, REST) and the web client (@tencentcloud/chat) use the same ones.

/** Tencent Cloud IM's longest UserID, in bytes. */
export const TENCENT_USER_ID_MAX = 32;

/** The `Data` marker of a custom message that carries one of our chat messages. */
export const TENCENT_CHAT_DATA_KIND = 'glucoguard.chat/1';

const IDENTITY = /^([cs])_([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The Tencent Cloud IM UserID of a chat identity (`c_<uuid>` or `s_<uuid>`, 38 characters, over
 * Tencent's 32-byte limit): the same prefix and the UUID's 128 bits in base64url, 24 characters
 * of `A–Z a–z 0–9 _ -`. One identity, one account, the same on the server and in the browser.
 * Throws on anything that is not a chat identity.
 */
export function tencentChatUserId(imUserId: string): string {
  const match = IDENTITY.exec(imUserId);
  if (!match) {
    throw new Error(`not a chat identity: ${imUserId}`);
  }
  const hex = match.slice(2).join('');
  let out = '';
  // 128 bits read 6 at a time: 21 full digits and one of the last 2 bits (padded with zeros).
  let bits = 0;
  let width = 0;
  for (const digit of hex) {
    bits = (bits << 4) | Number.parseInt(digit, 16);
    width += 4;
    while (width >= 6) {
      width -= 6;
      out += BASE64URL[(bits >> width) & 63];
    }
    bits &= (1 << width) - 1;
  }
  if (width > 0) {
    out += BASE64URL[(bits << (6 - width)) & 63];
  }
  return `${match[1]}_${out}`;
}

/** The custom message `Data` that carries `message` (one of our stored messages) through Tencent Cloud IM. */
export function encodeTencentChatData(message: object): string {
  return JSON.stringify({ kind: TENCENT_CHAT_DATA_KIND, message });
}

/** The message a custom message's `Data` carries, or null when it is not one of ours. */
export function decodeTencentChatData(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') {
    return null;
  }
  try {
    const parsed = JSON.parse(data) as { kind?: unknown; message?: unknown } | null;
    return parsed?.kind === TENCENT_CHAT_DATA_KIND && typeof parsed.message === 'object' && parsed.message !== null
      ? (parsed.message as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
