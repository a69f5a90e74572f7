import type { EntityManager } from '@mikro-orm/core';
import { AuditEvent } from './auditEvent.entity';

export type NewAuditEvent = Pick<
  AuditEvent,
  'at' | 'actorKind' | 'actorId' | 'action' | 'patientId' | 'target' | 'ip' | 'requestId' | 'detail'
>;

export interface AuditFilter {
  actorId?: string;
  patientId?: string;
  action?: string;
  /** Events at or after this time … */
  from?: Date;
  /** … and before this one. */
  to?: Date;
  /** Events older than this id (paging backwards, newest first). */
  beforeId?: number;
}

/** Storage of the audit trail: append and browse, never update. */
export class AuditRepository {
  constructor(private readonly em: EntityManager) {}

  async append(event: NewAuditEvent): Promise<void> {
    await this.em.insert(AuditEvent, event);
  }

  /** Newest first. */
  browse(filter: AuditFilter, limit: number): Promise<AuditEvent[]> {
    return this.em.find(
      AuditEvent,
      {
        ...(filter.actorId && { actorId: filter.actorId }),
        ...(filter.patientId && { patientId: filter.patientId }),
        ...(filter.action && { action: filter.action }),
        ...((filter.from || filter.to) && {
          at: { ...(filter.from && { $gte: filter.from }), ...(filter.to && { $lt: filter.to }) },
        }),
        ...(filter.beforeId !== undefined && { id: { $lt: filter.beforeId } }),
      },
      { orderBy: { id: 'desc' }, limit, disableIdentityMap: true },
    );
  }
}
