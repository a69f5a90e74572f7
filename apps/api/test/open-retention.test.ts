// Retention of the change feed and the delivery log (docs/adr/0233-change-feed-retention.md): the
// daily job deletes changes older than 30 days and deliveries finished that long ago (never a
// pending one), twice the same as once; a cursor from before a deleted change of one of the
// client's patients answers 410 41000, while an absent cursor, a cursor past what went and a client
// none of whose patients lost a change go on (the latter's cursor moving up to the whole feed's
// watermark); on PostgreSQL, a deletion committing in the middle of a read changes nothing of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGE_FEED_RETENTION_DAYS, decodeChangeCursor } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { JobNames } from '../src/composition';
import { addGlucoseReading } from '../src/contexts/health';
import { pruneOpenHistory } from '../src/contexts/open';
import { scheduleJob } from '../src/contexts/platform';
import { ChangesRepository, RETAINED_FROM_ALL } from '../src/contexts/open/changes/changes.repository';
import { readChanges } from '../src/contexts/open/changes/changes.service';
import { WebhookAttempt, WebhookDelivery } from '../src/contexts/open/webhooks/webhook.entity';
import { nativeQuery } from '../src/lib/db';
import { newIntegrator, settleTransactions, type Integrator } from './open-data-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-10-01T02:00:00Z'));
const DAY = 24 * 3_600_000;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
});
afterAll(() => api?.close());

const em = () => api.app.orm.em.fork();
type Change = Schema<'OpenChange'>;

const settle = () => settleTransactions(api);

/** Every change the client can read from `cursor` (from the start when absent), and the cursor to go on from. */
async function drain(clientId: string, cursor?: string) {
  await settle();
  const changes: Change[] = [];
  let next = cursor;
  for (;;) {
    const page = await readChanges(em(), clientId, next, 2);
    changes.push(...page.changes);
    next = page.nextCursor;
    if (!page.hasMore) {
      return { changes, cursor: next };
    }
  }
}

/** The feed's rows, the watermarks and the delivery log as they stand. */
async function state() {
  const q = (text: string) => nativeQuery<Record<string, unknown>>(em(), text, []);
  return {
    changes: await q('select id::text as id from open_change order by xid, id'),
    marks: await q(
      'select customer_id, xid::text as xid, change_id::text as id from open_change_retention order by customer_id',
    ),
    deliveries: await q('select id::text as id from open_webhook_delivery order by id'),
    attempts: await q('select delivery_id::text as id, attempt_no from open_webhook_attempt order by delivery_id'),
  };
}

/** A delivery with one attempt, in `status`, last changed now. */
async function delivery(status: 'pending' | 'succeeded' | 'failed') {
  const e = em();
  const id = randomUUID();
  e.create(WebhookDelivery, {
    id,
    subscriptionId: randomUUID(),
    customerId: null,
    eventId: `evt_${randomUUID().replaceAll('-', '')}`,
    eventType: 'reading.created',
    body: '{}',
    status,
    chain: 1,
    nextAttemptAt: status === 'pending' ? new Date(clock().getTime() + 60_000) : null,
    createdAt: clock(),
    updatedAt: clock(),
  });
  e.create(WebhookAttempt, {
    deliveryId: id,
    chain: 1,
    attemptNo: 1,
    startedAt: clock(),
    statusCode: status === 'succeeded' ? 200 : 500,
    durationMs: 12,
    error: null,
  });
  await e.flush();
  return id;
}

const glucose = (cid: string, sugar: number, createTime: string) =>
  addGlucoseReading(em(), cid, { sugar, createTime }, clock()).then((r) => `glucose-${r.testId}`);

