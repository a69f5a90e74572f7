import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extendDataPlan } from '../src/contexts/devices';
import { bindDevice, provisionDevice } from '../src/contexts/devices/meter/meter.service';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

let counter = 0;
const nextImei = () => `86200000${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
const nextIccid = () => `898600${String(process.pid % 100000).padStart(5, '0')}${String(counter).padStart(9, '0')}`;

/** A meter bound to the customer; with a SIM card number unless `iccid` is false. */
async function boundMeter(customerId: string, options: { iccid?: boolean; kind?: 'glucose' | 'bp' } = {}) {
  const imei = nextImei();
  await provisionDevice(
    api.app.orm.em.fork(),
    { imei, kind: options.kind ?? 'glucose', ...(options.iccid === false ? {} : { iccid: nextIccid() }) },
    clock(),
  );
  await bindDevice(api.app.orm.em.fork(), customerId, imei, clock());
  return imei;
}

const renew = (customerId: string, deviceImei: string, months: number, key: string) =>
  extendDataPlan(api.app.orm.em.fork(), { customerId, deviceImei, months, key }, clock());

describe('GET /device/v1/listRechargeDevice', () => {
  it('requires authentication', async () => {
    expect((await failure(api.client().GET('/device/v1/listRechargeDevice'))).status).toBe(401);
  });

  it("lists the caller's bound meters with a SIM card, never another customer's", async () => {
    const me = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const mine = await boundMeter(me.cid);
    await boundMeter(me.cid, { iccid: false });
    await boundMeter(other.cid);
    const list = await me.client.GET('/device/v1/listRechargeDevice');
    expect(list.map((d) => d.deviceImei)).toEqual([mine]);
    expect(list[0]).toMatchObject({ deviceKind: 0, flowExpireTime: null });
    expect(list[0]?.iccid).toMatch(/^89\d{18}$/);
  });

  it('answers an empty list to a customer without meters', async () => {
    const me = await registeredCustomer(api);
    expect(await me.client.GET('/device/v1/listRechargeDevice')).toEqual([]);
  });
});

describe('extendDataPlan', () => {
  it('opens a plan from now, then adds to its running end, and shows it on the device lists', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    expect(await renew(me.cid, imei, 12, 'order:a1')).toEqual({
      applied: true,
      flowExpireTime: new Date('2027-11-20T02:00:00Z'),
    });
    expect(await renew(me.cid, imei, 1, 'order:a2')).toMatchObject({
      applied: true,
      flowExpireTime: new Date('2027-12-20T02:00:00Z'),
    });
    const [recharge] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(recharge?.flowExpireTime).toBe('2027-12-20T02:00:00.000Z');
    const devices = await me.client.GET('/device/v1/queryDeviceList');
    expect(devices.disabeDeviceList[0]?.flowExpireTime).toBe('2027-12-20T02:00:00.000Z');
  });

  it('applies one key once: a repeated payment notify extends nothing', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    await renew(me.cid, imei, 12, 'order:b1');
    expect(await renew(me.cid, imei, 12, 'order:b1')).toEqual({ applied: false, reason: 'alreadyApplied' });
    const [device] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBe('2027-11-20T02:00:00.000Z');
  });

  it('adds up two renewals that arrive at once', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    const results = await Promise.all([renew(me.cid, imei, 6, 'order:c1'), renew(me.cid, imei, 6, 'order:c2')]);
    expect(results.every((r) => r.applied)).toBe(true);
    const [device] = await me.client.GET('/device/v1/listRechargeDevice');
    expect(device?.flowExpireTime).toBe('2027-11-20T02:00:00.000Z');
  });

  it('starts again from now once the plan has ended', async () => {
    const me = await registeredCustomer(api);
    const imei = await boundMeter(me.cid);
    await renew(me.cid, imei, 1, 'order:d1');
    clock.advance(40 * 86_400_000);
    try {
      const result = await renew(me.cid, imei, 1, 'order:d2');
      expect(result).toEqual({ applied: true, flowExpireTime: new Date('2027-01-30T02:00:00Z') });
    } finally {
      clock.advance(-40 * 86_400_000);
    }
  });

  it('refuses nothing loudly: an unknown meter or no months is reported, not thrown', async () => {
    const me = await registeredCustomer(api);
    expect(await renew(me.cid, '869999999999999', 12, 'order:e1')).toEqual({
      applied: false,
      reason: 'unknownDevice',
    });
    expect(await renew(me.cid, 'not-an-imei', 12, 'order:e2')).toEqual({ applied: false, reason: 'unknownDevice' });
    const imei = await boundMeter(me.cid);
    expect(await renew(me.cid, imei, 0, 'order:e3')).toEqual({ applied: false, reason: 'noMonths' });
  });
});
