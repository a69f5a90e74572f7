import {
  FOLLOW_MESSAGES,
  canEditPost,
  canReplyToComment,
  chinaDayRange,
  classifyBloodPressure,
  classifySugar,
  feedMessageRecipients,
  feedPostId,
  feedPostType,
  feedSugarBand,
  formatChinaTime,
  isUrgentBloodPressure,
  isUrgentSugar,
  parseChinaDateTime,
  parseFeedPostId,
  resolveSugarRange,
  validateComment,
  type BpRangeConfig,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import { regionNames } from '../../../providers/geocoder/regions';
import { FollowRepository, isCustomerId } from '../follow/follow.repository';
import { PressureRepository, SugarRepository, tagsView } from '../../health';
import { inTransaction, type Db } from '../../../lib/db';
import type { FeedComment } from './feed.entity';
import { FeedMessageRepository, FeedRepository, type PostKind, type PostRow, type Span } from './feed.repository';

const postGone = () => new AppError(ErrorCodes.notFound, FOLLOW_MESSAGES.postDeleted, 404);
const kindOf = (kind: PostKind) => (kind === 'b' ? 'bloodPressure' : 'bloodSugar');

/** Whose posts the viewer sees: their own and those of the patients who granted them. */
async function visibleOwners(em: Db, viewerId: string): Promise<string[]> {
  return [viewerId, ...(await new FollowRepository(em).grantingPatients(viewerId))];
}

/** A post the viewer may see, or `null`: gone and not-yours look the same. */
async function visiblePost(em: Db, viewerId: string, testId: string): Promise<PostRow | null> {
  const ref = parseFeedPostId(testId);
  if (!ref) {
    return null;
  }
  const post = await new FeedRepository(em).post(ref.kind === 'bloodPressure' ? 'b' : 's', ref.readingId);
  if (!post) {
    return null;
  }
  if (
    post.customerId !== viewerId &&
    (await new FollowRepository(em).statusOf(viewerId, post.customerId)) !== 'accepted'
  ) {
    return null;
  }
  return post;
}

/** Colours each post by the domain's feed rule against its owner's own thresholds. */
async function levels(em: Db, posts: readonly PostRow[]) {
  const owners = [...new Set(posts.filter((p) => p.kind === 's').map((p) => p.customerId))];
  const sugarRepo = new SugarRepository(em);
  const dictionaries = new Map(
    await Promise.all(owners.map(async (o) => [o, await sugarRepo.slotsWithObjectives(o)] as const)),
  );
  const config: BpRangeConfig[] = posts.some((p) => p.kind === 'b') ? await new PressureRepository(em).ranges() : [];
  return (post: PostRow): { level: 'low' | 'normal' | 'high' | null; urgent: boolean } => {
    if (post.kind === 'b') {
      const [sbp, dbp] = [post.sbp ?? 0, post.dbp ?? 0];
      return {
        level: classifyBloodPressure(sbp, dbp, config) ?? null,
        urgent: isUrgentBloodPressure(sbp, dbp, config),
      };
    }
    const dictionary = dictionaries.get(post.customerId);
    const range = dictionary
      ? resolveSugarRange(post.timeType ?? 0, dictionary.slots, dictionary.objectives)
      : undefined;
    if (!range || post.sugar === null) {
      return { level: null, urgent: false };
    }
    return { level: feedSugarBand(post.sugar, range), urgent: isUrgentSugar(classifySugar(post.sugar, range)) };
  };
}

/** Posts as the feed shows them (spec 2 §3 "Feed post"), with likes, comments and the viewer's note names. */
async function decorate(em: Db, viewerId: string, posts: PostRow[]) {
  const refs = posts.map((p) => ({ kind: p.kind, id: p.id }));
  const repo = new FeedRepository(em);
  const [praises, comments, notes, level] = await Promise.all([
    repo.praises(refs),
    repo.comments(refs),
    new FollowRepository(em).notesFor(viewerId, [...new Set(posts.map((p) => p.customerId))]),
    levels(em, posts),
  ]);
  return posts.map((p) => {
    const mine = (r: { postKind: PostKind; readingId: string }) => r.postKind === p.kind && r.readingId === p.id;
    const postPraises = praises.filter(mine).map((r) => ({ customerId: r.customerId, customerName: r.customerName }));
    const postComments = comments.filter(mine).map((c) => ({
      commentId: c.commentId,
      customerId: c.customerId,
      customerName: c.customerName,
      content: c.content,
      replyCommentId: c.replyCommentId,
      replyName: c.replyName,
      replyCustomerId: c.replyCustomerId,
      createTime: formatChinaTime(new Date(c.createdAt)),
    }));
    const region = regionNames(p);
    return {
      testId: feedPostId(kindOf(p.kind), p.id),
      type: feedPostType(kindOf(p.kind)),
      sugar: p.sugar,
      timeType: p.timeType,
      sbp: p.sbp,
      dbp: p.dbp,
      hr: p.hr,
      ...level(p),
      remark: p.remark,
      tags: tagsView(p.tags),
      deviceImei: p.deviceImei,
      province: region.provinceName,
      city: region.cityName,
      district: region.districtName,
      headimgurl: p.headimgurl,
      sex: p.sex as 0 | 1 | 2,
      customerNote: notes.get(p.customerId) || p.nickname,
      customerId: p.customerId,
      diabetesType: p.diabetesType,
      bloodPressureType: p.bloodPressureType,
      praises: postPraises,
      comments: postComments,
      praiseSize: postPraises.length,
      commentSize: postComments.length,
      praised: postPraises.some((r) => r.customerId === viewerId),
      canEdit: canEditPost(p, viewerId),
      recorder: p.recorderId === null ? null : { customerId: p.recorderId, nickname: p.recorderName ?? '' },
      createTime: formatChinaTime(p.measuredAt),
    };
  });
}

/**
 * The feed (spec: /tangyou/v1/getSugarTest): the viewer's readings and those of the patients who
 * granted them, newest first. `dateTime` keeps one China day; `customerId` one person the viewer
 * may see (anyone else is 40300).
 */
export async function getFeed(
  em: Db,
  viewerId: string,
  query: { dateTime?: string; customerId?: string; pageNo: number; pageSize: number },
) {
  let owners = await visibleOwners(em, viewerId);
  if (query.customerId !== undefined) {
    if (!isCustomerId(query.customerId) || !owners.includes(query.customerId)) {
      throw forbidden(FOLLOW_MESSAGES.noGrant);
    }
    owners = [query.customerId];
  }
  let span: Span | null = null;
  if (query.dateTime !== undefined && query.dateTime !== '') {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(query.dateTime) ? parseChinaDateTime(query.dateTime) : null;
    if (!day) {
      throw new AppError(ErrorCodes.badRequest, '日期格式不正确');
    }
    span = chinaDayRange(day);
  }
  const [rows, total] = await new FeedRepository(em).posts(owners, span, query.pageNo, query.pageSize);
  return pageOf(await decorate(em, viewerId, rows), total, query.pageNo, query.pageSize);
}

/** One post (spec: dynamic); `existsFlag` false when it is gone or not the viewer's to see. */
export async function getPost(em: Db, viewerId: string, testId: string) {
  const post = await visiblePost(em, viewerId, testId);
  if (!post) {
    return { existsFlag: false, post: null };
  }
  const [decorated] = await decorate(em, viewerId, [post]);
  return { existsFlag: true, post: decorated ?? null };
}

/** Tells the post's owner (and, for a reply, the comment's author) in their unread messages. */
async function tell(
  em: Db,
  post: PostRow,
  action: 'like' | 'comment',
  actorId: string,
  now: Date,
  comment?: FeedComment,
) {
  const recipients = feedMessageRecipients({
    action,
    actorId,
    postOwnerId: post.customerId,
    repliedToId: comment?.replyToId ?? null,
  });
  await new FeedMessageRepository(em).add(
    recipients.map((r) => ({
      recipientId: r.recipientId,
      actorId,
      commentType: r.commentType,
      postKind: post.kind,
      readingId: post.id,
      postOwnerId: post.customerId,
      commentId: comment?.id ?? null,
      readAt: null,
      createdAt: now,
    })),
  );
}

/** Likes a post once (spec: addPraise); a second like stores nothing. */
export async function addPraise(em: Db, viewerId: string, testId: string, now: Date) {
  return inTransaction(em, async (tx) => {
    const post = await visiblePost(tx, viewerId, testId);
    if (!post) {
      throw postGone();
    }
    const repo = new FeedRepository(tx);
    const added = await repo.addPraise({
      postKind: post.kind,
      readingId: post.id,
      postOwnerId: post.customerId,
      customerId: viewerId,
      createdAt: now,
    });
    if (added) {
      await tell(tx, post, 'like', viewerId, now);
    }
    return { praiseSize: await repo.countPraises(post.kind, post.id), duplicate: !added };
  });
}

/** Comments on a post, or replies to a comment on it (spec: addComment); nobody replies to themselves. */
export async function addComment(
  em: Db,
  viewerId: string,
  input: { testId: string; content: string; replyCommentId?: string },
  now: Date,
) {
  assertValid(validateComment(input.content));
  return inTransaction(em, async (tx) => {
    const post = await visiblePost(tx, viewerId, input.testId);
    if (!post) {
      throw postGone();
    }
    let replyTo: FeedComment | null = null;
    if (input.replyCommentId !== undefined) {
      replyTo = await new FeedRepository(tx).findComment(input.replyCommentId);
      if (!replyTo || replyTo.postKind !== post.kind || replyTo.readingId !== post.id) {
        throw new AppError(ErrorCodes.notFound, '该评论已被删除', 404);
      }
      if (!canReplyToComment(replyTo, viewerId)) {
        throw new AppError(ErrorCodes.badRequest, '不能回复自己的评论');
      }
    }
    const comment = await new FeedRepository(tx).addComment({
      postKind: post.kind,
      readingId: post.id,
      postOwnerId: post.customerId,
      customerId: viewerId,
      content: input.content.trim(),
      replyCommentId: replyTo?.id ?? null,
      replyToId: replyTo?.customerId ?? null,
      createdAt: now,
    });
    await tell(tx, post, 'comment', viewerId, now, comment);
    return { commentId: comment.id };
  });
}

/** The viewer's unread likes, comments and replies, newest first (spec: getUnreadCommentList). */
export async function unreadMessages(em: Db, viewerId: string, pageNo: number, pageSize: number) {
  const { rows, total } = await new FeedMessageRepository(em).unread(viewerId, pageNo, pageSize);
  const items = rows.map((m) => ({
    id: m.id,
    testId: feedPostId(kindOf(m.postKind), m.readingId),
    commentType: m.commentType as 0 | 1 | 2,
    customerId: m.customerId,
    customerName: m.customerName,
    headimgurl: m.headimgurl,
    content: m.content,
    createTime: formatChinaTime(new Date(m.createdAt)),
  }));
  return pageOf(items, total, pageNo, pageSize);
}

export async function unreadMessageCount(em: Db, viewerId: string) {
  return { count: await new FeedMessageRepository(em).unreadCount(viewerId) };
}

/** Marks all the viewer's unread messages read (spec: updateAllReadStatus). */
export async function readAllMessages(em: Db, viewerId: string, now: Date) {
  return { updated: await new FeedMessageRepository(em).readAll(viewerId, now) };
}
