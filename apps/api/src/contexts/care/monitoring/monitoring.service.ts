// Glucose monitoring plans (spec 3 §2.5): a consultation's doctor issues one (dates × slots), the
// patient reads it as a table with done marks, and both see its adherence
// (docs/adr/0164-monitoring-plan-adherence.md, docs/adr/0165-monitoring-plan-issue.md).
import {
  CONSULT_STATUS,
  MONITORING_MESSAGES,
  chinaDateKey,
  formatChinaTime,
  monitorPlanSpan,
  monitorPlanTable,
  plannedSlots,
  validateMonitorPlan,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { BodyOf } from '../../../lib/contract';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type { StaffContext } from '../../../lib/staff-context';
import { glucoseSlotsWithReadings } from '../../health';
import { recordAudit, type AuditActor } from '../../platform';
import { consultOfDoctor, consultPatientName } from '../consult/consult.service';
import { monitoringEvents } from './monitoring.events';
import { MonitoringRepository } from './monitoring.repository';
import type { MonitorPlan } from './monitoring.entity';
import { scheduleMonitorReminders } from './monitorReminder.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A consultation must have been accepted (running or ended) before its doctor plans monitoring. */
const NOT_ACCEPTED = '接诊后才能为患者制定监测计划';

type Slot = { date: string; timeType: number };

/** A plan as both the patient and the doctor read it (MonitorPlanVo). */
type PlanView = Schema<'MonitorPlanVo'>;

/** Plans as both the patient and the doctor read them: the table, with done marks and adherence. */
async function planViews(db: Db, plans: readonly MonitorPlan[], now: Date): Promise<PlanView[]> {
  if (plans.length === 0) {
    return [];
  }
  const repo = new MonitoringRepository(db);
  const slotsByPlan = await repo.slotsOf(plans.map((p) => p.id));
  const today = chinaDateKey(now);
  // One read of the readings per patient over all the plans' dates.
  const byCustomer = new Map<string, Slot[]>();
  for (const plan of plans) {
    byCustomer.set(plan.customerId, [...(byCustomer.get(plan.customerId) ?? []), ...(slotsByPlan.get(plan.id) ?? [])]);
  }
  const readings = new Map<string, Set<string>>();
  for (const [customerId, slots] of byCustomer) {
    const span = monitorPlanSpan(slots);
    readings.set(customerId, span ? await glucoseSlotsWithReadings(db, customerId, span.from, span.to) : new Set());
  }
  return plans.map((plan) => {
    const table = monitorPlanTable(slotsByPlan.get(plan.id) ?? [], readings.get(plan.customerId) ?? new Set(), today);
    return {
      id: plan.id,
      description: plan.description,
      createTime: formatChinaTime(plan.createdAt),
      doctorName: plan.doctorName,
      monitorPeriods: table.monitorPeriods.map((row) => ({
        ytitle: row.ytitle,
        date: row.date,
        xperiod: row.xperiod.map((c) => ({ ...c })),
      })),
      adherence: { ...table.adherence },
    };
  });
}

const listItem = (plan: MonitorPlan) => ({
  id: plan.id,
  description: plan.description,
  createTime: formatChinaTime(plan.createdAt),
  doctorName: plan.doctorName,
});

/** GET /sugarmonitor/receive/queryById: one of the caller's plans; anyone else's is "not found". */
export async function myMonitorPlan(db: Db, customerId: string, monitorId: string, now: Date) {
  const plan = UUID.test(monitorId) ? await new MonitoringRepository(db).ofCustomer(customerId, monitorId) : null;
  if (!plan) {
    throw notFound(MONITORING_MESSAGES.notFound);
  }
  return (await planViews(db, [plan], now))[0] as PlanView;
}

/** POST /sugarmonitor/receive/latest: the caller's most recently issued plan, or null. */
export async function myLatestMonitorPlan(db: Db, customerId: string, now: Date) {
  const plan = await new MonitoringRepository(db).latest(customerId);
  return plan ? ((await planViews(db, [plan], now))[0] ?? null) : null;
}

/** POST /sugarmonitor/receive/list: the caller's plans, newest first, 10 a page. */
export async function pageMyMonitorPlans(db: Db, customerId: string, body: BodyOf<'monitorPlanList'>) {
  const pageNo = body.pageNo ?? 1;
  const pageSize = body.pageSize ?? 10;
  const [rows, total] = await new MonitoringRepository(db).page(customerId, pageNo, pageSize);
  return { ...pageOf(rows.map(listItem), total, pageNo, pageSize), totalNum: total };
}

/** The consultation of the caller's linked doctor, once accepted (running or ended); 404/403 otherwise. */
async function acceptedConsult(db: Db, consultId: string, staff: StaffContext) {
  const consult = await consultOfDoctor(db, consultId, staff);
  if (consult.status !== CONSULT_STATUS.inConsultation && consult.status !== CONSULT_STATUS.finished) {
    throw forbidden(NOT_ACCEPTED);
  }
  return consult;
}

/**
 * POST /console/v1/consults/{consultId}/monitorPlans: the doctor issues a plan to the
 * consultation's patient. In one transaction: the plan and its slots, the reminders' jobs, the
 * patient's notice and template message (through `MonitorPlanIssued`), the audit entry.
 */
export async function issueMonitorPlan(
  db: Db,
  staff: StaffContext,
  actor: AuditActor,
  consultId: string,
  body: BodyOf<'consoleIssueMonitorPlan'>,
  now: Date,
) {
  const consult = await acceptedConsult(db, consultId, staff);
  const checked = validateMonitorPlan(body, chinaDateKey(now));
  if (!checked.ok) {
    throw new AppError(ErrorCodes.badRequest, checked.message, 400);
  }
  const slots = plannedSlots(body.periods);
  const repo = new MonitoringRepository(db);
  const [doctorName, patientName] = await Promise.all([
    repo.doctorName(consult.doctorId),
    consultPatientName(db, consult.customerId),
  ]);
  const plan = await inTransaction(db, async (tx) => {
    const created = await new MonitoringRepository(tx).insert(
      {
        customerId: consult.customerId,
        doctorId: consult.doctorId,
        doctorName,
        staffId: staff.staffId,
        consultId: consult.id,
        description: body.description.trim(),
        createdAt: now,
      },
      slots,
    );
    await scheduleMonitorReminders(tx, { id: created.id, customerId: created.customerId, doctorName, slots }, now);
    await monitoringEvents.publish(tx, 'MonitorPlanIssued', [
      {
        type: 'MonitorPlanIssued',
        planId: created.id,
        customerId: created.customerId,
        patientName,
        doctorName,
        slots,
        at: now,
      },
    ]);
    await recordAudit(
      tx,
      actor,
      {
        action: 'monitor.issue',
        patientId: consult.customerId,
        target: created.id,
        detail: { consultId: consult.id, dates: body.periods.length, slots: slots.length },
      },
      now,
    );
    return created;
  });
  return (await planViews(db, [plan], now))[0] as PlanView;
}

/**
 * GET /console/v1/consults/{consultId}/monitorPlans: the plans the caller's linked doctor gave the
 * consultation's patient (from any consultation), newest first, with adherence. Audited.
 */
export async function consultMonitorPlans(
  db: Db,
  staff: StaffContext,
  actor: AuditActor,
  consultId: string,
  now: Date,
) {
  const consult = await acceptedConsult(db, consultId, staff);
  const plans = await new MonitoringRepository(db).byDoctorForCustomer(consult.doctorId, consult.customerId);
  const items = await planViews(db, plans, now);
  await recordAudit(
    db,
    actor,
    { action: 'monitor.read', patientId: consult.customerId, target: consult.id, detail: { plans: items.length } },
    now,
  );
  return { items };
}
