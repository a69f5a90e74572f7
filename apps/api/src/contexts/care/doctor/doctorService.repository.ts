import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { DoctorService } from './doctorService.entity';

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The find-doctor list's filters, already checked. */
export interface ConsultDoctorFilter {
  eleRxStatus?: number;
  professionalLevels: string[];
  serviceTypes: number[];
  province?: string;
  city?: string;
  district?: string;
  keyName?: string;
  pageNo: number;
  pageSize: number;
}

/** Doctor services and the find-doctor query over the care directory's doctors. */
export class DoctorServiceRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Ids of the doctors (roleType 1) with a service on offer that match the filter, a page of them
   * ordered by level (unknown last) then id, and how many match in all. The region and the keyword
   * read the linked hospital and department, or the names kept on the doctor row.
   */
  async searchDoctors(f: ConsultDoctorFilter): Promise<{ ids: number[]; total: number }> {
    const where = ['d.role_type = 1'];
    const params: unknown[] = [];
    const serviceTypes =
      f.serviceTypes.length > 0 ? ` and s.service_type in (${f.serviceTypes.map(() => '?').join(', ')})` : '';
    where.push(`exists (select 1 from doctor_service s where s.doctor_id = d.id and s.status = 1${serviceTypes})`);
    params.push(...f.serviceTypes);
    if (f.eleRxStatus !== undefined) {
      where.push('d.ele_rx_status = ?');
      params.push(f.eleRxStatus);
    }
    if (f.professionalLevels.length > 0) {
      where.push(`d.professional_level in (${f.professionalLevels.map(() => '?').join(', ')})`);
      params.push(...f.professionalLevels);
    }
    for (const key of ['province', 'city', 'district'] as const) {
      if (f[key]) {
        where.push(`h.${key} = ?`);
        params.push(f[key]);
      }
    }
    if (f.keyName) {
      const like = containing(f.keyName);
      where.push(
        '(d.name ilike ? or coalesce(h.name, d.hospital) ilike ? or coalesce(dep.name, d.department) ilike ?)',
      );
      params.push(like, like, like);
    }
    const from = `from doctor d left join department dep on dep.id = d.department_id left join hospital h on h.id = dep.hospital_id where ${where.join(' and ')}`;
    const [rows, count] = await Promise.all([
      sql(this.em).execute<{ id: number }[]>(
        `select d.id ${from} order by coalesce(d.professional_level, '~') asc, d.id asc limit ? offset ?`,
        [...params, f.pageSize, (f.pageNo - 1) * f.pageSize],
      ),
      sql(this.em).execute<{ n: string | number }[]>(`select count(*) as n ${from}`, params),
    ]);
    return { ids: rows.map((r) => Number(r.id)), total: Number(count[0]?.n ?? 0) };
  }

  /** The services of some doctors, on offer only unless `all`, in display order. */
  servicesOf(doctorIds: number[], all = false): Promise<DoctorService[]> {
    if (doctorIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.em.find(
      DoctorService,
      { doctorId: { $in: doctorIds }, ...(all ? {} : { status: 1 }) },
      { orderBy: { serviceType: 'asc', serviceInterval: 'asc', sort: 'asc', id: 'asc' } },
    );
  }

  findService(id: number): Promise<DoctorService | null> {
    return this.em.findOne(DoctorService, { id });
  }

  /** The doctor's service of that type and length, withdrawn or not (one of each exists at most). */
  findServiceOf(doctorId: number, serviceType: number, serviceInterval: number): Promise<DoctorService | null> {
    return this.em.findOne(DoctorService, { doctorId, serviceType, serviceInterval });
  }

  create(data: Omit<DoctorService, 'id' | 'sort'> & { sort?: number }): DoctorService {
    return this.em.create(DoctorService, data);
  }

  flush(): Promise<void> {
    return this.em.flush();
  }
}
