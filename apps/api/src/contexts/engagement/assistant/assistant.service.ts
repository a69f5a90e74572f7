import type { Db } from '../../../lib/db';
import {
  ASSISTANT_BP_DAYS,
  ASSISTANT_EMPTY_MESSAGE,
  ASSISTANT_MSG_MAX,
  ASSISTANT_RATE_LIMITS,
  ASSISTANT_SUGAR_DAYS,
  ASSISTANT_TOO_LONG_MESSAGE,
  articleTopicsFor,
  boundHistory,
  classifySugar,
  digestPressure,
  digestSugar,
  latestChinaDays,
  relevantArticles,
  type AssistantContext,
  type ChatTurn,
} from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { ArticleRepository } from '../article/article.repository';
import { registeredCustomer } from '../../identity';
import { takeRateLimit } from '../../platform';
import type { SessionContext } from '../../../lib/session-context';
import { PressureRepository, rangesFor, SugarRepository } from '../../health';
import type { AssistantRequest } from '../../../providers/assistant/assistant';

/** The user's own numbers: glucose of the last 14 China days, pressure of the last 30. */
async function contextFor(
  em: Db,
  customerId: string,
  nickname: string,
  message: string,
  now: Date,
): Promise<AssistantContext> {
  const sugarSpan = latestChinaDays(now, ASSISTANT_SUGAR_DAYS);
  const bpSpan = latestChinaDays(now, ASSISTANT_BP_DAYS);
  const [{ slots, range }, sugarRows, bpRows, articles, categories] = await Promise.all([
    rangesFor(em, customerId),
    new SugarRepository(em).leanInRange(customerId, sugarSpan.start, sugarSpan.end),
    new PressureRepository(em).pressures(customerId, bpSpan),
    new ArticleRepository(em).publishedTitles(),
    new ArticleRepository(em).activeCategories(),
  ]);
  const slotName = new Map(slots.map((s) => [s.timeType, s.name]));
  const sugar = digestSugar(
    sugarRows.map((r) => {
      const target = range(r.timeType);
      return {
        sugar: r.sugar,
        slotName: slotName.get(r.timeType) ?? '',
        level: target ? classifySugar(r.sugar, target) : null,
      };
    }),
  );
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const visible = articles
    .filter((a) => categoryName.has(a.typeId))
    .map((a) => ({ articleId: a.id, title: a.title, typeName: categoryName.get(a.typeId) ?? '' }));
  return {
    nickname,
    sugar,
    bp: digestPressure(bpRows.map((r) => ({ sbp: r.sbp, dbp: r.dbp }))),
    articles: relevantArticles(articleTopicsFor(message, { sugar }), visible),
  };
}

/**
 * Checks a question (registered caller, text, rate limit) and gathers what the assistant needs.
 * Every refusal is thrown here, before the stream starts, so it answers the usual envelope.
 */
export async function prepareQuestion(
  em: Db,
  session: SessionContext,
  body: { msg: string; lastMsg?: ChatTurn[] },
  now: Date,
): Promise<AssistantRequest> {
  const customer = await registeredCustomer(em, session);
  const message = body.msg.trim();
  if (message === '') {
    throw new AppError(ErrorCodes.badRequest, ASSISTANT_EMPTY_MESSAGE);
  }
  if (Array.from(message).length > ASSISTANT_MSG_MAX) {
    throw new AppError(ErrorCodes.badRequest, ASSISTANT_TOO_LONG_MESSAGE);
  }
  await takeRateLimit(em, 'assistant', customer.id, ASSISTANT_RATE_LIMITS, now);
  return {
    history: boundHistory(body.lastMsg ?? []),
    message,
    context: await contextFor(em, customer.id, customer.nickname, message, now),
  };
}
