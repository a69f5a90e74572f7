import type { FastifyInstance } from 'fastify';
import { UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { staffActor } from '../../identity';
import { storeImage, takeRateLimit, UPLOAD_BODY_LIMIT, UPLOAD_LIMITS } from '../../platform';
import { MANUAL_BODY_LIMIT, storeManual } from './catalogue.manual';
import {
  consoleGuideById,
  consoleGuides,
  consoleList,
  consolePolicies,
  consoleProduct,
  consoleProducts,
  consoleShops,
  createRow,
  savePolicy,
  updateRow,
} from './catalogueConsole.service';

/**
 * The after-sales catalogue in the console (tag `consoleAfterSales`, permission
 * `aftersales.catalogue`: operators and admins); every change is audited with the staff member as
 * the actor. Answers are the console views the service builds from the stored rows.
 */
export function catalogueConsoleRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();
  app.operation('consoleAfterSalesProductCategorys', async () => consoleList(app.em, 'category', {}));
  app.operation('consoleAfterSalesCreateProductCategory', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'category', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateProductCategory', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'category', request.params.categoryId, request.body, now()),
  );

  app.operation('consoleAfterSalesProducts', async (request) => consoleProducts(app.em, request.query));
  app.operation('consoleAfterSalesProduct', async (request) => consoleProduct(app.em, request.params.productId));
  app.operation('consoleAfterSalesCreateProduct', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'product', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateProduct', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'product', request.params.productId, request.body, now()),
  );

  app.operation('consoleAfterSalesGuides', async (request) => consoleGuides(app.em, request.query));
  app.operation('consoleAfterSalesGuide', async (request) => consoleGuideById(app.em, request.params.guideId));
  app.operation('consoleAfterSalesCreateGuide', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'guide', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateGuide', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'guide', request.params.guideId, request.body, now()),
  );

  app.operation('consoleAfterSalesBanners', async (request) =>
    consoleList(app.em, 'banner', { ...(request.query.productCode && { productCode: request.query.productCode }) }),
  );
  app.operation('consoleAfterSalesCreateBanner', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'banner', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateBanner', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'banner', request.params.bannerId, request.body, now()),
  );

  app.operation('consoleAfterSalesGuaranteePlatforms', async () => consoleList(app.em, 'platform', {}));
  app.operation('consoleAfterSalesCreateGuaranteePlatform', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'platform', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateGuaranteePlatform', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'platform', request.params.platformId, request.body, now()),
  );

  app.operation('consoleAfterSalesGuarantees', async (request) =>
    consoleList(app.em, 'guarantee', {
      ...(request.query.platformId !== undefined && { platformId: request.query.platformId }),
    }),
  );
  app.operation('consoleAfterSalesCreateGuarantee', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'guarantee', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateGuarantee', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'guarantee', request.params.guaranteeId, request.body, now()),
  );

  app.operation('consoleAfterSalesShops', async (request) => consoleShops(app.em, request.query));
  app.operation('consoleAfterSalesCreateShop', async (request) =>
    createRow(app.em, staffActor(request, request.staff), 'shop', request.body, now()),
  );
  app.operation('consoleAfterSalesUpdateShop', async (request) =>
    updateRow(app.em, staffActor(request, request.staff), 'shop', request.params.shopId, request.body, now()),
  );

  app.operation('consoleAfterSalesPolicies', async () => consolePolicies(app.em));
  app.operation('consoleAfterSalesUpdatePolicy', async (request) =>
    savePolicy(app.em, staffActor(request, request.staff), request.params.sourceId, request.body, now()),
  );

  // Pictures: the patient's upload rules (bytes checked, metadata stripped), counted per staff
  // member, stored in the general folder whose files are served publicly.
  app.operation(
    'consoleAfterSalesUploadImage',
    async (request) => {
      await takeRateLimit(app.em, 'upload', `staff:${request.staff.staffId}`, UPLOAD_LIMITS, now());
      const stored = await storeImage(app.providers.storage, {
        base64: request.body.data,
        businessCode: UPLOAD_BUSINESS_CODE.general,
        now: now(),
      });
      return { path: stored.path };
    },
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  app.operation(
    'consoleAfterSalesUploadManual',
    async (request) => {
      await takeRateLimit(app.em, 'upload', `staff:${request.staff.staffId}`, UPLOAD_LIMITS, now());
      return { path: await storeManual(app.providers.storage, request.body.data, now()) };
    },
    { bodyLimit: MANUAL_BODY_LIMIT },
  );
}
