// The voice clip upload behind POST /common/v1/uploadVoice (chat, docs/adr/0129): a recording from
// the browser's MediaRecorder (WebM/Ogg Opus, MP4/AAC) or a plain MP3/WAV, recognised by its bytes,
// at most 2 MB, stored like an image under uploads/275/<China day>/ with a random name.
import { base64Payload, PRESS_PREFIX, stripPressPrefix, VOICE_UPLOAD } from '@glucoguard/domain';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { ObjectStore } from '../../../providers/storage/store-base';
import { chinaDateFolder, decodeBase64, FILES_ROUTE_PREFIX, UPLOAD_ROOT } from './upload.service';

export type VoiceContentType = 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/mpeg' | 'audio/wav';

/**
 * Sniffed types taken as a voice clip. A recording's container is what the browser makes: WebM
 * (Chrome, Android's in-app browser; file-type names the container video/webm), Ogg (Firefox), MP4
 * (Safari; an isom or M4A brand). Each is stored and served as the audio type of its container.
 */
const ACCEPTED: Readonly<Record<string, { contentType: VoiceContentType; ext: string }>> = {
  'video/webm': { contentType: 'audio/webm', ext: 'webm' },
  'audio/webm': { contentType: 'audio/webm', ext: 'webm' },
  'audio/ogg': { contentType: 'audio/ogg', ext: 'ogg' },
  'audio/ogg; codecs=opus': { contentType: 'audio/ogg', ext: 'ogg' },
  'audio/opus': { contentType: 'audio/ogg', ext: 'ogg' },
  'audio/mp4': { contentType: 'audio/mp4', ext: 'm4a' },
  'audio/x-m4a': { contentType: 'audio/mp4', ext: 'm4a' },
  'video/mp4': { contentType: 'audio/mp4', ext: 'm4a' },
  'audio/mpeg': { contentType: 'audio/mpeg', ext: 'mp3' },
  'audio/wav': { contentType: 'audio/wav', ext: 'wav' },
};

export interface StoredVoice {
  /** The path a chat message carries (`uploads/275/…`). */
  path: string;
  url: string;
  contentType: VoiceContentType;
  bytes: number;
}

/** The base64 without a `data:audio/…;base64,` prefix (the only prefix tolerated). */
function payloadOf(base64: string): string {
  const text = base64.trim();
  if (text.startsWith('data:') && !/^data:audio\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*;base64,/i.test(text)) {
    throw new AppError(ErrorCodes.badRequest, VOICE_UPLOAD.unsupported, 400);
  }
  return base64Payload(text.replace(/^data:audio\/[^,]*,/i, ''));
}

/** Checks and stores a voice clip; 400 for bytes that are no accepted recording, 413 over 2 MB. */
export async function storeVoice(store: ObjectStore, input: { base64: string; now: Date }): Promise<StoredVoice> {
  const bytes = decodeBase64(payloadOf(input.base64), VOICE_UPLOAD.maxBytes, VOICE_UPLOAD.tooLarge, VOICE_UPLOAD);
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected === undefined ? undefined : ACCEPTED[detected.mime];
  if (type === undefined) {
    throw new AppError(ErrorCodes.badRequest, VOICE_UPLOAD.unsupported, 400);
  }
  return putVoice(store, bytes, type, input.now);
}

/** Stores checked clip bytes under `uploads/275/<China day>/` with a random name (also the JS-SDK path's MP3). */
export async function putVoice(
  store: ObjectStore,
  bytes: Uint8Array,
  type: { contentType: VoiceContentType; ext: string },
  now: Date,
): Promise<StoredVoice> {
  // 128 random bits, as for images: the address alone does not let anyone find other clips.
  const key = `${UPLOAD_ROOT}/${VOICE_UPLOAD.businessCode}/${chinaDateFolder(now)}/${PRESS_PREFIX}${randomBytes(16).toString('hex')}.${type.ext}`;
  await store.put(key, bytes, type.contentType);
  const path = stripPressPrefix(key);
  return { path, url: `${FILES_ROUTE_PREFIX}${path}`, contentType: type.contentType, bytes: bytes.byteLength };
}
