import { describe, expect, it } from 'vitest';
import {
  CONSULT_ALREADY_ACCEPTED_CODE,
  CONSULT_CANCEL_REASONS,
  CONSULT_CHAT_TEXTS,
  CONSULT_CODES,
  CONSULT_REFUND_AFTER_HOURS,
  CONSULT_REFUSALS,
  CONSULT_STATUS,
  CONSULT_STATUS_LABELS,
  CONSULT_SUBMIT_MESSAGES,
  CONSULT_UNPAID,
  consultActions,
  consultEndsAt,
  consultExpiresAt,
  consultTransition,
  isConsultImagePath,
  isOpenConsult,
  consultButtonLabel,
  consultEntryTarget,
  CUSTOMER_SERVICE_HOURS,
  customerServiceHoursLabel,
  formatMsOfDay,
  formatOpeningHours,
  isWithinDailyWindow,
  nextConsultStatus,
  prescriptionDetailView,
  prescriptionView,
  validateConsultSubmission,
} from './consult';

describe('CONSULT_STATUS_LABELS', () => {
  it('names every consultation status', () => {
    expect(Object.values(CONSULT_STATUS).map((status) => CONSULT_STATUS_LABELS[status])).toEqual([
      '已结束',
      '待填写病情',
      '咨询中',
      '待接诊',
      '已取消',
    ]);
  });
});

describe('consultActions', () => {
  it.each([
    [0, { cancel: false, revisit: true, chatInput: false, end: false, paid: false }],
    [1, { cancel: false, revisit: false, chatInput: false, end: false, paid: true }],
    [2, { cancel: false, revisit: false, chatInput: true, end: true, paid: true }],
    [3, { cancel: true, revisit: false, chatInput: false, end: false, paid: true }],
    [4, { cancel: false, revisit: true, chatInput: false, end: false, paid: false }],
  ])('status %i allows %j', (status, actions) => {
    expect(consultActions(status)).toEqual(actions);
  });
});

const U_ = CONSULT_UNPAID;

describe('consultTransition', () => {
  const U = CONSULT_UNPAID;
  it.each([
    [U, 'paid', 1],
    [1, 'submitted', 3],
    [3, 'accepted', 2],
    [3, 'rejected', 4],
    [3, 'cancelled', 4],
    [3, 'expired', 4],
    [2, 'ended', 0],
  ] as const)('moves %i on %s to %i', (status, event, to) => {
    expect(consultTransition(status, event)).toEqual({ kind: 'move', to });
  });

  it.each([
    [1, 'paid'],
    [3, 'paid'],
    [2, 'accepted'],
    [4, 'cancelled'],
    [0, 'ended'],
    [U, 'expired'],
    [1, 'expired'],
    [2, 'expired'],
    [4, 'expired'],
    [0, 'expired'],
  ] as const)('leaves %i on %s as it is (a repeat, or a job that found it settled)', (status, event) => {
    expect(consultTransition(status, event)).toEqual({ kind: 'noop' });
  });

  it("refuses a cancel once the doctor accepted with 50008 and the spec's words", () => {
    expect(consultTransition(2, 'cancelled')).toEqual({
      kind: 'refused',
      code: CONSULT_ALREADY_ACCEPTED_CODE,
      message: '医生已接诊，无法取消，请继续咨询',
    });
  });

  it.each([U, 0, 2, 3, 4])('refuses a submission in status %i with 50007', (status) => {
    const outcome = consultTransition(status, 'submitted');
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.code).toBe(CONSULT_CODES.submitRefused);
    expect(outcome.kind === 'refused' && outcome.message).toBe(
      status === U ? CONSULT_REFUSALS.unpaid : CONSULT_REFUSALS.submitWrongStatus,
    );
  });

  it.each([
    [1, 'accepted'],
    [4, 'accepted'],
    [0, 'accepted'],
    [2, 'rejected'],
    [1, 'rejected'],
    [1, 'cancelled'],
    [0, 'cancelled'],
    [U, 'cancelled'],
    [1, 'ended'],
    [3, 'ended'],
    [4, 'ended'],
  ] as const)('refuses %i on %s with 40900', (status, event) => {
    const outcome = consultTransition(status, event);
    expect(outcome.kind === 'refused' && outcome.code).toBe(CONSULT_CODES.conflict);
  });
});

describe('nextConsultStatus', () => {
  it.each([
    [U_, 'paid', 1],
    [1, 'submitted', 3],
    [3, 'approved', 2],
    [3, 'cancelled', 4],
    [2, 'cancelled', 2],
    [2, 'ended', 0],
    [3, 'ended', 3],
  ] as const)('moves %i on %s to %i', (status, event, next) => {
    expect(nextConsultStatus(status, event)).toBe(next);
  });
});

describe('consultation times and openness', () => {
  it('ends an interval service its days after the doctor accepted', () => {
    expect(consultEndsAt(new Date('2026-03-01T02:00:00Z'), 7).toISOString()).toBe('2026-03-08T02:00:00.000Z');
  });

  it('expires an unanswered consultation 24 hours after its submission', () => {
    expect(consultExpiresAt(new Date('2026-03-01T02:00:00Z')).toISOString()).toBe('2026-03-02T02:00:00.000Z');
    expect(CONSULT_CANCEL_REASONS.expired).toContain(String(CONSULT_REFUND_AFTER_HOURS));
  });

  it.each([
    [U_, false],
    [0, false],
    [1, true],
    [2, true],
    [3, true],
    [4, false],
  ])('status %i open: %s', (status, open) => {
    expect(isOpenConsult(status)).toBe(open);
  });

  it("words the doctor's refusal with the reason and the refund", () => {
    expect(CONSULT_CHAT_TEXTS.rejected('号源已满')).toBe('医生未能接诊：号源已满。费用将自动原路退回（可能有延迟）');
  });
});

