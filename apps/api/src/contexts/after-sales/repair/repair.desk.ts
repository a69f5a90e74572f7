import { formatChinaTime, REPAIR_SCREEN_TEXTS, type RepairStepKind } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import type { StaffContext } from '../../../lib/staff-context';
import { recordAudit, type AuditActor } from '../../platform';
import type { RepairRequest } from './repair.entity';
import { repairEvents } from './repair.events';
import { RepairRepository } from './repair.repository';
import { repairView, type PhotoSigner } from './repair.service';
import { serviceStaff, serviceStaffName } from './repair.staff';

// The console's repair desk (permission `aftersales.service`): the queue by status, one request
// with both photo groups signed for the staff member, and the three steps — assign, handling
// result, complete. Each step is one transaction that first locks the request's row, so two steps
// at once run one after another (a complete without a remark takes the result recorded just before
// it, never a stale one): the move (only while in service), its history row, its audit entry and
// the event social's notices turn into a notice and a template message.

type ConsoleRepair = Schema<'ConsoleRepair'>;
type ConsoleRepairDetail = Schema<'ConsoleRepairDetail'>;

const COMPLETED = '报修单已完成';
const conflict = (errMsg: string) => new AppError(ErrorCodes.conflict, errMsg, 409);
const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

function queueRow(row: RepairRequest): ConsoleRepair {
  return {
    upkeepId: row.id,
    upkeepCode: row.upkeepCode,
    customerId: row.customerId,
    name: row.name,
    phone: row.phone,
    categoryName: row.categoryName,
    productName: row.productName,
    deviceImei: row.deviceImei,
    createTime: formatChinaTime(row.createdAt),
    status: row.status as 0 | 1,
    assigneeId: row.assigneeId ?? null,
    assigneeName: row.assigneeName ?? null,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

async function detailOf(db: Db, row: RepairRequest, sign: PhotoSigner): Promise<ConsoleRepairDetail> {
  const repo = new RepairRepository(db);
  const [photos, steps] = await Promise.all([repo.photos(row.id), repo.steps(row.id)]);
  return {
    ...repairView(row, photos, sign),
    customerId: row.customerId,
    assigneeId: row.assigneeId ?? null,
    assigneeName: row.assigneeName ?? null,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    steps: steps.map((s) => ({
      kind: s.kind as RepairStepKind,
      staffName: s.staffName,
      text: s.text,
      at: s.createdAt.toISOString(),
    })),
  };
}

async function existing(db: Db, upkeepId: number): Promise<RepairRequest> {
  const row = await new RepairRepository(db).byId(upkeepId);
  if (!row) {
    throw notFound(REPAIR_SCREEN_TEXTS.notFound);
  }
  return row;
}

export async function consoleRepairs(
  db: Db,
  actor: AuditActor,
  query: { status?: number; keyword?: string; assigneeId?: string; pageNo: number; pageSize: number },
  now: Date,
) {
  const keyword = query.keyword?.trim() || undefined;
  const [rows, total] = await new RepairRepository(db).queue(
    { status: query.status, keyword, assigneeId: query.assigneeId },
    (query.pageNo - 1) * query.pageSize,
    query.pageSize,
  );
  await recordAudit(db, actor, { action: 'aftersales.repair.list', detail: keyword ? { keyword } : null }, now);
  return {
    items: rows.map(queueRow),
    currentPage: query.pageNo,
    totalPage: Math.ceil(total / query.pageSize),
    total,
  };
}

export async function consoleRepair(db: Db, actor: AuditActor, upkeepId: number, sign: PhotoSigner, now: Date) {
  const row = await existing(db, upkeepId);
  await recordAudit(
    db,
    actor,
    { action: 'aftersales.repair.read', patientId: row.customerId, target: `repair:${upkeepId}` },
    now,
  );
  return detailOf(db, row, sign);
}

/** Whom a request may be assigned to. */
export async function repairAssignees(db: Db) {
  return (await serviceStaff(db)).map((s) => ({ staffId: s.id, name: s.name, role: s.role }));
}

/**
 * One step on a request in service: `fields` move it, the step is kept in its history, audited,
 * and published for the patient's notice, all in one transaction.
 */
async function step(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  upkeepId: number,
  kind: RepairStepKind,
  change: (row: RepairRequest) => {
    fields: Parameters<RepairRepository['updateInService']>[1];
    text: string;
    remark: string;
  },
  sign: PhotoSigner,
  now: Date,
) {
  const staffName = await serviceStaffName(db, staff);
  await inTransaction(db, async (tx) => {
    const repo = new RepairRepository(tx);
    const row = await repo.lockedById(upkeepId);
    if (!row) {
      throw notFound(REPAIR_SCREEN_TEXTS.notFound);
    }
    if (row.status !== 0) {
      throw conflict(COMPLETED);
    }
    const { fields, text, remark } = change(row);
    if (!(await repo.updateInService(upkeepId, fields, now))) {
      throw conflict(COMPLETED);
    }
    await repo.addStep({ repairId: upkeepId, kind, staffId: staff.staffId, staffName, text, createdAt: now });
    await recordAudit(
      tx,
      actor,
      {
        action: `aftersales.repair.${kind}`,
        patientId: row.customerId,
        target: `repair:${upkeepId}`,
        detail: { text },
      },
      now,
    );
    await repairEvents.publish(tx, 'RepairStepTaken', [
      {
        type: 'RepairStepTaken',
        customerId: row.customerId,
        upkeepId,
        upkeepCode: row.upkeepCode,
        name: row.name,
        kind,
        remark,
        at: now,
      },
    ]);
  });
  return detailOf(db, await existing(db, upkeepId), sign);
}

export async function assignRepair(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  upkeepId: number,
  staffId: string,
  sign: PhotoSigner,
  now: Date,
) {
  const assignee = (await serviceStaff(db)).find((s) => s.id === staffId);
  if (!assignee) {
    throw badRequest('请选择处理人');
  }
  return step(
    db,
    actor,
    staff,
    upkeepId,
    'assign',
    (row) => ({
      fields: { assigneeId: assignee.id, assigneeName: assignee.name.slice(0, 32) },
      text: assignee.name,
      remark: row.remark,
    }),
    sign,
    now,
  );
}

export async function recordRepairResult(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  upkeepId: number,
  remark: string,
  sign: PhotoSigner,
  now: Date,
) {
  const text = remark.trim();
  if (!text) {
    throw badRequest('请填写处理结果（最多500个字）');
  }
  return step(
    db,
    actor,
    staff,
    upkeepId,
    'result',
    () => ({ fields: { remark: text }, text, remark: text }),
    sign,
    now,
  );
}

export async function completeRepair(
  db: Db,
  actor: AuditActor,
  staff: StaffContext,
  upkeepId: number,
  remark: string | undefined,
  sign: PhotoSigner,
  now: Date,
) {
  const given = remark?.trim() ?? '';
  return step(
    db,
    actor,
    staff,
    upkeepId,
    'complete',
    (row) => {
      const result = given || row.remark;
      if (!result) {
        throw badRequest('请填写处理结果');
      }
      return { fields: { status: 1, completedAt: now, remark: result }, text: result, remark: result };
    },
    sign,
    now,
  );
}
