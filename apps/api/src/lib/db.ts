import { IsolationLevel, type EntityManager } from '@mikro-orm/core';
import { PostgreSqlDriver, type SqlEntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';

/**
 * The database handle a service holds and passes on: the request's unit of work, or a transaction
 * inside one. Services and routes treat it as opaque (they never import `@mikro-orm/*` and never
 * call its methods); only repositories (`*.repository.ts`), entities and `lib/db.ts` use it as the
 * MikroORM EntityManager it is. dependency-cruiser's `orm-only-in-repositories` rule keeps it so.
 */
export type Db = EntityManager;

/**
 * Runs `work` in one transaction on `db` (joining the caller's transaction when `db` already is
 * one) and returns what it returns; everything `work` does through repositories on `tx` commits or
 * rolls back together.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transactional(work);
}

/**
 * Runs `work` in one read-only REPEATABLE READ transaction on `db`: every statement of it reads the
 * one snapshot taken at its first, so reads that must agree (a page and the check that nothing
 * behind it was deleted, docs/adr/0233) cannot see a write that commits between them. `db` must not
 * already be in a transaction (that one's isolation would stand).
 */
export async function inSnapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transactional(work, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
}

/** Both of our drivers (PostgreSQL and PGlite) are SQL drivers; this exposes their raw-SQL API. */
export function sql(em: EntityManager): SqlEntityManager {
  return em as unknown as SqlEntityManager;
}

/**
 * Runs `work` in a transaction that holds an advisory lock on `key`, so concurrent requests for
 * the same subject (a phone number, an address) are counted one after another.
 */
export async function withSubjectLock<T>(em: Db, key: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await sql(tx).execute('select pg_advisory_xact_lock(hashtext(?))', [key]);
    return work(tx);
  });
}

/**
 * Runs one SQL statement with bound parameters (`$1`, `$2`, …) on the entity manager's
 * transaction, or on the pool outside one. MikroORM's `execute` writes parameters into the SQL
 * text; this sends them apart, so a statement whose parameters are arrays (a batch of rows through
 * `unnest`) keeps one short, constant text however many rows it carries.
 *
 * With `name`, PostgreSQL keeps the statement prepared on each connection (parsed and analysed
 * once, its plan cached): worth it for a long statement run many times a second. node-postgres
 * takes a `{ name, text }` query config where Kysely hands it the SQL; PGlite (one connection, in
 * process) gets the plain text. The text must stay the same for a name.
 */
export async function nativeQuery<T>(
  em: EntityManager,
  text: string,
  params: readonly unknown[],
  options: { name?: string } = {},
): Promise<T[]> {
  const connection = sql(em).getConnection();
  await connection.ensureConnection();
  const executor = em.getTransactionContext<Transaction<unknown>>() ?? connection.getClient();
  const prepared = options.name && em.getDriver() instanceof PostgreSqlDriver;
  const query = prepared ? ({ name: options.name, text } as unknown as string) : text;
  const result = await executor.executeQuery<T>(CompiledQuery.raw(query, [...params]));
  return [...result.rows];
}
