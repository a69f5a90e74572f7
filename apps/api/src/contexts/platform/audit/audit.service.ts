import { inTransaction, type Db } from '../../../lib/db';
import { AuditRepository, type AuditFilter } from './audit.repository';
import type { AuditEvent } from './auditEvent.entity';

/** Who did it and from where: what a route knows about its request (docs/adr/0119-audit-trail.md). */
export interface AuditActor {
  kind: 'staff' | 'customer';
  id: string;
  /** The client's IP (`request.ip`, resolved through trusted proxies). */
  ip: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  /** A dotted verb, e.g. `staff.create`, `audit.read`, `consultation.read`. */
  action: string;
  /** The patient (customer id) whose data was read or written. */
  patientId?: string | null;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Writes one audit event. Call it with the transaction of the change it records (a write), or
 * before answering a read, so no patient data leaves the API unrecorded.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  await new AuditRepository(db).append({
    at: now,
    actorKind: actor.kind,
    actorId: actor.id,
    action: entry.action,
    patientId: entry.patientId ?? null,
    target: entry.target ?? null,
    ip: actor.ip?.slice(0, 64) ?? null,
    requestId: actor.requestId?.slice(0, 64) ?? null,
    detail: entry.detail ?? null,
  });
}

/**
 * A staff read of a page that may hold several patients' data: the trail keeps one patient an
 * event, so the read is recorded once per patient on the page (`patients`: each with what to add to
 * the entry's detail), or once without a patient when the page holds none; all or none of them.
 */
export async function recordPageRead(
  db: Db,
  actor: AuditActor,
  entry: Omit<AuditEntry, 'patientId'>,
  patients: ReadonlyMap<string | null, Record<string, unknown>>,
  now: Date,
): Promise<void> {
  const each = patients.size > 0 ? patients : new Map([[null, {}]]);
  await inTransaction(db, async (tx) => {
    for (const [patientId, extra] of each) {
      await recordAudit(tx, actor, { ...entry, patientId, detail: { ...entry.detail, ...extra } }, now);
    }
  });
}

export interface AuditView {
  id: number;
  at: string;
  actorKind: AuditActor['kind'];
  actorId: string;
  action: string;
  patientId: string | null;
  target: string | null;
  ip: string | null;
  requestId: string | null;
}

const view = (e: AuditEvent): AuditView => ({
  id: Number(e.id),
  at: e.at.toISOString(),
  actorKind: e.actorKind as AuditActor['kind'],
  actorId: e.actorId,
  action: e.action,
  patientId: e.patientId ?? null,
  target: e.target ?? null,
  ip: e.ip ?? null,
  requestId: e.requestId ?? null,
});

/** A page of the trail, newest first. */
export async function browseAudit(db: Db, filter: AuditFilter, limit: number): Promise<AuditView[]> {
  return (await new AuditRepository(db).browse(filter, limit)).map(view);
}
