// The change feed (issue 23, docs/adr/0221-change-feed-ordered-by-transaction.md): every change of
// a patient's readings and meters, tombstones included, in commit order, only of patients with a
// live readings.read grant to the client; and, on real PostgreSQL, a change committed after a page
// was read never hides behind that page's cursor while writers run at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeChangeCursor, encodeChangeCursor } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { addGlucoseReading } from '../src/contexts/health';
import { editReading } from '../src/contexts/health/glucose/glucose.service';
import { FEW_PATIENTS, PAGE_STATEMENTS } from '../src/contexts/open/changes/changes.repository';
import { readChanges } from '../src/contexts/open/changes/changes.service';
import { nativeQuery } from '../src/lib/db';
import { newIntegrator, settleTransactions, type Integrator } from './open-data-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api?.close());

type Change = Schema<'OpenChange'>;
const em = () => api.app.orm.em.fork();

const settle = () => settleTransactions(api);

/** Every change the client can read now, page by page from `cursor`; and the cursor to go on from. */
async function drain(clientId: string, cursor?: string, limit = 2, { settled = true } = {}) {
  if (settled) {
    await settle();
  }
  const changes: Change[] = [];
  let next = cursor;
  for (;;) {
    const page = await readChanges(em(), clientId, next, limit);
    changes.push(...page.changes);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    next = page.nextCursor;
    if (!page.hasMore) {
      return { changes, cursor: next };
    }
  }
}

const summary = (changes: Change[]) => changes.map((c) => `${c.op} ${c.resourceType} ${c.resourceId}`);

/**
 * The page statement's two plans (ChangesRepository.page): a client granted by few patients reads
 * each one's rows; one granted by more than FEW_PATIENTS walks the table. `walk` gives the client
 * that many more grants, of patients who never write, so that it takes the walking plan.
 */
type Plan = 'per patient' | 'walk';
const PLANS: Plan[] = ['per patient', 'walk'];
async function onPlan(integrator: Integrator, plan: Plan) {
  if (plan === 'walk') {
    for (let i = 0; i < FEW_PATIENTS; i += 1) {
      await integrator.grant(randomUUID(), ['readings.read']);
    }
  }
}

let imeiCounter = 0;
const nextImei = () =>
  `86411000${String(process.pid % 1000).padStart(3, '0')}${String(++imeiCounter).padStart(4, '0')}`;

describe.each(PLANS)('the change feed (%s)', (plan) => {
  let integrator: Integrator;
  beforeAll(async () => {
    integrator = await newIntegrator(api, clock);
    await onPlan(integrator, plan);
  });

  it('has every change of a granted patient in order, a delete as a tombstone, and nothing of others', async () => {
    const patient = await registeredCustomer(api, '李叔叔');
    const stranger = await registeredCustomer(api, '路人');
    await integrator.grant(patient.cid, ['readings.read']);
    const start = (await drain(integrator.clientId)).cursor;

    const { testId } = await patient.client.POST('/sugarTest/v1/add', {
      body: { sugar: 6.5, createTime: '2026-11-20 07:00' },
    });
    await stranger.client.POST('/sugarTest/v1/add', { body: { sugar: 9.9, createTime: '2026-11-20 07:00' } });
    await patient.client.POST('/sugarTest/v1/edit', { body: { testId, sugar: 7.1, createTime: '2026-11-20 07:05' } });
    await patient.client.POST('/bloodPressureTest/v1/add', {
      body: { sbp: 135, dbp: 85, hr: 72, createTime: '2026-11-20 07:10' },
    });
    await patient.client.POST('/sugarTest/v1/delete', { body: { testId } });

    const { changes } = await drain(integrator.clientId, start);
    const glucoseId = `glucose-${testId}`;
    expect(summary(changes)).toEqual([
      `created reading ${glucoseId}`,
      `updated reading ${glucoseId}`,
      expect.stringMatching(/^created reading pressure-\d+$/),
      `deleted reading ${glucoseId}`,
    ]);
    expect(changes.every((c) => c.patientId === patient.cid)).toBe(true);
    expect(changes[0]!.reading).toMatchObject({
      id: glucoseId,
      kind: 'glucose',
      patientId: patient.cid,
      source: 'self',
      measuredAt: '2026-11-20T07:00:00.000+08:00',
      glucose: { mmolL: 6.5 },
    });
    expect(changes[1]!.reading).toMatchObject({ glucose: { mmolL: 7.1 }, measuredAt: '2026-11-20T07:05:00.000+08:00' });
    expect(changes[2]!.reading?.pressure).toEqual({ systolic: 135, diastolic: 85, heartRate: 72 });
    expect(changes[3]!.reading).toBeUndefined();
    // Each change's own cursor resumes right after it.
    expect(summary((await drain(integrator.clientId, changes[1]!.cursor)).changes)).toEqual(summary(changes.slice(2)));
  });

  it('has a meter bound as created and unbound as a tombstone', async () => {
    const patient = await registeredCustomer(api);
    await integrator.grant(patient.cid, ['readings.read', 'profile.read']);
    const start = (await drain(integrator.clientId)).cursor;
    const imei = nextImei();
    const { bindCode } = await provisionDevice(em(), { imei, kind: 'glucose', model: 'GG-1' }, clock());
    const bound = await patient.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
    await patient.client.POST('/device/v1/unbind', { body: { id: bound.device.id } });
    const { changes } = await drain(integrator.clientId, start);
    expect(summary(changes)).toEqual([`created device ${imei}`, `deleted device ${imei}`]);
    expect(changes[0]!.device).toEqual({
      imei,
      kind: 'glucose',
      model: 'GG-1',
      boundAt: '2026-11-20T10:00:00.000+08:00',
    });
    expect(changes[1]!.device).toBeUndefined();
  });

  it('drops a patient at once when the grant is revoked, or when it lacks readings.read', async () => {
    const patient = await registeredCustomer(api);
    const narrow = await registeredCustomer(api);
    const start = (await drain(integrator.clientId)).cursor;
    const grantId = await integrator.grant(patient.cid, ['readings.read']);
    await integrator.grant(narrow.cid, ['profile.read']);
    await patient.client.POST('/sugarTest/v1/add', { body: { sugar: 5.5, createTime: '2026-11-20 06:00' } });
    await narrow.client.POST('/sugarTest/v1/add', { body: { sugar: 5.6, createTime: '2026-11-20 06:00' } });
    expect((await drain(integrator.clientId, start)).changes.map((c) => c.patientId)).toEqual([patient.cid]);
    await integrator.revoke(grantId);
    expect((await drain(integrator.clientId, start)).changes).toEqual([]);
  });

  it('answers the cursor it was given when nothing is ready, and refuses one it never gave out', async () => {
    const { cursor } = await drain(integrator.clientId);
    expect(await readChanges(em(), integrator.clientId, cursor, 10)).toEqual({
      changes: [],
      nextCursor: cursor,
      hasMore: false,
    });
    expect(await failure(readChanges(em(), integrator.clientId, 'bm90LWEtY3Vyc29y', 10))).toMatchObject({
      code: 40000,
      errMsg: '游标无效',
    });
    expect(decodeChangeCursor(cursor)).not.toBeNull();
  });
});

