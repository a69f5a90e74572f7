import { charCount, fail, failWhen, firstFailure, isBlank, OK, tooLongMessage } from '../shared/validator';
import type { ValidationResult } from '../shared/validator';
import { CONSULT_STATUS } from './consult';
import { CONSULT_LIMITS } from './consultForm';
import { CONSULT_MESSAGES } from './labels';

/** Chat history page size (spec 3 §9), read backwards from `lastMessageTime`. */
export const CHAT_HISTORY_PAGE_SIZE = 10;
/** The shortest gap between two sends from one chat screen (spec 3 §5: send throttled 1 s). */
export const CHAT_SEND_THROTTLE_MS = 1000;
/** A chat text's longest length, in characters (spec 3 §5). */
export const CHAT_TEXT_MAX = CONSULT_LIMITS.chat;
/** A voice clip's longest duration, in seconds (the messaging app's recorder stops at 60 s). */
export const CHAT_VOICE_MAX_SECONDS = 60;

/** A chat member's `type` (spec 3 §3 Member): 0 patient, 1 doctor, others a health manager. */
export const CHAT_MEMBER_TYPE = { patient: 0, doctor: 1, healthManager: 2 } as const;

/**
 * The custom message kinds by their `data` value (spec 3 §3 Chat message). The server posts them
 * (the consultation's steps); a client only sends text, image and voice.
 */
export const CHAT_CUSTOM_KINDS = [
  'startConsult',
  'waitConsult',
  'imgStartConsult',
  'customAudioConsult',
  'approveConsult',
  'end-consult',
  'cancel',
  'receive',
  'data',
  'endResult',
  'prescription',
  'transform',
  'rx audit',
  'proposal',
] as const;
export type ChatCustomKind = (typeof CHAT_CUSTOM_KINDS)[number];

/** What a message carries. `custom` follows the spec's payload: data (the kind), description, extension. */
export type ChatPayload =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly url: string }
  | { readonly type: 'voice'; readonly url: string; readonly seconds: number }
  | {
      readonly type: 'custom';
      readonly data: ChatCustomKind;
      readonly description: string;
      readonly extension: string;
    };

/** The chat's own messages, beside the consultation's (`CONSULT_MESSAGES`). */
export const CHAT_MESSAGES = {
  /** A client id that is missing or malformed. */
  clientIdInvalid: '消息编号无效',
  /** An image or voice clip that is not one of our uploads. */
  mediaInvalid: '文件地址无效',
  /** A voice clip of no length or longer than a minute. */
  voiceLength: `语音时长需在 1 到 ${CHAT_VOICE_MAX_SECONDS} 秒之间`,
  /** A message kind a client may not send (custom messages come from the server). */
  typeRefused: '不支持的消息类型',
  /** The caller is not a member of the session. */
  notMember: '您不是该会话的成员',
  /** 'this account is logged in elsewhere, refresh and retry' (spec 3 §8: the kick). */
  kicked: '该账号已在别处登录，请刷新后重试',
  /** A staff member's chat ends when the account is disabled or its role changes. */
  accessEnded: '您的账号已停用或角色已变更，请重新登录',
  /** 'please check your network settings' (spec 3 §8: a resend failed). */
  resendFailed: '请检查您的网络设置',
  /** A connection sending faster than the socket's limit (`chatSendBudget`). */
  tooFast: '发送过于频繁，请稍后再试',
} as const;

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * Our stored chat uploads: the path `uploadImage` (businessCode 276, chat pictures) or `uploadVoice`
 * (275) returns (`uploads/276/2026/11/26/<name>`, the date folders optional), never another site nor
 * another folder: the chat's folders are private to the session's members (ADR 0142).
 */
const MEDIA_PATH = /^uploads\/(?:275|276)\/(?:\d{4}\/\d{2}\/\d{2}\/)?[A-Za-z0-9_.-]{1,200}$/;

/** Whether a client message id is well formed (8 to 64 letters, digits, `_` or `-`); it makes a resend idempotent. */
export function isChatClientId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID.test(value);
}

/** Whether a URL is one of our stored chat uploads (a path `uploadImage` or `uploadVoice` returned, no `..`). */
export function isChatMediaPath(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_PATH.test(value) && !value.includes('..');
}

