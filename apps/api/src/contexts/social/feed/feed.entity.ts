import { defineEntity, p } from '@mikro-orm/core';

/*
 * A feed post is a reading (glucose or pressure), not a row of its own: likes, comments and
 * unread messages point at the reading by kind and id (`postKind` 's' glucose, 'b' pressure, as
 * in the post id), and carry the post owner so access checks need no join with the readings.
 */

/** One like of a post; a person likes a post at most once. */
export const FeedPraiseSchema = defineEntity({
  name: 'FeedPraise',
  tableName: 'feed_praise',
  uniques: [{ properties: ['postKind', 'readingId', 'customerId'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    postKind: p.string().length(1),
    readingId: p.bigint('string'),
    postOwnerId: p.uuid(),
    /** Who liked it. */
    customerId: p.uuid(),
    createdAt: p.datetime(),
  },
});

export class FeedPraise extends FeedPraiseSchema.class {}
FeedPraiseSchema.setClass(FeedPraise);

/** A comment on a post, or a reply to another comment on the same post. */
export const FeedCommentSchema = defineEntity({
  name: 'FeedComment',
  tableName: 'feed_comment',
  indexes: [{ properties: ['postKind', 'readingId'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    postKind: p.string().length(1),
    readingId: p.bigint('string'),
    postOwnerId: p.uuid(),
    /** Who wrote it. */
    customerId: p.uuid(),
    content: p.string().length(800),
    /** The comment replied to, if this is a reply. */
    replyCommentId: p.bigint('string').nullable(),
    /** The author of the comment replied to. */
    replyToId: p.uuid().nullable(),
    createdAt: p.datetime(),
  },
});

export class FeedComment extends FeedCommentSchema.class {}
FeedCommentSchema.setClass(FeedComment);

/** An unread-message entry: someone liked or commented on the recipient's post, or replied to them. */
export const FeedMessageSchema = defineEntity({
  name: 'FeedMessage',
  tableName: 'feed_message',
  indexes: [{ properties: ['recipientId', 'readAt'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    recipientId: p.uuid(),
    actorId: p.uuid(),
    /** The spec's commentType: 0 like, 1 comment, 2 reply. */
    commentType: p.smallint(),
    postKind: p.string().length(1),
    readingId: p.bigint('string'),
    postOwnerId: p.uuid(),
    commentId: p.bigint('string').nullable(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});

export class FeedMessage extends FeedMessageSchema.class {}
FeedMessageSchema.setClass(FeedMessage);
