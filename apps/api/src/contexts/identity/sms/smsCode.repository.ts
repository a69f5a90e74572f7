import type { Db } from '../../../lib/db';
import { SmsCode } from './smsCode.entity';

/** What a code is for. */
export type SmsPurpose = 'register' | 'updatePhone';

/** The verification codes sent by text message. */
export class SmsCodeRepository {
  constructor(private readonly db: Db) {}

  /** The last code sent to a phone, whatever its use. */
  lastSentTo(phone: string): Promise<SmsCode | null> {
    return this.db.findOne(SmsCode, { phone }, { orderBy: { createdAt: 'desc' } });
  }

  countSentToPhoneSince(phone: string, since: Date): Promise<number> {
    return this.db.count(SmsCode, { phone, createdAt: { $gte: since } });
  }

  countSentForAddressSince(clientIp: string, since: Date): Promise<number> {
    return this.db.count(SmsCode, { clientIp, createdAt: { $gte: since } });
  }

  /** Voids every open code of a phone for a use (a new one replaces them). */
  async voidOpen(phone: string, purpose: SmsPurpose, at: Date): Promise<void> {
    await this.db.nativeUpdate(SmsCode, { phone, purpose, consumedAt: null, voidedAt: null }, { voidedAt: at });
  }

  add(row: {
    phone: string;
    purpose: SmsPurpose;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
    clientIp: string;
  }): SmsCode {
    return this.db.create(SmsCode, row);
  }

  async void(id: SmsCode['id'], at: Date): Promise<void> {
    await this.db.nativeUpdate(SmsCode, { id }, { voidedAt: at });
  }

  /** The newest open code of a phone for a use. */
  latestOpen(phone: string, purpose: SmsPurpose): Promise<SmsCode | null> {
    return this.db.findOne(
      SmsCode,
      { phone, purpose, consumedAt: null, voidedAt: null },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  async save(): Promise<void> {
    await this.db.flush();
  }
}
