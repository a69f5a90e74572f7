import type { EntityManager } from '@mikro-orm/core';
import { randomInt } from 'node:crypto';
import { INVITE_CODE_LENGTH } from '@glucoguard/domain';
import { Customer } from './customer.entity';
import { Doctor } from '../../platform';
import { notFound } from '../../../lib/errors';

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

  findByInviteCode(code: string): Promise<Customer | null> {
    return this.em.findOne(Customer, { inviteCode: code });
  }

  async save(): Promise<void> {
    await this.em.flush();
  }
}
