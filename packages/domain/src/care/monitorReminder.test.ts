import { describe, expect, it } from 'vitest';
import { formatChinaTime, parseChinaDateTime } from '../shared/time';
import {
  inQuietHours,
  monitorReminderDueAt,
  monitorReminderKey,
  monitorReminderNotice,
  monitorReminderPushFields,
  monitorReminderSendable,
  slotSpanOn,
} from './monitorReminder';

/** The seeded dictionary's hours (apps/api/src/seed/sugarSlots.ts). */
const slot = {
  fasting: { timeType: 1, startTime: '05:00', endTime: '09:00' },
  afterBreakfast: { timeType: 2, startTime: '09:00:00', endTime: '11:00:00' },
  afterDinner: { timeType: 6, startTime: '18:30', endTime: '21:00' },
  bedtime: { timeType: 7, startTime: '21:00', endTime: '23:59' },
  night: { timeType: 8, startTime: '00:00', endTime: '05:00' },
};

const china = (text: string) => parseChinaDateTime(text)!;
const shown = (instant: Date | null) => (instant ? formatChinaTime(instant, 'YYYY-MM-DD HH:mm') : null);

describe('inQuietHours', () => {
  it.each([
    ['2026-03-02 21:59', false],
    ['2026-03-02 22:00', true],
    ['2026-03-02 23:59', true],
    ['2026-03-03 00:00', true],
    ['2026-03-03 06:59', true],
    ['2026-03-03 07:00', false],
    ['2026-03-03 12:00', false],
  ])('%s China time → %s', (text, quiet) => {
    expect(inQuietHours(china(text))).toBe(quiet);
  });
});

describe('slotSpanOn', () => {
  it('reads 23:59 as midnight and a wrapping slot into the next day', () => {
    expect(slotSpanOn('2026-03-02', slot.bedtime)).toEqual({
      start: china('2026-03-02 21:00'),
      end: china('2026-03-03 00:00'),
    });
    expect(slotSpanOn('2026-03-02', { timeType: 7, startTime: '22:30', endTime: '03:00' })).toEqual({
      start: china('2026-03-02 22:30'),
      end: china('2026-03-03 03:00'),
    });
  });

  it('is null for a malformed date or clock', () => {
    expect(slotSpanOn('2026-3-2', slot.fasting)).toBeNull();
    expect(slotSpanOn('2026-02-30', slot.fasting)).toBeNull();
    expect(slotSpanOn('2026-03-02', { timeType: 1, startTime: '25:00', endTime: '09:00' })).toBeNull();
  });
});

describe('monitorReminderDueAt', () => {
  it('is the slot start outside the quiet hours (from the dictionary, with or without seconds)', () => {
    expect(shown(monitorReminderDueAt('2026-03-02', slot.afterBreakfast))).toBe('2026-03-02 09:00');
    expect(shown(monitorReminderDueAt('2026-03-02', slot.afterDinner))).toBe('2026-03-02 18:30');
    expect(shown(monitorReminderDueAt('2026-03-02', slot.bedtime))).toBe('2026-03-02 21:00');
  });

  it('moves a start in the quiet hours to 07:00 when the slot still runs then', () => {
    expect(shown(monitorReminderDueAt('2026-03-02', slot.fasting))).toBe('2026-03-02 07:00');
    expect(shown(monitorReminderDueAt('2026-03-02', { timeType: 1, startTime: '06:59', endTime: '07:01' }))).toBe(
      '2026-03-02 07:00',
    );
  });

  it('gives no reminder when the slot is over by 07:00', () => {
    expect(monitorReminderDueAt('2026-03-02', { timeType: 1, startTime: '05:00', endTime: '07:00' })).toBeNull();
    expect(monitorReminderDueAt('2026-03-02', { timeType: 7, startTime: '22:00', endTime: '23:59' })).toBeNull();
    expect(monitorReminderDueAt('2026-03-02', { timeType: 7, startTime: '22:30', endTime: '03:00' })).toBeNull();
  });

  it('follows a start at 22:00 into the next morning when the slot runs past 07:00', () => {
    expect(shown(monitorReminderDueAt('2026-03-02', { timeType: 7, startTime: '22:00', endTime: '08:00' }))).toBe(
      '2026-03-03 07:00',
    );
  });

  it('keeps a start of 21:59 and 07:00 as they are', () => {
    expect(shown(monitorReminderDueAt('2026-03-02', { timeType: 7, startTime: '21:59', endTime: '23:59' }))).toBe(
      '2026-03-02 21:59',
    );
    expect(shown(monitorReminderDueAt('2026-03-02', { timeType: 1, startTime: '07:00', endTime: '09:00' }))).toBe(
      '2026-03-02 07:00',
    );
  });

  it('never holds back the 凌晨 slot', () => {
    expect(shown(monitorReminderDueAt('2026-03-02', slot.night))).toBe('2026-03-02 00:00');
    expect(shown(monitorReminderDueAt('2026-03-02', { timeType: 8, startTime: '02:00', endTime: '04:00' }))).toBe(
      '2026-03-02 02:00',
    );
  });

  it('is null for a malformed date', () => {
    expect(monitorReminderDueAt('tomorrow', slot.fasting)).toBeNull();
  });
});

