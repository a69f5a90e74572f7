/** The Chinese texts of devices: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

export const BIND_CODE_MESSAGES = {
  required: '请输入绑定码',
  invalid: '绑定码有误，请核对设备标签上的8位绑定码',
  /** A scanned code with the IMEI but no bind code (an older label). */
  askForCode: '请输入设备标签上的8位绑定码',
} as const;

export const DEVICE_MESSAGES = {
  nameRequired: '请输入设备名',
  notFound: '设备不存在',
  empty: '尚未绑定任何设备',
  listError: '请求错误！',
  bindFailed: '绑定失败',
  unbindConfirm: '确定解绑该设备吗？解绑后将不再接收该设备的测量数据。',
} as const;

/** What is wrong with a typed IMEI (domain `typedImeiProblem`), said about the IMEI itself. */
export const IMEI_MESSAGES = {
  required: '请输入设备IMEI号',
  notDigits: 'IMEI号只含数字，请核对设备标签',
  length: (typed: number) => `IMEI号应为15位数字，您输入了${typed}位`,
  checkDigit: 'IMEI号校验不通过，请逐位核对设备标签上的号码',
} as const;

/** Shown when the device name is too long. */
export const DEVICE_NAME_TOO_LONG_MESSAGE = '设备名不能超过10个字符';
