import type { FastifyInstance } from 'fastify';
import { sendSvgImage, svgImageName } from '../../../lib/svg-image';
import { notFound } from '../../../lib/errors';
import { articleImageSvg, isArticleImageTheme } from './article.images';
import {
  articleCategories,
  articleDetail,
  articleHeartbeat,
  articlePage,
  completeArticle,
  openArticle,
  praiseArticle,
} from './article.service';

export function articleRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('articleTypes', async () => articleCategories(app.em));

  app.operation('articleList', async (request) =>
    articlePage(app.em, request.query.typeId, request.query.pageNo ?? 1, request.query.pageSize ?? 10),
  );

  app.operation('articleDetail', async (request) =>
    articleDetail(app.em, request.session.customerId, request.query.articleId),
  );

  app.operation('articleRead', async (request) =>
    openArticle(app.em, request.session.customerId, request.body.articleId, now()),
  );

  app.operation('articleComplete', async (request) =>
    completeArticle(app.em, request.session, request.body.articleId, now()),
  );

  app.operation('articleReadTime', async (request) =>
    articleHeartbeat(app.em, request.session.customerId, request.body.articleId, now()),
  );

  app.operation('articlePraise', async (request) =>
    praiseArticle(app.em, request.session.customerId, request.body.articleId, now()),
  );

  app.operation('articleImage', async (request, reply) => {
    const name = svgImageName(request.params.name);
    if (!isArticleImageTheme(name)) {
      throw notFound('图片不存在');
    }
    return sendSvgImage(reply, articleImageSvg(name));
  });
}
