// A voice clip recorded with the messaging app's JS-SDK (docs/adr/0140): the page's wx.uploadVoice
// leaves it on the messaging app's servers and answers a serverId; the API downloads it
// (`media/get`, AMR-NB at 8 kHz), checks it frame by frame, transcodes it to MP3 with ffmpeg (AMR
// plays in no browser; MP3 plays in all of them) and stores it like a browser's recording.
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { CHAT_VOICE_MAX_SECONDS, VOICE_UPLOAD } from '@glucoguard/domain';
import { spawn } from 'node:child_process';
import { AppError, ErrorCodes } from '../../../lib/errors';
import type { ObjectStore } from '../../../providers/storage/store-base';
import { WechatApiError } from '../../../providers/wechat/wechat-http';
import type { WechatJsSdk } from '../../../providers/wechat/jssdk';
import { putVoice, type StoredVoice } from './voice.service';

/** The refusals of this path, in the words the patient reads. */
export const WECHAT_VOICE_MESSAGES = {
  unavailable: '当前环境不支持微信录音，请使用浏览器录音',
  expired: '语音已失效，请重新录制',
  notVoice: '语音格式不正确，请重新录制',
  tooLong: `语音不能超过 ${CHAT_VOICE_MAX_SECONDS} 秒`,
  upstream: '微信服务暂不可用，请稍后再试',
} as const;

const AMR_MAGIC = Buffer.from('#!AMR\n', 'latin1');
/** Speech bytes after the one-byte header of each AMR-NB frame type (RFC 4867 §5.3; 15 is NO_DATA). */
const AMR_FRAME_BYTES: Readonly<Record<number, number>> = {
  0: 12,
  1: 13,
  2: 15,
  3: 17,
  4: 19,
  5: 20,
  6: 26,
  7: 31,
  8: 5,
  15: 0,
};
const AMR_FRAME_MS = 20;
/** A transcode that takes longer than this is stopped (a minute of speech takes well under a second). */
const TRANSCODE_TIMEOUT_MS = 20_000;

/**
 * The length of an AMR-NB file (single channel, the RFC 4867 storage format the media API serves)
 * in milliseconds, or null when the bytes are not such a file: the magic line, then whole frames of
 * known types only, at least one.
 */
export function amrDurationMs(bytes: Uint8Array): number | null {
  if (
    bytes.byteLength <= AMR_MAGIC.byteLength ||
    !Buffer.from(bytes.subarray(0, AMR_MAGIC.byteLength)).equals(AMR_MAGIC)
  ) {
    return null;
  }
  let offset = AMR_MAGIC.byteLength;
  let frames = 0;
  while (offset < bytes.byteLength) {
    const header = bytes[offset] ?? 0;
    const size = AMR_FRAME_BYTES[(header >> 3) & 0x0f];
    if (size === undefined || (header & 0x83) !== 0) {
      return null;
    }
    offset += 1 + size;
    frames += 1;
  }
  return offset === bytes.byteLength ? frames * AMR_FRAME_MS : null;
}

/**
 * AMR-NB → MP3 (mono, 16 kHz, 32 kbit/s: about 240 KB a minute) through the ffmpeg binary shipped in
 * `@ffmpeg-installer`. The input format is forced (`-f amr`), so ffmpeg probes nothing else.
 */
export function transcodeAmrToMp3(amr: Uint8Array, binary: string = ffmpeg.path): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'amr', '-i', 'pipe:0'];
    args.push('-vn', '-map_metadata', '-1', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k');
    args.push('-f', 'mp3', 'pipe:1');
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TRANSCODE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const mp3 = Buffer.concat(out);
      if (code === 0 && mp3.byteLength > 0) {
        resolve(new Uint8Array(mp3));
      } else {
        const why = Buffer.concat(err).toString('utf8').trim().slice(0, 300);
        reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${why}`));
      }
    });
    // A closed stdin (ffmpeg gave up early) must not crash the process.
    child.stdin.on('error', () => undefined);
    child.stdin.end(Buffer.from(amr));
  });
}

export interface StoredWechatVoice extends StoredVoice {
  /** The clip's length in whole seconds (at least 1), from its frames. */
  seconds: number;
}

/**
 * Fetches the clip a page uploaded with `wx.uploadVoice` (its serverId) and stores it as MP3 under
 * `uploads/275/…`. With no messaging-app account configured (the local provider) it refuses: such
 * a page has no JS-SDK and records in the browser instead.
 */
export async function storeWechatVoice(
  store: ObjectStore,
  jsSdk: WechatJsSdk | null,
  input: { serverId: string; now: Date },
): Promise<StoredWechatVoice> {
  if (jsSdk === null) {
    throw new AppError(ErrorCodes.badRequest, WECHAT_VOICE_MESSAGES.unavailable, 400);
  }
  let amr: Uint8Array;
  try {
    // Read up to a few times the limit, so an oversized clip gets the upload's own refusal below.
    ({ bytes: amr } = await jsSdk.downloadMedia(input.serverId, 4 * VOICE_UPLOAD.maxBytes));
  } catch (error) {
    if (error instanceof WechatApiError && error.errcode === 40007) {
      throw new AppError(ErrorCodes.badRequest, WECHAT_VOICE_MESSAGES.expired, 400);
    }
    if (error instanceof WechatApiError) {
      throw new AppError(ErrorCodes.unavailable, WECHAT_VOICE_MESSAGES.upstream, 503);
    }
    throw error;
  }
  if (amr.byteLength > VOICE_UPLOAD.maxBytes) {
    throw new AppError(ErrorCodes.badRequest, VOICE_UPLOAD.tooLarge, 413);
  }
  const ms = amrDurationMs(amr);
  if (ms === null) {
    throw new AppError(ErrorCodes.badRequest, WECHAT_VOICE_MESSAGES.notVoice, 400);
  }
  // The JS-SDK stops a recording at 60 s by itself; a little slack for the last frames.
  if (ms > (CHAT_VOICE_MAX_SECONDS + 1) * 1000) {
    throw new AppError(ErrorCodes.badRequest, WECHAT_VOICE_MESSAGES.tooLong, 400);
  }
  const mp3 = await transcodeAmrToMp3(amr);
  const stored = await putVoice(store, mp3, { contentType: 'audio/mpeg', ext: 'mp3' }, input.now);
  const seconds = Math.min(CHAT_VOICE_MAX_SECONDS, Math.max(1, Math.round(ms / 1000)));
  return { ...stored, seconds };
}
