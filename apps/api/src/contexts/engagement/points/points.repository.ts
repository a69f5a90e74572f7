import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';

/** The total ranking's tally period; monthly tallies use `YYYY-MM`. */
export const ALL_TIME = 'ALL';

export interface LedgerLine {
  actionName: string;
  score: number;
  createTime: string;
}

export interface RankRow {
  period: string;
  rank: number;
  nickname: string;
  headimgurl: string;
  sex: number;
  score: number;
}

/** Storage of the points ledger, the tallies and the balance on `customer.customer_score`. Plain SQL: every write is one statement. */
export class PointsRepository {
  constructor(private readonly em: EntityManager) {}

  async hasKey(customerId: string, idemKey: string): Promise<boolean> {
    const rows = await sql(this.em).execute<{ one: number }[]>(
      'select 1 as one from points_entry where customer_id = ? and idem_key = ?',
      [customerId, idemKey],
    );
    return rows.length > 0;
  }

  /** Points an action code paid on a China day. */
  async earnedOn(customerId: string, actionCode: string, chinaDay: string): Promise<number> {
    const rows = await sql(this.em).execute<{ total: string | number | null }[]>(
      'select sum(score) as total from points_entry where customer_id = ? and action_code = ? and china_day = ?',
      [customerId, actionCode, chinaDay],
    );
    return Number(rows[0]?.total ?? 0);
  }

  /** Appends an entry unless its key is already there; true when it was appended. */
  async append(entry: {
    customerId: string;
    score: number;
    actionCode: string;
    actionName: string;
    idemKey: string;
    chinaDay: string;
    at: Date;
  }): Promise<boolean> {
    const rows = await sql(this.em).execute<{ id: string }[]>(
      `insert into points_entry (customer_id, score, action_code, action_name, idem_key, china_day, created_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (customer_id, idem_key) do nothing returning id`,
      [entry.customerId, entry.score, entry.actionCode, entry.actionName, entry.idemKey, entry.chinaDay, entry.at],
    );
    return rows.length > 0;
  }

  /**
   * Adds earned points to the balance, to the month's and the all-time tallies, and moves the
   * customer from their old score's bucket to the new one in each period.
   */
  async addEarned(customerId: string, score: number, month: string): Promise<void> {
    await sql(this.em).execute('update customer set customer_score = customer_score + ? where id = ?', [
      score,
      customerId,
    ]);
    const tallies = await sql(this.em).execute<{ period: string; score: number }[]>(
      `insert into points_tally (period, customer_id, score) values (?, ?, ?), (?, ?, ?)
       on conflict (period, customer_id) do update set score = points_tally.score + excluded.score returning period, score`,
      [month, customerId, score, ALL_TIME, customerId, score],
    );
    const moves: [string, number, number][] = [];
    for (const t of tallies) {
      moves.push([t.period, t.score, 1]);
      if (t.score - score > 0) {
        moves.push([t.period, t.score - score, -1]);
      }
    }
    // Every transaction touches buckets in the same order (period, then score from the top), so
    // two customers' updates can wait for each other but never deadlock.
    moves.sort((a, b) => a[0].localeCompare(b[0]) || b[1] - a[1]);
    await sql(this.em).execute(
      `insert into points_score_count (period, score, customers) values ${moves.map(() => '(?, ?, ?)').join(', ')}
       on conflict (period, score) do update set customers = points_score_count.customers + excluded.customers`,
      moves.flat(),
    );
  }

  /** The points balance. */
  async balance(customerId: string): Promise<number> {
    const rows = await sql(this.em).execute<{ score: number }[]>(
      'select customer_score as score from customer where id = ?',
      [customerId],
    );
    return rows[0]?.score ?? 0;
  }

  /** Moves the balance only (spending and giving back; the rankings' tallies count what was earned). */
  async addBalance(customerId: string, delta: number): Promise<void> {
    await sql(this.em).execute('update customer set customer_score = customer_score + ? where id = ?', [
      delta,
      customerId,
    ]);
  }

  /** The balance and the points earned in a month. */
  async summary(customerId: string, month: string): Promise<{ score: number; monthScore: number }> {
    const rows = await sql(this.em).execute<{ score: number; month_score: number | null }[]>(
      `select c.customer_score as score, (select t.score from points_tally t where t.period = ? and t.customer_id = c.id) as month_score
       from customer c where c.id = ?`,
      [month, customerId],
    );
    return { score: rows[0]?.score ?? 0, monthScore: rows[0]?.month_score ?? 0 };
  }

