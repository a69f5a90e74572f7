// The `tencent` chat provider's server side (ADR 0124). Our database stays the record and the
// judge — membership, the consultation's status, the 500-character limit, idempotent client ids —
// and Tencent Cloud IM only carries: every stored message (a client's, or the server's custom
// steps) is relayed by the REST API as a custom message (TIMCustomElem) whose Data is the stored
// message, from the sender's account to every other member's, synced to the sender's own devices.
import { chatMessageSummary, encodeTencentChatData, tencentChatUserId } from '@glucoguard/domain';
import type { ChatDelivery } from './chat.hub';
import type { ChatMediaSigner } from './chat.media';

/** What the relay needs of Tencent Cloud IM (the provider's REST client). */
export interface TencentImApi {
  readonly sdkAppId: number;
  userSig(userId: string): { sig: string; expireTime: number };
  importAccount(userId: string): Promise<void>;
  sendCustomMessage(message: {
    from: string;
    to: string;
    data: string;
    desc: string;
    random: number;
    syncToSender: boolean;
  }): Promise<unknown>;
}

/**
 * The durable job that relays one stored message (key: the message id, payload: the delivery). It
 * is scheduled in the transaction that stores the message, so a message is relayed even when the
 * process stops right after the commit, retried with backoff when Tencent refuses or cannot be
 * reached, and run by one process.
 */
export const TENCENT_RELAY_JOB = 'care.chat.tencentRelay';

/** How many imported accounts a process remembers before it starts over (a repeat import is harmless). */
const IMPORTED_CAP = 100_000;

/** MsgRandom from the message id: a relay sent twice carries the same random. */
function msgRandom(messageId: string): number {
  let hash = 0x811c9dc5;
  for (const char of messageId) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash;
}

export class TencentChatRelay {
  readonly #im: TencentImApi;
  readonly #imported = new Set<string>();
  readonly #sign: ChatMediaSigner;

  /** `sign` gives each recipient the message with its file address signed for them (ADR 0142). */
  constructor(im: TencentImApi, sign: ChatMediaSigner) {
    this.#im = im;
    this.#sign = sign;
  }

  get sdkAppId(): number {
    return this.#im.sdkAppId;
  }

  /** querySig with Tencent: the caller's account imported (once per process), and a UserSig for it. */
  async sign(imUserId: string): Promise<{ sig: string; expireTime: number }> {
    const userId = tencentChatUserId(imUserId);
    await this.#ensure([userId]);
    return this.#im.userSig(userId);
  }

  /** Carries a stored message to the other members' accounts (and the sender's other devices). */
  async relay(delivery: ChatDelivery): Promise<void> {
    const { message } = delivery;
    const from = tencentChatUserId(message.from);
    const recipients = delivery.members.filter((member) => member !== message.from);
    await this.#ensure([from, ...recipients.map(tencentChatUserId)]);
    const desc = chatMessageSummary(message.payload);
    const random = msgRandom(message.id);
    // The sender's own devices get it once, with the first recipient's copy.
    for (const [index, member] of recipients.entries()) {
      const to = tencentChatUserId(member);
      const data = encodeTencentChatData(this.#sign(member, message));
      await this.#im.sendCustomMessage({ from, to, data, desc, random, syncToSender: index === 0 });
    }
  }

  async #ensure(userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      if (!this.#imported.has(userId)) {
        await this.#im.importAccount(userId);
        if (this.#imported.size >= IMPORTED_CAP) {
          this.#imported.clear();
        }
        this.#imported.add(userId);
      }
    }
  }
}
