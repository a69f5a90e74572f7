import { profileCompletion } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { Customer } from './customer.entity';

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The customer as the API shows it to the customer themself (spec 1 §3 field names). */
export function customerVo(c: Customer): Schema<'CustomerVo'> {
  const registered = bit(c.registeredAt !== null);
  return {
    cid: c.id,
    nickname: c.nickname,
    sex: c.sex as 0 | 1 | 2,
    headimgurl: c.headimgurl,
    phone: c.phone ?? null,
    roleType: c.roleType === 2 ? 2 : 1,
    diabetesType: c.diabetesType ?? null,
    bloodPressureType: c.bloodPressureType ?? null,
    birthday: c.birthday ?? null,
    province: c.province ?? null,
    city: c.city ?? null,
    district: c.district ?? null,
    address: c.address ?? null,
    isFamilyMember: c.isFamilyMember,
    inviteCode: c.inviteCode,
    givePaper: c.givePaper,
    customerScore: c.customerScore,
    thirdAuthCode: c.thirdAuthCode,
    userType: registered,
    isAuth: registered,
    sourceId: c.sourceId,
    height: c.heightCm ?? null,
    weight: c.weightKg ?? null,
  };
}

/** Profile completion in percent with one decimal, by the domain's rule. */
export function customerRatio(c: Customer): number {
  return profileCompletion({
    headimgurl: c.headimgurl,
    nickname: c.nickname,
    sex: c.sex,
    roleType: c.roleType === 2 ? 2 : 1,
    diabetesType: c.diabetesType ?? null,
    bloodPressureType: c.bloodPressureType ?? null,
    phone: c.phone ?? null,
  });
}
