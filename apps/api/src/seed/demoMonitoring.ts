/*
 * The demo patient's glucose monitoring plan from demo.doctor's linked doctor (王明远), covering the
 * current week (Monday to Sunday, China time, of the seed time), so /monitoringPlan and the console's
 * 监测计划 panel can be tried after `npm start` (docs/adr/0165-monitoring-plan-issue.md). Issued in
 * the running consultation on the week's Monday at 09:00 (or at the seed time, if that is earlier):
 * 空腹 and 早餐后 every day, 晚餐后 on weekdays, 睡前 on Wednesday and Saturday. The demo readings
 * of the week mark their slots done. No notice and no reminder jobs are made for it (the demo's
 * notices stay as other screens expect them). Demo data only (never with NODE_ENV=production).
 * Seeded once, after the demo consultations.
 */
import type { EntityManager } from '@mikro-orm/core';
import { CONSULT_STATUS, chinaDateKey, chinaWeekRange, plannedSlots } from '@glucoguard/domain';
import { Staff } from '../contexts/identity/staff/staff.entity';
import { Consult } from '../contexts/care/consult/consult.entity';
import { MonitorPlan, MonitorPlanSlot } from '../contexts/care/monitoring/monitoring.entity';
import { Doctor } from '../contexts/platform/care-directory/doctor.entity';
import { seedForDemoPatient, type DemoSeedOptions } from './demo';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The week's slots by weekday (0 Monday … 6 Sunday). */
function slotsOfDay(weekday: number): number[] {
  return [1, 2, ...(weekday < 5 ? [6] : []), ...(weekday === 2 || weekday === 5 ? [7] : [])];
}

export async function seedDemoMonitoring(em: EntityManager, options: DemoSeedOptions): Promise<void> {
  await seedForDemoPatient(em, options, 'demo-monitoring', async (tx, patient) => {
    const staff = await tx.findOne(Staff, { username: 'demo.doctor' });
    if (!staff?.doctorId || (await tx.count(MonitorPlan, { customerId: patient.id })) > 0) {
      return;
    }
    const running = await tx.findOne(Consult, {
      customerId: patient.id,
      doctorId: staff.doctorId,
      status: CONSULT_STATUS.inConsultation,
    });
    const doctor = await tx.findOne(Doctor, { id: staff.doctorId });
    if (!running || !doctor) {
      return;
    }
    const monday = chinaWeekRange(options.now).start.getTime();
    const periods = Array.from({ length: 7 }, (_, weekday) => ({
      date: chinaDateKey(new Date(monday + weekday * DAY)),
      timeTypes: slotsOfDay(weekday),
    }));
    const plan = tx.create(MonitorPlan, {
      customerId: patient.id,
      doctorId: doctor.id,
      doctorName: doctor.name,
      staffId: staff.id,
      consultId: running.id,
      description:
        '本周请每天测空腹和早餐后血糖，工作日加测晚餐后，周三和周六睡前再测一次。测完请在应用里记录，复诊时我们一起看。',
      createdAt: new Date(Math.min(options.now.getTime(), monday + 9 * HOUR)),
    });
    await tx.flush();
    for (const slot of plannedSlots(periods)) {
      tx.create(MonitorPlanSlot, { planId: plan.id, date: slot.date, timeType: slot.timeType });
    }
    await tx.flush();
  });
}