describe('monitorReminderSendable', () => {
  it('sends from the due time until the slot ends', () => {
    expect(monitorReminderSendable(china('2026-03-02 06:59'), '2026-03-02', slot.fasting)).toBe(false);
    expect(monitorReminderSendable(china('2026-03-02 07:00'), '2026-03-02', slot.fasting)).toBe(true);
    expect(monitorReminderSendable(china('2026-03-02 08:59'), '2026-03-02', slot.fasting)).toBe(true);
    expect(monitorReminderSendable(china('2026-03-02 09:00'), '2026-03-02', slot.fasting)).toBe(false);
  });

  it('holds a late bedtime job back once the quiet hours begin', () => {
    expect(monitorReminderSendable(china('2026-03-02 21:59'), '2026-03-02', slot.bedtime)).toBe(true);
    expect(monitorReminderSendable(china('2026-03-02 22:00'), '2026-03-02', slot.bedtime)).toBe(false);
  });

  it('sends the 凌晨 slot at night', () => {
    expect(monitorReminderSendable(china('2026-03-02 00:00'), '2026-03-02', slot.night)).toBe(true);
    expect(monitorReminderSendable(china('2026-03-02 04:59'), '2026-03-02', slot.night)).toBe(true);
    expect(monitorReminderSendable(china('2026-03-02 05:00'), '2026-03-02', slot.night)).toBe(false);
  });

  it('never sends a slot without a reminder', () => {
    const over = { timeType: 1, startTime: '05:00', endTime: '07:00' };
    expect(monitorReminderSendable(china('2026-03-02 06:00'), '2026-03-02', over)).toBe(false);
  });
});

describe('the reminder texts', () => {
  it('names the slot, its hours, the day and the doctor', () => {
    expect(monitorReminderNotice({ date: '2026-03-02', slot: slot.bedtime, doctorName: '王明' })).toEqual({
      title: '该测睡前血糖了',
      text: '王明医生为您制定的监测计划中，03月02日睡前（21:00–24:00）需要测一次血糖，测后记得记录，医生会看到。',
    });
  });

  it('never doubles 医生 and says 医生 without a name', () => {
    const text = (doctorName: string) =>
      monitorReminderNotice({ date: '2026-03-02', slot: slot.night, doctorName }).text;
    expect(text('林医生')).toMatch(/^林医生为您制定/);
    expect(text('')).toMatch(/^医生为您制定/);
  });

  it('fills the template within its limits', () => {
    const fields = monitorReminderPushFields({ patientName: '张'.repeat(30), date: '2026-03-02', slot: slot.fasting });
    expect(fields).toEqual({
      name: '张'.repeat(20),
      item: '空腹血糖',
      value: '医生监测计划',
      result: '待测量',
      time: '2026-03-02 05:00',
    });
    expect(Array.from(fields.result).length).toBeLessThanOrEqual(5);
  });

  it('keys a job by plan, date and slot', () => {
    expect(monitorReminderKey('42', '2026-03-02', 1)).toBe('42:2026-03-02:1');
  });
});
