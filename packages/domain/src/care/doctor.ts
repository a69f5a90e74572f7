/*
 * The patient's doctor (医生) or education nurse (教育护士): the roles, how the health record links
 * one, and how the doctor picker searches. The API's care/doctor module and the web's doctor picker
 * use these rules.
 */
/** The two kinds of carer in the doctor picker (spec 2 §4 "Device binding"). */
export const DOCTOR_ROLE_TYPES = Object.freeze([
  Object.freeze({ roleType: 1, label: '医生' }),
  Object.freeze({ roleType: 2, label: '教育护士' }),
] as const);

/** 医生 for roleType 1, 教育护士 for 2. */
export function doctorRoleLabel(roleType: number): string {
  return DOCTOR_ROLE_TYPES.find((role) => role.roleType === roleType)?.label ?? '医生';
}

/** How the patient's doctor was linked: not at all, by the doctor's invite code, or chosen in the health record. */
export type DoctorLink = 'none' | 'invite' | 'chosen';

/**
 * `modifyType` of the health record: '1' (the doctor may be chosen) unless the doctor was linked
 * through the doctor's own invite code, which is the doctor's link and not the patient's to change.
 */
export function doctorModifyType(link: DoctorLink): '0' | '1' {
  return link === 'invite' ? '0' : '1';
}

/** Digits a phone keyword needs before the search matches phone numbers (fewer would list half the doctors). */
export const DOCTOR_PHONE_KEYWORD_MIN = 4;

/**
 * How the doctor search reads a keyword: digits only (at least four) search the phone numbers,
 * anything else the names; a blank keyword is no search.
 */
export function doctorKeywordKind(keyword: string | null | undefined): 'phone' | 'name' | null {
  const text = (keyword ?? '').trim();
  if (text === '') {
    return null;
  }
  return /^\d+$/.test(text) && text.length >= DOCTOR_PHONE_KEYWORD_MIN ? 'phone' : 'name';
}
