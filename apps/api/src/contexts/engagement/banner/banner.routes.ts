import type { FastifyInstance } from 'fastify';
import { sendSvgImage, svgImageName } from '../../../lib/svg-image';
import { notFound } from '../../../lib/errors';
import { bannerImageSvg, isBannerImageName } from './banner.images';
import { shownBanners } from './banner.service';

export function bannerRoutes(app: FastifyInstance) {
  app.operation('bannerList', async (request) =>
    shownBanners(app.em, request.query.productCode, app.providers.clock()),
  );

  app.operation('bannerImage', async (request, reply) => {
    const name = svgImageName(request.params.name);
    if (!isBannerImageName(name)) {
      throw notFound('图片不存在');
    }
    return sendSvgImage(reply, bannerImageSvg(name));
  });
}
