import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { sendSvgImage, svgImageName } from '../../../lib/svg-image';
import { catalogueImageSvg } from './catalogue.images';
import { manualFile } from './catalogue.manual';
import {
  brandPolicy,
  shownBanners,
  shownCategories,
  shownGuarantee,
  shownGuarantees,
  shownGuide,
  shownGuides,
  shownModels,
  shownPlatforms,
  shownProductDetail,
  shownShops,
  shownWarrantyRemark,
} from './catalogue.service';
import { catalogueConsoleRoutes } from './catalogueConsole.routes';

/**
 * The after-sales catalogue (spec 3 §2.8, §7; tag `product`): every session, visitors too, may read
 * it. The console's side is in catalogueConsole.routes.ts.
 */
export function catalogueRoutes(app: FastifyInstance) {
  app.operation('queryProductBanners', async (request) => shownBanners(app.em, request.query.productCode));
  app.operation('queryProductCategoryList', async (request) => shownCategories(app.em, request.query.name));
  app.operation('queryProductList', async (request) =>
    shownModels(app.em, request.query.categoryId, request.query.name),
  );
  app.operation('getProductDetail', async (request) => shownProductDetail(app.em, request.query.productId));
  app.operation('getProductWarrantyRemark', async (request) => shownWarrantyRemark(app.em, request.query.productId));
  app.operation('queryProductGuideList', async (request) => shownGuides(app.em, request.query));
  app.operation('getProductGuide', async (request) => shownGuide(app.em, request.query.guideId));
  app.operation('queryGuaranteePlatformList', async () => shownPlatforms(app.em));
  app.operation('queryGuaranteeList', async (request) => shownGuarantees(app.em, request.query.categoryId));
  app.operation('getGuarantee', async (request) => shownGuarantee(app.em, request.query.id));
  app.operation('getGuaranteeCredential', async (request) => {
    const { id, name, credentialUrl } = await shownGuarantee(app.em, request.query.id);
    return { id, name, credentialUrl };
  });
  app.operation('queryAuthorisedStoreList', async (request) => shownShops(app.em, request.query));
  app.operation('getServicePolicy', async (request) =>
    brandPolicy(app.em, request.headers['x-source-id'] as string | undefined),
  );

  app.operation('productImage', async (request, reply) => {
    const svg = catalogueImageSvg(svgImageName(request.params.name));
    if (svg === null) {
      throw notFound('图片不存在');
    }
    return sendSvgImage(reply, svg);
  });

  app.operation('productManualFile', async (request, reply) => {
    const file = await manualFile(request.params.name);
    if (file === null) {
      throw notFound('文件不存在');
    }
    return reply
      .headers({
        'content-type': file.contentType,
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      })
      .send(file.body);
  });

  catalogueConsoleRoutes(app);
}