describe('the open platform’s retention', () => {
  let integrator: Integrator;
  let quiet: Integrator;
  let patient: string;
  const old: string[] = [];
  let young = '';
  /** Cursors the client was given 31 days ago: after its first change, and after its last one. */
  let midCursor = '';
  let endCursor = '';
  const kept: string[] = [];
  const finishedLongAgo: string[] = [];
  let before: Awaited<ReturnType<typeof state>>;
  /** The cursor a client with a patient who never changed anything was given 31 days ago. */
  let quietCursor = '';

  beforeAll(async () => {
    integrator = await newIntegrator(api, clock);
    quiet = await newIntegrator(api, clock);
    patient = (await registeredCustomer(api)).cid;
    const silent = (await registeredCustomer(api)).cid;
    await integrator.grant(patient, ['readings.read']);
    await quiet.grant(silent, ['readings.read']);

    // 31 days ago: two readings the client read, a pending delivery and two finished ones.
    old.push(await glucose(patient, 5.1, '2026-10-01 08:00'), await glucose(patient, 5.2, '2026-10-01 09:00'));
    const read = await drain(integrator.clientId);
    expect(read.changes.map((c) => c.resourceId)).toEqual(old);
    midCursor = read.changes[0]!.cursor;
    endCursor = read.cursor;
    kept.push(await delivery('pending'));
    finishedLongAgo.push(await delivery('succeeded'), await delivery('failed'));
    quietCursor = (await drain(quiet.clientId)).cursor;

    clock.advance((CHANGE_FEED_RETENTION_DAYS + 1) * DAY);
    // Today: a reading and a delivery finished just now.
    young = await glucose(patient, 5.3, '2026-11-01 08:00');
    kept.push(await delivery('succeeded'));

    await settle();
    before = await state();
    await pruneOpenHistory(em(), clock());
  });

  it('deletes the changes older than 30 days and keeps the newer ones', async () => {
    // (The job may have run too, on the API's own schedule: what counts is what is left.)
    expect(before.changes.length - (await state()).changes.length).toBeGreaterThanOrEqual(old.length);
    const rows = await nativeQuery<{ resource_id: string }>(
      em(),
      'select resource_id from open_change where customer_id = $1::uuid order by xid, id',
      [patient],
    );
    expect(rows.map((r) => r.resource_id)).toEqual([young]);
    const [mark] = await nativeQuery<{ n: number }>(
      em(),
      'select count(*)::int as n from open_change_retention where customer_id in ($1::uuid, $2::uuid)',
      [patient, RETAINED_FROM_ALL],
    );
    expect(mark!.n).toBe(2);
  });

  it('deletes deliveries finished more than 30 days ago with their attempts, never a pending one', async () => {
    const after = await state();
    const ids = after.deliveries.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(kept));
    for (const id of finishedLongAgo) {
      expect(ids).not.toContain(id);
      expect(before.deliveries.map((d) => d.id)).toContain(id);
      expect(after.attempts.map((a) => a.id)).not.toContain(id);
    }
    expect(after.attempts.map((a) => a.id)).toEqual(expect.arrayContaining(kept));
  });

  it('does the same when run again: nothing more goes, the watermarks stay', async () => {
    const once = await state();
    expect(await pruneOpenHistory(em(), clock())).toEqual({ changes: 0, deliveries: 0 });
    expect(await state()).toEqual(once);
  });

  it('answers 410 41000 to a cursor from before a deleted change of the client’s patients', async () => {
    expect(await failure(readChanges(em(), integrator.clientId, midCursor, 10))).toMatchObject({
      code: 41000,
      errMsg: '同步游标已过期，请从头同步',
      statusCode: 410,
    });
    // Over HTTP: the envelope with status 410.
    const token = await integrator.token(null, ['readings.read']);
    const res = await fetch(`${api.baseUrl}/open/v1/changes?cursor=${midCursor}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 41000, errMsg: '同步游标已过期，请从头同步', data: null });
  });

  it('goes on from a cursor past what was deleted, and from no cursor at the oldest change kept', async () => {
    expect((await drain(integrator.clientId, endCursor)).changes.map((c) => c.resourceId)).toEqual([young]);
    const fresh = await drain(integrator.clientId);
    expect(fresh.changes.map((c) => c.resourceId)).toEqual([young]);
    expect(fresh.changes.every((c) => c.op === 'created')).toBe(true);
    // An empty cursor is no cursor.
    expect(await readChanges(em(), integrator.clientId, '', 10)).toEqual(
      await readChanges(em(), integrator.clientId, undefined, 10),
    );
    // The cursor a fresh start gives is good for the next read.
    const next = await glucose(patient, 5.4, '2026-11-01 09:00');
    expect((await drain(integrator.clientId, fresh.cursor)).changes.map((c) => c.resourceId)).toEqual([next]);
  });

  it('takes the cursor of a client none of whose patients lost a change after it up to the whole feed’s watermark; a fresh start begins there', async () => {
    const [all] = await nativeQuery<{ xid: string; id: string }>(
      em(),
      'select xid::text as xid, change_id::text as id from open_change_retention where customer_id = $1::uuid',
      [RETAINED_FROM_ALL],
    );
    const watermark = { xid: all!.xid, id: all!.id };
    expect(decodeChangeCursor(quietCursor)).not.toEqual(watermark);
    // Given before the deleted changes, but none of them was its patients': no 410, and the next
    // cursor is past every deleted change, where no later grant can find one missed behind it.
    const quietPage = await readChanges(em(), quiet.clientId, quietCursor, 10);
    expect(quietPage).toMatchObject({ changes: [], hasMore: false });
    expect(decodeChangeCursor(quietPage.nextCursor)).toEqual(watermark);
    // Without a cursor the read starts at the whole feed's watermark likewise.
    const fresh = await drain(quiet.clientId);
    expect(fresh.changes).toEqual([]);
    expect(decodeChangeCursor(fresh.cursor)).toEqual(watermark);
  });

  it('does not expire a quiet client’s polled cursor when a patient whose changes were deleted after its old cursor grants it', async () => {
    const polled = (await readChanges(em(), quiet.clientId, quietCursor, 10)).nextCursor;
    // `patient` lost changes lying after quietCursor, and now grants the quiet client.
    await quiet.grant(patient, ['readings.read']);
    // From the cursor it polled: the patient's kept changes, as a client reading all along would get.
    const after = await drain(quiet.clientId, polled);
    expect(after.changes.map((c) => c.resourceId)).toEqual(
      (await drain(integrator.clientId, endCursor)).changes.map((c) => c.resourceId),
    );
    expect(after.changes.map((c) => c.resourceId)).toContain(young);
    // A cursor held without polling across the deletion does expire now: the feed would have
    // brought the deleted changes from there (the grant is checked when reading, ADR 0221).
    expect(await failure(readChanges(em(), quiet.clientId, quietCursor, 10))).toMatchObject({
      code: 41000,
      statusCode: 410,
    });
  });

  it('is the durable job open.retention.prune that composeJobs registers', async () => {
    const later = await glucose(patient, 5.5, '2026-11-01 10:00');
    clock.advance((CHANGE_FEED_RETENTION_DAYS + 1) * DAY);
    await settle();
    // Due now by the database's time, which the queue compares with; the job reads the API's clock.
    await em().transactional((tx) => scheduleJob(tx, JobNames.openRetention, 'test-retention', new Date()));
    const left = () =>
      nativeQuery<{ n: number }>(em(), 'select count(*)::int as n from open_change where resource_id = $1', [later]);
    await vi.waitFor(async () => expect((await left())[0]!.n).toBe(0), { timeout: 20_000, interval: 250 });
  });
});

// Retention committing in the middle of a read (PostgreSQL only: it needs a second connection, and
// PGlite has one). The read's statements share one snapshot, so the deletion is not seen by any of
// them: neither a fresh start's watermark nor a page can disagree with the check that follows.
describe.runIf(process.env.DATABASE_URL)('the change feed while retention deletes (PostgreSQL)', () => {
  /** Retention as it would run 31 days from now, from another connection: today's rows go too. */
  const pruneLater = () => pruneOpenHistory(em(), new Date(clock().getTime() + (CHANGE_FEED_RETENTION_DAYS + 1) * DAY));

  /**
   * Runs `pruneLater` (and waits for its commit) once `method` of the next read has answered,
   * before the read's next statement.
   */
  function pruneAfter(method: 'retainedAfter' | 'page') {
    const original = Reflect.get(ChangesRepository.prototype, method) as (...args: unknown[]) => Promise<unknown>;
    return vi.spyOn(ChangesRepository.prototype, method).mockImplementationOnce(async function (
      this: ChangesRepository,
      ...args: unknown[]
    ) {
      const answer = await original.apply(this, args);
      expect((await pruneLater()).changes).toBeGreaterThan(0);
      return answer as never;
    });
  }

  it('a fresh start whose deletion commits after it read the watermark gives a cursor that stays good', async () => {
    const reader = await newIntegrator(api, clock);
    const cid = (await registeredCustomer(api)).cid;
    await reader.grant(cid, ['readings.read']);
    const written = [await glucose(cid, 6.1, '2026-12-01 08:00'), await glucose(cid, 6.2, '2026-12-01 09:00')];
    await settle();
    const spy = pruneAfter('retainedAfter');
    const first = await readChanges(em(), reader.clientId, undefined, 10);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    // The page read the snapshot from before the deletion: the rows it deleted are on it.
    expect(first.changes.map((c) => c.resourceId)).toEqual(written);
    // And its cursor is past them: the next read is not refused (it was, when the page read the
    // rows as left after the deletion and answered the old watermark).
    expect(await readChanges(em(), reader.clientId, first.nextCursor, 10)).toMatchObject({ changes: [] });
  });

  it('a page whose changes a deletion takes before the check is answered, not refused', async () => {
    const reader = await newIntegrator(api, clock);
    const cid = (await registeredCustomer(api)).cid;
    await reader.grant(cid, ['readings.read']);
    await settle();
    const cursor = (await readChanges(em(), reader.clientId, undefined, 10)).nextCursor;
    const written = [await glucose(cid, 6.3, '2026-12-01 10:00'), await glucose(cid, 6.4, '2026-12-01 11:00')];
    await settle();
    const spy = pruneAfter('page');
    const page = await readChanges(em(), reader.clientId, cursor, 10);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(page.changes.map((c) => c.resourceId)).toEqual(written);
    // The watermarks moved past the page's changes: reading on from its cursor goes on.
    const [mark] = await nativeQuery<{ n: number }>(
      em(),
      'select count(*)::int as n from open_change_retention where customer_id = $1::uuid',
      [cid],
    );
    expect(mark!.n).toBe(1);
    expect(await readChanges(em(), reader.clientId, page.nextCursor, 10)).toMatchObject({ changes: [] });
    // A cursor from before them is behind deleted changes now.
    expect(await failure(readChanges(em(), reader.clientId, cursor, 10))).toMatchObject({ code: 41000 });
  });
});
