import type { EntityManager } from '@mikro-orm/core';
import { FrontLog } from './frontLog.entity';

export type NewFrontLog = Pick<
  FrontLog,
  | 'sessionCustomerId'
  | 'claimedCustomerId'
  | 'url'
  | 'funName'
  | 'errName'
  | 'errMessage'
  | 'requestId'
  | 'appCode'
  | 'userAgent'
>;

/** Storage of client error reports. */
export class FrontLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Appends a report with one INSERT: reports are never updated, so the unit of work adds nothing. */
  async insert(entry: NewFrontLog): Promise<string> {
    const id = await this.em.insert(FrontLog, { ...entry, createdAt: new Date() });
    return String(id);
  }

  /** A session customer's latest reports, newest first. */
  latestOf(sessionCustomerId: string, limit: number): Promise<FrontLog[]> {
    return this.em.find(FrontLog, { sessionCustomerId }, { orderBy: { id: 'desc' }, limit });
  }
}
