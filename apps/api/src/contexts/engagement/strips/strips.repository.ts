import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';

export interface StripLine {
  id: string;
  delta: number;
  reason: string;
  invitedName: string | null;
  createTime: string;
}

/** Storage of the strip ledger, the invited persons and the balance on `customer.give_paper`. Plain SQL. */
export class StripsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Records an invited person unless their phone or openid was invited before; true when recorded. */
  async recordInvitation(row: {
    inviteeId: string;
    inviterId: string;
    phoneHash: string;
    openidHash: string;
    at: Date;
  }): Promise<boolean> {
    const rows = await sql(this.em).execute<{ invitee_id: string }[]>(
      `insert into strip_invitation (invitee_id, inviter_id, phone_hash, openid_hash, created_at)
       values (?, ?, ?, ?, ?) on conflict do nothing returning invitee_id`,
      [row.inviteeId, row.inviterId, row.phoneHash, row.openidHash, row.at],
    );
    return rows.length > 0;
  }

  /** Marks an invitation revoked (once); answers its inviter, or null when there was none to revoke. */
  async revokeInvitation(inviteeId: string, at: Date): Promise<string | null> {
    const rows = await sql(this.em).execute<{ inviter_id: string }[]>(
      'update strip_invitation set revoked_at = ? where invitee_id = ? and revoked_at is null returning inviter_id',
      [at, inviteeId],
    );
    return rows[0]?.inviter_id ?? null;
  }

  /** The masked name an invitation's credit line showed. */
  async invitedName(inviterId: string, inviteeId: string): Promise<string | null> {
    const rows = await sql(this.em).execute<{ invited_name: string | null }[]>(
      'select invited_name from strip_entry where customer_id = ? and idem_key = ?',
      [inviterId, `invitation:${inviteeId}`],
    );
    return rows[0]?.invited_name ?? null;
  }

  async balance(customerId: string): Promise<number> {
    const rows = await sql(this.em).execute<{ give_paper: number }[]>('select give_paper from customer where id = ?', [
      customerId,
    ]);
    return rows[0]?.give_paper ?? 0;
  }

  /** Appends an entry and moves the balance with it, unless the key is already there; true when appended. */
  async append(entry: {
    customerId: string;
    delta: number;
    reason: string;
    idemKey: string;
    invitedName: string | null;
    at: Date;
  }): Promise<boolean> {
    const rows = await sql(this.em).execute<{ id: string }[]>(
      `insert into strip_entry (customer_id, delta, reason, idem_key, invited_name, created_at)
       values (?, ?, ?, ?, ?, ?) on conflict (customer_id, idem_key) do nothing returning id`,
      [entry.customerId, entry.delta, entry.reason, entry.idemKey, entry.invitedName, entry.at],
    );
    if (rows.length === 0) {
      return false;
    }
    await sql(this.em).execute('update customer set give_paper = give_paper + ? where id = ?', [
      entry.delta,
      entry.customerId,
    ]);
    return true;
  }

  /** One page of the ledger, newest first. */
  async page(customerId: string, pageNo: number, pageSize: number): Promise<{ lines: StripLine[]; total: number }> {
    const lines = await sql(this.em).execute<
      { id: string; delta: number; reason: string; invited_name: string | null; create_time: string }[]
    >(
      `select id, delta, reason, invited_name, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as create_time
       from strip_entry where customer_id = ? order by created_at desc, id desc limit ? offset ?`,
      [customerId, pageSize, (pageNo - 1) * pageSize],
    );
    const count = await sql(this.em).execute<{ n: string | number }[]>(
      'select count(*) as n from strip_entry where customer_id = ?',
      [customerId],
    );
    return {
      lines: lines.map((l) => ({
        id: String(l.id),
        delta: l.delta,
        reason: l.reason,
        invitedName: l.invited_name,
        createTime: l.create_time,
      })),
      total: Number(count[0]?.n ?? 0),
    };
  }
}
