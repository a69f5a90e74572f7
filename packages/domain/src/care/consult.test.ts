import { describe, expect, it } from 'vitest';
import {
  CONSULT_STATUS,
  CONSULT_STATUS_LABELS,
  consultActions,
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

describe('nextConsultStatus', () => {
  it.each([
    [3, 'paid', 1],
    [1, 'submitted', 1],
    [3, 'approved', 2],
    [3, 'cancelled', 4],
    [2, 'cancelled', 2],
    [2, 'ended', 0],
  ] as const)('moves %i on %s to %i', (status, event, next) => {
    expect(nextConsultStatus(status, event)).toBe(next);
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
