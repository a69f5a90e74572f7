import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import type { SugarTag } from '../../health';
import { FeedComment, FeedMessage, FeedPraise } from './feed.entity';

/** A post's kind in storage: 's' a glucose reading, 'b' a pressure reading (as in the post id). */
export type PostKind = 's' | 'b';

/** A reading as the feed shows it, with its owner's public profile. */
export interface PostRow {
  kind: PostKind;
  id: string;
  customerId: string;
  measuredAt: Date;
  timeType: number | null;
  sugar: number | null;
  sbp: number | null;
  dbp: number | null;
  hr: number | null;
  remark: string;
  tags: SugarTag[];
  deviceImei: string | null;
  nickname: string;
  headimgurl: string;
  sex: number;
  province: string | null;
  city: string | null;
  district: string | null;
  diabetesType: string | null;
  bloodPressureType: string | null;
  /** The relative who entered the reading for its owner, or null (the owner or their meter did). */
  recorderId: string | null;
  recorderName: string | null;
}

/** A time window, start inclusive and end exclusive. */
export interface Span {
  start: Date;
  end: Date;
}

type Raw = Omit<PostRow, 'measuredAt' | 'sugar' | 'sex' | 'tags'> & {
  measuredAt: Date | string;
  sugar: string | number | null;
  sex: string | number;
  tags: SugarTag[] | string | null;
};

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

function readings(owners: readonly string[], span: Span | null, only?: { kind: PostKind; id: string }) {
  const where = (table: 'sugar_test' | 'blood_pressure_test') => {
    const parts = [`${table}.customer_id in (${marks(owners.length)})`];
    const params: unknown[] = [...owners];
    if (span) {
      parts.push(`${table}.measured_at >= ? and ${table}.measured_at < ?`);
      params.push(span.start, span.end);
    }
    if (only) {
      parts.push(`${table}.id = ?`);
      params.push(only.id);
    }
    return { clause: parts.join(' and '), params };
  };
  const s = where('sugar_test');
  const b = where('blood_pressure_test');
  const sugar = `select 's' as kind, sugar_test.id, customer_id, recorded_by, measured_at, time_type, sugar, null::smallint as sbp, null::smallint as dbp, null::smallint as hr, remark, tags, device_imei
                   from sugar_test where ${s.clause}`;
  const pressure = `select 'b' as kind, blood_pressure_test.id, customer_id, recorded_by, measured_at, null::smallint as time_type, null::numeric as sugar, sbp, dbp, hr, remark,
                           '[]'::jsonb as tags, device_imei
                      from blood_pressure_test where ${b.clause}`;
  if (only) {
    return only.kind === 's' ? { union: sugar, params: s.params } : { union: pressure, params: b.params };
  }
  return { union: `${sugar} union all ${pressure}`, params: [...s.params, ...b.params] };
}

const POST_COLUMNS = `p.kind, p.id::text as id, p.customer_id as "customerId", p.measured_at as "measuredAt", p.time_type as "timeType", p.sugar,
  p.sbp, p.dbp, p.hr, p.remark, p.tags, p.device_imei as "deviceImei", c.nickname, c.headimgurl, c.sex, c.province, c.city, c.district,
  c.diabetes_type as "diabetesType", c.blood_pressure_type as "bloodPressureType",
  rb.id as "recorderId", rb.nickname as "recorderName"`;

/** The posts' readings with their owners and, for a reading a relative entered, that relative. */
const POST_SOURCES = (union: string) => `(${union}) p join customer c on c.id = p.customer_id
  left join customer rb on rb.id = p.recorded_by and p.recorded_by <> p.customer_id`;

function toPost(r: Raw): PostRow {
  const tags = typeof r.tags === 'string' ? (JSON.parse(r.tags) as SugarTag[]) : (r.tags ?? []);
  return {
    ...r,
    measuredAt: new Date(r.measuredAt),
    sugar: r.sugar === null ? null : Number(r.sugar),
    sex: Number(r.sex),
    tags,
  };
}

