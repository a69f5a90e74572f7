import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { ReadingKind } from './readings.events';
import { SugarTest } from './glucose.entity';
import { BloodPressureTest } from './pressure.entity';
import { KetoneTest } from './ketone.entity';
import { UricAcidTest } from './uricAcid.entity';
import { WeightRecord } from './weight.entity';

/** The entity (table) of each kind of reading. */
const TABLE = {
  glucose: SugarTest,
  pressure: BloodPressureTest,
  ketone: KetoneTest,
  uricAcid: UricAcidTest,
  weight: WeightRecord,
} as const;

type Table = typeof TABLE;
/** A stored reading of a kind, as its entity. */
export type ReadingRow<K extends ReadingKind> = InstanceType<Table[K]>;

/** What a kind's row is made of: every column but the id. */
export type NewReadingRow<K extends ReadingKind> = Omit<ReadingRow<K>, 'id'>;

/** Reading ids are bigint serials: anything else names no reading (and must not reach PostgreSQL). */
const isReadingId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * Storage of readings of every kind: the only code that inserts or deletes rows of sugar_test,
 * blood_pressure_test, ketone_test, uric_acid_test and weight_record (the meter batch's statement
 * is in `meterBatch.repository.ts`). The kinds' own repositories only read.
 */
export class ReadingsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Inserts a reading and answers it with its id. A unique-key clash (a synckey resent at the same moment) throws; see `isDuplicateKey`. */
  async insert<K extends ReadingKind>(kind: K, row: NewReadingRow<K>): Promise<ReadingRow<K>> {
    const entity: ReadingRow<K> = this.em.create(TABLE[kind] as never, row as never);
    await this.em.flush();
    return entity;
  }

  /** The reading of `kind` with `id`, or null (also for an id that cannot be one). */
  find<K extends ReadingKind>(kind: K, id: string): Promise<ReadingRow<K> | null> {
    if (!isReadingId(id)) {
      return Promise.resolve(null);
    }
    return this.em.findOne(TABLE[kind] as never, { id }) as Promise<ReadingRow<K> | null>;
  }

  /** Changes a stored reading's columns (editing a glucose or pressure reading). */
  async update<K extends ReadingKind>(reading: ReadingRow<K>, changes: Partial<NewReadingRow<K>>): Promise<void> {
    Object.assign(reading, changes);
    await this.em.flush();
  }

  async remove<K extends ReadingKind>(reading: ReadingRow<K>): Promise<void> {
    await this.em.remove(reading as object).flush();
  }

  /** Forgets what the unit of work holds, after a failed transaction left it stale. */
  forget(): void {
    this.em.clear();
  }
}

/** Whether `error` is a unique-key clash (two saves of the same synckey at once). */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException;
}
