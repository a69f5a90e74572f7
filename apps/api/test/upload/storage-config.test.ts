import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { LocalDiskStore, objectStoreFromEnv, S3Store } from '../../src/providers/storage/storage';
import { S3Fake } from '../fakes/s3-fake';
import { png1x1 } from './images';

const S3_ENV = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'glucoguard-images',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret',
};

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    objectStoreFromEnv(env, '/srv/data');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('objectStoreFromEnv', () => {
  it('stores on local disk under <dataDir>/uploads when STORAGE is unset, empty or local', () => {
    for (const env of [{}, { STORAGE: '' }, { STORAGE: 'local' }]) {
      const store = objectStoreFromEnv(env, '/srv/data');
      expect(store).toBeInstanceOf(LocalDiskStore);
      expect((store as LocalDiskStore).root).toBe('/srv/data/uploads');
    }
  });

  it('uses a fresh temporary folder when the data directory is in memory', () => {
    const a = objectStoreFromEnv({}, 'memory://') as LocalDiskStore;
    const b = objectStoreFromEnv({}, 'memory://') as LocalDiskStore;
    expect(a.root.startsWith(join(tmpdir(), 'glucoguard-uploads-'))).toBe(true);
    expect(a.root).not.toBe(b.root);
  });

  it('uses S3 when STORAGE=s3 and its settings are complete', () => {
    const store = objectStoreFromEnv(S3_ENV, '/srv/data');
    expect(store).toBeInstanceOf(S3Store);
    expect(store.name).toBe('s3');
    expect((store as S3Store).bucket).toBe('glucoguard-images');
  });

  it('names every missing S3 variable in one error', () => {
    expect(configError({ STORAGE: 's3' }).problems).toEqual([
      'STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (missing or empty).',
    ]);
  });

  it('names only the variables that are missing, counting blank ones as missing', () => {
    const error = configError({ ...S3_ENV, S3_SECRET_ACCESS_KEY: '  ', S3_BUCKET: undefined });
    expect(error.message).toContain('STORAGE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY (missing or empty).');
  });

  it('refuses an unknown storage kind', () => {
    expect(configError({ STORAGE: 'ftp' }).message).toContain('STORAGE must be local or s3, got "ftp"');
  });

  it('reports a bad endpoint, bucket, region and path-style flag together', () => {
    const error = configError({
      ...S3_ENV,
      S3_ENDPOINT: 's3.example.com',
      S3_BUCKET: 'Bad_Bucket',
      S3_REGION: 'US East',
      S3_FORCE_PATH_STYLE: 'maybe',
    });
    expect(error.problems).toEqual([
      'S3_ENDPOINT must be an http(s) URL such as https://s3.amazonaws.com, got "s3.example.com".',
      'S3_BUCKET must be 3–63 lowercase letters, digits, "." or "-", got "Bad_Bucket".',
      'S3_REGION must look like us-east-1 or cn-north-1, got "US East".',
      'S3_FORCE_PATH_STYLE must be true or false, got "maybe".',
    ]);
  });

  it('refuses credentials in the endpoint without repeating them', () => {
    const error = configError({ ...S3_ENV, S3_ENDPOINT: 'https://user:hunter2@s3.example.com' });
    expect(error.problems).toEqual([
      'S3_ENDPOINT must not contain a user name or password; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    ]);
    expect(error.message).not.toContain('hunter2');
  });

  describe('against the fake S3', () => {
    let fake: S3Fake;
    beforeEach(async () => {
      fake = await S3Fake.start({ buckets: ['glucoguard-images'] });
    });
    afterEach(async () => {
      await fake.close();
    });

    it('signs for us-east-1 when S3_REGION is unset and round-trips an object', async () => {
      const store = objectStoreFromEnv(
        {
          ...S3_ENV,
          S3_ENDPOINT: fake.url,
          S3_ACCESS_KEY_ID: fake.accessKeyId,
          S3_SECRET_ACCESS_KEY: ` ${fake.secretAccessKey} `,
        },
        '/srv/data',
      );
      await store.put('uploads/273/press_x.png', png1x1(), 'image/png');
      expect(Buffer.from((await store.get('uploads/273/press_x.png'))!.body)).toEqual(png1x1());
      expect(fake.region).toBe('us-east-1');
    });
  });
});
