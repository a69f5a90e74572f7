/** The Chinese texts of body: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import type { HealthOptionField } from './healthInfo';
import { PLAUSIBLE_DATE_MESSAGES } from '../shared/plausibleDates';

/** Chinese names of the list fields, for the 请选择正确的… message. */
export const HEALTH_OPTION_LABELS: Readonly<Record<HealthOptionField, string>> = Object.freeze({
  maritalStatus: '婚姻状况',
  job: '职业',
  complications: '糖尿病并发症',
  treatmentType: '治疗方式',
  labourIntensity: '劳动强度',
  exerciseFrequency: '运动频率',
  sleepStatus: '睡眠情况',
  peacetimeEmotion: '平时情绪',
  foodHabit: '饮食习惯',
  smokingStatus: '吸烟情况',
  drinkingStatus: '饮酒情况',
  drinkingType: '饮酒类型',
});

/**
 * Messages of the record's checks the spec does not word
 * (docs/adr/0064-health-record-shares-the-profile.md): the locked name, the
 * birthday and sex a valid ID number fixes, the dates, and lists answered with unknown codes.
 */
export const HEALTH_RECORD_EXTRA_MESSAGES = {
  nameLocked: '姓名保存后不能修改',
  birthday: PLAUSIBLE_DATE_MESSAGES.birthday,
  birthdayNotIdCard: '出生日期与身份证号不一致',
  sexNotIdCard: '性别与身份证号不一致',
  ensureDate: '请选择1900-01-01至今天之间的糖尿病确诊日期',
  bloodPressureEnsureDate: '请选择1900-01-01至今天之间的高血压确诊日期',
} as const;

/** Messages of the shared profile fields, in the health record's words (spec 2 §4). */
export const PROFILE_FIELD_MESSAGES = {
  addressTooLong: '家庭详细地址应少于50个字',
  height: '身高应在20~240cm之间',
  weight: '体重应在5~200Kg之间',
} as const;

/** Weight popup messages, in the spec's words. */
export const WEIGHT_ENTRY_MESSAGES = { heightRequired: '请填写身高', weightRequired: '请填写体重' } as const;

/** Asked before deleting a weight record. */
export const WEIGHT_DELETE_CONFIRM = '确定删除此条记录吗?';

/** Shown after a weight record is added. */
export const WEIGHT_ADDED_MESSAGE = '新增成功';

/** Health record messages, in the spec's words. */
export const HEALTH_RECORD_MESSAGES = {
  nameRequired: '请输入姓名',
  nameTooLong: '姓名应少于10个字',
  addressTooLong: PROFILE_FIELD_MESSAGES.addressTooLong,
  emergencyPhone: '请填写正确的紧急联系人电话',
  idCard: '请输入正确的身份证号',
  height: PROFILE_FIELD_MESSAGES.height,
  weight: PROFILE_FIELD_MESSAGES.weight,
  quitSmokingRemark: '请填写戒烟前吸烟情况',
  smokingDaily: '请填写每日吸烟数量',
  drinking: '请填饮酒类型和饮酒量',
  complicationOther: '请填写其他糖尿病并发症',
  doctorLocked: '无法选择就诊医生',
} as const;
