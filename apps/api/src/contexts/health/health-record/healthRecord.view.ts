import { bmiFromKg, classifyBmi, doctorModifyType, type DoctorLink } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { regionNames } from '../../../providers/geocoder/regions';
import type { Customer } from '../../identity';
import type { Doctor, Workplace } from '../../platform';
import type { HealthRecord } from './healthRecord.entity';

/** The linked carer with where they work, when there is one. */
export interface LinkedDoctor {
  doctor: Doctor;
  place: Workplace;
}

/** How the customer's doctor was linked: by the doctor's invite code (locked) or chosen in the app. */
export function doctorLinkOf(customer: Customer, doctor: Doctor | null): DoctorLink {
  if (!doctor) {
    return 'none';
  }
  return customer.usedInviteCode === doctor.inviteCode ? 'invite' : 'chosen';
}

const num = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** The record as the form reads it: its own fields, the profile's shared fields, BMI and the doctor. */
export function healthInfoVo(
  customer: Customer,
  record: HealthRecord | null,
  linked: LinkedDoctor | null,
): Schema<'HealthInfo'> {
  const height = num(customer.heightCm);
  const weight = num(customer.weightKg);
  const bmi = height !== null && weight !== null ? bmiFromKg(weight, height) : null;
  const region = {
    province: customer.province ?? null,
    city: customer.city ?? null,
    district: customer.district ?? null,
  };
  const names = regionNames(region);
  const roleType = linked?.doctor.roleType === 2 ? 2 : 1;
  return {
    // Until a name is saved (and locked), the name given at registration is offered.
    patientName: record?.patientName ?? (customer.nickname.trim() || null),
    idCard: record?.idCard ?? null,
    birthday: customer.birthday ?? null,
    sex: customer.sex === 1 ? 1 : customer.sex === 2 ? 2 : 0,
    maritalStatus: record?.maritalStatus ?? null,
    job: record?.job ?? null,
    emergencyContact: record?.emergencyContact ?? null,
    emergencyPhone: record?.emergencyPhone ?? null,
    addressProvince: [names.provinceName, names.cityName, names.districtName].filter((name) => name !== null).join(' '),
    ...region,
    address: customer.address ?? null,
    diabetesType: customer.diabetesType ?? null,
    ensureDate: record?.ensureDate ?? null,
    height,
    weight,
    bmi,
    bmiLabel: bmi === null ? null : classifyBmi(bmi).label,
    complications: record?.complications ?? [],
    complicationsRemark: record?.complicationsRemark ?? null,
    bloodPressureType: customer.bloodPressureType ?? null,
    bloodPressureEnsureDate: record?.bloodPressureEnsureDate ?? null,
    treatmentTypeStr: record?.treatmentTypeStr ?? null,
    doctorId: linked?.doctor.id ?? null,
    doctorName: linked?.doctor.name ?? null,
    doctorRoleType: linked ? roleType : null,
    doctorOrganizationName: linked?.place.organizationName ?? null,
    doctorDepartmentName: linked?.place.departmentName ?? null,
    labourIntensity: record?.labourIntensity ?? null,
    exerciseFrequency: record?.exerciseFrequency ?? null,
    sleepStatus: record?.sleepStatus ?? null,
    peacetimeEmotion: record?.peacetimeEmotion ?? null,
    foodHabit: record?.foodHabit ?? null,
    smokingStatus: record?.smokingStatus ?? null,
    smokingDaily: record?.smokingDaily ?? null,
    smokingRemark: record?.smokingRemark ?? null,
    drinkingStatus: record?.drinkingStatus ?? null,
    drinkingType: record?.drinkingType ?? null,
    drinkingDaily: record?.drinkingDaily ?? null,
    modifyType: doctorModifyType(doctorLinkOf(customer, linked?.doctor ?? null)),
    nameLocked: (record?.patientName ?? null) !== null,
    longitude: num(customer.longitude),
    latitude: num(customer.latitude),
  };
}
