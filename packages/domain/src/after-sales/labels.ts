import { CONTACT_PHONE_INVALID_MESSAGE } from '../shared/labels';
/** The Chinese texts of after-sales: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

/** Product registration messages; only the phone's is in the spec, the date's is ours. */
export const PRODUCT_REGISTRATION_MESSAGES = {
  phone: '请输入正确的手机号',
  date: '请选择购买日期',
  futureDate: '购买日期不能晚于今天',
  imei: '请扫描或输入正确的设备IMEI',
} as const;

/** What the API answers about a warranty registration (ours, in the spec's style). */
export const WARRANTY_MESSAGES = {
  model: '请选择产品型号',
  duplicate: '该设备已登记，请勿重复登记',
  boundToOther: '该设备已被他人绑定',
  notFound: '保修记录不存在',
} as const;

/** The warranty pages' texts: the empty list in the spec's words (§8), the two states ours. */
export const WARRANTY_TEXTS = {
  empty: '尚未添加任何产品',
  inWarranty: '在保',
  expired: '已过保',
} as const;

/** Repair form messages, in the spec's words. */
export const REPAIR_MESSAGES = {
  name: '请填写联系人',
  phone: '请填写联系电话',
  phoneInvalid: CONTACT_PHONE_INVALID_MESSAGE,
  category: '请选择品类',
  purchaseDate: '请选择购买日期',
  fault: '请选择故障描述',
  purchaseDateRange: '请选择1900-01-01至今天之间的购买日期',
} as const;

/** The repair pages' own texts (ours, in the spec's style where it gives none). */
export const REPAIR_SCREEN_TEXTS = {
  photosUploading: '图片正在上传，请稍候再提交',
  submitted: '提交成功',
  inServiceTab: '服务中',
  completedTab: '已完成',
  emptyInService: '暂无服务中的报修',
  emptyCompleted: '暂无已完成的报修',
  noMore: '没有更多了',
  notFound: '报修单不存在',
  loadFailed: '加载失败，请稍后重试',
} as const;

/**
 * The two image groups of a repair request, labelled by what they hold: the purchase voucher
 * (`certificateUrl`) is 发票信息, the fault photos (`malfunctionUrl`) are 故障图片. The old product's
 * detail page swapped them (spec 3 §2.8); the form and the detail page here both label them
 * correctly from this one table (docs/adr/0209-repair-image-groups-labelled-by-content.md).
 */
export const REPAIR_IMAGE_GROUP_LABELS = { certificateUrl: '发票信息', malfunctionUrl: '故障图片' } as const;
