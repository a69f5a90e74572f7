import { describe, expect, it } from 'vitest';
import {
  customerShowStatusOf,
  formatRxDuration,
  nextRxStatus,
  RX_CONTENT_MAX,
  RX_MESSAGES,
  RX_STATUS,
  rxExpiresAt,
  rxRedeemRefusal,
  rxReviewNotice,
  rxReviewPushFields,
  validateAdvice,
  validatePrescription,
  validateRxReview,
} from './prescription';

const line = { medicineId: 1, number: 2, dosage: '0.5', usaged: '1', rate: '2', time: 7, timeUnit: 0 };

describe('nextRxStatus', () => {
  it.each([
    [1, 'approved', 2],
    [1, 'rejected', 3],
    [2, 'used', 4],
    [2, 'expired', 5],
    [2, 'approved', null],
    [3, 'approved', null],
    [1, 'used', null],
    [4, 'expired', null],
    [5, 'used', null],
  ] as const)('from %i on %s gives %s', (from, event, to) => {
    expect(nextRxStatus(from, event)).toBe(to);
  });
});

describe('customerShowStatusOf', () => {
  it('maps review 1, unused 2, used 4, expired 5 and a rejection to 3', () => {
    expect([1, 2, 3, 4, 5].map(customerShowStatusOf)).toEqual([1, 2, 3, 4, 5]);
    expect(customerShowStatusOf(RX_STATUS.rejected)).toBe(3);
  });
});

describe('validatePrescription', () => {
  it('accepts a complete prescription', () => {
    expect(validatePrescription({ content: '2型糖尿病，继续二甲双胍', rxCategory: '1', medicines: [line] }).ok).toBe(
      true,
    );
  });
  it('reports the first failure in the form order', () => {
    expect(validatePrescription({ content: ' ', rxCategory: '', medicines: [] })).toMatchObject({
      message: RX_MESSAGES.contentRequired,
    });
    expect(validatePrescription({ content: '诊断', rxCategory: '', medicines: [] })).toMatchObject({
      message: RX_MESSAGES.rxCategoryRequired,
    });
    expect(validatePrescription({ content: '诊断', rxCategory: '1', medicines: [] })).toMatchObject({
      message: RX_MESSAGES.medicinesRequired,
    });
    expect(validatePrescription({ content: 'x'.repeat(501), rxCategory: '1', medicines: [line] })).toMatchObject({
      message: RX_MESSAGES.contentTooLong,
    });
  });
  it('checks each medicine with the diary rules, then quantity and duration', () => {
    const check = (m: Partial<typeof line>) =>
      validatePrescription({ content: '诊断', rxCategory: '1', medicines: [{ ...line, ...m }] });
    expect(check({ usaged: '' })).toMatchObject({ message: '请选择药品用法' });
    expect(check({ dosage: 'abc' })).toMatchObject({ message: '请选择用量' });
    expect(check({ number: 0 })).toMatchObject({ message: RX_MESSAGES.numberInvalid });
    expect(check({ time: 0 })).toMatchObject({ message: RX_MESSAGES.timeInvalid });
    expect(check({ timeUnit: 2 })).toMatchObject({ message: RX_MESSAGES.timeInvalid });
  });
  it('refuses the same medicine twice and more than ten', () => {
    expect(validatePrescription({ content: '诊断', rxCategory: '1', medicines: [line, line] })).toMatchObject({
      message: RX_MESSAGES.duplicateMedicine,
    });
    const many = Array.from({ length: 11 }, (_, i) => ({ ...line, medicineId: i + 1 }));
    expect(validatePrescription({ content: '诊断', rxCategory: '1', medicines: many })).toMatchObject({
      message: RX_MESSAGES.tooManyMedicines,
    });
  });
});

describe('validateAdvice', () => {
  it('needs content; medicines are optional', () => {
    expect(validateAdvice({ content: '饭后散步30分钟', medicines: [] }).ok).toBe(true);
    expect(validateAdvice({ content: '', medicines: [] })).toMatchObject({ message: '请填写建议内容' });
    expect(validateAdvice({ content: '多'.repeat(RX_CONTENT_MAX + 1), medicines: [] })).toMatchObject({
      message: RX_MESSAGES.adviceTooLong,
    });
  });
});

describe('validateRxReview', () => {
  it('needs a reason to reject, none to approve', () => {
    expect(validateRxReview({ approve: true }).ok).toBe(true);
    expect(validateRxReview({ approve: false, reason: '  ' })).toMatchObject({ message: RX_MESSAGES.reasonRequired });
    expect(validateRxReview({ approve: false, reason: '剂量过大' }).ok).toBe(true);
  });
});

describe('rxRedeemRefusal and expiry', () => {
  it('dispenses only an approved, unused prescription', () => {
    expect(rxRedeemRefusal(2)).toBeNull();
    expect(rxRedeemRefusal(4)).toBe(RX_MESSAGES.used);
    expect(rxRedeemRefusal(5)).toBe(RX_MESSAGES.expired);
    expect(rxRedeemRefusal(3)).toBe(RX_MESSAGES.rejected);
    expect(rxRedeemRefusal(1)).toBe(RX_MESSAGES.awaitingReview);
  });
  it('expires three days after approval', () => {
    expect(rxExpiresAt(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });
  it('formats durations in days or months', () => {
    expect(formatRxDuration(7, 0)).toBe('7天');
    expect(formatRxDuration(1, 1)).toBe('1个月');
  });
});

describe('rxReviewNotice', () => {
  it('tells an approval with the days left, a rejection with its reason', () => {
    expect(rxReviewNotice({ doctorName: '李明', approved: true, reason: null })).toEqual({
      title: '处方已通过审核',
      text: '李明医生为您开具的处方已通过药师审核，请在3天内凭处方二维码到药店购药。',
    });
    expect(rxReviewNotice({ doctorName: '', approved: false, reason: '剂量过大' }).text).toBe(
      '您的处方未通过药师审核，原因：剂量过大。如有疑问请联系医生。',
    );
  });
});

describe('rxReviewPushFields', () => {
  it('fills the health template with the patient, 电子处方, the doctor and the verdict', () => {
    expect(
      rxReviewPushFields({ patientName: '张建国', doctorName: '李明', approved: false, time: '2026-11-26 10:00' }),
    ).toEqual({
      name: '张建国',
      item: '电子处方',
      value: '李明医生开具',
      result: '未通过审核',
      time: '2026-11-26 10:00',
    });
  });
});