/**
 * A message a client sends: text, image or voice, into a running consultation (status 2, the only
 * status with an input bar). Text is not blank and at most 500 characters.
 */
export function validateClientChatMessage(input: {
  readonly payload: ChatPayload;
  readonly status: number;
}): ValidationResult {
  const { payload } = input;
  return firstFailure([
    () => failWhen(payload.type === 'custom', 'type', CHAT_MESSAGES.typeRefused),
    () => failWhen(input.status !== CONSULT_STATUS.inConsultation, 'status', CONSULT_MESSAGES.consultEnded),
    () => {
      switch (payload.type) {
        case 'text':
          return firstFailure([
            () => failWhen(isBlank(payload.text), 'text', CONSULT_MESSAGES.chatEmpty),
            () => failWhen(charCount(payload.text) > CHAT_TEXT_MAX, 'text', tooLongMessage('消息', CHAT_TEXT_MAX)),
          ]);
        case 'image':
          return isChatMediaPath(payload.url) ? OK : fail('url', CHAT_MESSAGES.mediaInvalid);
        case 'voice':
          return firstFailure([
            () => failWhen(!isChatMediaPath(payload.url), 'url', CHAT_MESSAGES.mediaInvalid),
            () =>
              failWhen(
                !Number.isInteger(payload.seconds) || payload.seconds < 1 || payload.seconds > CHAT_VOICE_MAX_SECONDS,
                'seconds',
                CHAT_MESSAGES.voiceLength,
              ),
          ]);
        case 'custom':
          return fail('type', CHAT_MESSAGES.typeRefused);
      }
    },
  ]);
}

/** The text a session card shows for its last message (spec 3 §9: consult last text 12 characters). */
export const CHAT_LAST_TEXT_MAX = 12;

/** A message's one-line summary for lists: the text cut to 12 characters, else [图片], [语音] or the custom kind's description. */
export function chatMessageSummary(payload: ChatPayload): string {
  switch (payload.type) {
    case 'text': {
      const chars = Array.from(payload.text.trim());
      return chars.length > CHAT_LAST_TEXT_MAX ? `${chars.slice(0, CHAT_LAST_TEXT_MAX).join('')}…` : chars.join('');
    }
    case 'image':
      return '[图片]';
    case 'voice':
      return '[语音]';
    case 'custom':
      return payload.description;
  }
}

/**
 * The client side's send throttle: whether a send at `now` is allowed after the last accepted send
 * at `lastSentAt` (ms), at least 1 s apart.
 */
export function chatSendAllowed(lastSentAt: number | undefined, now: number): boolean {
  return lastSentAt === undefined || now - lastSentAt >= CHAT_SEND_THROTTLE_MS;
}

/**
 * The server's limit on one chat connection's sends (docs/adr/0131-chat-socket-send-limit.md): a
 * bucket of 10 sends that refills one per second. The screen already sends at most one a second
 * (`CHAT_SEND_THROTTLE_MS`); the burst lets a client resend its queued messages at once after a
 * reconnect, while a script looping on the socket is held to one message a second.
 */
export const CHAT_SOCKET_SEND_BURST = 10;
/** How often the socket's send bucket gains one send back (ms). */
export const CHAT_SOCKET_REFILL_MS = 1000;

/** A connection's send bucket: sends left and when it was last counted (ms). */
export interface ChatSendBudget {
  readonly tokens: number;
  readonly at: number;
}

/** A new connection's bucket: full. */
export function freshChatSendBudget(now: number): ChatSendBudget {
  return { tokens: CHAT_SOCKET_SEND_BURST, at: now };
}

/**
 * Takes one send from the bucket at `now`: refills it for the time passed (at most to the burst),
 * then answers whether the send is allowed and the bucket after it.
 */
export function takeChatSend(budget: ChatSendBudget, now: number): { allowed: boolean; budget: ChatSendBudget } {
  const elapsed = Math.max(0, now - budget.at);
  const tokens = Math.min(CHAT_SOCKET_SEND_BURST, budget.tokens + elapsed / CHAT_SOCKET_REFILL_MS);
  if (tokens < 1) {
    return { allowed: false, budget: { tokens, at: now } };
  }
  return { allowed: true, budget: { tokens: tokens - 1, at: now } };
}
