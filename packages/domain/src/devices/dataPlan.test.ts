import { describe, expect, it } from 'vitest';
import { DATA_PLAN_LABELS, canRenewDataPlan, dataPlanText, isIccid } from './dataPlan';

const now = new Date('2026-03-10T02:00:00Z');

describe('dataPlanText', () => {
  it.each([
    ['no plan', null, { text: DATA_PLAN_LABELS.none, expired: false }],
    ['an unreadable end', 'not a date', { text: DATA_PLAN_LABELS.none, expired: false }],
    ['a running plan (ISO text from the API)', '2027-03-09T16:00:00.000Z', { text: '2027-03-10', expired: false }],
    ['a running plan (a Date)', new Date('2026-04-01T00:00:00Z'), { text: '2026-04-01', expired: false }],
    ['an ended plan', '2026-03-01T00:00:00Z', { text: '2026-03-01 已到期', expired: true }],
  ])('%s', (_name, end, expected) => {
    expect(dataPlanText(end, now)).toEqual(expected);
  });
});

describe('canRenewDataPlan', () => {
  it.each([
    [{ iccid: '89860012345678901234' }, true],
    [{ iccid: '  ' }, false],
    [{ iccid: null }, false],
    [{}, false],
  ])('%j → %s', (device, expected) => {
    expect(canRenewDataPlan(device)).toBe(expected);
  });
});

describe('isIccid', () => {
  it.each([
    ['89860012345678901234', true],
    ['8986001234567890123', true],
    ['898600123456789012', false],
    ['79860012345678901234', false],
    ['8986001234567890123X', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(isIccid(text)).toBe(expected);
  });
});
