import { nativeQuery, type Db } from '../../../lib/db';

/** A change to append to the feed. */
export interface NewChange {
  customerId: string;
  resourceType: 'reading' | 'device';
  resourceId: string;
  op: 'created' | 'updated' | 'deleted';
  payload: object | null;
  occurredAt: Date;
}

/** A change as a page reads it. */
export interface ChangeRow {
  id: string;
  xid: string;
  customerId: string;
  resourceType: 'reading' | 'device';
  resourceId: string;
  op: 'created' | 'updated' | 'deleted';
  payload: Record<string, unknown> | null;
  occurredAt: Date;
}

/**
 * A client granted by at most this many patients reads the feed patient by patient (see `page`):
 * that many index probes per poll cost less than walking others' rows.
 */
export const FEW_PATIENTS = 100;

/** The patients whose changes a client may read (`c`, `s`: the parameters of client id and scope). */
const grantedPatients = (c: string, s: string) =>
  `select distinct g.customer_id from oauth_grant g
   where g.client_id = ${c} and g.revoked_at is null and g.scopes @> jsonb_build_array(${s}::text)`;

/** The watermark row of the whole feed in `open_change_retention` (no patient has the nil uuid). */
export const RETAINED_FROM_ALL = '00000000-0000-0000-0000-000000000000';

const COLUMNS = `c.id::text as id, c.xid::text as xid, c.customer_id, c.resource_type, c.resource_id, c.op, c.payload, c.occurred_at`;

/**
 * The page statement's two plans, with the same parameters ($1 xid, $2 id of the cursor, $3 client,
 * $4 scope, $5 limit) and the same answer (see `ChangesRepository.page`).
 */
export const PAGE_STATEMENTS = {
  /** Each granted patient's rows through (customer_id, xid, id), merged. */
  perPatient: `select ${COLUMNS}
    from (${grantedPatients('$3', '$4')}) p
    cross join lateral (
      select * from open_change oc
      where oc.customer_id = p.customer_id
        and (oc.xid, oc.id) > ($1::text::xid8, $2::bigint)
        and oc.xid < pg_snapshot_xmin(pg_current_snapshot())
      order by oc.xid, oc.id
      limit $5
    ) c
    order by c.xid, c.id
    limit $5`,
  /** The table in (xid, id) order, filtered to the granted patients. */
  walk: `select ${COLUMNS}
    from open_change c
    where (c.xid, c.id) > ($1::text::xid8, $2::bigint)
      and c.xid < pg_snapshot_xmin(pg_current_snapshot())
      and exists (
        select 1 from oauth_grant g
        where g.client_id = $3 and g.customer_id = c.customer_id and g.revoked_at is null
          and g.scopes @> jsonb_build_array($4::text)
      )
    order by c.xid, c.id
    limit $5`,
} as const;

