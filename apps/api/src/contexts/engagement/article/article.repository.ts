import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { Article, ArticleCategory } from './article.entity';

export interface ArticleRow {
  article_id: number;
  type_id: number;
  type_name: string;
  title: string;
  content_points: string;
  pic_url: string;
  read_num: number;
  praise: number;
  add_score: number;
  create_time: string;
}

export interface ReaderRow {
  completed: boolean;
  praised: boolean;
  read_seconds: number;
  /** Epoch milliseconds of the last heartbeat. */
  last_beat_ms: number | null;
}

const COLUMNS = `a.id as article_id, a.type_id, t.name as type_name, a.title, a.content_points, a.pic_url, a.read_num, a.praise, a.add_score,
  to_char(a.published_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as create_time`;
/** Only articles with status 1 in a category with status 1 are ever shown. */
const SHOWN = 'a.status = 1 and t.status = 1';

/** Storage of articles and of what each reader did with them. Plain SQL; counters move in single statements. */
export class ArticleRepository {
  constructor(private readonly em: EntityManager) {}

  categories(): Promise<{ type_id: number; type_name: string }[]> {
    return sql(this.em).execute(
      'select id as type_id, name as type_name from article_category where status = 1 order by sort, id',
    );
  }

  async page(
    typeId: number | undefined,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: ArticleRow[]; total: number }> {
    const where = typeId === undefined ? SHOWN : `${SHOWN} and a.type_id = ?`;
    const params = typeId === undefined ? [] : [typeId];
    const [rows, count] = await Promise.all([
      sql(this.em).execute<ArticleRow[]>(
        `select ${COLUMNS} from article a join article_category t on t.id = a.type_id where ${where} order by a.published_at desc, a.id desc limit ? offset ?`,
        [...params, pageSize, (pageNo - 1) * pageSize],
      ),
      sql(this.em).execute<{ n: string | number }[]>(
        `select count(*) as n from article a join article_category t on t.id = a.type_id where ${where}`,
        params,
      ),
    ]);
    return { rows, total: Number(count[0]?.n ?? 0) };
  }

  async shown(articleId: number): Promise<(ArticleRow & { content: string }) | null> {
    const rows = await sql(this.em).execute<(ArticleRow & { content: string })[]>(
      `select ${COLUMNS}, a.content from article a join article_category t on t.id = a.type_id where a.id = ? and ${SHOWN}`,
      [articleId],
    );
    return rows[0] ?? null;
  }

  async reader(customerId: string, articleId: number, forUpdate = false): Promise<ReaderRow | null> {
    const rows = await sql(this.em).execute<
      (Omit<ReaderRow, 'last_beat_ms'> & { last_beat_ms: string | number | null })[]
    >(
      `select completed_at is not null as completed, praised_at is not null as praised, read_seconds,
         (extract(epoch from last_beat_at) * 1000)::bigint as last_beat_ms
       from article_reader where customer_id = ? and article_id = ?${forUpdate ? ' for update' : ''}`,
      [customerId, articleId],
    );
    const row = rows[0];
    return row ? { ...row, last_beat_ms: row.last_beat_ms === null ? null : Number(row.last_beat_ms) } : null;
  }

  /** Records a reader's first opening; true (and one more read) only the first time. */
  async open(customerId: string, articleId: number, at: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ article_id: number }[]>(
      'insert into article_reader (customer_id, article_id, opened_at, last_beat_at) values (?, ?, ?, ?) on conflict do nothing returning article_id',
      [customerId, articleId, at, at],
    );
    if (rows.length === 0) {
      return false;
    }
    await sql(this.em).execute('update article set read_num = read_num + 1 where id = ?', [articleId]);
    return true;
  }

  /** Marks the reader's first completion; true only the first time. */
  async complete(customerId: string, articleId: number, at: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ article_id: number }[]>(
      'update article_reader set completed_at = ? where customer_id = ? and article_id = ? and completed_at is null returning article_id',
      [at, customerId, articleId],
    );
    return rows.length > 0;
  }

  /** Records the reader's like; true (and one more like) only the first time. */
  async praise(customerId: string, articleId: number, at: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ article_id: number }[]>(
      'update article_reader set praised_at = ? where customer_id = ? and article_id = ? and praised_at is null returning article_id',
      [at, customerId, articleId],
    );
    if (rows.length === 0) {
      return false;
    }
    await sql(this.em).execute('update article set praise = praise + 1 where id = ?', [articleId]);
    return true;
  }

  async counters(articleId: number): Promise<{ read_num: number; praise: number }> {
    const rows = await sql(this.em).execute<{ read_num: number; praise: number }[]>(
      'select read_num, praise from article where id = ?',
      [articleId],
    );
    return rows[0] ?? { read_num: 0, praise: 0 };
  }

  async beat(customerId: string, articleId: number, seconds: number, at: Date): Promise<void> {
    await sql(this.em).execute(
      'update article_reader set read_seconds = read_seconds + ?, last_beat_at = ? where customer_id = ? and article_id = ?',
      [seconds, at, customerId, articleId],
    );
  }

  /** Every published article's id, title and category, newest first (the assistant's reading list). */
  publishedTitles(): Promise<Pick<Article, 'id' | 'title' | 'typeId'>[]> {
    return this.em.find(
      Article,
      { status: 1 },
      { fields: ['id', 'title', 'typeId'], orderBy: { publishedAt: 'desc', id: 'desc' } },
    );
  }

  /** The categories shown. */
  activeCategories(): Promise<ArticleCategory[]> {
    return this.em.find(ArticleCategory, { status: 1 });
  }
}
