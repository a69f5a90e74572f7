// Where uploaded images live: a directory on the API host by default, or any S3-compatible bucket
// (AWS S3, MinIO, OSS/COS in S3 mode) when several API instances must see the same files.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { ConfigError } from '../../config';
import { S3Store } from './s3-store';
import { assertValidKey, contentTypeForKey, StorageError, type ObjectStore, type StoredObject } from './store-base';

export { S3Store, type S3StoreConfig } from './s3-store';
export { InvalidKeyError, isValidKey, StorageError, type ObjectStore, type StoredObject } from './store-base';

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Files under a root directory, one file per key, the key's slashes as folders.
 *
 * The content type is derived from the key's extension instead of being kept in a sidecar file: the
 * upload service always names a file after its sniffed type, so the two cannot disagree, and a single
 * file per object keeps writes atomic. `put` refuses a content type the extension would not reproduce,
 * so the store never silently serves something other than what it was given.
 */
export class LocalDiskStore implements ObjectStore {
  readonly name = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; the containment check repeats the key rules as a second line of defence. */
  #pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) {
      throw new StorageError(`Object key ${JSON.stringify(key)} leaves the storage directory.`);
    }
    return path;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const path = this.#pathOf(key);
    const served = contentTypeForKey(key);
    if (served !== contentType) {
      throw new StorageError(
        `LocalDiskStore serves "${key}" as ${served} (from its extension), not ${contentType}; name the key after its type.`,
      );
    }
    await mkdir(dirname(path), { recursive: true });
    // Write beside the target, then rename: readers see the old file or the whole new one, never a part.
    // The temporary name starts with '.', which no valid key segment can, so it never collides with an object.
    const temp = join(dirname(path), `.${randomUUID()}.tmp`);
    try {
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.#pathOf(key);
    try {
      const body = await readFile(path);
      return {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        contentType: contentTypeForKey(key),
      };
    } catch (error) {
      // A missing file, or a key that names a folder or passes through a file, is simply not an object.
      if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes(errnoCode(error) ?? '')) {
        return null;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#pathOf(key));
    } catch (error) {
      // A file that is already gone is what was asked for; a folder is not an object, so it stays.
      if (!['ENOENT', 'EISDIR', 'ENOTDIR'].includes(errnoCode(error) ?? '')) {
        throw error;
      }
    }
  }
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
// DNS-compatible bucket names (the S3 naming rules without the rarely-hit extras).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function endpointProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `S3_ENDPOINT must be an http(s) URL such as https://s3.amazonaws.com, got "${raw}".`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `S3_ENDPOINT must be an http(s) URL, got the scheme "${url.protocol}".`;
  }
  if (url.username !== '' || url.password !== '') {
    // Not echoed back: the value holds a credential.
    return 'S3_ENDPOINT must not contain a user name or password; use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.';
  }
  if (url.search !== '' || url.hash !== '') {
    return `S3_ENDPOINT must not have a query or fragment, got "${raw}".`;
  }
  return undefined;
}

/**
 * Picks the image store from the environment: a folder `uploads` in the data directory unless
 * STORAGE=s3. Misconfiguration throws a ConfigError naming every problem at once, so start-up fails
 * loudly instead of the first upload failing quietly. A `memory://` data directory (throwaway test
 * databases) gets a fresh folder in the system temp directory, since there is no disk folder to use.
 */
export function objectStoreFromEnv(env: NodeJS.ProcessEnv, dataDir: string): LocalDiskStore | S3Store {
  const storage = env.STORAGE?.trim() || 'local';
  if (storage === 'local') {
    const root = dataDir.startsWith('memory://')
      ? join(tmpdir(), `glucoguard-uploads-${randomUUID()}`)
      : join(dataDir, 'uploads');
    return new LocalDiskStore(root);
  }
  if (storage !== 's3') {
    throw new ConfigError([`STORAGE must be local or s3, got "${storage}".`]);
  }

  const problems: string[] = [];
  // Whitespace-only counts as missing: a stray blank in an env file must not reach the provider.
  const missing = S3_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    problems.push(`STORAGE=s3 needs ${missing.join(', ')} (missing or empty).`);
  }
  const endpoint = env.S3_ENDPOINT?.trim() ?? '';
  const endpointIssue = endpoint === '' ? undefined : endpointProblem(endpoint);
  if (endpointIssue !== undefined) {
    problems.push(endpointIssue);
  }
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (bucket !== '' && !BUCKET_NAME.test(bucket)) {
    problems.push(`S3_BUCKET must be 3–63 lowercase letters, digits, "." or "-", got "${bucket}".`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) {
    problems.push(`S3_REGION must look like us-east-1 or cn-north-1, got "${region}".`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() || 'true';
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    problems.push(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}".`);
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }

  return new S3Store({
    endpoint,
    bucket,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  });
}
