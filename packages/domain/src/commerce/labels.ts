import { CONTACT_PHONE_INVALID_MESSAGE } from '../shared/labels';
/** The Chinese texts of commerce: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */

/** Address form messages, in the spec's words. */
export const ADDRESS_MESSAGES = {
  consigneeEmpty: '收货人不能为空',
  regionEmpty: '地区不能为空',
  detailEmpty: '详细地址不能为空',
  detailTooShort: '详细地址不能少于5个字',
  deleteConfirm: '确定删除地址吗?',
  deleteDefault: '存在默认地址,请先删除默认地址',
  empty: '您还没有收货地址,请添加收货地址',
  added: '新增成功',
  edited: '编辑成功',
  deleted: '删除成功',
} as const;

/**
 * Dealer form messages, one per field in the spec's words. The legacy product mixed up the
 * messages of quantity, channel and area (a missing area said 采购商品数量！); each field now says
 * its own (docs/adr/0199-dealer-messages-per-field.md). The quantity's format message is ours.
 */
export const DEALER_MESSAGES = {
  purchaser: '请输入采购人姓名！',
  phone: '联系电话！',
  productName: '采购商品名称！',
  account: '采购商品数量！',
  accountInvalid: '请输入正确的采购数量！',
  saleChannel: '销售渠道！',
  saleArea: '销售区域！',
  phoneInvalid: CONTACT_PHONE_INVALID_MESSAGE,
} as const;

/** Every label an order can show. */
export const ORDER_LABELS = {
  cashOnDelivery: '货到付款',
  cancelled: '已取消',
  unpaid: '未支付',
  paid: '已支付',
  auditFailed: '审核不通过',
  auditPassed: '审核成功',
  notSent: '未发货',
  sent: '已发货',
  refunding: '退款中',
  refunded: '退款成功',
  refundFailed: '退款失败',
  rejected: '拒收',
  signed: '已签收',
} as const;

/** Shown when the quantity would drop below 1. */
export const QUANTITY_TOO_FEW_MESSAGE = '不能再少啦~~';

/** Shown when the quantity would pass the goods' maximum or the stock. */
export const QUANTITY_TOO_MANY_MESSAGE = '不能再多啦~~';

/** Shown when an off-shelf goods item is bought. */
export const GOODS_OFF_SHELF_MESSAGE = '商品已下架';

/** Order submit messages, in the spec's words. */
export const ORDER_SUBMIT_MESSAGES = { receiveType: '请选取领取方式...', address: '请添加地址！' } as const;

/** The payment result the payer sees, in the spec's words (spec 3: 支付成功, 支付失败！请重试, 支付取消). */
export const PAYMENT_RESULT_MESSAGES = {
  success: '支付成功',
  failed: '支付失败！请重试',
  cancelled: '支付取消',
} as const;

/** Why a payment event was refused (logged and answered to the provider; the payer never sees these). */
export const PAYMENT_REFUSALS = {
  amountMismatch: '支付金额与订单金额不符',
  closed: '支付单已关闭',
  alreadyPaid: '支付单已支付，不能关闭',
  notPaid: '支付单未支付，不能退款',
  noRefund: '支付单没有进行中的退款',
  refundInProgress: '已有退款正在处理，请稍后再试',
  fullyRefunded: '支付单已全额退款',
  refundAmountInvalid: '退款金额不正确',
  refundTooMuch: '退款金额不能超过可退金额',
  refundAmountMismatch: '退款金额与退款单不符',
} as const;

/** A refund's state as staff read it. */
export const REFUND_STATE_LABELS = {
  processing: '退款中',
  succeeded: '退款成功',
  failed: '退款失败',
} as const;

/** A payment intent's state as staff and the payer read it. */
export const PAYMENT_STATE_LABELS = {
  created: '待支付',
  paid: '已支付',
  refunding: '退款中',
  partlyRefunded: '部分退款',
  refunded: '退款成功',
  refundFailed: '退款失败',
  closed: '已关闭',
} as const;
