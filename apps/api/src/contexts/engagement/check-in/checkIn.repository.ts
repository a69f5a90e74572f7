import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';

export interface CheckInDay {
  day: string;
  series: number;
  score: number;
}

const DAY = `to_char(day, 'YYYY-MM-DD')`;

/** Storage of check-in (签到) days. */
export class CheckInRepository {
  constructor(private readonly em: EntityManager) {}

  /** The latest check-in on or before a China day. */
  async latestUpTo(customerId: string, day: string): Promise<CheckInDay | null> {
    const rows = await sql(this.em).execute<CheckInDay[]>(
      `select ${DAY} as day, series, score from sign_in where customer_id = ? and day <= ? order by day desc limit 1`,
      [customerId, day],
    );
    return rows[0] ?? null;
  }

  /** Inserts a day unless it is already there; true when inserted. */
  async insert(customerId: string, row: CheckInDay, at: Date): Promise<boolean> {
    const rows = await sql(this.em).execute<{ day: string }[]>(
      'insert into sign_in (customer_id, day, series, score, created_at) values (?, ?, ?, ?, ?) on conflict do nothing returning day',
      [customerId, row.day, row.series, row.score, at],
    );
    return rows.length > 0;
  }

  /** The days signed between two China days, inclusive, oldest first. */
  between(customerId: string, from: string, to: string): Promise<CheckInDay[]> {
    return sql(this.em).execute<CheckInDay[]>(
      `select ${DAY} as day, series, score from sign_in where customer_id = ? and day between ? and ? order by day`,
      [customerId, from, to],
    );
  }

  /** One signed day, or null. */
  async day(customerId: string, day: string): Promise<CheckInDay | null> {
    const rows = await sql(this.em).execute<CheckInDay[]>(
      `select ${DAY} as day, series, score from sign_in where customer_id = ? and day = ?`,
      [customerId, day],
    );
    return rows[0] ?? null;
  }
}
