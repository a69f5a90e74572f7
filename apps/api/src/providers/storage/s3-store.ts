// An S3-compatible bucket through its REST API (PutObject, GetObject, DeleteObject) signed with AWS Signature V4 by
// aws4fetch, instead of the AWS SDK: three calls do not justify a large dependency tree.
import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { assertValidKey, StorageError, type ObjectStore, type StoredObject } from './store-base';

export interface S3StoreConfig {
  /** The service's base URL, e.g. https://s3.amazonaws.com or http://minio:9000 (a path prefix is kept). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` (default; what MinIO and most compatibles expect) rather than `<bucket>.<host>/<key>`. */
  forcePathStyle?: boolean;
  /** The fetch to send requests with; tests and proxies swap it. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** What each refusal means for whoever reads the log; the codes are S3's own. */
const HINTS: Readonly<Record<string, string>> = {
  SignatureDoesNotMatch: 'the secret access key does not belong to the access key id (check S3_SECRET_ACCESS_KEY)',
  InvalidAccessKeyId: 'the service does not know the access key id (check S3_ACCESS_KEY_ID)',
  AccessDenied: 'the credentials may not use this bucket',
  NoSuchBucket: 'the bucket does not exist (check S3_BUCKET)',
  AuthorizationHeaderMalformed: 'the request was signed for another region (check S3_REGION)',
  RequestTimeTooSkewed: "this host's clock is too far from the service's",
};

/** The `<Code>` of an S3 XML error document, if the body is one. */
function s3ErrorCode(xml: string): string | undefined {
  return /<Code>([A-Za-z0-9.]+)<\/Code>/.exec(xml)?.[1];
}

/** The operating-system reason of a failed fetch (ECONNREFUSED, ENOTFOUND…), never the request itself. */
function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return 'timed out';
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : 'unknown error';
}

export class S3Store implements ObjectStore {
  readonly name = 's3';
  readonly bucket: string;
  readonly #client: AwsClient;
  readonly #fetch: typeof fetch;
  readonly #base: URL;
  /** The endpoint's path without trailing slashes ('' for none); URL would turn '' back into '/'. */
  readonly #basePath: string;
  readonly #pathStyle: boolean;
  readonly #timeoutMs: number;

  constructor(config: S3StoreConfig) {
    this.bucket = config.bucket;
    // retries 0: aws4fetch would otherwise retry 5xx ten times with backoff, holding the user's upload open.
    this.#client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: 0,
    });
    this.#fetch = config.fetch ?? fetch;
    this.#base = new URL(config.endpoint);
    this.#basePath = this.#base.pathname.replace(/\/+$/, '');
    this.#pathStyle = config.forcePathStyle ?? true;
    this.#timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Keys are already limited to [a-z0-9/_.-], so they go into the path without encoding. */
  #urlOf(key: string): string {
    const base = new URL(this.#base);
    if (this.#pathStyle) {
      base.pathname = `${this.#basePath}/${this.bucket}/${key}`;
    } else {
      base.hostname = `${this.bucket}.${base.hostname}`;
      base.pathname = `${this.#basePath}/${key}`;
    }
    return base.toString();
  }

  async #send(operation: string, key: string, init: RequestInit): Promise<Response> {
    assertValidKey(key);
    // Signed by aws4fetch, sent by our own fetch: AwsClient.fetch always uses the global one.
    const request = await this.#client.sign(this.#urlOf(key), {
      ...init,
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    try {
      return await this.#fetch(request);
    } catch (error) {
      throw new StorageError(
        `S3 ${operation} of "${key}" failed: could not reach ${this.#base.origin} (${networkReason(error)}).`,
      );
    }
  }

  /** A clear error from a refusal: operation, key, status, S3 code and what it usually means — no credentials. */
  async #failure(operation: string, key: string, response: Response): Promise<StorageError> {
    const code = s3ErrorCode(await response.text().catch(() => ''));
    const hint = code === undefined ? undefined : HINTS[code];
    const what = [`HTTP ${response.status}`, code].filter(Boolean).join(' ');
    return new StorageError(
      `S3 ${operation} of "${key}" in bucket "${this.bucket}" failed: ${what}${hint ? ` — ${hint}` : ''}.`,
      response.status,
      code,
    );
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    // The payload hash is sent and signed (not UNSIGNED-PAYLOAD), so the service rejects a body
    // that changed on the way.
    const response = await this.#send('PutObject', key, {
      method: 'PUT',
      body: body.slice(),
      headers: { 'content-type': contentType, 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') },
    });
    if (!response.ok) {
      throw await this.#failure('PutObject', key, response);
    }
    await response.body?.cancel();
  }

  async get(key: string): Promise<StoredObject | null> {
    const response = await this.#send('GetObject', key, { method: 'GET' });
    if (response.ok) {
      const body = new Uint8Array(await response.arrayBuffer());
      return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    }
    const failure = await this.#failure('GetObject', key, response);
    // Only a missing key is "no object"; a missing bucket is a configuration fault and must be loud.
    if (response.status === 404 && (failure.code === 'NoSuchKey' || failure.code === undefined)) {
      return null;
    }
    throw failure;
  }

  async delete(key: string): Promise<void> {
    // DeleteObject answers 204 whether or not the key existed; some compatibles answer 404 NoSuchKey instead.
    const response = await this.#send('DeleteObject', key, { method: 'DELETE' });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const failure = await this.#failure('DeleteObject', key, response);
    if (response.status === 404 && failure.code === 'NoSuchKey') {
      return;
    }
    throw failure;
  }
}
