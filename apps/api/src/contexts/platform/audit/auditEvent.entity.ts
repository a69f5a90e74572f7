import { defineEntity, p } from '@mikro-orm/core';

/**
 * One line of the audit trail (docs/adr/0119-audit-trail.md): who (a staff member or a customer),
 * did what, to which patient's data, when, from where (client IP) and in which request.
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    at: p.datetime().index(),
    /** 'staff' | 'customer'. */
    actorKind: p.string().length(16),
    actorId: p.uuid().index(),
    /** What was done, e.g. `staff.create`, `audit.read`, later `consultation.read`. */
    action: p.string().length(64).index(),
    /** The patient (customer id) whose data was read or written, when there is one. */
    patientId: p.uuid().nullable().index(),
    /** What the action touched besides the patient, e.g. `staff:<id>`. */
    target: p.string().length(128).nullable(),
    ip: p.string().length(64).nullable(),
    requestId: p.string().length(64).nullable(),
    detail: p.json<Record<string, unknown>>().nullable(),
  },
});

export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
