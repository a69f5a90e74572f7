import { CONSULT_STATUS, customerServiceHoursLabel } from './consult';

/**
 * The patient's consultation screens around the chat (spec 3 §2.1, §4, §8): what the chat shows
 * for each status, which link follows an end or a cancel, and the texts of cancel and end.
 * Where the spec gives only English, the Chinese is ours (docs/adr/0151-consultation-screens.md).
 */
export const CONSULT_SCREEN_MESSAGES = {
  /** Asked before a cancel (status 3). */
  cancelConfirm: '确定取消本次咨询吗？取消后咨询费用将全额原路退回。',
  /** 'cancelled successfully' and the refund note (spec 3 §8). */
  cancelSuccess: '取消成功，费用将自动原路退回（可能有延迟）',
  /** Code 50008: 'the doctor has accepted, cannot cancel, please keep consulting' (spec 3 §8). */
  cancelAccepted: '医生已接诊，无法取消，请继续咨询',
  /** Asked before the patient ends a running consultation (spec 3 §4 'confirm dialog'). */
  endConfirm: '确定结束本次咨询吗？结束后将无法继续向医生发送消息。',
  /** After the patient ended it. */
  endSuccess: '本次咨询已结束',
  /** The right label of the end button while the consultation runs, and once it has ended (spec 3 §4). */
  endLabel: '结束咨询',
  endedLabel: '已结束',
} as const;

/** A link the chat shows under a consultation that is over (spec 3 §4). */
export type ConsultFollowUp = 'buyService' | 'findDoctor' | null;

/** What the chat shows in place of the input bar, and above the messages, for a status. */
export interface ConsultChatView {
  /** The line at the top of the chat: where the consultation stands. */
  readonly banner: string;
  /** The line in place of the input bar; null while the consultation runs (the bar shows). */
  readonly note: string | null;
  /** The illness description is still to be written (status 1): the chat links the submission page. */
  readonly describe: boolean;
  /** The patient may cancel (status 3). */
  readonly cancel: boolean;
  /** The link after the end: 购买服务 to the doctor's page, or 找医生 after a cancel. */
  readonly followUp: ConsultFollowUp;
}

/** The links' texts (spec 3 §4: 'buy service', 'find doctor'). */
export const CONSULT_FOLLOW_UP_LABELS: Readonly<Record<Exclude<ConsultFollowUp, null>, string>> = {
  buyService: '购买服务',
  findDoctor: '找医生',
};

/**
 * The chat's view of a consultation. After a cancel the patient is offered 找医生 (spec 3 §4); after
 * an end 购买服务 to buy again from the same doctor — the spec names it for a single consultation,
 * and an ended interval service gets it too, since every ended consultation offers a revisit (§4).
 */
export function consultChatView(status: number): ConsultChatView {
  switch (status) {
    case CONSULT_STATUS.toConsult:
      return {
        banner: '已支付，请填写病情描述',
        note: '请先填写病情描述，医生接诊后即可发送消息',
        describe: true,
        cancel: false,
        followUp: null,
      };
    case CONSULT_STATUS.waitingAccept:
      return {
        banner: '等待医生接诊，医生24小时内未接诊将自动取消并全额退款',
        note: '正在等待医生接诊，接诊后即可发送消息',
        describe: false,
        cancel: true,
        followUp: null,
      };
    case CONSULT_STATUS.inConsultation:
      return { banner: '咨询中', note: null, describe: false, cancel: false, followUp: null };
    case CONSULT_STATUS.cancelled:
      return {
        banner: '本次咨询已取消',
        note: '本次咨询已取消，费用将原路退回',
        describe: false,
        cancel: false,
        followUp: 'findDoctor',
      };
    default:
      return {
        banner: '本次咨询已结束',
        note: '本次咨询已结束',
        describe: false,
        cancel: false,
        followUp: 'buyService',
      };
  }
}

/**
 * The status a consultation has after one of the server's custom chat messages: the server posts
 * approveConsult with 2, end-consult with 0 and cancel with 4 in the same transaction, so the chat
 * follows them as they arrive; any other message leaves the status as it was.
 */
export function consultStatusAfterMessage(status: number, data: string | undefined): number {
  return (data === undefined ? undefined : STATUS_AFTER_MESSAGE.get(data)) ?? status;
}

const STATUS_AFTER_MESSAGE: ReadonlyMap<string, number> = new Map([
  ['approveConsult', CONSULT_STATUS.inConsultation],
  ['end-consult', CONSULT_STATUS.finished],
  ['cancel', CONSULT_STATUS.cancelled],
]);

/** The complaint hotline on /consult/more: the brand's number and the service hours (spec 3 §2.1, §9). */
export function consultComplaintText(hotline: string): string {
  return `如对医生的服务有疑问或需要投诉，请拨打客服热线 ${hotline}（服务时间：每天 ${customerServiceHoursLabel()}）`;
}
