import { defineEntity, p } from '@mikro-orm/core';

/** A category of health articles (spec 1 §2.3); only status 1 is shown. */
export const ArticleCategorySchema = defineEntity({
  name: 'ArticleCategory',
  tableName: 'article_category',
  properties: {
    id: p.integer().primary().autoincrement(false),
    name: p.string().length(16),
    sort: p.smallint().default(0),
    status: p.smallint().default(1),
  },
});

export class ArticleCategory extends ArticleCategorySchema.class {}
ArticleCategorySchema.setClass(ArticleCategory);

/** A health article (spec 1 §3 Article); only status 1 is shown. */
export const ArticleSchema = defineEntity({
  name: 'Article',
  tableName: 'article',
  indexes: [{ properties: ['typeId', 'status', 'publishedAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(false),
    typeId: p.integer(),
    title: p.string().length(64),
    /** The summary (the spec's contentPoints); the list cuts it at 25 characters. */
    contentPoints: p.string().length(200),
    picUrl: p.string().length(256),
    /** Paragraphs separated by blank lines; a line starting with `## ` is a heading. Plain text, never HTML. */
    content: p.text(),
    status: p.smallint().default(1),
    /** Points for reading it to the end, once per reader. */
    addScore: p.smallint().default(2),
    /** Readers who opened it (each counted once). */
    readNum: p.integer().default(0),
    /** Likes (each reader once, not undoable). */
    praise: p.integer().default(0),
    remark: p.string().length(100).default(''),
    publishedAt: p.datetime(),
  },
});

export class Article extends ArticleSchema.class {}
ArticleSchema.setClass(Article);

/** What one reader did with one article: opened, read to the end, liked, time spent. */
export const ArticleReaderSchema = defineEntity({
  name: 'ArticleReader',
  tableName: 'article_reader',
  properties: {
    customerId: p.uuid().primary(),
    articleId: p.integer().primary(),
    openedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    praisedAt: p.datetime().nullable(),
    /** Read time credited by heartbeats (domain `creditedReadSeconds`). */
    readSeconds: p.integer().default(0),
    lastBeatAt: p.datetime().nullable(),
  },
});

export class ArticleReader extends ArticleReaderSchema.class {}
ArticleReaderSchema.setClass(ArticleReader);