describe.runIf(process.env.DATABASE_URL).each(PLANS)(
  'the change feed under concurrent writers (PostgreSQL, %s)',
  (plan) => {
    it('never lets a later commit of an earlier transaction hide behind a cursor already given out', async () => {
      const integrator = await newIntegrator(api, clock);
      await onPlan(integrator, plan);
      // Two patients. Writer A edits a reading (an edit touches no shared row; a new reading also
      // counts in the points ranking, which one transaction at a time may change).
      const patient = await registeredCustomer(api);
      const other = await registeredCustomer(api);
      await integrator.grant(patient.cid, ['readings.read']);
      await integrator.grant(other.cid, ['readings.read']);
      const { testId } = await patient.client.POST('/sugarTest/v1/add', {
        body: { sugar: 5.0, createTime: '2026-11-20 08:00' },
      });
      const start = (await drain(integrator.clientId)).cursor;

      // Writer A: changes the reading (its transaction takes its id, its change row the lower id)
      // and holds the transaction open.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const aWrote = new Promise<void>((resolve) => (written = resolve));
      const writerA = em().transactional(async (tx) => {
        await editReading(tx, patient.cid, testId, { sugar: 5.1, createTime: '2026-11-20 08:00' }, clock());
        written();
        await held;
      });
      await aWrote;

      // Writer B: records a reading of the other patient on another connection and commits first.
      const b = await addGlucoseReading(em(), other.cid, { sugar: 5.2, createTime: '2026-11-20 08:01' }, clock());

      // A reader now sees neither: B's transaction is younger than the running A, so it waits too.
      const whileHeld = await drain(integrator.clientId, start, 2, { settled: false });
      expect(whileHeld.changes).toEqual([]);
      expect(whileHeld.cursor).toBe(start);

      release();
      await writerA;

      // Once A committed, the reader going on from the cursor it was given gets both, A's first.
      const after = await drain(integrator.clientId, whileHeld.cursor);
      expect(summary(after.changes)).toEqual([
        `updated reading glucose-${testId}`,
        `created reading glucose-${b.testId}`,
      ]);
      // A's row has the lower id yet committed last: ordering by id alone would have hidden it
      // behind a cursor given out after B; ordering by transaction does not.
      const [rowA, rowB] = after.changes.map((c) => BigInt(decodeChangeCursor(c.cursor)!.id));
      expect(rowA).toBeLessThan(rowB!);
    });

    it('loses and repeats nothing while four writers and a reader run at once', async () => {
      const integrator = await newIntegrator(api, clock);
      await onPlan(integrator, plan);
      const patients = await Promise.all([0, 1, 2, 3].map(() => registeredCustomer(api)));
      for (const p of patients) {
        await integrator.grant(p.cid, ['readings.read']);
      }
      let cursor = (await drain(integrator.clientId)).cursor;
      const seen: string[] = [];
      let writing = true;
      const writers = Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          const ids: string[] = [];
          for (let i = 0; i < 10; i += 1) {
            const createTime = `2026-11-19 1${w}:${String(i).padStart(2, '0')}`;
            const saved = await addGlucoseReading(em(), patients[w]!.cid, { sugar: 5 + w, createTime }, clock());
            ids.push(`created glucose-${saved.testId}`);
            await editReading(em(), patients[w]!.cid, saved.testId, { sugar: 6 + w, createTime }, clock());
            ids.push(`updated glucose-${saved.testId}`);
          }
          return ids;
        }),
      ).finally(() => {
        writing = false;
      });
      // The reader pages while the writers write, and once more after they stopped.
      for (let more = true; more;) {
        more = writing;
        const page = await drain(integrator.clientId, cursor, 7, { settled: !more });
        seen.push(...page.changes.map((c) => `${c.op} ${c.resourceId}`));
        cursor = page.cursor;
      }
      const written = (await writers).flat();
      expect(seen).toHaveLength(written.length);
      expect(new Set(seen)).toEqual(new Set(written));
      // Each reading's update comes after its creation.
      for (const id of written.filter((w) => w.startsWith('created'))) {
        expect(seen.indexOf(id)).toBeLessThan(seen.indexOf(id.replace('created', 'updated')));
      }
    });
  },
);