describe('consult entry and button', () => {
  it.each([
    [{ status: 1, type: 1 }, 'illnessDescription'],
    [{ status: 1, type: 2 }, 'chat'],
    [{ status: 2, type: 1 }, 'chat'],
  ] as const)('opens %j in %s', (session, target) => {
    expect(consultEntryTarget(session)).toBe(target);
  });

  it('labels status 1 点击咨询 and others 继续咨询', () => {
    expect(consultButtonLabel(1)).toBe('点击咨询');
    expect(consultButtonLabel(2)).toBe('继续咨询');
  });
});

describe('prescriptions', () => {
  it.each([
    [1, { opensDetail: false, toast: '药师正在审核处方，请耐心等候', revisit: false }],
    [2, { opensDetail: true, toast: null, revisit: false }],
    [4, { opensDetail: true, toast: null, revisit: true }],
    [5, { opensDetail: true, toast: null, revisit: true }],
  ])('customerShowStatus %i means %j', (status, view) => {
    expect(prescriptionView(status)).toEqual(view);
  });

  it('shows the QR for rx status 2 and the drug list for 4', () => {
    expect(prescriptionDetailView(2)).toEqual({ showQr: true, showDrugList: false });
    expect(prescriptionDetailView(4)).toEqual({ showQr: false, showDrugList: true });
  });
});

describe('opening hours', () => {
  it.each([
    [0, '00:00'],
    [8.5 * 3_600_000, '08:30'],
    [22 * 3_600_000 + 59 * 60_000, '22:59'],
    [24 * 3_600_000, '00:00'],
  ])('shows %i ms after midnight as %s', (ms, text) => {
    expect(formatMsOfDay(ms)).toBe(text);
  });

  it('shows a pharmacy’s hours', () => {
    expect(formatOpeningHours({ openStartTime: 8 * 3_600_000, openEndTime: 21 * 3_600_000 })).toBe('08:00-21:00');
  });

  it.each([
    [Date.UTC(2026, 0, 1, 23, 0), true],
    [Date.UTC(2026, 0, 1, 16, 20), true],
    [Date.UTC(2026, 0, 1, 16, 30), false],
    [Date.UTC(2026, 0, 1, 22, 59), false],
  ])('customer service (07:00–00:30 China) at %s is open: %s', (at, open) => {
    expect(isWithinDailyWindow(CUSTOMER_SERVICE_HOURS, at)).toBe(open);
  });

  it('handles a window within one day', () => {
    const day = { start: 8 * 3_600_000, end: 21 * 3_600_000 };
    expect(isWithinDailyWindow(day, Date.UTC(2026, 0, 1, 2))).toBe(true);
    expect(isWithinDailyWindow(day, Date.UTC(2026, 0, 1, 13))).toBe(false);
  });
});

describe('customerServiceHoursLabel', () => {
  it('shows the hours as 7:00–00:30', () => {
    expect(customerServiceHoursLabel()).toBe('7:00–00:30');
  });
});

describe('validateConsultSubmission', () => {
  const keys = ['1', '2', '3', '4', '5', '6'];
  const photo = 'uploads/273/2026/11/26/0123456789abcdef.jpg';
  const message = (input: Parameters<typeof validateConsultSubmission>[0]) => {
    const result = validateConsultSubmission(input, keys);
    return result.ok ? null : result.message;
  };

  it('passes a description with photos and a known allergy', () => {
    expect(
      message({ desc: '空腹血糖偏高', imgList: [photo], allergicHistory: { items: ['4', '6'], detail: '' } }),
    ).toBe(null);
    expect(message({ desc: '空腹血糖偏高', imgList: [], allergicHistory: { items: ['5'], detail: '海鲜' } })).toBe(
      null,
    );
  });

  it('refuses a blank or too long description, and a tenth photo', () => {
    expect(message({ desc: ' ', imgList: [] })).toBe('请输入咨询内容');
    expect(message({ desc: '糖'.repeat(301), imgList: [] })).not.toBeNull();
    expect(message({ desc: '头晕', imgList: Array(10).fill(photo) })).not.toBeNull();
  });

  it('takes only our consultation and illness uploads as photos', () => {
    expect(isConsultImagePath('uploads/272/a.png')).toBe(true);
    for (const path of [
      'uploads/275/a.png',
      'https://example.com/a.jpg',
      'uploads/273/../x.jpg',
      '/uploads/273/a.jpg',
    ]) {
      expect(isConsultImagePath(path)).toBe(false);
    }
    expect(message({ desc: '头晕', imgList: ['uploads/276/a.png'] })).toBe(CONSULT_SUBMIT_MESSAGES.imageInvalid);
  });

  it('keeps 1, 2, 3 and 5 alone, asks the detail of 5, and refuses unknown options', () => {
    expect(message({ desc: '头晕', imgList: [], allergicHistory: { items: ['1', '4'], detail: '' } })).toBe(
      CONSULT_SUBMIT_MESSAGES.allergyExclusive,
    );
    expect(message({ desc: '头晕', imgList: [], allergicHistory: { items: ['5'], detail: ' ' } })).toBe(
      '请输入详细过敏史',
    );
    expect(message({ desc: '头晕', imgList: [], allergicHistory: { items: [], detail: '' } })).toBe('请选择过敏史');
    expect(message({ desc: '头晕', imgList: [], allergicHistory: { items: ['9'], detail: '' } })).toBe(
      CONSULT_SUBMIT_MESSAGES.allergyUnknown,
    );
  });
});