/** The change feed's table, `open_change` (docs/adr/0221-change-feed-ordered-by-transaction.md). */
export class ChangesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Appends changes in the caller's transaction, in one statement whatever their number (a meter's
   * batch): `xid` is filled by the column's default, the transaction's own id.
   */
  async append(changes: readonly NewChange[]): Promise<void> {
    if (changes.length === 0) {
      return;
    }
    await nativeQuery(
      this.db,
      `insert into open_change (customer_id, resource_type, resource_id, op, payload, occurred_at)
       select c::uuid, r, i, o, p::jsonb, t::timestamptz
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as u(c, r, i, o, p, t)`,
      [
        changes.map((c) => c.customerId),
        changes.map((c) => c.resourceType),
        changes.map((c) => c.resourceId),
        changes.map((c) => c.op),
        changes.map((c) => (c.payload === null ? null : JSON.stringify(c.payload))),
        changes.map((c) => c.occurredAt.toISOString()),
      ],
      { name: 'open_change_append' },
    );
  }

  /**
   * Up to `limit` changes after `(xid, id)`, in `(xid, id)` order, of the patients with a live
   * grant to `clientId` that includes `scope`. Only transactions older than every transaction still
   * running are read (`xid < pg_snapshot_xmin(pg_current_snapshot())`): a running one could commit
   * rows that sort before the rows answered now, so its rows, and every later one's, wait for the
   * next page. In `readChanges`' REPEATABLE READ transaction the current snapshot is that
   * transaction's: the rows below its xmin that it sees are all there will ever be (docs/adr/0233).
   *
   * Two plans for the one answer (review s9 #7, ADR 0221). A client granted by at most
   * `fewPatients` patients reads each patient's rows through `(customer_id, xid, id)` and merges
   * them, so a poll never touches other patients' rows however many the platform writes. A client
   * with more patients walks the table in `(xid, id)` order and filters: its rows are dense enough
   * that few others' rows lie between them, and the per-patient merge would read up to `limit` rows
   * of every patient for each page.
   */
  async page(
    clientId: string,
    scope: string,
    after: { xid: string; id: string },
    limit: number,
    fewPatients: number = FEW_PATIENTS,
  ): Promise<ChangeRow[]> {
    const [counted] = await nativeQuery<{ n: number }>(
      this.db,
      `select count(*)::int as n from (${grantedPatients('$1', '$2')} limit $3) p`,
      [clientId, scope, fewPatients + 1],
      { name: 'open_change_page_patients' },
    );
    const perPatient = Number(counted?.n ?? 0) <= fewPatients;
    const rows = await nativeQuery<{
      id: string;
      xid: string;
      customer_id: string;
      resource_type: ChangeRow['resourceType'];
      resource_id: string;
      op: ChangeRow['op'];
      payload: Record<string, unknown> | string | null;
      occurred_at: Date | string;
    }>(
      this.db,
      perPatient ? PAGE_STATEMENTS.perPatient : PAGE_STATEMENTS.walk,
      [after.xid, after.id, clientId, scope, limit],
      { name: perPatient ? 'open_change_page_per_patient' : 'open_change_page' },
    );
    return rows.map((r) => ({
      id: r.id,
      xid: r.xid,
      customerId: r.customer_id,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      op: r.op,
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
      occurredAt: new Date(r.occurred_at),
    }));
  }

  /**
   * Deletes up to `limit` of the feed's oldest changes, in `(xid, id)` order, stopping before the
   * first that occurred at or after `before` or whose transaction is not older than every running
   * one (a running transaction may still commit rows that sort among them). In the same statement
   * it moves the watermarks (docs/adr/0233): of each patient whose rows went, and of the whole
   * feed, to the highest `(xid, id)` deleted, never backwards. Answers how many rows went.
   */
  async deleteOldest(before: Date, limit: number, now: Date): Promise<number> {
    const [row] = await nativeQuery<{ n: number }>(
      this.db,
      `with head as (
         select id, bool_and(occurred_at < $1::timestamptz) over (order by xid, id) as old
         from (select xid, id, occurred_at from open_change
               where xid < pg_snapshot_xmin(pg_current_snapshot())
               order by xid, id limit $2) h
       ),
       gone as (
         delete from open_change c using head
         where head.old and c.id = head.id
         returning c.customer_id, c.xid, c.id
       ),
       marks as (
         select distinct on (customer_id) customer_id, xid, id from gone order by customer_id, xid desc, id desc
       ),
       top as (
         select xid, id from gone order by xid desc, id desc limit 1
       ),
       moved as (
         insert into open_change_retention as r (customer_id, xid, change_id, pruned_at)
         select customer_id, xid, id, $3::timestamptz from marks
         union all
         select $4::uuid, xid, id, $3::timestamptz from top
         on conflict (customer_id) do update
           set xid = excluded.xid, change_id = excluded.change_id, pruned_at = excluded.pruned_at
           where (r.xid, r.change_id) < (excluded.xid, excluded.change_id)
         returning 1
       )
       select count(*)::int as n from gone`,
      [before.toISOString(), limit, now.toISOString(), RETAINED_FROM_ALL],
    );
    return Number(row?.n ?? 0);
  }

  /** The whole feed's watermark: every change at or below it is deleted (none before any deletion). */
  async retainedAfter(): Promise<{ xid: string; id: string } | null> {
    const [row] = await nativeQuery<{ xid: string; id: string }>(
      this.db,
      'select xid::text as xid, change_id::text as id from open_change_retention where customer_id = $1::uuid',
      [RETAINED_FROM_ALL],
    );
    return row ?? null;
  }

  /**
   * Whether retention deleted a change after `after` of a patient with a live grant to `clientId`
   * that includes `scope` (a client reading from there would miss it), and the whole feed's
   * watermark, in one statement.
   */
  async missedAfter(
    clientId: string,
    scope: string,
    after: { xid: string; id: string },
  ): Promise<{ missed: boolean; retained: { xid: string; id: string } | null }> {
    const [row] = await nativeQuery<{ missed: boolean; xid: string | null; id: string | null }>(
      this.db,
      `select exists (
         select 1 from open_change_retention r
         where r.customer_id in (${grantedPatients('$3', '$4')})
           and (r.xid, r.change_id) > ($1::text::xid8, $2::bigint)
       ) as missed, a.xid::text as xid, a.change_id::text as id
       from (select 1) one left join open_change_retention a on a.customer_id = $5::uuid`,
      [after.xid, after.id, clientId, scope, RETAINED_FROM_ALL],
      { name: 'open_change_missed_retained' },
    );
    return {
      missed: row?.missed === true,
      retained: row?.xid && row.id ? { xid: row.xid, id: row.id } : null,
    };
  }
}
