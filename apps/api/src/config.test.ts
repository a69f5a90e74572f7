import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to PGlite under .data, port 3000 and demo data', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/\.data\/pglite$/);
    expect(config.port).toBe(3000);
    expect(config.seedDemoData).toBe(true);
  });

  it('switches to PostgreSQL with a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).databaseUrl).toBe('postgres://u@127.0.0.1:5432/db');
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
});
