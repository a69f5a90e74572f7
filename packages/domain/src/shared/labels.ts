/** The Chinese texts of shared: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

/** Registration: phone empty. */
export const PHONE_EMPTY_MESSAGE = '手机号不能为空';

/** Registration: phone not a possible mobile number (11 digits starting with 13 to 19). */
export const PHONE_INVALID_MESSAGE = '请输入正确手机号';

/** Phone change and address form: phone invalid. */
export const PHONE_INCORRECT_MESSAGE = '手机号不正确';

/** Dealer and repair forms: phone invalid. */
export const CONTACT_PHONE_INVALID_MESSAGE = '请输入正确的电话号码！';

/** Deleting a reading (sugar, blood pressure, ketone, uric acid), in the spec's words where it has them. */
export const READING_DELETE_MESSAGES = {
  /** Asked before a reading is deleted: the spec's weight confirmation, used for every reading. */
  confirm: '确定删除此条记录吗?',
  /** Shown once it is deleted (spec 3's success toast). */
  done: '删除成功',
  /** A reading that is gone, or someone else's: the answer of edit and delete alike. */
  gone: '该数据已被删除',
  /** A meter's reading stays read-only (spec 2 §2.4, §2.9). */
  meterReadOnly: '设备上传的数据不能删除',
  /** The same, answered to an edit. */
  meterNotEditable: '设备上传的数据不能修改',
} as const;

/** Shown when an image upload fails. */
export const UPLOAD_FAILED_MESSAGE = '上传失败';
/** Shown on an image whose upload succeeded, where a form shows each image's state (spec 3 §5, repairs). */
export const UPLOAD_SUCCEEDED_MESSAGE = '上传成功';

/** Shown (for 2 seconds, mid-screen) when any text field contains an emoji; the field is cleared. */
export const EMOJI_MESSAGE = '请不要输入表情';