/** Reads of the feed: readings as posts, likes, comments and unread messages. */
export class FeedRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of the owners' readings, newest first, and how many there are. */
  async posts(
    owners: readonly string[],
    span: Span | null,
    pageNo: number,
    pageSize: number,
  ): Promise<[PostRow[], number]> {
    if (owners.length === 0) {
      return [[], 0];
    }
    const { union, params } = readings(owners, span);
    const rows = await sql(this.em).execute<Raw[]>(
      `select ${POST_COLUMNS} from ${POST_SOURCES(union)}
        order by p.measured_at desc, p.kind, p.id desc limit ? offset ?`,
      [...params, pageSize, (pageNo - 1) * pageSize],
    );
    const [count] = await sql(this.em).execute<{ n: string | number }[]>(
      `select count(*) as n from (${union}) p`,
      params,
    );
    return [rows.map(toPost), Number(count?.n ?? 0)];
  }

  /** One reading as a post, whoever owns it; `null` when it does not exist. */
  async post(kind: PostKind, id: string): Promise<PostRow | null> {
    const table = kind === 's' ? 'sugar_test' : 'blood_pressure_test';
    const [owner] = await sql(this.em).execute<{ customer_id: string }[]>(
      `select customer_id from ${table} where id = ?`,
      [id],
    );
    if (!owner) {
      return null;
    }
    const { union, params } = readings([owner.customer_id], null, { kind, id });
    const [row] = await sql(this.em).execute<Raw[]>(`select ${POST_COLUMNS} from ${POST_SOURCES(union)}`, params);
    return row ? toPost(row) : null;
  }

  /** The likes of some posts, oldest first, with the likers' nicknames. */
  async praises(posts: readonly { kind: PostKind; id: string }[]) {
    if (posts.length === 0) {
      return [];
    }
    return sql(this.em).execute<{ postKind: PostKind; readingId: string; customerId: string; customerName: string }[]>(
      `select pr.post_kind as "postKind", pr.reading_id::text as "readingId", pr.customer_id as "customerId", c.nickname as "customerName"
         from feed_praise pr join customer c on c.id = pr.customer_id
        where (pr.post_kind, pr.reading_id) in (${posts.map(() => '(?, ?)').join(',')})
        order by pr.created_at, pr.id`,
      posts.flatMap((p) => [p.kind, p.id]),
    );
  }

  /** The comments of some posts, oldest first, with the authors' and the replied-to authors' nicknames. */
  async comments(posts: readonly { kind: PostKind; id: string }[]) {
    if (posts.length === 0) {
      return [];
    }
    return sql(this.em).execute<
      {
        postKind: PostKind;
        readingId: string;
        commentId: string;
        customerId: string;
        customerName: string;
        content: string;
        replyCommentId: string | null;
        replyCustomerId: string | null;
        replyName: string | null;
        createdAt: Date | string;
      }[]
    >(
      `select cm.post_kind as "postKind", cm.reading_id::text as "readingId", cm.id::text as "commentId", cm.customer_id as "customerId",
              a.nickname as "customerName", cm.content, cm.reply_comment_id::text as "replyCommentId", cm.reply_to_id as "replyCustomerId",
              r.nickname as "replyName", cm.created_at as "createdAt"
         from feed_comment cm join customer a on a.id = cm.customer_id left join customer r on r.id = cm.reply_to_id
        where (cm.post_kind, cm.reading_id) in (${posts.map(() => '(?, ?)').join(',')})
        order by cm.created_at, cm.id`,
      posts.flatMap((p) => [p.kind, p.id]),
    );
  }

  /** Stores a like unless the person already liked the post; answers whether it was new. */
  async addPraise(
    row: Pick<FeedPraise, 'postKind' | 'readingId' | 'postOwnerId' | 'customerId' | 'createdAt'>,
  ): Promise<boolean> {
    const inserted = await sql(this.em).execute<{ id: string }[]>(
      `insert into feed_praise (post_kind, reading_id, post_owner_id, customer_id, created_at) values (?, ?, ?, ?, ?)
       on conflict (post_kind, reading_id, customer_id) do nothing returning id`,
      [row.postKind, row.readingId, row.postOwnerId, row.customerId, row.createdAt],
    );
    return inserted.length > 0;
  }

  countPraises(kind: PostKind, readingId: string): Promise<number> {
    return this.em.count(FeedPraise, { postKind: kind, readingId });
  }

  /**
   * Removes the likes and comments of a post whose reading is being deleted. Unread messages about
   * it stay: opened, they show the spec's 本条数据已被删除.
   */
  async forgetPost(kind: PostKind, readingId: string): Promise<void> {
    await this.em.nativeDelete(FeedPraise, { postKind: kind, readingId });
    await this.em.nativeDelete(FeedComment, { postKind: kind, readingId });
  }

  /** Stores a comment (or a reply) and answers it with its id. */
  async addComment(data: Omit<FeedComment, 'id'>): Promise<FeedComment> {
    const comment = this.em.create(FeedComment, data as FeedComment);
    await this.em.flush();
    return comment;
  }

  findComment(id: string): Promise<FeedComment | null> {
    return /^[1-9]\d{0,17}$/.test(id) ? this.em.findOne(FeedComment, { id }) : Promise.resolve(null);
  }
}

// An unread message is shown while its post is still the recipient's or one they may see.
const MESSAGE_VISIBLE = `m.recipient_id = ? and m.read_at is null and (m.post_owner_id = m.recipient_id or exists (
  select 1 from follow f where f.follower_id = m.recipient_id and f.patient_id = m.post_owner_id and f.status = 'accepted'))`;

/** The caller's unread likes, comments and replies. */
export class FeedMessageRepository {
  constructor(private readonly em: EntityManager) {}

  async unread(recipientId: string, pageNo: number, pageSize: number) {
    const rows = await sql(this.em).execute<
      {
        id: string;
        postKind: PostKind;
        readingId: string;
        commentType: number;
        customerId: string;
        customerName: string;
        headimgurl: string;
        content: string | null;
        createdAt: Date | string;
      }[]
    >(
      `select m.id::text as id, m.post_kind as "postKind", m.reading_id::text as "readingId", m.comment_type as "commentType",
              m.actor_id as "customerId", a.nickname as "customerName", a.headimgurl, cm.content, m.created_at as "createdAt"
         from feed_message m join customer a on a.id = m.actor_id left join feed_comment cm on cm.id = m.comment_id
        where ${MESSAGE_VISIBLE}
        order by m.created_at desc, m.id desc limit ? offset ?`,
      [recipientId, pageSize, (pageNo - 1) * pageSize],
    );
    return { rows, total: await this.unreadCount(recipientId) };
  }

  /** Stores messages telling of a like, a comment or a reply. */
  async add(messages: readonly Omit<FeedMessage, 'id'>[]): Promise<void> {
    for (const message of messages) {
      this.em.create(FeedMessage, message as FeedMessage);
    }
    await this.em.flush();
  }

  /** Marks all the recipient's unread messages read; answers how many. */
  readAll(recipientId: string, now: Date): Promise<number> {
    return this.em.nativeUpdate(FeedMessage, { recipientId, readAt: null }, { readAt: now });
  }

  async unreadCount(recipientId: string): Promise<number> {
    const [row] = await sql(this.em).execute<{ n: string | number }[]>(
      `select count(*) as n from feed_message m where ${MESSAGE_VISIBLE}`,
      [recipientId],
    );
    return Number(row?.n ?? 0);
  }
}
