// A local stand-in for an S3-compatible service: path-style PutObject, GetObject and DeleteObject with AWS Signature
// V4 header authentication, objects kept in memory, refusals as S3's XML error documents with S3's codes
// and statuses. The signature is recomputed here from the request exactly as received (raw path, raw
// query, header values, the declared payload hash) by code written apart from aws4fetch, and pinned to
// AWS's documented example in the tests, so a shared mistake cannot make client and fake agree.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3FakeOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  buckets?: string[];
  now?: () => Date;
  /** How long the fake takes to answer each request, as a distant or busy service would. */
  latencyMs?: number;
}

export interface FakeObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface S3FakeRequest {
  method: string;
  url: string;
  /** The S3 error code answered, or 'OK'. */
  code: string;
}

export interface SignatureInput {
  method: string;
  /** The path as sent, still percent-encoded. */
  rawPath: string;
  /** The query string as sent, without '?'. */
  rawQuery: string;
  /** Lowercase header names to values as received. */
  headers: Readonly<Record<string, string>>;
  signedHeaders: readonly string[];
  payloadHash: string;
  amzDate: string;
  region: string;
  service: string;
  secretAccessKey: string;
}

const MAX_SKEW_MS = 15 * 60_000;
/** The payload hash of an empty body, as GET requests declare it. */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** URI-encode as SigV4 defines it: every byte but A–Z a–z 0–9 - _ . ~ as %XY (uppercase hex). */
function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out +=
      /[A-Za-z0-9\-_.~]/.test(ch) || (keepSlash && ch === '/')
        ? ch
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** decodeURIComponent that answers a malformed escape the way S3 does. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new S3Refusal(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** The canonical request and signature of a request; S3 encodes each path segment once and never normalises it. */
export function sigV4Signature(input: SignatureInput): {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
} {
  const canonicalUri = uriEncode(decode(input.rawPath), true);
  const canonicalQuery = input.rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decode(eq < 0 ? pair : pair.slice(0, eq));
      const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
      return `${uriEncode(name, false)}=${uriEncode(value, false)}`;
    })
    .sort()
    .join('&');
  const canonicalHeaders = input.signedHeaders
    .map((name) => `${name}:${(input.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    input.signedHeaders.join(';'),
    input.payloadHash,
  ].join('\n');
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    input.amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${input.secretAccessKey}`).update(date).digest();
  for (const part of [input.region, input.service, 'aws4_request']) {
    key = createHmac('sha256', key).update(part).digest();
  }
  return { canonicalRequest, stringToSign, signature: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

function xmlEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export class S3Fake {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly buckets: Set<string>;
  /** Stored objects by `<bucket>/<key>`. */
  readonly objects = new Map<string, FakeObject>();
  readonly requests: S3FakeRequest[] = [];
  url = '';
  readonly #now: () => Date;
  /** How long the fake takes to answer each request; may be changed while it runs. */
  latencyMs: number;
  readonly #server: Server;

  private constructor(options: S3FakeOptions) {
    this.accessKeyId = options.accessKeyId ?? 'AKIAFAKEFAKEFAKE0001';
    this.secretAccessKey = options.secretAccessKey ?? 'fake/secret+key/0123456789abcdefghijklmn';
    this.region = options.region ?? 'us-east-1';
    this.buckets = new Set(options.buckets ?? ['uploads-test']);
    this.#now = options.now ?? (() => new Date());
    this.latencyMs = options.latencyMs ?? 0;
    this.#server = createServer((req, res) => {
      // A bug in the fake must surface as a failed request, not an unhandled rejection.
      this.#handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
    });
  }

  static async start(options: S3FakeOptions = {}): Promise<S3Fake> {
    const fake = new S3Fake(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.latencyMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const requestId = randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase();
    try {
      this.#authenticate(req, url, body);
      this.#operate(req, url, body, res, requestId);
      this.requests.push({ method: req.method ?? '', url, code: 'OK' });
    } catch (error) {
      if (!(error instanceof S3Refusal)) {
        throw error;
      }
      this.requests.push({ method: req.method ?? '', url, code: error.code });
      const fields = { Code: error.code, Message: error.message, ...error.extra, RequestId: requestId };
      const inner = Object.entries(fields)
        .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
        .join('');
      res.writeHead(error.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error>${inner}</Error>`);
    }
  }

  /** SigV4 header authentication, checked in the order S3 reports problems. */
  #authenticate(req: IncomingMessage, url: string, body: Buffer): void {
    const header = req.headers.authorization;
    if (header === undefined) {
      throw new S3Refusal(403, 'AccessDenied', 'Access Denied');
    }
    const match = /^AWS4-HMAC-SHA256 (.+)$/.exec(header);
    const parts = new Map((match?.[1] ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]));
    const credential = parts.get('Credential')?.split('/') ?? [];
    const signedHeaders = parts.get('SignedHeaders')?.split(';') ?? [];
    const signature = parts.get('Signature') ?? '';
    if (!match || credential.length !== 5 || signedHeaders.length === 0 || !/^[0-9a-f]{64}$/.test(signature)) {
      throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    }
    const [keyId = '', date = '', region = '', service = '', terminator = ''] = credential;
    if (keyId !== this.accessKeyId) {
      throw new S3Refusal(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
        { AWSAccessKeyId: keyId },
      );
    }
    if (region !== this.region || service !== 's3' || terminator !== 'aws4_request') {
      throw new S3Refusal(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${region}' is wrong; expecting '${this.region}'`,
        { Region: this.region },
      );
    }
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!time || amzDate.slice(0, 8) !== date) {
      throw new S3Refusal(400, 'AuthorizationHeaderMalformed', 'Invalid credential date or X-Amz-Date.');
    }
    const sent = Date.UTC(
      Number(time[1]),
      Number(time[2]) - 1,
      Number(time[3]),
      Number(time[4]),
      Number(time[5]),
      Number(time[6]),
    );
    if (Math.abs(this.#now().getTime() - sent) > MAX_SKEW_MS) {
      throw new S3Refusal(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const payloadHash = req.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string') {
      throw new S3Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    }
    const unsigned = Object.keys(req.headers).filter(
      (name) => (name === 'host' || name.startsWith('x-amz-')) && !signedHeaders.includes(name),
    );
    if (unsigned.length > 0) {
      throw new S3Refusal(
        403,
        'AccessDenied',
        `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
      );
    }
    const q = url.indexOf('?');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const expected = sigV4Signature({
      method: req.method ?? '',
      rawPath: q < 0 ? url : url.slice(0, q),
      rawQuery: q < 0 ? '' : url.slice(q + 1),
      headers,
      signedHeaders,
      payloadHash,
      amzDate,
      region,
      service,
      secretAccessKey: this.secretAccessKey,
    });
    if (!timingSafeEqual(Buffer.from(expected.signature), Buffer.from(signature))) {
      throw new S3Refusal(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
        {
          AWSAccessKeyId: keyId,
          StringToSign: expected.stringToSign,
          CanonicalRequest: expected.canonicalRequest,
        },
      );
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      if (payloadHash.startsWith('STREAMING-')) {
        throw new S3Refusal(501, 'NotImplemented', 'Chunked uploads are not supported by this fake.');
      }
      if (payloadHash !== createHash('sha256').update(body).digest('hex')) {
        throw new S3Refusal(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
          {
            ClientComputedContentSHA256: payloadHash,
            S3ComputedContentSHA256: createHash('sha256').update(body).digest('hex'),
          },
        );
      }
    }
  }

  /** Path-style addressing: /<bucket>/<key>. */
  #operate(req: IncomingMessage, url: string, body: Buffer, res: ServerResponse, requestId: string): void {
    const path = url.split('?', 1)[0] ?? '/';
    const slash = path.indexOf('/', 1);
    const bucket = decode(slash < 0 ? path.slice(1) : path.slice(1, slash));
    const key = slash < 0 ? '' : decode(path.slice(slash + 1));
    if (!this.buckets.has(bucket)) {
      throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
    }
    if (key === '') {
      throw new S3Refusal(501, 'NotImplemented', 'Bucket operations are not supported by this fake.');
    }
    if (req.method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      this.objects.set(`${bucket}/${key}`, {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        etag,
      });
      res.writeHead(200, { etag, 'x-amz-request-id': requestId });
      res.end();
      return;
    }
    if (req.method === 'GET') {
      const object = this.objects.get(`${bucket}/${key}`);
      if (object === undefined) {
        throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
      }
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: object.etag,
        'x-amz-request-id': requestId,
      });
      res.end(object.body);
      return;
    }
    if (req.method === 'DELETE') {
      // Like S3: 204 whether or not the key existed.
      this.objects.delete(`${bucket}/${key}`);
      res.writeHead(204, { 'x-amz-request-id': requestId });
      res.end();
      return;
    }
    throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
      Method: req.method ?? '',
    });
  }
}
