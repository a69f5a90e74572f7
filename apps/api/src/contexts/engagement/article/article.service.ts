import { inTransaction, type Db } from '../../../lib/db';
import { ARTICLE_GONE_MESSAGE, creditedReadSeconds } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type { SessionContext } from '../../../lib/session-context';
import { credit } from '../points/points.service';
import { ArticleRepository, type ArticleRow } from './article.repository';

const gone = () => new AppError(ErrorCodes.notFound, ARTICLE_GONE_MESSAGE, 404);

function articleVo(r: ArticleRow) {
  return {
    articleId: r.article_id,
    typeId: r.type_id,
    typeName: r.type_name,
    title: r.title,
    contentPoints: r.content_points,
    picUrl: r.pic_url,
    readNum: r.read_num,
    praise: r.praise,
    addScore: r.add_score,
    createTime: r.create_time,
  };
}

/** The categories with status 1 (spec: GET /article/type/list). */
export async function articleCategories(em: Db) {
  return (await new ArticleRepository(em).categories()).map((c) => ({ typeId: c.type_id, typeName: c.type_name }));
}

/** Articles with status 1, newest first, of one category or all (spec: GET /article/content/list). */
export async function articlePage(em: Db, typeId: number | undefined, pageNo: number, pageSize: number) {
  const { rows, total } = await new ArticleRepository(em).page(typeId, pageNo, pageSize);
  return pageOf(rows.map(articleVo), total, pageNo, pageSize);
}

async function shownArticle(repo: ArticleRepository, articleId: number) {
  const article = await repo.shown(articleId);
  if (!article) {
    throw gone();
  }
  return article;
}

/** One article with the caller's own reading state; a hidden or missing one answers 40400. */
export async function articleDetail(em: Db, customerId: string, articleId: number) {
  const repo = new ArticleRepository(em);
  const article = await shownArticle(repo, articleId);
  const reader = await repo.reader(customerId, articleId);
  return {
    ...articleVo(article),
    content: article.content,
    complete: reader?.completed ? (1 as const) : (0 as const),
    praised: reader?.praised ? (1 as const) : (0 as const),
    readSeconds: reader?.read_seconds ?? 0,
  };
}

/** The caller opened the article: the read count grows once per reader. */
export async function openArticle(em: Db, customerId: string, articleId: number, now: Date) {
  const repo = new ArticleRepository(em);
  await shownArticle(repo, articleId);
  const first = await repo.open(customerId, articleId, now);
  return { firstRead: first, readNum: (await repo.counters(articleId)).read_num };
}

/**
 * The caller reached the bottom (spec: /article/content/complete): marked once, and the article's
 * `addScore` paid once to a registered customer (ledger key READ_ARTICLE:<id>).
 */
export async function completeArticle(em: Db, session: SessionContext, articleId: number, now: Date) {
  const repo = new ArticleRepository(em);
  const article = await shownArticle(repo, articleId);
  await repo.open(session.customerId, articleId, now);
  const first = await repo.complete(session.customerId, articleId, now);
  const paid = session.registered
    ? await credit(em, session.customerId, {
        code: 'READ_ARTICLE',
        key: String(articleId),
        at: now,
        score: article.add_score,
      })
    : { score: 0, duplicate: false };
  return { complete: 1 as const, firstTime: first, addScore: paid.score };
}

/** A read-time heartbeat: credits what the domain's rule allows since the last beat (bounded, so it cannot be farmed). */
export async function articleHeartbeat(em: Db, customerId: string, articleId: number, now: Date) {
  await shownArticle(new ArticleRepository(em), articleId);
  return inTransaction(em, async (tx) => {
    const repo = new ArticleRepository(tx);
    await repo.open(customerId, articleId, now);
    const reader = await repo.reader(customerId, articleId, true);
    const credited = reader
      ? creditedReadSeconds(
          reader.last_beat_ms === null ? null : new Date(reader.last_beat_ms),
          now,
          reader.read_seconds,
        )
      : 0;
    // A beat that credits nothing leaves the last beat where it was, so beating faster gains nothing.
    if (credited > 0 || reader?.last_beat_ms === null) {
      await repo.beat(customerId, articleId, credited, now);
    }
    return { credited, readSeconds: (reader?.read_seconds ?? 0) + credited };
  });
}

/** The caller likes the article: once, not undoable (spec §2.10). */
export async function praiseArticle(em: Db, customerId: string, articleId: number, now: Date) {
  const repo = new ArticleRepository(em);
  await shownArticle(repo, articleId);
  await repo.open(customerId, articleId, now);
  const first = await repo.praise(customerId, articleId, now);
  return { praised: 1 as const, duplicate: !first, praise: (await repo.counters(articleId)).praise };
}