describe('what the feed holds for a patient who consents later (docs/integrators.md §7)', () => {
  it('has only the changes after the cursor the client holds when it reads, not the patient’s earlier history', async () => {
    const integrator = await newIntegrator(api, clock);
    const early = await registeredCustomer(api);
    const late = await registeredCustomer(api);
    await integrator.grant(early.cid, ['readings.read']);
    const start = (await drain(integrator.clientId)).cursor;
    // The late patient records a reading before consenting; the early one records after it.
    const before = await addGlucoseReading(em(), late.cid, { sugar: 5.3, createTime: '2026-11-20 05:00' }, clock());
    const mine = await addGlucoseReading(em(), early.cid, { sugar: 5.4, createTime: '2026-11-20 05:01' }, clock());
    const read = await drain(integrator.clientId, start);
    expect(summary(read.changes)).toEqual([`created reading glucose-${mine.testId}`]);
    // Consent now: the reading made before it lies behind the client's cursor and never comes
    // through the feed (the guide says to backfill with GET /open/v1/readings); the next one does.
    const grantId = await integrator.grant(late.cid, ['readings.read']);
    const after = await addGlucoseReading(em(), late.cid, { sugar: 5.5, createTime: '2026-11-20 05:02' }, clock());
    const next = await drain(integrator.clientId, read.cursor);
    expect(summary(next.changes)).toEqual([`created reading glucose-${after.testId}`]);
    expect(summary(next.changes)).not.toContain(`created reading glucose-${before.testId}`);
    // A client reading from an older cursor after the consent does get it: the grant is checked
    // when the page is read, the cursor decides where the page starts.
    expect(summary((await drain(integrator.clientId, start)).changes)).toEqual([
      `created reading glucose-${before.testId}`,
      `created reading glucose-${mine.testId}`,
      `created reading glucose-${after.testId}`,
    ]);
    // While the grant is revoked nothing of the patient comes through. What was changed meanwhile
    // comes after a re-consent only because this client's cursor had not passed it (its pages
    // were empty); a client whose cursor moved on past it, by other patients' changes, never gets it.
    await integrator.revoke(grantId);
    const gap = await addGlucoseReading(em(), late.cid, { sugar: 5.6, createTime: '2026-11-20 05:03' }, clock());
    const whileRevoked = await drain(integrator.clientId, next.cursor);
    expect(whileRevoked.changes).toEqual([]);
    await integrator.grant(late.cid, ['readings.read']);
    await addGlucoseReading(em(), early.cid, { sugar: 5.7, createTime: '2026-11-20 05:04' }, clock());
    const regranted = await drain(integrator.clientId, whileRevoked.cursor);
    expect(summary(regranted.changes)).toContain(`created reading glucose-${gap.testId}`);
  });
});

describe.runIf(process.env.DATABASE_URL)('the change feed’s page statement (PostgreSQL)', () => {
  it('reads a client with few patients through (customer_id, xid, id), never scanning open_change', async () => {
    const integrator = await newIntegrator(api, clock);
    const patient = await registeredCustomer(api);
    await integrator.grant(patient.cid, ['readings.read']);
    await addGlucoseReading(em(), patient.cid, { sugar: 5.8, createTime: '2026-11-20 04:00' }, clock());
    const params = ['0', '0', integrator.clientId, 'readings.read', 101];
    // The plan it takes, with the statistics of whatever the tests wrote (analyze: fresh ones).
    await nativeQuery(em(), 'analyze open_change', []);
    const plan = await nativeQuery<{ 'QUERY PLAN': string }>(em(), `explain ${PAGE_STATEMENTS.perPatient}`, params);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('open_change_customer_id_xid_id_index');
    expect(text).not.toMatch(/Seq Scan on open_change/);
  });
});

describe('the change feed cursor text', () => {
  it('is the base64url of the position', () => {
    expect(encodeChangeCursor({ xid: '740', id: '12' })).toBe(Buffer.from('740:12').toString('base64url'));
  });
});
