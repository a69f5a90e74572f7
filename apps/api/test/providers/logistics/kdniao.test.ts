import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import { CachedLogisticsProvider } from '../../../src/providers/logistics/cached';
import { logisticsProviderFromEnv } from '../../../src/providers/logistics/config';
import { KdniaoLogisticsProvider, kdniaoDataSign } from '../../../src/providers/logistics/kdniao';
import { LocalLogisticsProvider } from '../../../src/providers/logistics/local';
import { LogisticsError, type Shipment } from '../../../src/providers/logistics/logistics';
import { KdniaoFake } from '../../fakes/kdniao-fake';

let fake: KdniaoFake;
beforeEach(async () => {
  fake = await KdniaoFake.start();
});
afterEach(async () => {
  await fake.close();
});

const zto: Shipment = { shipperCode: 'ZTO', logisticCode: '78123456789012', phoneTail: '8000', recorded: [] };
const sf: Shipment = { shipperCode: 'SF', logisticCode: 'SF1400123456789', phoneTail: '8000', recorded: [] };

function kdniao(appKey = fake.appKey) {
  return new KdniaoLogisticsProvider({ businessId: fake.businessId, appKey, base: fake.url });
}

async function refusal(promise: Promise<unknown>): Promise<LogisticsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LogisticsError);
  return error as LogisticsError;
}

describe('the 快递鸟 instant query against the fake service', () => {
  it('signs DataSign as base64 of the hex md5 of RequestData + AppKey', () => {
    // The base64 is of the 32 hex characters, not of the raw 16-byte digest.
    const sign = kdniaoDataSign('{"a":1}', 'key');
    expect(Buffer.from(sign, 'base64').toString('utf8')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('posts a signed 1002 form the service accepts and reads the state and traces', async () => {
    const tracking = await kdniao().track(zto);
    expect(tracking.state).toBe(2);
    expect(tracking.traces).toEqual([
      { acceptTime: '2026-11-25 18:20:11', acceptStation: '【杭州市】杭州余杭区快递员已揽收' },
      { acceptTime: '2026/11/25 23:05:40', acceptStation: '【杭州市】快件已发往 上海转运中心' },
      { acceptTime: '2026-11-26 06:12:03', acceptStation: '【上海市】快件已到达 上海转运中心' },
    ]);
    const [request] = fake.requests;
    expect(request?.form).toMatchObject({ EBusinessID: fake.businessId, RequestType: '1002', DataType: '2' });
    expect(request?.query).toEqual({ OrderCode: '', ShipperCode: 'ZTO', LogisticCode: '78123456789012' });
  });

  it('sends the phone tail as CustomerName to SF, which answers only with it', async () => {
    expect(await kdniao().track(sf)).toMatchObject({
      state: 3,
      traces: [{}, { acceptStation: '快件已签收，签收人：本人' }],
    });
    expect(fake.requests[0]?.query).toMatchObject({ CustomerName: '8000' });
    expect(await kdniao().track({ ...sf, phoneTail: '1234' })).toEqual({ state: 0, traces: [] });
  });

  it('refuses with the service reason when the signature is wrong', async () => {
    const error = await refusal(kdniao('another-key').track(zto));
    expect(error.providerCode).toBe('REFUSED');
    expect(error.message).toContain('数据签名验证失败');
    expect(error.retryable).toBe(false);
  });

  it('reports an HTTP failure as retryable and an unreachable service as a network error', async () => {
    fake.failing = true;
    const error = await refusal(kdniao().track(zto));
    expect(error).toMatchObject({ providerCode: 'HTTP_502', retryable: true });
    const unreachable = new KdniaoLogisticsProvider({ businessId: '1', appKey: 'k', base: 'http://127.0.0.1:9' });
    expect(await refusal(unreachable.track(zto))).toMatchObject({ providerCode: 'NETWORK', retryable: true });
  });
});

describe('the cache in front of the courier', () => {
  it('asks the courier once per waybill within the time to keep, then again', async () => {
    let now = new Date('2026-11-27T02:00:00Z');
    const cached = new CachedLogisticsProvider(kdniao(), 300_000, () => now);
    await cached.track(zto);
    await cached.track(zto);
    expect(fake.calls).toBe(1);
    await cached.track(sf);
    expect(fake.calls).toBe(2);
    now = new Date(now.getTime() + 299_000);
    await cached.track(zto);
    expect(fake.calls).toBe(2);
    now = new Date(now.getTime() + 2_000);
    await cached.track(zto);
    expect(fake.calls).toBe(3);
  });

  it('keeps no failure: the next read asks again', async () => {
    const cached = new CachedLogisticsProvider(kdniao(), 300_000, () => new Date());
    fake.failing = true;
    await refusal(cached.track(zto));
    fake.failing = false;
    expect((await cached.track(zto)).state).toBe(2);
    expect(fake.calls).toBe(2);
  });
});

describe('the local provider', () => {
  it('answers the recorded shipping events and the state the latest left', async () => {
    const recorded = [
      { acceptTime: '2026-11-26 09:00:00', acceptStation: '商家已发货', state: 1 },
      { acceptTime: '2026-11-27 10:00:00', acceptStation: '已签收', state: 3 },
    ];
    expect(await new LocalLogisticsProvider().track({ ...zto, recorded })).toEqual({
      state: 3,
      traces: recorded.map(({ acceptTime, acceptStation }) => ({ acceptTime, acceptStation })),
    });
    expect(await new LocalLogisticsProvider().track(zto)).toEqual({ state: 0, traces: [] });
  });
});

describe('logisticsProviderFromEnv', () => {
  const clock = () => new Date();
  it('is local by default and cached 快递鸟 by configuration', () => {
    expect(logisticsProviderFromEnv({}, clock)).toBeInstanceOf(LocalLogisticsProvider);
    const env = { LOGISTICS_PROVIDER: 'kdniao', KDNIAO_EBUSINESS_ID: '1', KDNIAO_APP_KEY: 'k' };
    expect(logisticsProviderFromEnv(env, clock)).toBeInstanceOf(CachedLogisticsProvider);
    expect(logisticsProviderFromEnv({ ...env, LOGISTICS_CACHE_SECONDS: '0' }, clock)).toBeInstanceOf(
      KdniaoLogisticsProvider,
    );
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      logisticsProviderFromEnv(
        {
          LOGISTICS_PROVIDER: 'kdniao',
          KDNIAO_APP_KEY: ' ',
          KDNIAO_API_BASE: 'ftp://x/y',
          LOGISTICS_CACHE_SECONDS: '-1',
        },
        clock,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'LOGISTICS_PROVIDER=kdniao needs KDNIAO_EBUSINESS_ID, KDNIAO_APP_KEY (missing or empty).',
      'KDNIAO_API_BASE must be an http(s) URL without a path, got "ftp://x/y".',
      'LOGISTICS_CACHE_SECONDS must be whole seconds from 0 to 86400, got "-1".',
    ]);
    expect(() => logisticsProviderFromEnv({ LOGISTICS_PROVIDER: 'sf' }, clock)).toThrow(ConfigError);
  });
});
