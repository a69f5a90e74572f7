import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { bannerImageSvg, isBannerImageName } from './banner.images';
import { shownBanners } from './banner.service';

export function bannerRoutes(app: FastifyInstance) {
  app.operation('bannerList', async (request) =>
    shownBanners(app.em, request.query.productCode, app.providers.clock()),
  );

  app.operation('bannerImage', async (request, reply) => {
    const name = /^([a-z]+)\.svg$/.exec(request.params.name)?.[1] ?? '';
    if (!isBannerImageName(name)) {
      throw notFound('图片不存在');
    }
    return reply
      .headers({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
      .send(bannerImageSvg(name));
  });
}
