import { describe, expect, it } from 'vitest';
import {
  MONITORING_MESSAGES,
  MONITORING_PLAN_PATH,
  MONITOR_SLOTS,
  addDaysToDate,
  monitorAdherence,
  monitorPlanNotice,
  monitorPlanPushFields,
  monitorPlanTable,
  monitorSlotKey,
  opensMonitoringPlan,
  plannedSlots,
  validateMonitorPlan,
} from './monitoring';

const TODAY = '2026-11-26';
const valid = { description: '每天空腹和三餐后各测一次', periods: [{ date: TODAY, timeTypes: [1, 2] }] };
const message = (r: ReturnType<typeof validateMonitorPlan>) => (r.ok ? null : r.message);

describe('the slot order', () => {
  it('lists the 8 slots from 凌晨 to 睡前', () => {
    expect(MONITOR_SLOTS.map((s) => s.name)).toEqual([
      '凌晨',
      '空腹',
      '早餐后',
      '午餐前',
      '午餐后',
      '晚餐前',
      '晚餐后',
      '睡前',
    ]);
    expect(MONITOR_SLOTS.map((s) => s.timeType)).toEqual([8, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('validateMonitorPlan', () => {
  it('accepts today, today + 30 and 31 dates', () => {
    expect(validateMonitorPlan(valid, TODAY).ok).toBe(true);
    const periods = Array.from({ length: 31 }, (_, i) => ({ date: addDaysToDate(TODAY, i), timeTypes: [8] }));
    expect(validateMonitorPlan({ ...valid, periods }, TODAY).ok).toBe(true);
  });

  it('checks the dates first, in order', () => {
    expect(message(validateMonitorPlan({ ...valid, periods: [] }, TODAY))).toBe(MONITORING_MESSAGES.noDates);
    const many = Array.from({ length: 32 }, (_, i) => ({ date: addDaysToDate(TODAY, i), timeTypes: [1] }));
    expect(message(validateMonitorPlan({ ...valid, periods: many }, TODAY))).toBe('监测日期最多31天');
    expect(message(validateMonitorPlan({ ...valid, periods: [{ date: '2026-02-30', timeTypes: [1] }] }, TODAY))).toBe(
      MONITORING_MESSAGES.badDate,
    );
    expect(message(validateMonitorPlan({ ...valid, periods: [{ date: '2026-11-25', timeTypes: [1] }] }, TODAY))).toBe(
      '监测日期须在今天起30天内',
    );
    expect(message(validateMonitorPlan({ ...valid, periods: [{ date: '2026-12-27', timeTypes: [1] }] }, TODAY))).toBe(
      MONITORING_MESSAGES.dateOutOfRange,
    );
    expect(validateMonitorPlan({ ...valid, periods: [{ date: '2026-12-26', timeTypes: [1] }] }, TODAY).ok).toBe(true);
    const twice = [
      { date: TODAY, timeTypes: [1] },
      { date: TODAY, timeTypes: [2] },
    ];
    expect(message(validateMonitorPlan({ ...valid, periods: twice }, TODAY))).toBe(MONITORING_MESSAGES.duplicateDate);
  });

  it('needs at least one valid slot per date, without repeats', () => {
    expect(message(validateMonitorPlan({ ...valid, periods: [{ date: TODAY, timeTypes: [] }] }, TODAY))).toBe(
      MONITORING_MESSAGES.noSlot,
    );
    for (const timeTypes of [[0], [9], [1, 1], [1.5]]) {
      expect(message(validateMonitorPlan({ ...valid, periods: [{ date: TODAY, timeTypes }] }, TODAY))).toBe(
        MONITORING_MESSAGES.badSlot,
      );
    }
  });

  it('then needs a description of 1..200 characters', () => {
    expect(message(validateMonitorPlan({ ...valid, description: '   ' }, TODAY))).toBe('请填写监测说明');
    expect(validateMonitorPlan({ ...valid, description: '测'.repeat(200) }, TODAY).ok).toBe(true);
    expect(message(validateMonitorPlan({ ...valid, description: '测'.repeat(201) }, TODAY))).toBe(
      '监测说明不能超过200字',
    );
    // The dates are reported before the description.
    expect(message(validateMonitorPlan({ description: '', periods: [] }, TODAY))).toBe(MONITORING_MESSAGES.noDates);
  });
});

describe('the table and the adherence', () => {
  const slots = plannedSlots([
    { date: '2026-11-27', timeTypes: [7, 1] },
    { date: '2026-11-25', timeTypes: [8] },
    { date: '2026-11-26', timeTypes: [1, 2] },
  ]);

  it('orders the planned slots by date, then slot order', () => {
    expect(slots.map((s) => monitorSlotKey(s.date, s.timeType))).toEqual([
      '2026-11-25:8',
      '2026-11-26:1',
      '2026-11-26:2',
      '2026-11-27:1',
      '2026-11-27:7',
    ]);
  });

  it('builds one row per date with all 8 slots, flags and done marks only on planned slots', () => {
    const readings = new Set(['2026-11-26:1', '2026-11-26:3', '2026-11-24:1']);
    const { monitorPeriods } = monitorPlanTable(slots, readings, TODAY);
    expect(monitorPeriods.map((r) => [r.ytitle, r.date])).toEqual([
      ['11-25', '2026-11-25'],
      ['11-26', '2026-11-26'],
      ['11-27', '2026-11-27'],
    ]);
    for (const row of monitorPeriods) {
      expect(row.xperiod.map((c) => c.xtitle)).toEqual(MONITOR_SLOTS.map((s) => s.name));
    }
    const today = monitorPeriods[1]?.xperiod ?? [];
    expect(today.map((c) => c.monitorFlag)).toEqual([0, 1, 1, 0, 0, 0, 0, 0]);
    expect(today.map((c) => c.done)).toEqual([false, true, false, false, false, false, false, false]);
  });

  it('counts past planned slots and done ones; today and later unmeasured ones wait', () => {
    // 11-25 凌晨 missed (past), 11-26 空腹 done, 11-26 早餐后 pending today, 11-27 both future.
    expect(monitorAdherence(slots, new Set(['2026-11-26:1']), TODAY)).toEqual({ planned: 2, done: 1, percent: 50 });
    expect(monitorAdherence(slots, new Set(), '2026-11-25')).toEqual({ planned: 0, done: 0, percent: 0 });
    expect(monitorAdherence(slots, new Set(['2026-11-27:7']), '2026-11-25')).toEqual({
      planned: 1,
      done: 1,
      percent: 100,
    });
    // After the plan: every slot counts; 2 of 5 → 40 %, 1 of 3 → 33 %.
    const two = new Set(['2026-11-25:8', '2026-11-27:1']);
    expect(monitorAdherence(slots, two, '2026-12-01')).toEqual({ planned: 5, done: 2, percent: 40 });
    expect(monitorAdherence(slots.slice(0, 3), new Set(['2026-11-25:8']), '2026-12-01').percent).toBe(33);
  });
});

describe('the notice of a new plan', () => {
  const slots = plannedSlots([
    { date: '2026-11-26', timeTypes: [1, 2] },
    { date: '2026-12-02', timeTypes: [1] },
  ]);

  it('names the doctor, the span and the number of measurements', () => {
    expect(monitorPlanNotice({ doctorName: '李明', slots })).toEqual({
      title: '医生为您制定了血糖监测计划',
      text: '李明医生为您制定了血糖监测计划（11-26至12-02，共3次测量），请按计划按时测量血糖。',
    });
    expect(monitorPlanNotice({ doctorName: '林医生', slots }).text).toMatch(/^林医生为您制定/);
    expect(monitorPlanNotice({ doctorName: '', slots: slots.slice(0, 1) }).text).toBe(
      '医生为您制定了血糖监测计划（11-26，共1次测量），请按计划按时测量血糖。',
    );
  });

  it('fills the five template fields', () => {
    expect(monitorPlanPushFields({ patientName: '王芳', slots, time: '2026-11-26 09:30' })).toEqual({
      name: '王芳',
      item: '血糖监测计划',
      value: '11-26至12-02共3次',
      result: '请按时测量',
      time: '2026-11-26 09:30',
    });
  });
});

describe('addDaysToDate', () => {
  it('crosses months and years and refuses non-dates', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(() => addDaysToDate('2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('opensMonitoringPlan', () => {
  it('sends a new plan and a reminder to the plan, and nothing else', () => {
    expect(opensMonitoringPlan('monitorPlan')).toBe(true);
    expect(opensMonitoringPlan('monitorRemind')).toBe(true);
    expect(['reading', 'rxReviewed', 'followRequest', 'friend'].some(opensMonitoringPlan)).toBe(false);
    expect(MONITORING_PLAN_PATH).toBe('/monitoringPlan');
  });
});
