import type { EntityManager } from '@mikro-orm/core';
import { FrontLog } from './frontLog.entity';

export type NewFrontLog = Pick<
  FrontLog,
  'sessionCustomerId' | 'claimedCustomerId' | 'url' | 'funName' | 'errName' | 'errMessage' | 'requestId' | 'appCode' | 'userAgent'
>;

/** Storage of client error reports. */
export class FrontLogRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(entry: NewFrontLog): Promise<string> {
    const log = this.em.create(FrontLog, entry);
    await this.em.flush();
    return log.id;
  }
}
