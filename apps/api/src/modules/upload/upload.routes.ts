import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { registeredCustomer } from '../customer/customer.service';
import { takeRateLimit } from '../rate-limit/rateLimit.service';
import type { SessionContext } from '../session/session.service';
import { serveKey, storeImage } from './upload.service';

const HOUR = 3600 * 1000;
/** The image upload limits per customer, shared by every call that stores images. */
export const UPLOAD_LIMITS = [
  { max: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' },
  { max: 300, windowMs: 24 * HOUR, message: '今日上传次数已达上限，请明天再试' },
];
/** 10 MB of image is about 13.4 MB of base64; the JSON around it needs a little more. */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export function uploadRoutes(app: FastifyInstance) {
  app.operation(
    'uploadImage',
    async (request) => {
      const session = request.session as SessionContext;
      const customer = await registeredCustomer(app.em, session);
      const now = app.providers.clock();
      await takeRateLimit(app.em, 'upload', customer.id, UPLOAD_LIMITS, now);
      const stored = await storeImage(app.providers.storage, { base64: request.body.data, businessCode: request.body.businessCode, now });
      return { path: stored.path, url: stored.url };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  app.operation('getFile', async (request, reply) => {
    // The path spans slashes, so Fastify hands it over as the wildcard parameter.
    const served = await serveKey(app.providers.storage, (request.params as Record<string, string>)['*'] ?? '');
    if (!served) {
      throw notFound('文件不存在');
    }
    return reply.headers(served.headers).send(Buffer.from(served.body));
  });
}
