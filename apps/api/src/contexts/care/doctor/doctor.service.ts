import type { Schema } from '@glucoguard/sdk';
import { doctorKeywordKind, doctorRoleLabel, maskPhone } from '@glucoguard/domain';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { regionNames } from '../../../providers/geocoder/regions';
import { CareDirectoryRepository, type Department, type Doctor, type Hospital, type Workplace } from '../../platform';
import type { Db } from '../../../lib/db';

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
export async function listHospitals(db: Db, region: { province?: string; city?: string; district?: string }) {
  return (await new CareDirectoryRepository(db).hospitals(region)).map(hospitalVo);
}

/** Spec: department list by organizationId or doctorId (the departments of that doctor's hospital). */
export async function listDepartments(
  db: Db,
  query: { organizationId?: number; doctorId?: number },
): Promise<Schema<'DepartmentVo'>[]> {
  const repo = new CareDirectoryRepository(db);
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
  db: Db,
  query: { roleType?: 1 | 2; keyWord?: string; departmentId?: number },
): Promise<Schema<'DoctorVo'>[]> {
  const repo = new CareDirectoryRepository(db);
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
  const places = await repo.workplacesOf(doctors);
  return doctors.map((d) => doctorVo(d, places.get(d.id) as Workplace));
}
