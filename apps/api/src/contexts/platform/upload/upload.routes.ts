import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../../lib/errors';
import type { Db } from '../../../lib/db';
import { registeredCustomerId } from '../../../lib/session-context';
import { takeRateLimit } from '../rate-limit/rateLimit.service';
import { isPrivatePath, verifyPrivatePath } from './private-files';
import { customerUploader, recordPrivateUpload } from './private-uploads';
import { serveKey, storeImage } from './upload.service';
import { storeVoice } from './voice.service';
import { storeWechatVoice } from './wechat-voice.service';

/** Shown for a private image whose address is not signed for someone who may see it, or has expired. */
export const PRIVATE_FILE_MESSAGE = '无权查看该图片，请刷新页面后重试';

const HOUR = 3600 * 1000;
/** The image upload limits per customer, shared by every call that stores images. */
export const UPLOAD_LIMITS = [
  { max: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' },
  { max: 300, windowMs: 24 * HOUR, message: '今日上传次数已达上限，请明天再试' },
];
/** 10 MB of image is about 13.4 MB of base64; the JSON around it needs a little more. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;
/** 2 MB of voice is about 2.8 MB of base64. */
export const VOICE_BODY_LIMIT = 3 * 1024 * 1024;

export interface UploadRouteOptions {
  /**
   * Whether `viewerId` may still see the private file at `path`. Upload is generic: the modules
   * that keep private files (medical reports, chat files) answer this, wired in by the composition
   * root; `origin` is the request's, for the audit trail of a staff member's read.
   */
  ownsPrivateFile(db: Db, viewerId: string, path: string, origin: { ip: string; requestId: string }): Promise<boolean>;
}

export function uploadRoutes(app: FastifyInstance, options: UploadRouteOptions) {
  app.operation(
    'uploadImage',
    async (request) => {
      const customerId = registeredCustomerId(request.session);
      const now = app.providers.clock();
      await takeRateLimit(app.em, 'upload', customerId, UPLOAD_LIMITS, now);
      const stored = await storeImage(app.providers.storage, {
        base64: request.body.data,
        businessCode: request.body.businessCode,
        now,
      });
      // Only this customer may attach a private folder's image to a record (ADR 0215).
      await recordPrivateUpload(app.em, customerUploader(customerId), stored.path, now);
      return { path: stored.path, url: stored.url };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  app.operation(
    'uploadVoice',
    async (request) => {
      const customerId = registeredCustomerId(request.session);
      const now = app.providers.clock();
      await takeRateLimit(app.em, 'upload', customerId, UPLOAD_LIMITS, now);
      const stored = await storeVoice(app.providers.storage, { base64: request.body.data, now });
      await recordPrivateUpload(app.em, customerUploader(customerId), stored.path, now);
      return { path: stored.path, url: stored.url };
    },
    { bodyLimit: VOICE_BODY_LIMIT },
  );

  // A clip the messaging app's JS-SDK recorded: fetched by its serverId, stored as MP3 (ADR 0140).
  app.operation('uploadWechatVoice', async (request) => {
    const customerId = registeredCustomerId(request.session);
    const now = app.providers.clock();
    await takeRateLimit(app.em, 'upload', customerId, UPLOAD_LIMITS, now);
    const stored = await storeWechatVoice(app.providers.storage, app.providers.jsSdk, {
      serverId: request.body.serverId,
      now,
    });
    await recordPrivateUpload(app.em, customerUploader(customerId), stored.path, now);
    return { path: stored.path, url: stored.url, seconds: stored.seconds };
  });

  app.operation('getFile', async (request, reply) => {
    // The path spans slashes, so Fastify hands it over as the wildcard parameter.
    const path = (request.params as Record<string, string>)['*'] ?? '';
    const priv = isPrivatePath(path);
    if (priv) {
      // A private file needs an address signed for a viewer who may still see it (private-files.ts).
      const viewer = verifyPrivatePath(app.providers.sessionSecret, path, request.query, app.providers.clock());
      const origin = { ip: request.ip, requestId: String(request.id) };
      if (viewer === null || !(await options.ownsPrivateFile(app.em, viewer, path, origin))) {
        throw forbidden(PRIVATE_FILE_MESSAGE);
      }
    }
    const served = await serveKey(app.providers.storage, path);
    if (!served) {
      throw notFound('文件不存在');
    }
    reply.headers(served.headers);
    if (priv) {
      // Only the viewer's own browser may keep it, and no longer than its address lives.
      reply.header('cache-control', 'private, max-age=3600');
    }
    return reply.send(Buffer.from(served.body));
  });
}
