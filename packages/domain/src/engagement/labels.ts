/** The Chinese texts of engagement: messages, labels and names, in the spec's words. Rules and tables that hold a text beside their numbers stay with their rule. */
import { SIGN_IN_ROW_END_BONUS } from './points';

/** Shown for a missing, hidden or unknown article. */
export const ARTICLE_GONE_MESSAGE = '文章不存在或已下架';

/** The spec's AI send failure ('failed to send message, please retry later'). */
export const ASSISTANT_SEND_FAILED = '发送消息失败，请稍后重试';

/** The message that asks for a question when the box was empty. */
export const ASSISTANT_EMPTY_MESSAGE = '请输入您的问题';

/** The closing line of every answer. */
export const ASSISTANT_DISCLAIMER = '以上内容仅供参考，不能代替医生的诊断和治疗。';

/** Shown when the description is empty. */
export const FEEDBACK_EMPTY_MESSAGE = '问题描述不能为空';

/** Shown after a successful submit. */
export const FEEDBACK_SUCCESS_MESSAGE = '提交成功';

/** The note shown right after the streak reward text: what the row's last day pays on top of an ordinary day. */
export const SIGN_IN_BONUS_NOTE = `比平时多奖励${SIGN_IN_ROW_END_BONUS}积分`;

/** Shown when 领取 is pressed on a claim task whose condition does not hold yet. */
export const TASK_NOT_READY_MESSAGE = '任务还未完成，完成后再来领取吧';

/** Shown when a task code is not in the catalogue or cannot be claimed. */
export const TASK_UNKNOWN_MESSAGE = '该任务不存在';

/** The ranking rules (/rankRule). */
export const RANK_RULE_TEXTS: readonly string[] = Object.freeze([
  '本月排行按本月（北京时间）获得的积分排名，每月1日零点重新开始。',
  '总分排行按注册以来累计获得的积分排名，兑换或抵扣消耗的积分不影响排名。',
  '积分相同的用户名次相同。',
  '排行榜显示前50名；未获得积分的用户不参与排名。',
]);

/** Shown when exchanging with fewer than 50 strips. */
export const STRIPS_TOO_FEW_MESSAGE = '50条以上才能兑换试纸哦';
