import type { Db } from '../../../lib/db';
import { Feedback } from './feedback.entity';

/** Feedback sent from the settings page. */
export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  /** Stores a feedback and answers its id. */
  add(row: {
    customerId: string;
    type: number;
    adviceContent: string;
    imgUrl: string;
    sourceId: number;
    createdAt: Date;
  }): Promise<number | string> {
    return this.db.insert(Feedback, row);
  }
}
