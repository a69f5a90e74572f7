import type { EntityManager } from '@mikro-orm/core';
import type { Schema } from '@glucoguard/sdk';
import { doctorKeywordKind, doctorRoleLabel, maskPhone } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { regionNames } from '../../../providers/geocoder/regions';
import type { Doctor } from './doctor.entity';
import type { Department, Hospital } from './hospital.entity';
import { DoctorRepository } from './doctor.repository';

export const DOCTOR_ERRORS = {
  hospitalRequired: '请选择医院',
  searchRequired: '请输入医生姓名或手机号',
} as const;

const roleTypeOf = (doctor: Doctor): 1 | 2 => (doctor.roleType === 2 ? 2 : 1);

/** A hospital as the picker lists it (the spec's organization). */
export function hospitalVo(h: Hospital): Schema<'HospitalVo'> {
  const district = h.district ?? null;
  return {
    organizationId: h.id,
    organizationName: h.name,
    level: h.level,
    province: h.province,
    city: h.city,
    district,
    ...regionNames({ province: h.province, city: h.city, district }),
    address: h.address,
  };
}

/** Where a carer works: the linked department and hospital, or the names kept on the row. */
export interface Workplace {
  departmentId: number | null;
  departmentName: string;
  organizationId: number | null;
  organizationName: string;
}

/** The workplaces of several carers with two queries. */
export async function workplaces(repo: DoctorRepository, doctors: Doctor[]): Promise<Map<number, Workplace>> {
  const departments = await repo.departmentsByIds([
    ...new Set(doctors.flatMap((d) => (d.departmentId ? [d.departmentId] : []))),
  ]);
  const hospitals = await repo.hospitalsByIds([...new Set(departments.map((d) => d.hospitalId))]);
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

/** A carer as the picker lists it; the phone is masked. */
export function doctorVo(doctor: Doctor, place: Workplace): Schema<'DoctorVo'> {
  const roleType = roleTypeOf(doctor);
  return {
    doctorId: doctor.id,
    doctorName: doctor.name,
    roleType,
    roleName: doctorRoleLabel(roleType) as '医生' | '教育护士',
    title: doctor.title,
    ...place,
    phone: maskPhone(doctor.phone),
  };
}

/** Spec: hospital list by province, city, district. */
export async function listHospitals(
  em: EntityManager,
  region: { province?: string; city?: string; district?: string },
) {
  return (await new DoctorRepository(em).hospitals(region)).map(hospitalVo);
}

/** Spec: department list by organizationId or doctorId (the departments of that doctor's hospital). */
export async function listDepartments(
  em: EntityManager,
  query: { organizationId?: number; doctorId?: number },
): Promise<Schema<'DepartmentVo'>[]> {
  const repo = new DoctorRepository(em);
  let hospitalId = query.organizationId;
  if (hospitalId === undefined) {
    if (query.doctorId === undefined) {
      throw new AppError(ErrorCodes.badRequest, DOCTOR_ERRORS.hospitalRequired);
    }
    const doctor = await repo.findDoctor(query.doctorId);
    hospitalId = doctor?.departmentId ? (await repo.findDepartment(doctor.departmentId))?.hospitalId : undefined;
  }
  const hospital = hospitalId === undefined ? null : await repo.findHospital(hospitalId);
  if (!hospital) {
    return [];
  }
  return (await repo.departmentsOf(hospital.id)).map((d: Department) => ({
    departmentId: d.id,
    departmentName: d.name,
    organizationId: hospital.id,
    organizationName: hospital.name,
  }));
}

/** Spec: doctor list by roleType, keyWord or departmentId. A keyword searches every hospital. */
export async function listDoctors(
  em: EntityManager,
  query: { roleType?: 1 | 2; keyWord?: string; departmentId?: number },
): Promise<Schema<'DoctorVo'>[]> {
  const repo = new DoctorRepository(em);
  const keyword = (query.keyWord ?? '').trim();
  const kind = doctorKeywordKind(keyword);
  let doctors: Doctor[];
  if (kind !== null) {
    doctors = await repo.search(kind, keyword, query.roleType);
    if (query.departmentId !== undefined) {
      doctors = doctors.filter((d) => d.departmentId === query.departmentId);
    }
  } else if (query.departmentId !== undefined) {
    doctors = await repo.doctorsOf(query.departmentId, query.roleType);
  } else {
    throw new AppError(ErrorCodes.badRequest, DOCTOR_ERRORS.searchRequired);
  }
  const places = await workplaces(repo, doctors);
  return doctors.map((d) => doctorVo(d, places.get(d.id) as Workplace));
}
