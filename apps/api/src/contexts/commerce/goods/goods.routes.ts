import type { FastifyInstance } from 'fastify';
import { brandFromSourceId } from '@glucoguard/domain';
import type { AppConfig } from '../../../config';
import { notFound } from '../../../lib/errors';
import { sendSvgImage, svgImageName } from '../../../lib/svg-image';
import { CustomerRepository } from '../../identity';
import { goodsImageSvg } from './goods.images';
import { goodsPoster, goodsShareLink } from './goods.poster';
import {
  checkBuyable,
  goodsColumn,
  goodsDetail,
  goodsOnSale,
  goodsOrNotFound,
  shownCategories,
  shownContainers,
  usablePackages,
} from './goods.service';
import { GoodsRepository } from './goods.repository';
import { goodsConsoleRoutes } from './goodsConsole.routes';

/**
 * The mall's goods (spec 3 §2.7, §7; tag `goods`): every signed-in caller, visitors too, may browse;
 * buyValid tells whether the caller may buy. The console's side is in goodsConsole.routes.ts.
 */
export function goodsRoutes(app: FastifyInstance, config: Pick<AppConfig, 'publicBaseUrl'>) {
  app.operation('queryGoodsContainerList', async () => shownContainers(app.em));
  app.operation('getGoodsCategorys', async (request) => shownCategories(app.em, request.query.containerId));
  app.operation('getGoodsListByContainerId', async (request) => goodsOnSale(app.em, request.query));
  app.operation('listHotGoodsByContainerId', async (request) => goodsColumn(app.em, request.query.containerId, 'hot'));
  app.operation('listRecommendGoodsByContainerId', async (request) =>
    goodsColumn(app.em, request.query.containerId, 'recommend'),
  );
  app.operation('getGoodsById', async (request) => goodsDetail(app.em, request.query.goodsId));
  app.operation('goodsBuyValid', async (request) =>
    checkBuyable(app.em, request.session, request.query.goodsId, request.query.number ?? 1),
  );
  app.operation('queryGoodsUsablePackages', async (request) => usablePackages(app.em, request.query.goodsId));

  // The share poster: the sharer's cid goes into the link only when it is a registered customer.
  app.operation('getGoodsPoster', async (request) => {
    const goods = await goodsOrNotFound(new GoodsRepository(app.em), request.query.goodsId);
    const cid = request.query.cid;
    const sharer = cid === undefined ? null : await new CustomerRepository(app.em).findRegistered(cid);
    const brand = brandFromSourceId(request.headers['x-source-id'] as string | undefined);
    const link = goodsShareLink(config.publicBaseUrl, goods.id, sharer?.id ?? null, brand);
    const { path, cached } = await goodsPoster(app.providers.storage, app.providers.sessionSecret, goods, brand, link);
    return { posterUrl: path, link, cached };
  });

  app.operation('goodsImage', async (request, reply) => {
    const svg = goodsImageSvg(svgImageName(request.params.name));
    if (svg === null) {
      throw notFound('图片不存在');
    }
    return sendSvgImage(reply, svg);
  });

  goodsConsoleRoutes(app);
}
