import type { EntityManager } from '@mikro-orm/core';
import { DealerEnquiry } from './dealer.entity';

/** Dealer enquiries: stored from the app, listed and marked handled in the console. */
export class DealerRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(
    data: Omit<DealerEnquiry, 'id' | 'handledAt' | 'handledById' | 'handledByName' | 'note'>,
  ): Promise<number> {
    return Number(
      await this.em.insert(DealerEnquiry, {
        ...data,
        handledAt: null,
        handledById: null,
        handledByName: null,
        note: '',
      }),
    );
  }

  byId(id: number): Promise<DealerEnquiry | null> {
    return this.em.findOne(DealerEnquiry, { id }, { disableIdentityMap: true });
  }

  /** Newest first; `handled` 0 open, 1 handled; `keyword` a purchaser's name (contained) or a phone (exact). */
  page(
    filter: { handled?: 0 | 1; keyword?: string },
    offset: number,
    limit: number,
  ): Promise<[DealerEnquiry[], number]> {
    const like = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    return this.em.findAndCount(
      DealerEnquiry,
      {
        ...(filter.handled === 0 && { handledAt: null }),
        ...(filter.handled === 1 && { handledAt: { $ne: null } }),
        ...(like && filter.keyword && { $or: [{ purchaser: { $like: like } }, { phone: filter.keyword }] }),
      },
      { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset, limit, disableIdentityMap: true },
    );
  }

  /** Marks it handled unless it already is; false when it was. */
  async markHandled(id: number, by: { id: string; name: string }, note: string, now: Date): Promise<boolean> {
    const updated = await this.em.nativeUpdate(
      DealerEnquiry,
      { id, handledAt: null },
      { handledAt: now, handledById: by.id, handledByName: by.name, note },
    );
    return updated > 0;
  }
}
