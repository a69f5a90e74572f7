import type { EntityManager } from '@mikro-orm/core';
import { Doctor } from './doctor.entity';
import { Department, Hospital } from './hospital.entity';

/** The most doctors one list answers. */
export const DOCTOR_LIST_LIMIT = 50;

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Hospitals, departments and carers of the doctor picker. */
export class DoctorRepository {
  constructor(private readonly em: EntityManager) {}

  hospitals(region: { province?: string; city?: string; district?: string }): Promise<Hospital[]> {
    return this.em.find(
      Hospital,
      {
        ...(region.province && { province: region.province }),
        ...(region.city && { city: region.city }),
        ...(region.district && { district: region.district }),
      },
      { orderBy: { province: 'asc', city: 'asc', district: 'asc', name: 'asc', id: 'asc' } },
    );
  }

  hospitalsByIds(ids: number[]): Promise<Hospital[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Hospital, { id: { $in: ids } });
  }

  findHospital(id: number): Promise<Hospital | null> {
    return this.em.findOne(Hospital, { id });
  }

  departmentsOf(hospitalId: number): Promise<Department[]> {
    return this.em.find(Department, { hospitalId }, { orderBy: { sort: 'asc', id: 'asc' } });
  }

  departmentsByIds(ids: number[]): Promise<Department[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Department, { id: { $in: ids } });
  }

  findDepartment(id: number): Promise<Department | null> {
    return this.em.findOne(Department, { id });
  }

  findDoctor(id: number): Promise<Doctor | null> {
    return this.em.findOne(Doctor, { id });
  }

  doctorsOf(departmentId: number, roleType: 1 | 2 | undefined): Promise<Doctor[]> {
    return this.em.find(
      Doctor,
      { departmentId, ...(roleType && { roleType }) },
      { orderBy: { roleType: 'asc', id: 'asc' }, limit: DOCTOR_LIST_LIMIT },
    );
  }

  /** Carers whose name contains the text, or whose phone contains the digits. */
  search(by: 'name' | 'phone', text: string, roleType: 1 | 2 | undefined): Promise<Doctor[]> {
    const match = by === 'phone' ? { phone: { $like: containing(text) } } : { name: { $ilike: containing(text) } };
    return this.em.find(
      Doctor,
      { ...match, ...(roleType && { roleType }) },
      { orderBy: { name: 'asc', id: 'asc' }, limit: DOCTOR_LIST_LIMIT },
    );
  }
}
