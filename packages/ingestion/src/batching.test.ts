// The batcher and the sign-in cache against a recording stand-in for the API's HTTP endpoints
// (the real endpoints are exercised by gateway.test.ts, readings.test.ts and kill.test.ts).
import { describe, expect, it } from 'vitest';
import type { MeterAck } from '@glucoguard/domain';
import { MeterAuthenticator, sourceKey } from './authenticator';
import { ReadingBatcher } from './batcher';
import type { MeterMessage } from './contract';

/** An API whose calls stay open until the test settles them. */
function recordingApi() {
  const calls: { messages: readonly MeterMessage[]; settle(error?: Error): void }[] = [];
  return {
    calls,
    storeMeterReadings(messages: readonly MeterMessage[]): Promise<MeterAck[][]> {
      return new Promise((resolve, reject) => {
        calls.push({
          messages,
          settle: (error) =>
            error ? reject(error) : resolve(messages.map((m) => [{ ids: [m.payload], status: 'stored' as const }])),
        });
      });
    },
  };
}

const message = (n: number): MeterMessage => ({ imei: '862000000000001', payload: `m${n}` });
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('ReadingBatcher', () => {
  it('sends what arrives within the wait as one call and answers each message with its own acks', async () => {
    const api = recordingApi();
    const batcher = new ReadingBatcher(api, { maxBatch: 200, maxWaitMs: 5, maxInFlight: 4 });
    const answers = [1, 2, 3].map((n) => batcher.submit(message(n)));
    await tick(20);
    expect(api.calls.map((c) => c.messages.map((m) => m.payload))).toEqual([['m1', 'm2', 'm3']]);
    api.calls[0]!.settle();
    expect(await Promise.all(answers)).toEqual([
      [{ ids: ['m1'], status: 'stored' }],
      [{ ids: ['m2'], status: 'stored' }],
      [{ ids: ['m3'], status: 'stored' }],
    ]);
    expect(batcher.stats()).toMatchObject({ batches: 1, messages: 3, failedBatches: 0, queued: 0, inFlight: 0 });
  });

  it('calls each enqueued message back once, with its acks or the error, even when a callback throws', async () => {
    const api = recordingApi();
    const batcher = new ReadingBatcher(api, { maxBatch: 200, maxWaitMs: 5, maxInFlight: 4 });
    const answers: unknown[][] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      for (const n of [1, 2, 3]) {
        batcher.enqueue(message(n), (error, acks) => {
          answers.push([n, error?.message ?? null, acks]);
          if (n === 1) {
            throw new Error('a broken callback');
          }
        });
      }
      await tick(20);
      api.calls[0]!.settle();
      await tick(5);
      batcher.enqueue(message(4), (error, acks) => answers.push([4, error?.message ?? null, acks]));
      await tick(20);
      api.calls[1]!.settle(new Error('database down'));
      await tick(5);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(answers).toEqual([
      [1, null, [{ ids: ['m1'], status: 'stored' }]],
      [2, null, [{ ids: ['m2'], status: 'stored' }]],
      [3, null, [{ ids: ['m3'], status: 'stored' }]],
      [4, 'database down', []],
    ]);
    expect(uncaught).toEqual([new Error('a broken callback')]);
  });

  it('sends a full batch at once, without waiting', async () => {
    const api = recordingApi();
    const batcher = new ReadingBatcher(api, { maxBatch: 2, maxWaitMs: 1000, maxInFlight: 4 });
    void batcher.submit(message(1));
    void batcher.submit(message(2));
    void batcher.submit(message(3));
    await tick();
    expect(api.calls.map((c) => c.messages.length)).toEqual([2]);
  });

  it('holds messages while every call is under way and sends them together when one ends', async () => {
    const api = recordingApi();
    const batcher = new ReadingBatcher(api, { maxBatch: 2, maxWaitMs: 0, maxInFlight: 1 });
    const answers = [1, 2, 3, 4, 5].map((n) => batcher.submit(message(n)));
    await tick(5);
    expect(api.calls).toHaveLength(1);
    expect(batcher.stats()).toMatchObject({ inFlight: 1, queued: 3 });
    api.calls[0]!.settle();
    await tick(5);
    expect(api.calls.map((c) => c.messages.map((m) => m.payload))).toEqual([
      ['m1', 'm2'],
      ['m3', 'm4'],
    ]);
    api.calls[1]!.settle();
    await tick(5);
    api.calls[2]!.settle();
    expect(await Promise.all(answers)).toHaveLength(5);
  });

  it('rejects every message of a failed call, so none of them is acknowledged', async () => {
    const api = recordingApi();
    const errors: number[] = [];
    const batcher = new ReadingBatcher(api, { maxBatch: 10, maxWaitMs: 0, maxInFlight: 4 }, (_error, size) =>
      errors.push(size),
    );
    const answers = [1, 2].map((n) =>
      batcher.submit(message(n)).then(
        () => 'stored',
        (e: Error) => e.message,
      ),
    );
    await tick(5);
    api.calls[0]!.settle(new Error('API answered 503'));
    expect(await Promise.all(answers)).toEqual(['API answered 503', 'API answered 503']);
    expect(errors).toEqual([2]);
    expect(batcher.stats()).toMatchObject({ failedBatches: 1, batches: 0 });
  });
});

