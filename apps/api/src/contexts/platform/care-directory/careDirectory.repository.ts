import type { EntityManager } from '@mikro-orm/core';
import { Doctor } from './doctor.entity';
import { Department, Hospital } from './hospital.entity';

/** The most doctors one list answers. */
export const DOCTOR_LIST_LIMIT = 50;

/** `%text%` for LIKE, with LIKE's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Where a carer works: the linked department and hospital, or the names kept on the row. */
export interface Workplace {
  departmentId: number | null;
  departmentName: string;
  organizationId: number | null;
  organizationName: string;
}

/** Hospitals, departments and carers: the doctor picker's directory, the health record's doctor, invite codes. */
export class CareDirectoryRepository {
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

  doctorsByIds(ids: number[]): Promise<Doctor[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(Doctor, { id: { $in: ids } });
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

  /** The workplaces of several carers with two queries. */
  async workplacesOf(doctors: Doctor[]): Promise<Map<number, Workplace>> {
    const departments = await this.departmentsByIds([
      ...new Set(doctors.flatMap((d) => (d.departmentId ? [d.departmentId] : []))),
    ]);
    const hospitals = await this.hospitalsByIds([...new Set(departments.map((d) => d.hospitalId))]);
    const departmentById = new Map(departments.map((d) => [d.id, d]));
    const hospitalById = new Map(hospitals.map((h) => [h.id, h]));
    return new Map(
      doctors.map((doctor) => {
        const department = doctor.departmentId ? departmentById.get(doctor.departmentId) : undefined;
        const hospital = department ? hospitalById.get(department.hospitalId) : undefined;
        return [
          doctor.id,
          {
            departmentId: department?.id ?? null,
            departmentName: department?.name ?? doctor.department,
            organizationId: hospital?.id ?? null,
            organizationName: hospital?.name ?? doctor.hospital,
          },
        ];
      }),
    );
  }
}
