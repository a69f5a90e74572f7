// Webhooks (issue 23, docs/adr/0223-webhook-deliveries.md): a reading of a patient who granted a
// client readings.read reaches the client's subscription signed as Standard Webhooks says (checked
// with the standardwebhooks package, the reference implementation, as an oracle); a receiver that
// answers 500 gets the delivery again on the domain's schedule, and the delivery log shows every
// attempt; the console replays a delivery under the same webhook-id; 20 failed deliveries in a row
// switch the subscription off with a notice for the client's contact.
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook } from '@glucoguard/sdk/open';
import {
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookEventType,
} from '@glucoguard/domain';
import { DEV_GATEWAY_TOKEN } from '../src/config';
import { nativeQuery } from '../src/lib/db';
import { provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { OAuthGrant } from '../src/contexts/open/oauth/oauth.entity';
import { WebhookSubscription } from '../src/contexts/open/webhooks/webhook.entity';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  rotateWebhookSecret,
} from '../src/contexts/open/webhooks/webhook.service';
import { runWebhookNotice } from '../src/contexts/open/webhooks/webhook.notice';
import { setWebhookTargetPolicy } from '../src/contexts/open/webhooks/webhook.targets';
import { LocalSmsOutbox } from '../src/providers/sms/local-outbox';
import { addSugar, type Person } from './follow-fixtures';
import { newIntegrator } from './open-data-fixtures';
import { failure, registeredCustomer, startTestApi, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';

const HOUR = 3_600_000;

/** A clock that runs with the real one, shifted by what the test sets. */
function shiftedClock() {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  clock.set = (ms: number) => {
    offset = ms;
  };
  return clock;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An integrator's receiver on this machine: records each POST and answers the next scripted status (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const script: number[] = [];
  let always: number | null = null;
  let held: Promise<void> | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = always ?? script.shift() ?? 200;
      const wait = held;
      held = null;
      void (wait ?? Promise.resolve()).then(() => response.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/glucoguard`,
    received,
    answer: (...statuses: number[]) => script.push(...statuses),
    answerAlways: (status: number | null) => {
      always = status;
    },
    /** The next POST gets its answer only when the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

/** A resolver that answers 127.0.0.1 for every name (a public-looking name pointed at the API's own host). */
const resolvesToLoopback: LookupFunction = (_hostname, _options, callback) =>
  (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [
    { address: '127.0.0.1', family: 4 },
  ]);

const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 200 });

/** China time `hoursAgo` before `now`, as the forms take it. */
const chinaTime = (now: Date, hoursAgo: number) =>
  new Date(now.getTime() - hoursAgo * HOUR + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

describe('webhook deliveries', () => {
  const clock = shiftedClock();
  let api: TestApi;
  let receiver: Receiver;
  let consoleClient: Awaited<ReturnType<typeof signedInStaff>>['client'];
  let patient: Person;
  let clientId: string;

  /** A registered client with a contact, and the patient's grant to it with `scopes`. */
  async function clientWithGrant(customerId: string, scopes: string[]) {
    const made = await newIntegrator(api, clock);
    await made.grant(customerId, scopes);
    return made.clientId;
  }

  const subscribe = (ofClient: string, url: string, events: WebhookEventType[]) =>
    createWebhook(
      api.app.orm.em.fork(),
      { clientId: ofClient, grantId: null },
      { url, events },
      { allowLoopbackHttp: true },
      clock(),
    );

  const deliveries = async (subscriptionId: string) =>
    (
      await consoleClient.GET('/console/v1/open/webhooks/{subscriptionId}/deliveries', {
        params: { path: { subscriptionId } },
      })
    ).items;

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' }, { clock });
    receiver = await startReceiver();
    consoleClient = (await signedInStaff(api, 'admin')).client;
    patient = await registeredCustomer(api, '王淑芬');
    clientId = await clientWithGrant(patient.cid, ['readings.read']);
  });
  // Each test hears only its own subscriptions.
  afterEach(async () => {
    const caller = { clientId, grantId: null };
    for (const { subscriptionId } of await listWebhooks(api.app.orm.em.fork(), caller, clock())) {
      await deleteWebhook(api.app.orm.em.fork(), caller, subscriptionId);
    }
  });
  afterAll(async () => {
    await receiver.close();
    await api.close();
  });

  it('signs a reading.created delivery so that the Standard Webhooks reference verifier accepts it', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    expect(subscription.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const before = receiver.received.length;
    const testId = await addSugar(patient.client, 6.8, chinaTime(clock(), 1), { timeType: 1 });

    await waitFor(() => expect(receiver.received.length).toBe(before + 1));
    const got = receiver.received[before]!;
    const verified = new Webhook(subscription.secret).verify(got.body, headersOf(got)) as Record<string, unknown>;
    expect(verified).toMatchObject({
      type: 'reading.created',
      data: {
        patientId: patient.cid,
        reading: {
          id: `glucose-${testId}`,
          kind: 'glucose',
          patientId: patient.cid,
          glucose: { mmolL: 6.8, timeType: 1 },
          source: 'self',
        },
      },
    });
    expect((verified.data as { reading: { measuredAt: string } }).reading.measuredAt).toMatch(/\+08:00$/);
    // The SDK's verifier (WebCrypto) that integrators use agrees with the oracle.
    expect(await verifyWebhook(subscription.secret, headersOf(got), got.body, { toleranceSeconds: 300 })).toEqual(
      verified,
    );
    expect(got.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    // The oracle refuses a body changed after signing, and another subscription's secret.
    expect(() => new Webhook(subscription.secret).verify(got.body.replace('6.8', '3.1'), headersOf(got))).toThrow();
    const other = await subscribe(clientId, receiver.url, ['reading.deleted']);
    expect(() => new Webhook(other.secret).verify(got.body, headersOf(got))).toThrow();

    const [delivery] = await deliveries(subscription.subscriptionId);
    expect(delivery).toMatchObject({
      eventId: got.headers['webhook-id'],
      eventType: 'reading.created',
      status: 'succeeded',
      chain: 1,
      nextAttemptAt: null,
      attempts: [{ chain: 1, attemptNo: 1, statusCode: 200, error: null }],
    });
  });

  it('signs with the new and the previous secret for 24 hours after a rotation, then with the new one only', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    const caller = { clientId, grantId: null };
    const rotate = async () =>
      (await rotateWebhookSecret(api.app.orm.em.fork(), caller, subscription.subscriptionId, clock())).answer;
    /** The next delivery's signatures, each checked by the oracle with the secret at the same place. */
    const nextDelivery = async (value: number) => {
      const before = receiver.received.length;
      await addSugar(patient.client, value, chinaTime(clock(), 1));
      await waitFor(() => expect(receiver.received.length).toBe(before + 1));
      const got = receiver.received[before]!;
      const signatures = headersOf(got)['webhook-signature'].split(' ');
      const verifiesWith = (secret: string) => {
        try {
          new Webhook(secret).verify(got.body, headersOf(got));
          return true;
        } catch {
          return false;
        }
      };
      const eachVerifies = (secrets: string[]) =>
        signatures.length === secrets.length &&
        signatures.every((signature, i) =>
          new Webhook(secrets[i]!).verify(got.body, { ...headersOf(got), 'webhook-signature': signature }),
        );
      return { got, signatures, verifiesWith, eachVerifies };
    };

    // Rotated 25 hours ago by the API's clock: its previous secret stopped signing an hour ago.
    clock.set(-25 * HOUR);
    let second: Awaited<ReturnType<typeof rotate>>;
    try {
      second = await rotate();
      const left = new Date(second.previousSecretExpiresAt!).getTime() - clock().getTime();
      expect(left).toBeGreaterThan(23.9 * HOUR);
      expect(left).toBeLessThanOrEqual(24 * HOUR);
    } finally {
      clock.set(0);
    }
    expect(second.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(second.secret).not.toBe(subscription.secret);
    const [listed] = await listWebhooks(api.app.orm.em.fork(), caller, clock());
    expect(listed!.previousSecretExpiresAt).toBeNull();
    const afterWindow = await nextDelivery(6.1);
    expect(afterWindow.signatures).toHaveLength(1);
    expect(afterWindow.eachVerifies([second.secret])).toBe(true);
    expect(afterWindow.verifiesWith(subscription.secret)).toBe(false);

    // Rotated now: for 24 hours each delivery carries the new secret's signature and the previous one's.
    const third = await rotate();
    expect(new Date(third.previousSecretExpiresAt!).getTime() - clock().getTime()).toBeGreaterThan(23.9 * HOUR);
    const inWindow = await nextDelivery(6.2);
    expect(inWindow.signatures).toHaveLength(2);
    expect(inWindow.eachVerifies([third.secret, second.secret])).toBe(true);
    expect(inWindow.verifiesWith(third.secret) && inWindow.verifiesWith(second.secret)).toBe(true);
    expect(inWindow.verifiesWith(subscription.secret)).toBe(false);
    // The SDK's verifier accepts the two-signature header with either secret.
    for (const secret of [third.secret, second.secret]) {
      expect(await verifyWebhook(secret, headersOf(inWindow.got), inWindow.got.body)).toMatchObject({
        type: 'reading.created',
      });
    }

    // Rotated again within the 24 hours: the secret current until now becomes the previous one; the one before stops at once.
    const fourth = await rotate();
    const again = await nextDelivery(6.3);
    expect(again.eachVerifies([fourth.secret, third.secret])).toBe(true);
    expect(again.verifiesWith(second.secret)).toBe(false);
    const [delivery] = await deliveries(subscription.subscriptionId);
    expect(delivery).toMatchObject({ status: 'succeeded', eventId: again.got.headers['webhook-id'] });
  });

  it('retries a delivery the receiver answered with 500, and the log shows both attempts', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.deleted']);
    const testId = await addSugar(patient.client, 7.4, chinaTime(clock(), 2));
    const before = receiver.received.length;
    receiver.answer(500);
    await patient.client.POST('/sugarTest/v1/delete', { body: { testId } });

    await waitFor(async () => {
      const [delivery] = await deliveries(subscription.subscriptionId);
      expect(delivery?.status).toBe('succeeded');
    });
    const tries = receiver.received
      .slice(before)
      .filter((r) => (JSON.parse(r.body) as { type: string }).type === 'reading.deleted');
    expect(tries).toHaveLength(2);
    // The same event under the same webhook-id both times, each attempt signed anew.
    expect(tries[1]!.headers['webhook-id']).toBe(tries[0]!.headers['webhook-id']);
    for (const attempt of tries) {
      expect(new Webhook(subscription.secret).verify(attempt.body, headersOf(attempt))).toMatchObject({
        type: 'reading.deleted',
        data: { patientId: patient.cid, id: `glucose-${testId}`, kind: 'glucose' },
      });
    }
    const [delivery] = await deliveries(subscription.subscriptionId);
    expect(delivery!.attempts).toMatchObject([
      { chain: 1, attemptNo: 1, statusCode: 500, error: '接收方返回 HTTP 500' },
      { chain: 1, attemptNo: 2, statusCode: 200, error: null },
    ]);
    // The second attempt waited for the schedule's first delay.
    const [first, second] = delivery!.attempts.map((a) => new Date(a.startedAt).getTime());
    expect(second! - first!).toBeGreaterThanOrEqual(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
  });

  it('sends nothing for a patient without a grant or with a grant lacking readings.read', async () => {
    const stranger = await registeredCustomer(api, '李国强');
    const narrow = await registeredCustomer(api, '赵敏');
    await clientWithGrant(narrow.cid, ['profile.read']);
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    const { items: before } = await consoleClient.GET('/console/v1/open/webhooks/{subscriptionId}/deliveries', {
      params: { path: { subscriptionId: subscription.subscriptionId } },
    });
    await addSugar(stranger.client, 5.9, chinaTime(clock(), 1));
    await addSugar(narrow.client, 6.1, chinaTime(clock(), 1));
    // Deliveries are stored in the reading's own transaction: none was.
    expect(await deliveries(subscription.subscriptionId)).toHaveLength(before.length);
  });

  it('replays a delivery from the console as a new chain under the same webhook-id, audited', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    await addSugar(patient.client, 8.2, chinaTime(clock(), 3));
    await waitFor(async () => expect((await deliveries(subscription.subscriptionId))[0]?.status).toBe('succeeded'));
    const [delivery] = await deliveries(subscription.subscriptionId);
    const before = receiver.received.length;

    // The replayed attempt is held at the receiver: the delivery stays pending meanwhile.
    const release = receiver.hold();
    const replayed = await consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
      params: { path: { deliveryId: delivery!.deliveryId } },
    });
    expect(replayed).toMatchObject({ status: 'pending', chain: 2 });
    await waitFor(() =>
      expect(receiver.received.slice(before).some((r) => r.headers['webhook-id'] === delivery!.eventId)).toBe(true),
    );
    // A replay of a delivery still pending is refused.
    expect(
      await failure(
        consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId: delivery!.deliveryId } },
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '投递进行中，请稍后再重发' });
    release();

    const resent = receiver.received.slice(before).find((r) => r.headers['webhook-id'] === delivery!.eventId)!;
    // Byte for byte the body first sent.
    const first = receiver.received.slice(0, before).find((r) => r.headers['webhook-id'] === delivery!.eventId)!;
    expect(resent.body).toBe(first.body);
    expect(JSON.parse(resent.body)).toEqual(delivery!.payload);
    await waitFor(async () => {
      const [after] = await deliveries(subscription.subscriptionId);
      expect(after).toMatchObject({ status: 'succeeded', chain: 2 });
      expect(after!.attempts.map((a) => [a.chain, a.attemptNo, a.statusCode])).toEqual([
        [1, 1, 200],
        [2, 1, 200],
      ]);
    });
    const audit = await consoleClient.GET('/console/v1/audit', {
      params: { query: { action: 'open.delivery.replay' } },
    });
    expect(JSON.stringify(audit)).toContain(`delivery:${delivery!.deliveryId}`);
  });

  /** A succeeded delivery of a new subscription of the test's client. */
  async function succeededDelivery(value: number) {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    await addSugar(patient.client, value, chinaTime(clock(), 2));
    await waitFor(async () => expect((await deliveries(subscription.subscriptionId))[0]?.status).toBe('succeeded'));
    return (await deliveries(subscription.subscriptionId))[0]!;
  }

  const replay = (deliveryId: string) =>
    consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', { params: { path: { deliveryId } } });

  // Real PostgreSQL only: the embedded database has one connection, so nothing there runs at once.
  it('answers 404 投递记录不存在, not 409, to a replay whose delivery retention deletes while it is under way', async (ctx) => {
    if (!api.databaseUrl) {
      ctx.skip();
      return;
    }
    const delivery = await succeededDelivery(7.4);
    // Retention's delete of the finished delivery, not yet committed: the replay reads the row (the
    // delete is not visible to it), then its UPDATE (startChain) waits on the row until the delete
    // commits, and finds nothing to update.
    const holder = new pg.Client({ connectionString: api.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('delete from open_webhook_attempt where delivery_id = $1', [delivery.deliveryId]);
      await holder.query('delete from open_webhook_delivery where id = $1', [delivery.deliveryId]);
      const refused = failure(replay(delivery.deliveryId));
      await untilBlockedBy(holder);
      await holder.query('commit');
      expect(await refused).toMatchObject({ code: 40400, errMsg: '投递记录不存在', status: 404 });
    } finally {
      await holder.end();
    }
  });

  it('answers 404 投递记录不存在 when the delivery is deleted just as its new chain would start', async () => {
    const delivery = await succeededDelivery(7.6);
    const db = api.app.orm.em.fork();
    // A trigger stands in for retention's delete landing between the replay's read and its UPDATE
    // (the embedded database runs one statement at a time): it deletes the row and skips the update.
    await nativeQuery(
      db,
      `create function test_retention_deletes_delivery() returns trigger language plpgsql as $$
       begin
         delete from open_webhook_attempt where delivery_id = old.id;
         delete from open_webhook_delivery where id = old.id;
         return null;
       end $$`,
      [],
    );
    await nativeQuery(
      db,
      `create trigger test_retention_deletes_delivery before update on open_webhook_delivery for each row
       when (old.id = '${delivery.deliveryId}'::uuid) execute function test_retention_deletes_delivery()`,
      [],
    );
    try {
      expect(await failure(replay(delivery.deliveryId))).toMatchObject({
        code: 40400,
        errMsg: '投递记录不存在',
        status: 404,
      });
    } finally {
      await nativeQuery(db, 'drop trigger test_retention_deletes_delivery on open_webhook_delivery', []);
      await nativeQuery(db, 'drop function test_retention_deletes_delivery()', []);
    }
    // The trigger's delete was part of the refused replay and went back with it: nothing changed.
    const [after] = await nativeQuery<{ status: string; chain: number }>(
      db,
      'select status, chain from open_webhook_delivery where id = $1',
      [delivery.deliveryId],
    );
    expect(after).toMatchObject({ status: 'succeeded', chain: 1 });
  });

  it('stops retrying a reading once the patient revoked the grant, sends only consent.revoked, and refuses a replay', async () => {
    const revoker = await registeredCustomer(api, '刘桂英');
    const ofClient = await clientWithGrant(revoker.cid, ['readings.read']);
    const subscription = await subscribe(ofClient, receiver.url, ['reading.created', 'consent.revoked']);
    const before = receiver.received.length;
    // The first attempt is answered 500, and only after the patient has revoked the grant.
    receiver.answer(500);
    const release = receiver.hold();
    await addSugar(revoker.client, 7.9, chinaTime(clock(), 1));
    await waitFor(() => expect(receiver.received.length).toBe(before + 1));
    const grant = await api.app.orm.em
      .fork()
      .findOneOrFail(OAuthGrant, { clientId: ofClient, customerId: revoker.cid });
    await revoker.client.POST('/oauth/v1/grants/{grantId}/revoke', {
      params: { path: { grantId: grant.id } },
      body: {},
    });
    release();

    const readingDelivery = async () =>
      (await deliveries(subscription.subscriptionId)).find((d) => d.eventType === 'reading.created')!;
    await waitFor(async () => expect((await readingDelivery()).status).toBe('failed'));
    const failed = await readingDelivery();
    expect(failed.attempts.map((a) => [a.attemptNo, a.statusCode, a.error])).toEqual([
      [1, 500, '接收方返回 HTTP 500'],
      [2, null, '授权已撤销，未推送'],
    ]);
    await waitFor(async () =>
      expect((await deliveries(subscription.subscriptionId)).map((d) => [d.eventType, d.status])).toContainEqual([
        'consent.revoked',
        'succeeded',
      ]),
    );
    // After the revocation the receiver got consent.revoked and nothing else.
    expect(receiver.received.slice(before).map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual([
      'reading.created',
      'consent.revoked',
    ]);
    // A delivery refused for the grant does not count toward switching the subscription off.
    const { items } = await consoleClient.GET('/console/v1/open/webhooks', {
      params: { query: { clientId: ofClient } },
    });
    expect(items[0]).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    expect(
      await failure(
        consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId: failed.deliveryId } },
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '患者已撤销授权', status: 409 });
    expect(receiver.received.length).toBe(before + 2);
  });

  it('sends nothing more for a client switched off (停用) in the console, not even the next attempt of a pending delivery', async () => {
    const owner = await registeredCustomer(api, '何建国');
    const ofClient = await clientWithGrant(owner.cid, ['readings.read']);
    const subscription = await subscribe(ofClient, receiver.url, ['reading.created']);
    const before = receiver.received.length;
    receiver.answer(500);
    const release = receiver.hold();
    await addSugar(owner.client, 6.4, chinaTime(clock(), 1));
    await waitFor(() => expect(receiver.received.length).toBe(before + 1));
    await consoleClient.POST('/console/v1/open/clients/{clientId}', {
      params: { path: { clientId: ofClient } },
      body: { disabled: true },
    });
    release();

    await waitFor(async () => expect((await deliveries(subscription.subscriptionId))[0]?.status).toBe('failed'));
    const [delivery] = await deliveries(subscription.subscriptionId);
    expect(delivery!.attempts.map((a) => [a.attemptNo, a.statusCode, a.error])).toEqual([
      [1, 500, '接收方返回 HTTP 500'],
      [2, null, '应用已停用，未推送'],
    ]);
    // A new reading of the granting patient makes no delivery at all.
    await addSugar(owner.client, 6.6, chinaTime(clock(), 1));
    expect(await deliveries(subscription.subscriptionId)).toHaveLength(1);
    expect(
      await failure(
        consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId: delivery!.deliveryId } },
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '应用已停用', status: 409 });
    expect(receiver.received.length).toBe(before + 1);
  });

  it('does not POST to a name that resolves to an internal address where loopback is not allowed (production)', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    // A name of the integrator's that (by the test's resolver) points at this machine's receiver.
    const { port } = new URL(receiver.url);
    await api.app.orm.em
      .fork()
      .nativeUpdate(
        WebhookSubscription,
        { id: subscription.subscriptionId },
        { url: `http://hooks.partner.test:${port}/hooks/glucoguard` },
      );
    const before = receiver.received.length;
    setWebhookTargetPolicy({ allowLoopback: false, lookup: resolvesToLoopback });
    try {
      await addSugar(patient.client, 5.6, chinaTime(clock(), 1));
      await waitFor(async () =>
        expect((await deliveries(subscription.subscriptionId))[0]?.attempts[0]).toMatchObject({
          statusCode: null,
          error: '推送地址指向内网地址',
        }),
      );
      expect(receiver.received.length).toBe(before);
      // The same name and resolver where loopback is allowed (development): the retry arrives, so
      // it was the address that stopped the first attempt.
      setWebhookTargetPolicy({ allowLoopback: true, lookup: resolvesToLoopback });
      await waitFor(() => expect(receiver.received.length).toBe(before + 1));
    } finally {
      setWebhookTargetPolicy({ allowLoopback: true });
    }
    await waitFor(async () => expect((await deliveries(subscription.subscriptionId))[0]?.status).toBe('succeeded'));
  });

  it('refuses subscription URLs naming internal addresses under production rules', async () => {
    const production = { allowLoopbackHttp: false };
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.7/',
      'https://192.168.1.1/',
      'https://224.0.0.1/',
      'https://localhost/',
      'https://api.localhost/',
      'https://[::1]/',
      'https://[fd12:3456::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://2130706433/',
    ]) {
      await expect(
        createWebhook(
          api.app.orm.em.fork(),
          { clientId, grantId: null },
          { url, events: ['reading.created'] },
          production,
          clock(),
        ),
        url,
      ).rejects.toMatchObject({ code: 40000, errMsg: '推送地址指向内网地址', statusCode: 400 });
    }
    const accepted = await createWebhook(
      api.app.orm.em.fork(),
      { clientId, grantId: null },
      { url: 'https://8.8.8.8/hooks', events: ['reading.created'] },
      production,
      clock(),
    );
    expect(accepted.url).toBe('https://8.8.8.8/hooks');
  });

  it('switches a subscription off after 20 failed deliveries in a row, keeps a notice and texts it to the contact once', async () => {
    const subscription = await subscribe(clientId, receiver.url, ['reading.created']);
    // 19 deliveries have failed in a row already (each after all its attempts).
    await api.app.orm.em
      .fork()
      .nativeUpdate(
        WebhookSubscription,
        { id: subscription.subscriptionId },
        { consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES - 1 },
      );
    receiver.answerAlways(503);
    // The API's clock stands 28 hours back: every retry of the schedule (27.5 hours in all) is already due.
    clock.set(-28 * HOUR);
    try {
      await addSugar(patient.client, 9.1, chinaTime(clock(), 1));
      await waitFor(async () => {
        const [delivery] = await deliveries(subscription.subscriptionId);
        expect(delivery?.status).toBe('failed');
      });
    } finally {
      clock.set(0);
      receiver.answerAlways(null);
    }
    const [delivery] = await deliveries(subscription.subscriptionId);
    expect(delivery!.attempts).toHaveLength(WEBHOOK_RETRY_DELAYS_SECONDS.length + 1);
    expect(delivery!.attempts.every((a) => a.statusCode === 503)).toBe(true);

    const { items } = await consoleClient.GET('/console/v1/open/webhooks', { params: { query: { clientId } } });
    const off = items.find((s) => s.subscriptionId === subscription.subscriptionId)!;
    expect(off).toMatchObject({
      enabled: false,
      disabledReason: 'failures',
      consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
      notice: { phone: '13800001111', email: 'it@hospital.example' },
    });
    expect(off.notice!.text).toContain('慢病随访系统');
    expect(off.notice!.text).toContain(receiver.url);

    // The notice reaches the contact's phone by SMS, once, with the notice template's text.
    const sms = api.app.providers.sms;
    if (!(sms instanceof LocalSmsOutbox)) {
      throw new Error('the test API does not use the local SMS outbox');
    }
    const smsOf = async () =>
      (await consoleClient.GET('/console/v1/open/webhooks', { params: { query: { clientId } } })).items.find(
        (s) => s.subscriptionId === subscription.subscriptionId,
      )!.notice!.sms;
    await waitFor(async () => {
      expect((await smsOf()).status).toBe('sent');
    });
    const sent = await smsOf();
    expect(sent).toMatchObject({ status: 'sent', error: null });
    expect(sent.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const notices = sms.notices('13800001111');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.notice).toEqual({ app: '慢病随访系统', reason: '连续20次推送失败' });
    expect(notices[0]!.text).toBe(
      '【糖护】您的应用「慢病随访系统」的推送订阅因连续20次推送失败已暂停推送，请修复接收服务后在推送订阅中重新启用，并通过变更订阅接口补取期间的数据。',
    );
    // The job run again (its process died before it completed) sends nothing more.
    const noticeJob = { subscriptionId: subscription.subscriptionId, disabledAt: off.disabledAt! };
    await runWebhookNotice(api.app.orm.em.fork(), sms, noticeJob, clock(), 2);
    expect(sms.notices('13800001111')).toHaveLength(1);
    // Without a contact phone nothing is sent, and the subscription records that.
    await api.app.orm.em
      .fork()
      .nativeUpdate(
        WebhookSubscription,
        { id: subscription.subscriptionId },
        { noticePhone: null, noticeSmsStatus: null, noticeSmsAt: null },
      );
    await runWebhookNotice(api.app.orm.em.fork(), sms, noticeJob, clock(), 1);
    const noPhone = await smsOf();
    expect(noPhone.status).toBe('no_phone');
    expect(noPhone.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(sms.notices('13800001111')).toHaveLength(1);

    // Switched off: a new reading makes no delivery for it, and its failed delivery is not replayed.
    await addSugar(patient.client, 6.0, chinaTime(clock(), 1));
    expect(await deliveries(subscription.subscriptionId)).toHaveLength(1);
    expect(
      await failure(
        consoleClient.POST('/console/v1/open/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId: delivery!.deliveryId } },
        }),
      ),
    ).toMatchObject({ code: 40900, errMsg: '订阅已停用' });
  });
});