describe('MeterAuthenticator', () => {
  function countingApi(ok: boolean) {
    const api = {
      calls: 0,
      meterAuth: async () => {
        api.calls += 1;
        return { ok, kind: ok ? ('glucose' as const) : null };
      },
    };
    return api;
  }

  it('remembers a good sign-in for its lifetime, then asks again', async () => {
    let now = 0;
    const api = countingApi(true);
    const auth = new MeterAuthenticator(api, 60_000, () => now);
    expect(await auth.check('862000000000001', 's', '862000000000001')).toEqual({ ok: true, kind: 'glucose' });
    now = 59_999;
    await auth.check('862000000000001', 's', '862000000000001');
    expect(api.calls).toBe(1);
    now = 60_000;
    await auth.check('862000000000001', 's', '862000000000001');
    expect(api.calls).toBe(2);
  });

  it('never answers a different secret from the cache', async () => {
    const api = countingApi(true);
    const auth = new MeterAuthenticator(api, 60_000, () => 0);
    await auth.check('862000000000001', 'right', '862000000000001');
    await auth.check('862000000000001', 'other', '862000000000001');
    expect(api.calls).toBe(2);
  });

  it('remembers a refusal for 5 seconds only', async () => {
    let now = 0;
    const api = countingApi(false);
    const auth = new MeterAuthenticator(api, 60_000, () => now);
    await auth.check('862000000000001', 's', '862000000000001');
    now = 4_999;
    await auth.check('862000000000001', 's', '862000000000001');
    expect(api.calls).toBe(1);
    now = 5_000;
    expect(await auth.check('862000000000001', 's', '862000000000001')).toEqual({ ok: false, kind: null });
    expect(api.calls).toBe(2);
  });

  it('tells another secret for an IMEI refused a moment ago to retry, without a check', async () => {
    let now = 0;
    const api = countingApi(false);
    const auth = new MeterAuthenticator(api, 60_000, () => now);
    await auth.check('862000000000001', 'guess-1', '862000000000001');
    expect(await auth.check('862000000000001', 'guess-2', '862000000000001')).toEqual({
      ok: false,
      kind: null,
      retry: 'recentlyRefused',
    });
    expect(api.calls).toBe(1);
    now = 5_000;
    expect(await auth.check('862000000000001', 'guess-2', '862000000000001')).toEqual({ ok: false, kind: null });
    expect(api.calls).toBe(2);
    expect(auth.stats).toMatchObject({ checked: 2, refused: 2, recentlyRefused: 1 });
  });

  /** An API whose answers wait until the test settles them. */
  function heldApi() {
    const held: (() => void)[] = [];
    return {
      held,
      meterAuth: () =>
        new Promise<{ ok: boolean; kind: null }>((resolve) => held.push(() => resolve({ ok: false, kind: null }))),
    };
  }
  const imei = (i: number) => `8620000000${String(i).padStart(5, '0')}`;

  it('throttles each source address by a token bucket and its checks in flight', async () => {
    let now = 0;
    const api = heldApi();
    const auth = new MeterAuthenticator(api, 60_000, () => now, {
      perAddressPerSecond: 2,
      perAddressBurst: 3,
      perAddressInFlight: 2,
      maxInFlight: 100,
    });
    const first = [auth.check(imei(1), 's', imei(1), '10.0.0.1'), auth.check(imei(2), 's', imei(2), '10.0.0.1')];
    // Two in flight from this address: the third is told to retry; another address is not held up.
    expect(await auth.check(imei(3), 's', imei(3), '10.0.0.1')).toMatchObject({ ok: false, retry: 'throttled' });
    const other = auth.check(imei(4), 's', imei(4), '10.0.0.2');
    expect(api.held).toHaveLength(3);
    api.held.splice(0).forEach((settle) => settle());
    await Promise.all([...first, other]);
    // One token of the burst of 3 is left, then the bucket is empty until it refills at 2 a second.
    const third = auth.check(imei(5), 's', imei(5), '10.0.0.1');
    api.held.splice(0).forEach((settle) => settle());
    await third;
    expect(await auth.check(imei(6), 's', imei(6), '10.0.0.1')).toMatchObject({ retry: 'throttled' });
    now = 500;
    const refilled = auth.check(imei(7), 's', imei(7), '10.0.0.1');
    api.held.splice(0).forEach((settle) => settle());
    expect(await refilled).toEqual({ ok: false, kind: null });
    expect(auth.stats).toMatchObject({ checked: 5, throttled: 2 });
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(sourceKey('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(sourceKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(sourceKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceKey('::1')).toBe('0:0:0:0::/64');
  });

  it('throttles the addresses of one IPv6 /64 together', async () => {
    const api = heldApi();
    const auth = new MeterAuthenticator(api, 60_000, () => 0, {
      perAddressPerSecond: 10,
      perAddressBurst: 10,
      perAddressInFlight: 2,
      maxInFlight: 100,
    });
    const started = [
      auth.check(imei(1), 's', imei(1), '2001:db8:1:2::a'),
      auth.check(imei(2), 's', imei(2), '2001:db8:1:2::b'),
    ];
    expect(await auth.check(imei(3), 's', imei(3), '2001:db8:1:2:ffff::c')).toMatchObject({ retry: 'throttled' });
    const elsewhere = auth.check(imei(4), 's', imei(4), '2001:db8:1:3::a');
    expect(api.held).toHaveLength(3);
    api.held.splice(0).forEach((settle) => settle());
    await Promise.all([...started, elsewhere]);
  });

  it('caps the checks in flight over all addresses', async () => {
    const api = heldApi();
    const auth = new MeterAuthenticator(api, 60_000, () => 0, {
      perAddressPerSecond: 10,
      perAddressBurst: 10,
      perAddressInFlight: 2,
      maxInFlight: 3,
    });
    const started = [1, 2, 3].map((i) => auth.check(imei(i), 's', imei(i), `10.0.1.${i}`));
    expect(await auth.check(imei(4), 's', imei(4), '10.0.1.4')).toMatchObject({ ok: false, retry: 'busy' });
    api.held.splice(0).forEach((settle) => settle());
    await Promise.all(started);
    const after = auth.check(imei(5), 's', imei(5), '10.0.1.4');
    api.held.splice(0).forEach((settle) => settle());
    expect(await after).toEqual({ ok: false, kind: null });
    expect(auth.stats).toMatchObject({ checked: 4, busy: 1 });
  });
});
