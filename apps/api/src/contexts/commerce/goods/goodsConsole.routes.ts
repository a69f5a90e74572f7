import type { FastifyInstance } from 'fastify';
import { UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { staffActor } from '../../identity';
import { storeImage, takeRateLimit, UPLOAD_BODY_LIMIT, UPLOAD_LIMITS } from '../../platform';
import {
  changeGoodsStock,
  consoleCategories,
  consoleContainers,
  consoleGoods,
  consoleGoodsPage,
  createCategory,
  createContainer,
  createGoods,
  setGoodsFlags,
  setGoodsShelf,
  updateCategory,
  updateContainer,
  updateGoods,
} from './goodsConsole.service';

/**
 * The mall in the console (tag `consoleGoods`, permission `goods.manage`: operators and admins);
 * every change is written to the audit trail with the staff member as the actor.
 */
export function goodsConsoleRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consoleGoodsContainers', async () => consoleContainers(app.em));
  app.operation('consoleCreateGoodsContainer', async (request) =>
    createContainer(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleUpdateGoodsContainer', async (request) =>
    updateContainer(app.em, staffActor(request, request.staff), request.params.containerId, request.body, now()),
  );

  app.operation('consoleGoodsCategories', async (request) => consoleCategories(app.em, request.query.containerId));
  app.operation('consoleCreateGoodsCategory', async (request) =>
    createCategory(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleUpdateGoodsCategory', async (request) =>
    updateCategory(app.em, staffActor(request, request.staff), request.params.categoryId, request.body, now()),
  );

  app.operation('consoleGoodsList', async (request) => consoleGoodsPage(app.em, request.query));
  app.operation('consoleGoods', async (request) => consoleGoods(app.em, request.params.goodsId));
  app.operation('consoleCreateGoods', async (request) =>
    createGoods(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleUpdateGoods', async (request) =>
    updateGoods(app.em, staffActor(request, request.staff), request.params.goodsId, request.body, now()),
  );
  app.operation('consoleGoodsStock', async (request) =>
    changeGoodsStock(app.em, staffActor(request, request.staff), request.params.goodsId, request.body.change, now()),
  );
  app.operation('consoleGoodsShelf', async (request) =>
    setGoodsShelf(app.em, staffActor(request, request.staff), request.params.goodsId, request.body.status, now()),
  );
  app.operation('consoleGoodsFlags', async (request) =>
    setGoodsFlags(app.em, staffActor(request, request.staff), request.params.goodsId, request.body, now()),
  );

  // A goods picture: the patient's upload rules (bytes checked, metadata stripped), counted per
  // staff member, stored in the general folder whose files are served publicly.
  app.operation(
    'consoleGoodsUploadImage',
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
}
