import type { MikroORM } from '@mikro-orm/core';
import { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { dictionaryEntries } from './dictionaries';

/** Seeds reference and demo data. Idempotent: every step is an upsert, so restarts change nothing. */
export async function seed(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  await new DictionaryRepository(em).upsert(dictionaryEntries);
}
