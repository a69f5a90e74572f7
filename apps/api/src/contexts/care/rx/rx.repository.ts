import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { Doctor, DictionaryRepository } from '../../platform';
import { Customer } from '../../identity';
import { HealthRecord } from '../../health';
import { Medicine } from '../pharmacy/pharmacy.entity';
import { Prescription, RxAdvice } from './rx.entity';

/** The doctor as prescriptions show it (spec 3 §3 prescription list item). */
export interface RxDoctorRow {
  id: number;
  name: string;
  professionalLevel: string | null;
  hospital: string;
  department: string;
  headImg: string;
  eleRxStatus: number;
}

/** The patient as a prescription shows them. */
export interface RxPatientRow {
  id: string;
  nickname: string;
  sex: number;
  birthday: string | null;
}

export interface RxListQuery {
  customerId: string;
  showStatuses?: number[];
  from?: Date;
  to?: Date;
  pageNo: number;
  pageSize: number;
}

/** The only code that touches the prescription and advice tables. */
export class RxRepository {
  constructor(private readonly em: EntityManager) {}

  /** A prescription as the database has it now (after a conditional update through this unit of work). */
  prescription(id: string): Promise<Prescription | null> {
    return this.em.findOne(Prescription, { id }, { refresh: true });
  }

  advice(id: string): Promise<RxAdvice | null> {
    return this.em.findOne(RxAdvice, { id });
  }

  prescriptionByKey(staffId: string, requestKey: string): Promise<Prescription | null> {
    return this.em.findOne(Prescription, { staffId, requestKey });
  }

  adviceByKey(staffId: string, requestKey: string): Promise<RxAdvice | null> {
    return this.em.findOne(RxAdvice, { staffId, requestKey });
  }

  async insertPrescription(fields: Omit<Prescription, 'id'>): Promise<Prescription> {
    const row = this.em.create(Prescription, fields);
    await this.em.flush();
    return row;
  }

  async insertAdvice(fields: Omit<RxAdvice, 'id'>): Promise<RxAdvice> {
    const row = this.em.create(RxAdvice, fields);
    await this.em.flush();
    return row;
  }

  /**
   * Moves a prescription from `from` to the fields given in one conditional UPDATE: answers false
   * when it was not in `from` any more (a second pharmacist, or the expiry job, came first).
   */
  async moveFrom(id: string, from: number, fields: Partial<Prescription>): Promise<boolean> {
    const n = await this.em.nativeUpdate(Prescription, { id, status: from }, fields);
    return n === 1;
  }

  /** The consultation's prescriptions and advice, newest first. */
  async ofConsult(consultId: string): Promise<{ prescriptions: Prescription[]; advice: RxAdvice[] }> {
    const [prescriptions, advice] = await Promise.all([
      this.em.find(Prescription, { consultId }, { orderBy: { createdAt: 'desc' } }),
      this.em.find(RxAdvice, { consultId }, { orderBy: { createdAt: 'desc' } }),
    ]);
    return { prescriptions, advice };
  }

  adviceOfSession(sessionId: string, customerId: string): Promise<RxAdvice[]> {
    return this.em.find(RxAdvice, { sessionId, customerId }, { orderBy: { createdAt: 'desc' } });
  }

  /** The pharmacist's queue: waiting ones oldest first, or the reviewed newest first. */
  async reviewQueue(state: 'pending' | 'reviewed', pageNo: number, pageSize: number) {
    const where: FilterQuery<Prescription> = state === 'pending' ? { status: 1 } : { status: { $ne: 1 } };
    const [rows, total] = await this.em.findAndCount(Prescription, where, {
      orderBy: state === 'pending' ? { createdAt: 'asc' } : { reviewedAt: 'desc' },
      limit: pageSize,
      offset: (pageNo - 1) * pageSize,
    });
    const pendingCount = state === 'pending' ? total : await this.em.count(Prescription, { status: 1 });
    return { rows, total, pendingCount };
  }

  async pagePrescriptions(q: RxListQuery): Promise<{ rows: Prescription[]; total: number }> {
    const where: FilterQuery<Prescription> = { customerId: q.customerId };
    if (q.showStatuses) {
      where.status = { $in: q.showStatuses };
    }
    if (q.from || q.to) {
      where.createdAt = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lt: q.to } : {}) };
    }
    const [rows, total] = await this.em.findAndCount(Prescription, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    return { rows, total };
  }

  async pageAdvice(q: RxListQuery): Promise<{ rows: RxAdvice[]; total: number }> {
    const where: FilterQuery<RxAdvice> = { customerId: q.customerId };
    if (q.from || q.to) {
      where.createdAt = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lt: q.to } : {}) };
    }
    const [rows, total] = await this.em.findAndCount(RxAdvice, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: q.pageSize,
      offset: (q.pageNo - 1) * q.pageSize,
    });
    return { rows, total };
  }

  /** Approved prescriptions whose unused time ran out by `now` (the expiry job's sweep). */
  async dueToExpire(now: Date, limit: number): Promise<Prescription[]> {
    return this.em.find(
      Prescription,
      { status: 2, expiresAt: { $lte: now } },
      { limit, orderBy: { expiresAt: 'asc' } },
    );
  }

  async doctors(ids: number[]): Promise<Map<number, RxDoctorRow>> {
    const rows = ids.length === 0 ? [] : await this.em.find(Doctor, { id: { $in: [...new Set(ids)] } });
    return new Map(
      rows.map((d) => [
        d.id,
        {
          id: d.id,
          name: d.name,
          professionalLevel: d.professionalLevel ?? null,
          hospital: d.hospital,
          department: d.department,
          headImg: d.headImg,
          eleRxStatus: d.eleRxStatus,
        },
      ]),
    );
  }

  /** The patients as a prescription names them: the name of their patient information, else the nickname. */
  async patients(ids: string[]): Promise<Map<string, RxPatientRow>> {
    const unique = [...new Set(ids)];
    const [rows, records] =
      unique.length === 0
        ? [[], []]
        : await Promise.all([
            this.em.find(Customer, { id: { $in: unique } }),
            this.em.find(HealthRecord, { customerId: { $in: unique } }, { fields: ['customerId', 'patientName'] }),
          ]);
    const names = new Map(records.map((r) => [r.customerId, r.patientName?.trim() ?? '']));
    return new Map(
      rows.map((c) => [
        c.id,
        { id: c.id, nickname: names.get(c.id) || c.nickname, sex: c.sex, birthday: c.birthday ?? null },
      ]),
    );
  }

  medicines(ids: number[]): Promise<Medicine[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Medicine, { id: { $in: ids } });
  }

  /** Item key → label of the dictionaries a prescription uses. */
  async labels(): Promise<Record<string, Map<string, string>>> {
    const groups = await new DictionaryRepository(this.em).groupByType([
      'rx_category',
      'medicine_usaged',
      'medicine_rate',
      'professional_level',
    ]);
    return Object.fromEntries(
      Object.entries(groups).map(([code, items]) => [code, new Map(items.map((i) => [i.itemKey, i.itemValue]))]),
    );
  }
}
