/** The Chinese texts of care: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

/** Shown when tapping a prescription under pharmacist review (no detail opens). */
export const RX_UNDER_REVIEW_MESSAGE = '药师正在审核处方，请耐心等候';

/**
 * Consultation messages. The spec gives most of these only in English; the Chinese texts are our
 * translations (docs/adr/0004-chinese-messages-where-the-spec-gives-none.md), the English
 * original is in each comment.
 */
export const CONSULT_MESSAGES = {
  /** 'please input consultation content' */
  descriptionRequired: '请输入咨询内容',
  /** 'please select allergy history' */
  allergyRequired: '请选择过敏史',
  /** 'please enter detailed allergy history' */
  allergyDetailRequired: '请输入详细过敏史',
  /** Illness description required (no wording in the spec). */
  illnessRequired: '请输入病情描述',
  /** 'all options are required' */
  patientInfoIncomplete: '所有选项均为必填项',
  /** 'please enter a correct ID number' — the health record's wording. */
  idCardInvalid: '请输入正确的身份证号',
  /** A request to input content (empty chat message). */
  chatEmpty: '请输入内容',
  /** 'the consultation has ended' */
  consultEnded: '咨询已结束',
} as const;

/** Medication form messages, in the spec's words. */
export const MEDICATION_MESSAGES = {
  medicine: '请选择药品',
  usage: '请选择药品用法',
  frequency: '请选择频率',
  dosage: '请选择用量',
  /** The record's time is missing or not a date. */
  time: '请选择用药时间',
  /** 'the medication time cannot be later than now' */
  timeInFuture: '用药时间不能晚于当前时间',
  /** 'the medication time cannot be earlier than 1 January 2019' (the diary's first year). */
  timeTooEarly: '用药时间不能早于2019年1月1日',
  /** A missing record, or someone else's. */
  recordNotFound: '该用药记录不存在',
  /** The queried range ends before it starts. */
  rangeReversed: '开始日期不能晚于结束日期',
  /** The queried range is longer than MEDICATION_RANGE_MAX_DAYS. */
  rangeTooLong: '查询范围不能超过366天',
} as const;
