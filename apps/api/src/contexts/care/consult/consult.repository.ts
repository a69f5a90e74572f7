import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { CONSULT_STATUS, CONSULT_UNPAID } from '@glucoguard/domain';
import { Customer } from '../../identity';
import { DoctorService } from '../doctor/doctorService.entity';
import { Pharmacy } from '../pharmacy/pharmacy.entity';
import { Consult } from './consult.entity';

export type ConsultRow = Consult;
export type NewConsult = Pick<
  Consult,
  | 'id'
  | 'customerId'
  | 'doctorId'
  | 'serviceId'
  | 'serviceName'
  | 'serviceType'
  | 'serviceInterval'
  | 'priceCents'
  | 'sessionId'
  | 'createdAt'
>;

/** What a status change also writes. */
export type ConsultChanges = Partial<
  Pick<
    Consult,
    | 'intentId'
    | 'paidAt'
    | 'submittedAt'
    | 'acceptedAt'
    | 'acceptedBy'
    | 'endsAt'
    | 'endedAt'
    | 'cancelledAt'
    | 'cancelReason'
    | 'diagnosticInfo'
    | 'allergicHistory'
    | 'drugStoreId'
  >
>;

const OPEN: number[] = [CONSULT_STATUS.toConsult, CONSULT_STATUS.inConsultation, CONSULT_STATUS.waitingAccept];

/** The doctor's queue tabs (spec 3 §2.2): waiting 3, active 2, finished 0 and 4. */
export const QUEUE_STATUSES = {
  waiting: [CONSULT_STATUS.waitingAccept],
  active: [CONSULT_STATUS.inConsultation],
  finished: [CONSULT_STATUS.finished, CONSULT_STATUS.cancelled],
} as const satisfies Record<string, readonly number[]>;
export type QueueState = keyof typeof QUEUE_STATUSES;

/** Storage of consultations. */
export class ConsultRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(consult: NewConsult): Promise<ConsultRow> {
    const row = this.em.create(Consult, {
      ...consult,
      status: CONSULT_UNPAID,
      intentId: null,
      paidAt: null,
      submittedAt: null,
      acceptedAt: null,
      acceptedBy: null,
      endsAt: null,
      endedAt: null,
      cancelledAt: null,
      cancelReason: null,
      diagnosticInfo: null,
      allergicHistory: null,
      drugStoreId: null,
    });
    await this.em.flush();
    return row;
  }

  byId(id: string): Promise<ConsultRow | null> {
    return this.em.findOne(Consult, { id }, { disableIdentityMap: true });
  }

  bySessionId(sessionId: string): Promise<ConsultRow | null> {
    return this.em.findOne(Consult, { sessionId }, { disableIdentityMap: true });
  }

  /** The customer's latest consultation with a doctor (paid or not). */
  latestWith(customerId: string, doctorId: number): Promise<ConsultRow | null> {
    return this.em.findOne(
      Consult,
      { customerId, doctorId },
      { orderBy: { createdAt: 'desc' }, disableIdentityMap: true },
    );
  }

  /** The customer's paid open consultation (1, 2 or 3) with a doctor, the newest if several. */
  openWith(customerId: string, doctorId: number): Promise<ConsultRow | null> {
    return this.em.findOne(
      Consult,
      { customerId, doctorId, status: { $in: OPEN } },
      { orderBy: { createdAt: 'desc' }, disableIdentityMap: true },
    );
  }

  /** The customer's newest unpaid purchase of a service created after `since` (bought again before paying). */
  unpaidOf(customerId: string, serviceId: number, since: Date): Promise<ConsultRow | null> {
    return this.em.findOne(
      Consult,
      { customerId, serviceId, status: CONSULT_UNPAID, createdAt: { $gt: since } },
      { orderBy: { createdAt: 'desc' }, disableIdentityMap: true },
    );
  }

  /** Writes fields that do not change the status (the intent of a new purchase). */
  async update(id: string, changes: ConsultChanges): Promise<void> {
    await this.em.nativeUpdate(Consult, { id }, changes);
  }

  /**
   * Moves a consultation from `from` to `to` only if it is still in `from`: the one place a status
   * changes. Returns whether this call made the change (false: another request or job did first).
   */
  async move(id: string, from: number, to: number, changes: ConsultChanges = {}): Promise<boolean> {
    const count = await this.em.nativeUpdate(Consult, { id, status: from }, { ...changes, status: to });
    return count === 1;
  }

  /** A page of the customer's paid consultations, the newest purchase first. */
  async pageOfCustomer(customerId: string, limit: number, offset: number) {
    const where: FilterQuery<Consult> = { customerId, status: { $gte: CONSULT_STATUS.finished } };
    const [rows, total] = await this.em.findAndCount(Consult, where, {
      orderBy: { paidAt: 'desc', id: 'asc' },
      limit,
      offset,
      disableIdentityMap: true,
    });
    return { rows, total };
  }

  /** A page of one tab of a doctor's queue: the waiting oldest submission first, the others newest first. */
  async pageOfDoctor(doctorId: number, state: QueueState, limit: number, offset: number) {
    const where: FilterQuery<Consult> = { doctorId, status: { $in: [...QUEUE_STATUSES[state]] } };
    const orderBy =
      state === 'waiting'
        ? ({ submittedAt: 'asc', id: 'asc' } as const)
        : state === 'active'
          ? ({ acceptedAt: 'desc', id: 'asc' } as const)
          : ({ paidAt: 'desc', id: 'asc' } as const);
    const [rows, total] = await this.em.findAndCount(Consult, where, {
      orderBy,
      limit,
      offset,
      disableIdentityMap: true,
    });
    return { rows, total };
  }

  /** How many consultations each tab of a doctor's queue holds. */
  async countsOfDoctor(doctorId: number): Promise<Record<QueueState, number>> {
    const count = (state: QueueState) =>
      this.em.count(Consult, { doctorId, status: { $in: [...QUEUE_STATUSES[state]] } });
    const [waiting, active, finished] = await Promise.all([count('waiting'), count('active'), count('finished')]);
    return { waiting, active, finished };
  }

  /** A doctor's service (the one being bought). */
  service(serviceId: number): Promise<DoctorService | null> {
    return this.em.findOne(DoctorService, { id: serviceId }, { disableIdentityMap: true });
  }

  /** A pharmacy chosen for the prescription, if it exists. */
  pharmacy(id: number): Promise<Pharmacy | null> {
    return this.em.findOne(Pharmacy, { id }, { disableIdentityMap: true });
  }

  /** Pharmacies by id. */
  async pharmacies(ids: readonly number[]): Promise<Map<number, Pharmacy>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.em.find(Pharmacy, { id: { $in: [...ids] } }, { disableIdentityMap: true });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The patients' names, sex and birthdays, by customer id. */
  async customers(
    ids: readonly string[],
  ): Promise<Map<string, Pick<Customer, 'id' | 'nickname' | 'sex' | 'birthday'>>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.em.find(
      Customer,
      { id: { $in: [...new Set(ids)] } },
      { fields: ['id', 'nickname', 'sex', 'birthday'], disableIdentityMap: true },
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}
