/** The Chinese texts of social: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import type { ShareKind } from './share';

/** Friend and follow messages: the spec's words where it gives them, ours where it does not. */
export const FOLLOW_MESSAGES = {
  /** Search button state and the answer to asking again once accepted (spec 2 §4). */
  alreadyAdded: '已添加',
  /** The result screen after a request (spec 2 §8). */
  requestSent: '已成功提交好友申请，请耐心等待验证！',
  requestFailed: '提交好友申请失败！',
  /** Nobody may see a patient's data without an accepted follow (ours). */
  noGrant: '对方尚未同意您查看其健康数据',
  /** Accepting, declining or revoking something that is not (or no longer) in that state (ours). */
  alreadyHandled: '该申请已处理',
  /** A follow that does not exist or is not the caller's (ours). */
  notFound: '亲友不存在',
  /** Recording for someone who has not granted it (ours). */
  cannotRecordFor: '对方尚未同意，不能为其记录数据',
  /** Too many phone searches (ours). */
  searchTooOften: '搜索过于频繁，请稍后再试',
  /** A visitor must register before using friends (the shell's rule). */
  registerFirst: '请先注册',
  /** Empty states (spec 2 §2.15–2.16, §8). */
  emptyFriends: '您还未添加亲友，快去添加吧~',
  emptyFeed: '暂无新动态',
  emptyUnread: '没有未读消息了',
  postDeleted: '本条数据已被删除',
} as const;

/** Friend messages, in the spec's words. */
export const FRIEND_MESSAGES = {
  noteEmpty: '备注不能为空',
  phoneInvalid: '请输入正确电话号码',
  self: '不能添加自己为亲友',
  unknownUser: '用户不存在',
  commentEmpty: '评论不能为空!',
  addFailed: '添加失败',
} as const;

/** The names of the two tables, as the share pages and the owner's link list show them. */
export const SHARE_KIND_NAMES: Readonly<Record<ShareKind, string>> = Object.freeze({
  sugar: '血糖',
  bloodPressure: '血压',
});

/** Shown by a share page whose link expired, was revoked or never existed (the API's 40400 text). */
export const SHARE_LINK_GONE_MESSAGE = '分享链接已失效';