  /** One page of the ledger, newest first; entries of 0 points (a capped action) are not shown. */
  async page(customerId: string, pageNo: number, pageSize: number): Promise<{ lines: LedgerLine[]; total: number }> {
    const [lines, count] = await Promise.all([
      sql(this.em).execute<{ action_name: string; score: number; create_time: string }[]>(
        `select action_name, score, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as create_time
         from points_entry where customer_id = ? and score <> 0 order by created_at desc, id desc limit ? offset ?`,
        [customerId, pageSize, (pageNo - 1) * pageSize],
      ),
      sql(this.em).execute<{ n: string | number }[]>(
        'select count(*) as n from points_entry where customer_id = ? and score <> 0',
        [customerId],
      ),
    ]);
    return {
      lines: lines.map((l) => ({ actionName: l.action_name, score: l.score, createTime: l.create_time })),
      total: Number(count[0]?.n ?? 0),
    };
  }

  /** Per action code: points earned on a China day and ever. */
  async progress(customerId: string, chinaDay: string): Promise<Map<string, { today: number; ever: number }>> {
    const rows = await sql(this.em).execute<
      { action_code: string; today: string | number | null; ever: string | number | null }[]
    >(
      `select action_code, sum(score) filter (where china_day = ?) as today, sum(score) as ever
       from points_entry where customer_id = ? group by action_code`,
      [chinaDay, customerId],
    );
    return new Map(rows.map((r) => [r.action_code, { today: Number(r.today ?? 0), ever: Number(r.ever ?? 0) }]));
  }

  /** Whether the customer has recorded any sugar and any pressure reading. */
  async hasReadings(customerId: string): Promise<{ sugar: boolean; pressure: boolean }> {
    const rows = await sql(this.em).execute<{ sugar: boolean; pressure: boolean }[]>(
      `select exists (select 1 from sugar_test where customer_id = ?) as sugar, exists (select 1 from blood_pressure_test where customer_id = ?) as pressure`,
      [customerId, customerId],
    );
    return { sugar: rows[0]?.sugar === true, pressure: rows[0]?.pressure === true };
  }

  /**
   * The top of both rankings in one statement: `rank()` over the (period, score) index, ties
   * sharing a rank. Only customers who earned points in the period take part.
   */
  async top(month: string, limit: number): Promise<RankRow[]> {
    const rows = await sql(this.em).execute<
      { period: string; rank: string | number; nickname: string; headimgurl: string; sex: number; score: number }[]
    >(RANKING_TOP_SQL, [month, limit, ALL_TIME, limit]);
    return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  }

  /** The customer's score and rank in both periods. */
  async own(
    customerId: string,
    month: string,
  ): Promise<{ month: { score: number; rank: number | null }; total: { score: number; rank: number | null } }> {
    const rows = await sql(this.em).execute<{ period: string; score: number; rank: string | number }[]>(
      RANKING_OWN_SQL,
      [customerId, month, ALL_TIME],
    );
    const of = (period: string) => {
      const row = rows.find((r) => r.period === period);
      return row && row.score > 0 ? { score: row.score, rank: Number(row.rank) } : { score: 0, rank: null };
    };
    return { month: of(month), total: of(ALL_TIME) };
  }
}

/** The ranking's list query (exported for the benchmark's baseline). Parameters: month, limit, 'ALL', limit. */
export const RANKING_TOP_SQL = `select r.period, r.rank, c.nickname, c.headimgurl, c.sex, r.score from (
    (select period, customer_id, score, rank() over (order by score desc) as rank
       from points_tally where period = ? and score > 0 order by score desc, customer_id desc limit ?)
    union all
    (select period, customer_id, score, rank() over (order by score desc) as rank
       from points_tally where period = ? and score > 0 order by score desc, customer_id desc limit ?)
  ) r join customer c on c.id = r.customer_id order by r.period, r.score desc, r.customer_id desc`;

/**
 * The customer's own places (exported for the benchmark's baseline): one more than the customers
 * in the score buckets above theirs, which is what `rank()` gives. Parameters: customer id, month, 'ALL'.
 */
export const RANKING_OWN_SQL = `select t.period, t.score,
    coalesce((select sum(b.customers) from points_score_count b where b.period = t.period and b.score > t.score), 0) + 1 as rank
  from points_tally t where t.customer_id = ? and t.period in (?, ?)`;
