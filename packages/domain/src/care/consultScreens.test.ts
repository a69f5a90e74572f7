import { describe, expect, it } from 'vitest';
import { CONSULT_STATUS } from './consult';
import {
  CONSULT_FOLLOW_UP_LABELS,
  CONSULT_SCREEN_MESSAGES,
  consultChatView,
  consultComplaintText,
  consultStatusAfterMessage,
} from './consultScreens';

describe('consultChatView', () => {
  it.each([
    [CONSULT_STATUS.toConsult, { describe: true, cancel: false, followUp: null, bar: false }],
    [CONSULT_STATUS.inConsultation, { describe: false, cancel: false, followUp: null, bar: true }],
    [CONSULT_STATUS.waitingAccept, { describe: false, cancel: true, followUp: null, bar: false }],
    [CONSULT_STATUS.finished, { describe: false, cancel: false, followUp: 'buyService', bar: false }],
    [CONSULT_STATUS.cancelled, { describe: false, cancel: false, followUp: 'findDoctor', bar: false }],
  ])('status %i: %j', (status, expected) => {
    const view = consultChatView(status);
    expect({ describe: view.describe, cancel: view.cancel, followUp: view.followUp, bar: view.note === null }).toEqual(
      expected,
    );
    expect(view.banner).not.toBe('');
  });

  it('tells a patient waiting for the doctor about the 24-hour refund', () => {
    expect(consultChatView(CONSULT_STATUS.waitingAccept).banner).toContain('24小时');
  });

  it('treats an unknown status as ended', () => {
    expect(consultChatView(9)).toEqual(consultChatView(CONSULT_STATUS.finished));
  });

  it('labels the follow-up links with the spec words', () => {
    expect(CONSULT_FOLLOW_UP_LABELS).toEqual({ buyService: '购买服务', findDoctor: '找医生' });
  });
});

describe('consultStatusAfterMessage', () => {
  it.each([
    [CONSULT_STATUS.waitingAccept, 'approveConsult', CONSULT_STATUS.inConsultation],
    [CONSULT_STATUS.inConsultation, 'end-consult', CONSULT_STATUS.finished],
    [CONSULT_STATUS.waitingAccept, 'cancel', CONSULT_STATUS.cancelled],
    [CONSULT_STATUS.waitingAccept, 'waitConsult', CONSULT_STATUS.waitingAccept],
    [CONSULT_STATUS.inConsultation, 'prescription', CONSULT_STATUS.inConsultation],
    [CONSULT_STATUS.inConsultation, undefined, CONSULT_STATUS.inConsultation],
  ])('%i after %s is %i', (status, data, after) => {
    expect(consultStatusAfterMessage(status, data)).toBe(after);
  });
});

describe('the cancel and end texts', () => {
  it('are the spec words for 50008 and for a successful cancel', () => {
    expect(CONSULT_SCREEN_MESSAGES.cancelAccepted).toBe('医生已接诊，无法取消，请继续咨询');
    expect(CONSULT_SCREEN_MESSAGES.cancelSuccess).toBe('取消成功，费用将自动原路退回（可能有延迟）');
  });
});

describe('consultComplaintText', () => {
  it('names the hotline and the service hours 7:00–00:30', () => {
    expect(consultComplaintText('400-826-0404')).toBe(
      '如对医生的服务有疑问或需要投诉，请拨打客服热线 400-826-0404（服务时间：每天 7:00–00:30）',
    );
  });
});
