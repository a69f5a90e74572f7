import type { MikroORM } from '@mikro-orm/core';
import { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { dictionaryEntries } from './dictionaries';
import { demoDoctors } from './doctors';
import { Doctor } from '../modules/doctor/doctor.entity';
import { SugarSlot } from '../modules/sugar/sugar.entity';
import { sugarSlots } from './sugarSlots';
import { BloodPressureRange } from '../modules/blood-pressure/bloodPressure.entity';
import { bloodPressureRanges } from './bloodPressureRanges';

/** Seeds reference and demo data. Idempotent: every step is an upsert, so restarts change nothing. */
export async function seed(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  await new DictionaryRepository(em).upsert(dictionaryEntries);
  await em.upsertMany(Doctor, demoDoctors, { onConflictFields: ['openid'], onConflictAction: 'merge' });
  await em.upsertMany(SugarSlot, sugarSlots, { onConflictFields: ['timeType'], onConflictAction: 'merge' });
  await em.upsertMany(BloodPressureRange, bloodPressureRanges, { onConflictFields: ['sort'], onConflictAction: 'merge' });
}
