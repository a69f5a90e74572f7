import type { Schema } from '@glucoguard/sdk';
import {
  DOCTOR_SERVICE_STATUS,
  DOCTOR_SERVICE_TYPE,
  DOCTOR_SERVICE_TYPES,
  ELE_RX_ALLOWED,
  doctorPrices,
  doctorSearchInput,
  doctorServiceProblem,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { inTransaction, type Db } from '../../../lib/db';
import type { StaffContext } from '../../../lib/staff-context';
import type { BodyOf } from '../../../lib/contract';
import {
  CareDirectoryRepository,
  DictionaryRepository,
  recordAudit,
  type AuditActor,
  type Doctor,
  type Workplace,
} from '../../platform';
import { DoctorServiceRepository } from './doctorService.repository';
import type { DoctorService } from './doctorService.entity';

export const DOCTOR_SERVICE_ERRORS = {
  doctorMissing: '医生不存在',
  serviceGone: '该服务已下架',
  serviceMissing: '该服务不存在',
  serviceExists: '该服务已存在',
  notLinked: '账号未关联医生',
} as const;

/** A service as the API answers it. */
export function doctorServiceVo(s: DoctorService): Schema<'DoctorServiceVo'> {
  return {
    serviceId: s.id,
    doctorId: s.doctorId,
    serviceType: s.serviceType === DOCTOR_SERVICE_TYPE.interval ? 2 : 1,
    serviceName: s.serviceName,
    serviceInterval: s.serviceInterval,
    servicePrice: s.servicePrice,
    status: s.status === DOCTOR_SERVICE_STATUS.on ? 1 : 0,
    intro: s.intro,
  };
}

/**
 * Doctors as the find-doctor pages show them, in the order of `doctors`: workplace, level name
 * from the `professional_level` dictionary, and the card's two prices from the services on offer.
 */
export async function consultDoctorVos(db: Db, doctors: Doctor[]): Promise<Schema<'ConsultDoctorVo'>[]> {
  const ids = doctors.map((d) => d.id);
  const [places, services, levels] = await Promise.all([
    new CareDirectoryRepository(db).workplacesOf(doctors),
    new DoctorServiceRepository(db).servicesOf(ids),
    new DictionaryRepository(db).findByType('professional_level'),
  ]);
  const levelName = new Map(levels.map((l) => [l.itemKey, l.itemValue]));
  return doctors.map((d) => {
    const place = places.get(d.id) as Workplace;
    return {
      doctorId: d.id,
      nickName: d.name,
      headImg: d.headImg,
      sex: d.sex === 1 ? 1 : d.sex === 2 ? 2 : 0,
      professionalLevel: d.professionalLevel ?? null,
      professionalLevelName: (d.professionalLevel && levelName.get(d.professionalLevel)) || d.title,
      job: d.job,
      organizationName: place.organizationName,
      departmentName: place.departmentName,
      remark: d.remark,
      eleRxStatus: d.eleRxStatus === ELE_RX_ALLOWED ? 1 : 0,
      ...doctorPrices(services.filter((s) => s.doctorId === d.id)),
    };
  });
}

/** Spec: pagedQueryDoctorList — doctors with a service on offer, filtered, pages of 10. */
export async function pagedQueryDoctorList(db: Db, body: BodyOf<'pagedQueryDoctorList'>) {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 10;
  let keyName: string | undefined;
  if (body.keyName !== undefined) {
    const input = doctorSearchInput(body.keyName);
    if (input.kind === 'refuse') {
      throw new AppError(ErrorCodes.badRequest, input.message);
    }
    keyName = input.kind === 'search' ? input.keyName : undefined;
  }
  const { ids, total } = await new DoctorServiceRepository(db).searchDoctors({
    eleRxStatus: body.eleRxStatus,
    professionalLevels: body.professionalLevels ?? [],
    serviceTypes: body.serviceTypes ?? [],
    province: body.province,
    city: body.city,
    district: body.district,
    keyName,
    pageNo,
    pageSize,
  });
  const found = await new CareDirectoryRepository(db).doctorsByIds(ids);
  const byId = new Map(found.map((d) => [d.id, d]));
  const doctors = ids.flatMap((id) => byId.get(id) ?? []);
  return {
    items: await consultDoctorVos(db, doctors),
    currentPage: pageNo,
    totalPage: Math.ceil(total / pageSize),
    totalNum: total,
  };
}

/** A doctor (roleType 1) who offers consultations, or 40400 医生不存在. */
async function consultingDoctor(db: Db, doctorId: number): Promise<Doctor> {
  const doctor = await new CareDirectoryRepository(db).findDoctor(doctorId);
  if (!doctor || doctor.roleType !== 1) {
    throw notFound(DOCTOR_SERVICE_ERRORS.doctorMissing);
  }
  return doctor;
}

/** Spec: queryDoctor — the doctor detail page's profile. */
export async function queryConsultDoctor(db: Db, doctorId: number): Promise<Schema<'ConsultDoctorVo'>> {
  const [vo] = await consultDoctorVos(db, [await consultingDoctor(db, doctorId)]);
  return vo as Schema<'ConsultDoctorVo'>;
}

/** Spec: queryService — the single consultation and the interval services on offer. */
export async function queryDoctorServices(db: Db, doctorId: number) {
  await consultingDoctor(db, doctorId);
  const services = (await new DoctorServiceRepository(db).servicesOf([doctorId])).map(doctorServiceVo);
  return {
    onceConsult: services.find((s) => s.serviceType === DOCTOR_SERVICE_TYPE.once) ?? null,
    intervalConsults: services.filter((s) => s.serviceType === DOCTOR_SERVICE_TYPE.interval),
  };
}

/**
 * A service on offer by a doctor who consults, with that doctor.
 * Unknown or withdrawn → 40400 该服务已下架.
 */
async function offeredService(db: Db, serviceId: number): Promise<{ service: DoctorService; doctor: Doctor }> {
  const service = await new DoctorServiceRepository(db).findService(serviceId);
  if (!service || service.status !== DOCTOR_SERVICE_STATUS.on) {
    throw notFound(DOCTOR_SERVICE_ERRORS.serviceGone);
  }
  const doctor = await new CareDirectoryRepository(db).findDoctor(service.doctorId);
  if (!doctor || doctor.roleType !== 1) {
    throw notFound(DOCTOR_SERVICE_ERRORS.serviceGone);
  }
  return { service, doctor };
}

/** Spec: the service introduction of the service detail page. */
export async function queryServiceIntro(db: Db, serviceId: number): Promise<Schema<'DoctorServiceVo'>> {
  return doctorServiceVo((await offeredService(db, serviceId)).service);
}

/** Spec: getAllServiceType. */
export function getAllServiceType(): Schema<'ConsultServiceTypeVo'>[] {
  return DOCTOR_SERVICE_TYPES.map((t) => ({ serviceType: t.serviceType, serviceTypeName: t.serviceTypeName }));
}

/** The console doctor's linked directory doctor, or 40300 账号未关联医生. */
function linkedDoctorId(staff: StaffContext): number {
  if (staff.doctorId === null) {
    throw forbidden(DOCTOR_SERVICE_ERRORS.notLinked);
  }
  return staff.doctorId;
}

/** Console: the linked doctor's services, withdrawn ones too. */
export async function listOwnDoctorServices(db: Db, staff: StaffContext): Promise<Schema<'DoctorServiceVo'>[]> {
  return (await new DoctorServiceRepository(db).servicesOf([linkedDoctorId(staff)], true)).map(doctorServiceVo);
}

type ServiceInput = BodyOf<'createOwnDoctorService'>;

function checkedInput(input: ServiceInput) {
  const serviceInterval = input.serviceType === DOCTOR_SERVICE_TYPE.interval ? (input.serviceInterval ?? 0) : 0;
  const problem = doctorServiceProblem({ ...input, serviceInterval });
  if (problem) {
    throw new AppError(ErrorCodes.badRequest, problem);
  }
  return {
    serviceType: input.serviceType,
    serviceName: input.serviceName.trim(),
    servicePrice: input.servicePrice,
    serviceInterval,
    intro: input.intro ?? '',
    status: input.status ?? DOCTOR_SERVICE_STATUS.on,
  };
}

/** Console: adds a service; one of each type and length per doctor (40900 该服务已存在). Audited. */
export async function createOwnDoctorService(
  db: Db,
  staff: StaffContext,
  actor: AuditActor,
  input: ServiceInput,
  now: Date,
): Promise<Schema<'DoctorServiceVo'>> {
  const doctorId = linkedDoctorId(staff);
  const data = checkedInput(input);
  return inTransaction(db, async (tx) => {
    const repo = new DoctorServiceRepository(tx);
    if (await repo.findServiceOf(doctorId, data.serviceType, data.serviceInterval)) {
      throw new AppError(ErrorCodes.conflict, DOCTOR_SERVICE_ERRORS.serviceExists, 409);
    }
    const service = repo.create({ doctorId, ...data });
    await repo.flush();
    await recordAudit(tx, actor, { action: 'doctorService.create', target: String(service.id), detail: data }, now);
    return doctorServiceVo(service);
  });
}

/** Console: changes or withdraws one of the linked doctor's services. Audited. */
export async function updateOwnDoctorService(
  db: Db,
  staff: StaffContext,
  actor: AuditActor,
  serviceId: number,
  input: ServiceInput,
  now: Date,
): Promise<Schema<'DoctorServiceVo'>> {
  const doctorId = linkedDoctorId(staff);
  const data = checkedInput(input);
  return inTransaction(db, async (tx) => {
    const repo = new DoctorServiceRepository(tx);
    const service = await repo.findService(serviceId);
    if (!service || service.doctorId !== doctorId) {
      throw notFound(DOCTOR_SERVICE_ERRORS.serviceMissing);
    }
    const clash = await repo.findServiceOf(doctorId, data.serviceType, data.serviceInterval);
    if (clash && clash.id !== service.id) {
      throw new AppError(ErrorCodes.conflict, DOCTOR_SERVICE_ERRORS.serviceExists, 409);
    }
    Object.assign(service, data);
    await repo.flush();
    await recordAudit(tx, actor, { action: 'doctorService.update', target: String(service.id), detail: data }, now);
    return doctorServiceVo(service);
  });
}
