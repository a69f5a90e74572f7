import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@glucoguard/domain';
import { Staff, StaffSession } from './staff.entity';

export type StaffRow = Staff;
export type NewStaff = Pick<
  Staff,
  'username' | 'displayName' | 'passwordHash' | 'role' | 'doctorId' | 'totpSecret' | 'createdAt'
>;

/** Storage of staff accounts and their sessions. */
export class StaffRepository {
  constructor(private readonly em: EntityManager) {}

  byUsername(username: string): Promise<StaffRow | null> {
    return this.em.findOne(Staff, { username }, { disableIdentityMap: true });
  }

  /** The account, its row locked until the caller's transaction ends (a sign-in attempt). */
  byUsernameForUpdate(username: string): Promise<StaffRow | null> {
    return this.em.findOne(Staff, { username }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
  }

  byId(id: string): Promise<StaffRow | null> {
    return this.em.findOne(Staff, { id }, { disableIdentityMap: true });
  }

  /** The enabled doctors' accounts linked to a care-directory doctor, the oldest first. */
  linkedToDoctor(doctorId: number): Promise<StaffRow[]> {
    return this.em.find(
      Staff,
      { doctorId, role: 'doctor', disabledAt: null },
      { orderBy: { createdAt: 'asc' }, disableIdentityMap: true },
    );
  }

  all(): Promise<StaffRow[]> {
    return this.em.find(Staff, {}, { orderBy: { username: 'asc' }, disableIdentityMap: true });
  }

  /** Inserts an account; null when the username is taken (the unique index decides, not a prior read). */
  async insert(staff: NewStaff): Promise<StaffRow | null> {
    try {
      const id = await this.em.insert(Staff, {
        ...staff,
        id: randomUUID(),
        mustChangePassword: true,
        failedSignIns: 0,
        lockedUntil: null,
        disabledAt: null,
        lastSignInAt: null,
      });
      return this.byId(String(id));
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        return null;
      }
      throw error;
    }
  }

  async recordFailure(id: string, failedSignIns: number, lockedUntil: Date | null): Promise<void> {
    await this.em.nativeUpdate(Staff, { id }, { failedSignIns, lockedUntil });
  }

  async recordSignIn(id: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Staff, { id }, { failedSignIns: 0, lockedUntil: null, lastSignInAt: now });
  }

  /** A new role (and doctor link); every session of the account ends: it signs in again as what it now is. */
  async setRole(id: string, role: StaffRole, doctorId: number | null, now: Date): Promise<void> {
    await this.em.nativeUpdate(Staff, { id }, { role, doctorId });
    await this.em.nativeUpdate(StaffSession, { staffId: id, revokedAt: null }, { revokedAt: now });
  }

  async disable(id: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Staff, { id, disabledAt: null }, { disabledAt: now });
    await this.em.nativeUpdate(StaffSession, { staffId: id, revokedAt: null }, { revokedAt: now });
  }

  async addSession(
    session: Pick<StaffSession, 'tokenHash' | 'staffId' | 'createdAt' | 'expiresAt' | 'ip' | 'userAgent'>,
  ) {
    await this.em.insert(StaffSession, { ...session, id: randomUUID(), revokedAt: null });
  }

  /** The live session of a token and its account (not revoked, not expired, account not disabled). */
  async findLive(tokenHash: string, now: Date): Promise<{ session: StaffSession; staff: StaffRow } | null> {
    const session = await this.em.findOne(
      StaffSession,
      { tokenHash, revokedAt: null, expiresAt: { $gt: now } },
      { disableIdentityMap: true },
    );
    if (!session) {
      return null;
    }
    const staff = await this.byId(session.staffId);
    return staff && !staff.disabledAt ? { session, staff } : null;
  }

  /** A new password hash; every other session of the account ends. */
  async setPassword(id: string, passwordHash: string, keepSessionId: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(Staff, { id }, { passwordHash, mustChangePassword: false });
    await this.em.nativeUpdate(
      StaffSession,
      { staffId: id, revokedAt: null, id: { $ne: keepSessionId } },
      { revokedAt: now },
    );
  }

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.em.nativeUpdate(StaffSession, { id, revokedAt: null }, { revokedAt: now });
  }
}