describe('a client managing its subscriptions', () => {
  let api: TestApi;
  let patient: Person;

  /** A registered client; its client-credentials token and, when `customerId` is given, a patient's grant and token. */
  async function integrator(customerId?: string) {
    const made = await newIntegrator(api, () => new Date());
    const own = await made.token(null, []);
    const grantId = customerId ? await made.grant(customerId, ['readings.read']) : null;
    const patients = customerId && grantId ? await made.token({ grantId, customerId }, ['readings.read']) : null;
    return {
      clientId: made.clientId,
      grantId,
      token: own,
      client: api.client({ token: own }),
      patientTokenClient: patients ? api.client({ token: patients }) : null,
    };
  }

  beforeAll(async () => {
    api = await startTestApi({ JOBS_POLL_INTERVAL_MS: '500' });
    patient = await registeredCustomer(api, '陈玉兰');
  });
  afterAll(() => api.close());

  it('creates, lists, changes, switches off and on, and deletes its own subscriptions', async () => {
    const { client, clientId } = await integrator();
    expect(await client.GET('/open/v1/webhooks')).toEqual([]);
    const created = await client.POST('/open/v1/webhooks', {
      body: {
        url: 'https://insurer.example/hooks',
        events: ['reading.created', 'consent.revoked'],
        description: '生产环境',
      },
    });
    expect(created).toMatchObject({
      clientId,
      url: 'https://insurer.example/hooks',
      events: ['reading.created', 'consent.revoked'],
      description: '生产环境',
      enabled: true,
      disabledReason: null,
      notice: null,
    });
    expect(created.secret).toMatch(/^whsec_/);
    // The secret is shown only once.
    const [listed] = await client.GET('/open/v1/webhooks');
    expect(listed).toEqual(Object.fromEntries(Object.entries(created).filter(([k]) => k !== 'secret')));

    const path = { params: { path: { subscriptionId: created.subscriptionId } } };
    const off = await client.PATCH('/open/v1/webhooks/{subscriptionId}', { ...path, body: { enabled: false } });
    expect(off).toMatchObject({ enabled: false, disabledReason: 'client' });
    const on = await client.PATCH('/open/v1/webhooks/{subscriptionId}', {
      ...path,
      body: { enabled: true, events: ['reading.deleted'], url: 'https://insurer.example/v2/hooks' },
    });
    expect(on).toMatchObject({
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      events: ['reading.deleted'],
      url: 'https://insurer.example/v2/hooks',
    });
    expect(await client.GET('/open/v1/webhooks/{subscriptionId}/deliveries', path)).toMatchObject({
      items: [],
      total: 0,
    });
    await client.DELETE('/open/v1/webhooks/{subscriptionId}', path);
    expect(await client.GET('/open/v1/webhooks')).toEqual([]);
  });

  it("rotates its own subscription's secret, answered once, and refuses another client's or a patient's token", async () => {
    const mine = await integrator(patient.cid);
    const other = await integrator();
    const created = await mine.client.POST('/open/v1/webhooks', {
      body: { url: 'https://insurer.example/hooks', events: ['reading.created'] },
    });
    expect(created.previousSecretExpiresAt).toBeNull();
    const path = { params: { path: { subscriptionId: created.subscriptionId } } };
    const rotated = await mine.client.POST('/open/v1/webhooks/{subscriptionId}/secret', path);
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(created.secret);
    const left = new Date(rotated.previousSecretExpiresAt!).getTime() - Date.now();
    expect(left).toBeGreaterThan(23.9 * 3_600_000);
    expect(left).toBeLessThanOrEqual(24 * 3_600_000);
    // The new secret is shown only once; the list tells until when the previous one also signs.
    const [listed] = await mine.client.GET('/open/v1/webhooks');
    expect(listed).toEqual(Object.fromEntries(Object.entries(rotated).filter(([k]) => k !== 'secret')));
    expect(await failure(other.client.POST('/open/v1/webhooks/{subscriptionId}/secret', path))).toMatchObject({
      code: 40400,
      errMsg: '推送订阅不存在',
      status: 404,
    });
    expect(
      await failure(mine.patientTokenClient!.POST('/open/v1/webhooks/{subscriptionId}/secret', path)),
    ).toMatchObject({ code: 40300, status: 403 });
    // Refused rotations changed nothing.
    const [after] = await mine.client.GET('/open/v1/webhooks');
    expect(after!.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    await mine.client.DELETE('/open/v1/webhooks/{subscriptionId}', path);
  });

  it('rotates once for a rotation retried with the same Idempotency-Key, and again for another key', async () => {
    const mine = await integrator();
    const body = { url: 'https://insurer.example/hooks', events: ['reading.created' as const] };
    const created = await mine.client.POST('/open/v1/webhooks', { body });
    const rotate = (key: string, subscriptionId = created.subscriptionId) =>
      fetch(`${api.baseUrl}/open/v1/webhooks/${subscriptionId}/secret`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mine.token}`, 'idempotency-key': key },
      });
    const stored = () => api.app.orm.em.fork().findOneOrFail(WebhookSubscription, { id: created.subscriptionId });

    const firstAnswer = await rotate('rotation-2026-11-27');
    expect(firstAnswer.status).toBe(200);
    expect(firstAnswer.headers.get('idempotency-replayed')).toBeNull();
    const first = ((await firstAnswer.json()) as { data: { secret: string } }).data;
    // The first answer was lost on the way: the integrator sends the same request again.
    const retried = await rotate('rotation-2026-11-27');
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(((await retried.json()) as { data: unknown }).data).toEqual(first);
    let row = await stored();
    expect(row.secret).toBe(first.secret);
    // The secret its receivers hold still signs as the previous one.
    expect(row.previousSecret).toBe(created.secret);

    // Another key is another rotation.
    const second = ((await (await rotate('rotation-2026-11-28')).json()) as { data: { secret: string } }).data;
    expect(second.secret).not.toBe(first.secret);
    row = await stored();
    expect(row.secret).toBe(second.secret);
    expect(row.previousSecret).toBe(first.secret);

    // The same key for another subscription is refused, and rotates nothing there.
    const other = await mine.client.POST('/open/v1/webhooks', { body });
    const reused = await rotate('rotation-2026-11-28', other.subscriptionId);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 42200 });
    const otherAfter = (await mine.client.GET('/open/v1/webhooks')).find(
      (listed) => listed.subscriptionId === other.subscriptionId,
    );
    expect(otherAfter?.previousSecretExpiresAt).toBeNull();
    // A refused rotation keeps no key: after another client's 404 the key still rotates its own.
    const stranger = await integrator();
    const refused = await fetch(`${api.baseUrl}/open/v1/webhooks/${created.subscriptionId}/secret`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stranger.token}`, 'idempotency-key': 'rotation-x' },
    });
    expect(refused.status).toBe(404);
    expect(await rotate('rotation-x', other.subscriptionId)).toMatchObject({ status: 200 });
    for (const { subscriptionId } of [created, other]) {
      await mine.client.DELETE('/open/v1/webhooks/{subscriptionId}', { params: { path: { subscriptionId } } });
    }
  });

  it("refuses a patient-granted token, another client's subscription, plain http and an eleventh subscription", async () => {
    const mine = await integrator(patient.cid);
    const other = await integrator();
    expect(await failure(mine.patientTokenClient!.GET('/open/v1/webhooks'))).toMatchObject({
      code: 40300,
      errMsg: '请使用应用自身的令牌（client_credentials）管理推送订阅',
      status: 403,
    });
    const theirs = await other.client.POST('/open/v1/webhooks', {
      body: { url: 'https://other.example/hooks', events: ['reading.created'] },
    });
    const path = { params: { path: { subscriptionId: theirs.subscriptionId } } };
    const gone = { code: 40400, errMsg: '推送订阅不存在', status: 404 };
    expect(
      await failure(mine.client.PATCH('/open/v1/webhooks/{subscriptionId}', { ...path, body: { enabled: false } })),
    ).toMatchObject(gone);
    expect(await failure(mine.client.DELETE('/open/v1/webhooks/{subscriptionId}', path))).toMatchObject(gone);
    expect(await failure(mine.client.GET('/open/v1/webhooks/{subscriptionId}/deliveries', path))).toMatchObject(gone);
    expect(
      await failure(
        mine.client.POST('/open/v1/webhooks', {
          body: { url: 'http://insurer.example/hooks', events: ['reading.created'] },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '推送地址必须以 https:// 开头' });
    expect(
      await failure(
        mine.client.POST('/open/v1/webhooks', {
          body: { url: 'https://10.1.2.3/hooks', events: ['reading.created'] },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '推送地址指向内网地址', status: 400 });
    for (let i = 0; i < 10; i += 1) {
      await mine.client.POST('/open/v1/webhooks', {
        body: { url: `https://insurer.example/hooks/${i}`, events: ['reading.created'] },
      });
    }
    expect(
      await failure(
        mine.client.POST('/open/v1/webhooks', {
          body: { url: 'https://insurer.example/hooks/10', events: ['reading.created'] },
        }),
      ),
    ).toMatchObject({ code: 40000, errMsg: '最多 10 个订阅' });
    // Without a token: the open operations' own 401.
    expect(await failure(api.client().GET('/open/v1/webhooks'))).toMatchObject({ code: 40100, status: 401 });
  });

  it("sends device.bound when the patient binds a meter, and the meter's readings with its IMEI and reading id", async () => {
    const receiver = await startReceiver();
    try {
      const owner = await registeredCustomer(api, '周志明');
      const { client } = await integrator(owner.cid);
      const created = await client.POST('/open/v1/webhooks', {
        body: { url: receiver.url, events: ['device.bound', 'reading.created'] },
      });
      const imei = `86300000${String(process.pid % 1000).padStart(3, '0')}0001`;
      const { bindCode } = await provisionDevice(
        api.app.orm.em.fork(),
        { imei, kind: 'glucose', model: 'GG-1' },
        new Date(),
      );
      await owner.client.POST('/device/v1/bind', { body: { deviceImei: imei, bindCode } });
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      const verify = (r: Received) => new Webhook(created.secret).verify(r.body, headersOf(r));
      expect(verify(receiver.received[0]!)).toMatchObject({
        type: 'device.bound',
        data: { patientId: owner.cid, imei },
      });

      const measuredAt = chinaTime(new Date(), 1).replace(' ', 'T') + '+08:00';
      await api.client().POST('/internal/v1/meterReadings', {
        body: {
          messages: [
            {
              imei,
              payload: JSON.stringify({ id: 'r-0001', kind: 'glucose', value: 6.3, unit: 'mmol/L', measuredAt }),
            },
          ],
        },
        headers: { 'X-Gateway-Token': DEV_GATEWAY_TOKEN },
      });
      await waitFor(() => expect(receiver.received).toHaveLength(2));
      expect(verify(receiver.received[1]!)).toMatchObject({
        type: 'reading.created',
        data: {
          patientId: owner.cid,
          reading: { kind: 'glucose', glucose: { mmolL: 6.3 }, source: 'meter', device: { imei, readingId: 'r-0001' } },
        },
      });
    } finally {
      await receiver.close();
    }
  });

  it('names a reading as GET /open/v1/readings and the change feed do, in reading.created and reading.deleted', async () => {
    const receiver = await startReceiver();
    try {
      const owner = await registeredCustomer(api, '吴秀珍');
      const { client, patientTokenClient } = await integrator(owner.cid);
      await client.POST('/open/v1/webhooks', {
        body: { url: receiver.url, events: ['reading.created', 'reading.deleted'] },
      });
      const testId = await addSugar(owner.client, 6.9, chinaTime(new Date(), 1), { timeType: 2 });
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      const createdEvent = JSON.parse(receiver.received[0]!.body) as { data: { reading: { id: string } } };
      const listed = await patientTokenClient!.GET('/open/v1/readings', { params: { query: { kind: 'glucose' } } });
      // The very OpenReading the open API answers: same id, same shape.
      expect(createdEvent.data.reading).toEqual(listed.items[0]);
      expect(createdEvent.data.reading.id).toBe(`glucose-${testId}`);

      await owner.client.POST('/sugarTest/v1/delete', { body: { testId } });
      await waitFor(() => expect(receiver.received).toHaveLength(2));
      const deletedEvent = JSON.parse(receiver.received[1]!.body) as { data: unknown };
      expect(deletedEvent.data).toEqual({ patientId: owner.cid, id: `glucose-${testId}`, kind: 'glucose' });
      // The change feed names both changes by the same id.
      await waitFor(async () => {
        const feed = await patientTokenClient!.GET('/open/v1/changes', {});
        expect(
          feed.changes
            .filter((c) => c.patientId === owner.cid && c.resourceType === 'reading')
            .map((c) => [c.op, c.resourceId]),
        ).toEqual([
          ['created', `glucose-${testId}`],
          ['deleted', `glucose-${testId}`],
        ]);
      });
    } finally {
      await receiver.close();
    }
  });

  it('sends reading.updated with the reading as it now is when the patient edits it', async () => {
    const receiver = await startReceiver();
    try {
      const editor = await registeredCustomer(api, '孙丽华');
      const { client } = await integrator(editor.cid);
      const created = await client.POST('/open/v1/webhooks', {
        body: { url: receiver.url, events: ['reading.updated'] },
      });
      const testId = await addSugar(editor.client, 7.0, chinaTime(new Date(), 3));
      await editor.client.POST('/sugarTest/v1/edit', {
        body: { testId, sugar: 7.6, createTime: chinaTime(new Date(), 2) },
      });
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      const got = receiver.received[0]!;
      expect(new Webhook(created.secret).verify(got.body, headersOf(got))).toMatchObject({
        type: 'reading.updated',
        data: {
          patientId: editor.cid,
          reading: { id: `glucose-${testId}`, kind: 'glucose', glucose: { mmolL: 7.6 }, source: 'self' },
        },
      });
    } finally {
      await receiver.close();
    }
  });

  it('sends consent.revoked to the client when the patient revokes the grant in 授权管理', async () => {
    const receiver = await startReceiver();
    try {
      const { client, grantId } = await integrator(patient.cid);
      const created = await client.POST('/open/v1/webhooks', {
        body: { url: receiver.url, events: ['consent.revoked'] },
      });
      await patient.client.POST('/oauth/v1/grants/{grantId}/revoke', {
        params: { path: { grantId: grantId! } },
        body: {},
      });
      await waitFor(() => expect(receiver.received).toHaveLength(1));
      const got = receiver.received[0]!;
      expect(new Webhook(created.secret).verify(got.body, headersOf(got))).toMatchObject({
        type: 'consent.revoked',
        data: { patientId: patient.cid, grantId },
      });
      // The client's own token still reads the delivery log after the patient's grant ended.
      const log = await client.GET('/open/v1/webhooks/{subscriptionId}/deliveries', {
        params: { path: { subscriptionId: created.subscriptionId }, query: { status: 'succeeded' } },
      });
      expect(log.items).toMatchObject([{ eventType: 'consent.revoked', status: 'succeeded' }]);
    } finally {
      await receiver.close();
    }
  });
});

/** Waits (a bounded number of looks, no time limit asserted) until another session waits for `conn`'s transaction. */
async function untilBlockedBy(conn: pg.Client) {
  for (let look = 0; look < 400; look += 1) {
    const { rows } = await conn.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and pg_backend_pid() = any(pg_blocking_pids(pid))`,
    );
    if ((rows[0]?.waiting ?? 0) >= 1) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no session ever waited for this transaction');
}
