import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_GATEWAY_TOKEN, loadConfig } from './config';
import { DEVELOPMENT_SESSION_SECRET, identityConfigFromEnv } from './providers/wechat/config';

describe('loadConfig', () => {
  it('defaults to PGlite under .data, port 3000 and demo data', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
    expect(config.port).toBe(3000);
    expect(config.seedDemoData).toBe(true);
  });

  it('leaves the demo accounts out in production unless SEED_DEMO_DATA asks for them', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(40),
      GATEWAY_TOKEN: 'g'.repeat(40),
      PUBLIC_BASE_URL: 'https://h5.example.com',
    };
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('switches to PostgreSQL with a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).databaseUrl).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });

  it('reports every problem at once, in plain words', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO_DATA: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'DATABASE_URL must be a postgres:// URL (leave it unset to use the embedded PGlite database).',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
      'PORT must be a port number from 0 to 65535, got "eighty".',
      'SEED_DEMO_DATA must be true or false, got "maybe".',
    ]);
  });
  it('requires a long GATEWAY_TOKEN in production and has a development default otherwise', () => {
    expect(loadConfig({}).gatewayToken).toBe(DEV_GATEWAY_TOKEN);
    expect(loadConfig({ GATEWAY_TOKEN: 'x'.repeat(12) }).gatewayToken).toBe('x'.repeat(12));
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(40),
        GATEWAY_TOKEN: 'g'.repeat(32),
        PUBLIC_BASE_URL: 'https://h5.example.com',
      }).gatewayToken,
    ).toBe('g'.repeat(32));
    for (const token of [undefined, 'g'.repeat(31)]) {
      let error: unknown;
      try {
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_BASE_URL: 'https://h5.example.com',
          ...(token && { GATEWAY_TOKEN: token }),
        });
      } catch (e) {
        error = e;
      }
      expect((error as ConfigError).problems).toEqual([
        'GATEWAY_TOKEN must be set to a random secret of at least 32 characters in production (the device gateway sends the same one).',
      ]);
    }
  });

  it('refuses the published development GATEWAY_TOKEN and SESSION_SECRET in production', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        GATEWAY_TOKEN: DEV_GATEWAY_TOKEN,
        PUBLIC_BASE_URL: 'https://h5.example.com',
      });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'GATEWAY_TOKEN is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`, the same in the device gateway).',
    ]);
    expect(() => identityConfigFromEnv({ NODE_ENV: 'production', SESSION_SECRET: DEVELOPMENT_SESSION_SECRET })).toThrow(
      'SESSION_SECRET is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`).',
    );
    // Outside production the development values are what `npm start` runs on.
    expect(loadConfig({ GATEWAY_TOKEN: DEV_GATEWAY_TOKEN }).gatewayToken).toBe(DEV_GATEWAY_TOKEN);
    expect(identityConfigFromEnv({ SESSION_SECRET: DEVELOPMENT_SESSION_SECRET }).sessionSecret).toBe(
      DEVELOPMENT_SESSION_SECRET,
    );
  });

  it('requires PUBLIC_BASE_URL in production and keeps only its origin', () => {
    const production = { NODE_ENV: 'production', GATEWAY_TOKEN: 'g'.repeat(40) };
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problemsOf(production)).toEqual([
      'PUBLIC_BASE_URL must be set in production to the address users open the app at, e.g. https://h5.example.com (links and sign-in redirects use it, never the Host header).',
    ]);
    for (const bad of [
      'h5.example.com',
      'ftp://h5.example.com',
      'https://h5.example.com/app',
      'https://u:p@h5.example.com',
      'http://[',
    ]) {
      expect(problemsOf({ ...production, PUBLIC_BASE_URL: bad })).toEqual([
        `PUBLIC_BASE_URL must be an http(s) origin without a path, e.g. https://h5.example.com, got "${bad}".`,
      ]);
    }
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://H5.example.com/' })).toMatchObject({
      publicBaseUrl: 'https://h5.example.com',
      publicBaseUrlSet: true,
    });
    expect(loadConfig({ PORT: '4000' })).toMatchObject({
      publicBaseUrl: 'http://localhost:4000',
      publicBaseUrlSet: false,
    });
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    for (const raw of [undefined, '', 'false', '0']) {
      expect(loadConfig(raw === undefined ? {} : { TRUST_PROXY: raw }).trustProxy).toBe(false);
    }
  });

  it('takes a hop count or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses trusting everyone and what it cannot read', () => {
    for (const [raw, fragment] of [
      ['true', 'TRUST_PROXY=true would let any client choose'],
      ['10.0.0.0/33', '"10.0.0.0/33"'],
      ['proxy.example.com', '"proxy.example.com"'],
      ['11', 'from 0 to 10'],
    ] as const) {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(fragment);
    }
  });
});

describe('the job queue settings', () => {
  it('polls every 2 s, runs 2 jobs of a name at a time and checks leases every minute by default', () => {
    expect(loadConfig({}).jobs).toEqual({ pollIntervalMs: 2000, concurrency: 2, leaseCheckIntervalMs: 60_000 });
    expect(
      loadConfig({ JOBS_POLL_INTERVAL_MS: '500', JOBS_CONCURRENCY: '8', JOBS_LEASE_CHECK_INTERVAL_MS: '1000' }).jobs,
    ).toEqual({ pollIntervalMs: 500, concurrency: 8, leaseCheckIntervalMs: 1000 });
  });

  it('refuses a poll faster than 500 ms, no concurrency and what is not a whole number', () => {
    let error: unknown;
    try {
      loadConfig({ JOBS_POLL_INTERVAL_MS: '100', JOBS_CONCURRENCY: '0', JOBS_LEASE_CHECK_INTERVAL_MS: '1.5' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'JOBS_POLL_INTERVAL_MS must be a whole number from 500 to 3600000, got "100".',
      'JOBS_CONCURRENCY must be a whole number from 1 to 50, got "0".',
      'JOBS_LEASE_CHECK_INTERVAL_MS must be a whole number from 1000 to 3600000, got "1.5".',
    ]);
  });
});
