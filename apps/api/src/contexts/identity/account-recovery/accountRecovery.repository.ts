import type { Db } from '../../../lib/db';
import { AccountRecovery } from './accountRecovery.entity';

/** The record of accounts moved onto another messaging-app sign-in. */
export class AccountRecoveryRepository {
  constructor(private readonly db: Db) {}

  countFor(customerId: string, since: Date): Promise<number> {
    return this.db.count(AccountRecovery, { customerId, createdAt: { $gt: since } });
  }

  add(row: {
    customerId: string;
    fromOpenid: string;
    toOpenid: string;
    retiredCustomerId: string;
    ip: string;
    userAgent: string | null;
    createdAt: Date;
  }): void {
    this.db.create(AccountRecovery, row);
  }
}
