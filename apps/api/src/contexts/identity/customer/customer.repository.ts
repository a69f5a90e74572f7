import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { randomInt } from 'node:crypto';
import { INVITE_CODE_LENGTH } from '@glucoguard/domain';
import { Customer } from './customer.entity';
import { Doctor } from '../../platform';
import { notFound } from '../../../lib/errors';
import { sql } from '../../../lib/db';

/** Invite codes avoid look-alike characters (0/O, 1/I/L) so they can be read aloud and typed. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export class CustomerRepository {
  constructor(private readonly em: EntityManager) {}

  async get(id: string): Promise<Customer> {
    const customer = await this.em.findOne(Customer, { id });
    if (!customer) {
      throw notFound('用户不存在');
    }
    return customer;
  }

  findByOpenid(openid: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { openid });
  }

  findByPhone(phone: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { phone });
  }

  async newInviteCode(): Promise<string> {
    for (;;) {
      const code = Array.from(
        { length: INVITE_CODE_LENGTH },
        () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
      ).join('');
      const taken =
        (await this.em.count(Customer, { inviteCode: code })) + (await this.em.count(Doctor, { inviteCode: code }));
      if (taken === 0) {
        return code;
      }
    }
  }

  findDoctorByInviteCode(code: string): Promise<Doctor | null> {
    return this.em.findOne(Doctor, { inviteCode: code });
  }

  findDoctorByOpenid(openid: string): Promise<Doctor | null> {
    return this.em.findOne(Doctor, { openid });
  }

  /** The open account with this invite code: a closed account's code invites nobody. */
  findByInviteCode(code: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { inviteCode: code, closedAt: null });
  }

  async save(): Promise<void> {
    await this.em.flush();
  }

  /**
   * Creates a customer; when another request created the same openid at the same moment (a unique
   * violation), answers that row instead.
   */
  async createOnce(fields: {
    openid: string;
    unionid: string | null;
    sourceId: number;
    nickname: string;
    headimgurl: string;
    sex: number;
    inviteCode: string;
  }): Promise<Customer> {
    const fresh = this.em.create(Customer, fields);
    try {
      await this.em.flush();
      return fresh;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        const row = await this.findByOpenid(fields.openid);
        if (row) {
          return row;
        }
      }
      throw error;
    }
  }

  /** How many registered customers (accounts still open) entered `inviteCode` at registration. */
  countRegisteredInvitedBy(inviteCode: string | null): Promise<number> {
    return this.em.count(Customer, { usedInviteCode: inviteCode, registeredAt: { $ne: null }, closedAt: null });
  }

  /** Gives a visitor (never a registered customer) another messaging-app sign-in. */
  async setVisitorSignIn(id: string, openid: string, unionid: string | null): Promise<void> {
    await this.em.nativeUpdate(Customer, { id, registeredAt: null }, { openid, unionid });
  }

  /** Gives a customer another messaging-app sign-in. */
  async setSignIn(id: string, openid: string, unionid: string | null): Promise<void> {
    await this.em.nativeUpdate(Customer, { id }, { openid, unionid });
  }

  /** A registered customer, or null. */
  findRegistered(id: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { id, registeredAt: { $ne: null } });
  }

  /** Moves the service package's end under a row lock (inside the caller's transaction); answers the new end. */
  async extendServicePackage(id: string, nextEnd: (current: Date | null) => Date): Promise<Date> {
    const rows = await sql(this.em).execute<{ service_expire_date: Date | string | null }[]>(
      'select service_expire_date from customer where id = ? for update',
      [id],
    );
    const raw = rows[0]?.service_expire_date ?? null;
    const end = nextEnd(raw === null ? null : new Date(raw));
    await this.em.nativeUpdate(Customer, { id }, { serviceExpireDate: end });
    return end;
  }
}
