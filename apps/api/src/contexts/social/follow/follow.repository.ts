import type { EntityManager } from '@mikro-orm/core';
import type { FollowStatus } from '@glucoguard/domain';
import { sql } from '../../../lib/db';
import { Customer } from '../../identity';
import { Follow } from './follow.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT = /^[1-9]\d{0,17}$/;

/** Whether a client-sent id can be a customer id (the database refuses anything else with an error). */
export const isCustomerId = (id: string) => UUID.test(id);

/** A follow with the other person's profile, as the lists show it. */
export interface FollowRow {
  id: string;
  status: FollowStatus;
  followerId: string;
  patientId: string;
  customerNote: string | null;
  isReceive: boolean;
  requestedAt: Date;
  acceptedAt: Date | null;
  /** The other person: the patient in the follower's list, the follower in the patient's. */
  otherId: string;
  nickname: string;
  headimgurl: string;
  sex: number;
  phone: string | null;
}

type RawRow = Omit<FollowRow, 'isReceive' | 'sex'> & { isReceive: boolean; sex: number | string };

/** Storage of follows. */
export class FollowRepository {
  constructor(private readonly em: EntityManager) {}

  /** A registered customer by id or phone, or null (visitors cannot be followed or found). */
  registeredCustomer(where: { id: string } | { phone: string }): Promise<Customer | null> {
    return this.em.findOne(Customer, { ...where, registeredAt: { $ne: null } });
  }

  /** A customer's nickname; throws when there is no such customer. */
  async nickname(customerId: string): Promise<string> {
    return (await this.em.findOneOrFail(Customer, { id: customerId }, { fields: ['nickname'] })).nickname;
  }

  /** A new follow, stored at the next `save`. */
  create(data: Omit<Follow, 'id' | 'decidedAt' | 'acceptedAt'>): Follow {
    return this.em.create(Follow, data as Follow);
  }

  /**
   * Ends every pending or accepted follow on either side of a closed account: a patient's as
   * revoked, a follower's as left (docs/adr/0171-account-closure.md).
   */
  async endAllOf(customerId: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(
      Follow,
      { patientId: customerId, status: { $in: ['pending', 'accepted'] } },
      { status: 'revoked', decidedAt: at, updatedAt: at },
    );
    await this.em.nativeUpdate(
      Follow,
      { followerId: customerId, status: { $in: ['pending', 'accepted'] } },
      { status: 'left', decidedAt: at, updatedAt: at },
    );
  }

  /** Writes the follows changed or created since the last save. */
  async save(): Promise<void> {
    await this.em.flush();
  }

  findById(id: string): Promise<Follow | null> {
    return BIGINT.test(id) ? this.em.findOne(Follow, { id }) : Promise.resolve(null);
  }

  findPair(followerId: string, patientId: string): Promise<Follow | null> {
    return this.em.findOne(Follow, { followerId, patientId });
  }

  /** The status of the follow from one customer to another, `null` when there is none. */
  async statusOf(followerId: string, patientId: string): Promise<FollowStatus | null> {
    if (!isCustomerId(patientId)) {
      return null;
    }
    const row = await this.em.findOne(Follow, { followerId, patientId }, { fields: ['status'] });
    return (row?.status as FollowStatus | undefined) ?? null;
  }

  /** The patients who granted `followerId` access (accepted follows). */
  async grantingPatients(followerId: string): Promise<string[]> {
    const rows = await this.em.find(Follow, { followerId, status: 'accepted' }, { fields: ['patientId'] });
    return rows.map((r) => r.patientId);
  }

  /**
   * One page of follows seen from one side, with the other person's profile, newest request first.
   * `side` 'follower': the caller's follows (the other person is the patient); 'patient': the
   * caller's followers.
   */
  async page(
    side: 'follower' | 'patient',
    customerId: string,
    statuses: readonly FollowStatus[],
    pageNo: number,
    pageSize: number,
  ): Promise<[FollowRow[], number]> {
    const own = side === 'follower' ? 'follower_id' : 'patient_id';
    const other = side === 'follower' ? 'patient_id' : 'follower_id';
    const marks = statuses.map(() => '?').join(',');
    const rows = await sql(this.em).execute<RawRow[]>(
      `select f.id::text as id, f.status, f.follower_id as "followerId", f.patient_id as "patientId", f.customer_note as "customerNote",
              f.is_receive as "isReceive", f.requested_at as "requestedAt", f.accepted_at as "acceptedAt",
              c.id as "otherId", c.nickname, c.headimgurl, c.sex, c.phone
         from follow f join customer c on c.id = f.${other}
        where f.${own} = ? and f.status in (${marks})
        order by f.requested_at desc, f.id desc
        limit ? offset ?`,
      [customerId, ...statuses, pageSize, (pageNo - 1) * pageSize],
    );
    const total = await this.em.count(Follow, {
      [side === 'follower' ? 'followerId' : 'patientId']: customerId,
      status: { $in: [...statuses] },
    });
    return [
      rows.map((r) => ({
        ...r,
        sex: Number(r.sex),
        requestedAt: new Date(r.requestedAt),
        acceptedAt: r.acceptedAt ? new Date(r.acceptedAt) : null,
      })),
      total,
    ];
  }

  /** One follow with the other person's profile, seen from `side`. */
  async one(side: 'follower' | 'patient', id: string): Promise<FollowRow | null> {
    if (!BIGINT.test(id)) {
      return null;
    }
    const other = side === 'follower' ? 'patient_id' : 'follower_id';
    const [row] = await sql(this.em).execute<RawRow[]>(
      `select f.id::text as id, f.status, f.follower_id as "followerId", f.patient_id as "patientId", f.customer_note as "customerNote",
              f.is_receive as "isReceive", f.requested_at as "requestedAt", f.accepted_at as "acceptedAt",
              c.id as "otherId", c.nickname, c.headimgurl, c.sex, c.phone
         from follow f join customer c on c.id = f.${other}
        where f.id = ?`,
      [id],
    );
    return row
      ? {
          ...row,
          sex: Number(row.sex),
          requestedAt: new Date(row.requestedAt),
          acceptedAt: row.acceptedAt ? new Date(row.acceptedAt) : null,
        }
      : null;
  }

  /** The follower's note names for some patients (accepted follows only). */
  async notesFor(followerId: string, patientIds: readonly string[]): Promise<Map<string, string | null>> {
    if (patientIds.length === 0) {
      return new Map();
    }
    const rows = await this.em.find(
      Follow,
      { followerId, patientId: { $in: [...patientIds] }, status: 'accepted' },
      { fields: ['patientId', 'customerNote'] },
    );
    return new Map(rows.map((r) => [r.patientId, r.customerNote ?? null]));
  }
}
