import type { EntityManager } from '@mikro-orm/core';
import { Customer } from './customer.entity';
import { ClosedAccount } from './closedAccount.entity';

/** Storage of account closure: the closed-account record and the de-identified customer row. */
export class ClosedAccountRepository {
  constructor(private readonly em: EntityManager) {}

  /** Whether a registered account with one of these identifier hashes was closed before. */
  async knownHashes(phoneHash: string, openidHash: string): Promise<boolean> {
    const n = await this.em.count(ClosedAccount, {
      registeredAt: { $ne: null },
      $or: [{ phoneHash }, { openidHash }],
    });
    return n > 0;
  }

  async record(row: {
    customerId: string;
    phoneHash: string | null;
    openidHash: string;
    registeredAt: Date | null;
    closedAt: Date;
  }): Promise<void> {
    this.em.create(ClosedAccount, row);
    await this.em.flush();
  }

  /**
   * Clears the personal profile and frees the phone and openid (the openid becomes a value no
   * provider issues, so the next sign-in with it starts a new account). Conditional on the account
   * still being open: false when a concurrent closure got there first.
   */
  async deIdentify(customerId: string, closedAt: Date): Promise<boolean> {
    const changed = await this.em.nativeUpdate(
      Customer,
      { id: customerId, closedAt: null },
      {
        openid: `closed_${customerId.replaceAll('-', '')}`,
        unionid: null,
        phone: null,
        nickname: '',
        headimgurl: '',
        sex: 0,
        birthday: null,
        diabetesType: null,
        bloodPressureType: null,
        province: null,
        city: null,
        district: null,
        address: null,
        longitude: null,
        latitude: null,
        heightCm: null,
        weightKg: null,
        doctorId: null,
        isFamilyMember: false,
        msgReceive: false,
        msgNoTestReceive: false,
        closedAt,
      },
    );
    return changed > 0;
  }
}
