import type { EntityManager } from '@mikro-orm/core';
import { Banner } from './banner.entity';

export type BannerRow = Pick<Banner, 'id' | 'title' | 'imgUrl' | 'clickUrl'>;
export type NewBanner = Omit<Banner, 'startsAt' | 'endsAt'> & { startsAt?: Date | null; endsAt?: Date | null };

/** Storage of the home carousel's banners. */
export class BannerRepository {
  constructor(private readonly em: EntityManager) {}

  /** A product's banners shown at `now` (status 1, inside their window), by sort then id. */
  shown(productCode: string, now: Date): Promise<BannerRow[]> {
    return this.em.find(
      Banner,
      {
        productCode,
        status: 1,
        $and: [
          { $or: [{ startsAt: null }, { startsAt: { $lte: now } }] },
          { $or: [{ endsAt: null }, { endsAt: { $gt: now } }] },
        ],
      },
      { fields: ['id', 'title', 'imgUrl', 'clickUrl'], orderBy: { sort: 'asc', id: 'asc' } },
    );
  }

  /** Inserts or updates banners by id (the seed); an existing banner keeps its status and window (an operator's switch). */
  async upsert(rows: readonly NewBanner[]): Promise<void> {
    await this.em.upsertMany(
      Banner,
      rows.map((row) => ({ startsAt: null, endsAt: null, ...row })),
      {
        onConflictFields: ['id'],
        onConflictAction: 'merge',
        onConflictMergeFields: ['productCode', 'title', 'imgUrl', 'clickUrl', 'sort'],
      },
    );
  }
}
