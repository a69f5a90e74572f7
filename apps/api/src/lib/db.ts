import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';

/** Both of our drivers (PostgreSQL and PGlite) are SQL drivers; this exposes their raw-SQL API. */
export function sql(em: EntityManager): SqlEntityManager {
  return em as unknown as SqlEntityManager;
}

/**
 * Runs `work` in a transaction that holds an advisory lock on `key`, so concurrent requests for
 * the same subject (a phone number, an address) are counted one after another.
 */
export async function withSubjectLock<T>(em: EntityManager, key: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await sql(tx).execute('select pg_advisory_xact_lock(hashtext(?))', [key]);
    return work(tx);
  });
}
