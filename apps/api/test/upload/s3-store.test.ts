import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidKeyError, S3Store, StorageError, type S3StoreConfig } from '../../src/providers/storage/storage';
import { serveKey, storeImage } from '../../src/contexts/platform/upload/upload.service';
import { EMPTY_SHA256, S3Fake, sigV4Signature } from '../fakes/s3-fake';
import { b64, png1x1 } from './images';

const BUCKET = 'uploads-test';
const KEY = 'uploads/273/2025/03/14/press_abc.png';

let fake: S3Fake;
beforeEach(async () => {
  fake = await S3Fake.start({ buckets: [BUCKET] });
});
afterEach(async () => {
  await fake.close();
});

function s3(overrides: Partial<S3StoreConfig> = {}): S3Store {
  return new S3Store({
    endpoint: fake.url,
    bucket: BUCKET,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    ...overrides,
  });
}

async function storageError(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('the fake S3 signature check', () => {
  // AWS's worked example "GET Object" (S3 API reference, Signature Calculations for the Authorization
  // Header: Transferring Payload in a Single Chunk): the fake must reproduce AWS's published signature.
  it('reproduces the signature of the AWS documentation example', () => {
    const { signature } = sigV4Signature({
      method: 'GET',
      rawPath: '/test.txt',
      rawQuery: '',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      payloadHash: EMPTY_SHA256,
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      service: 's3',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('refuses an unsigned request with AccessDenied', async () => {
    const response = await fetch(`${fake.url}/${BUCKET}/${KEY}`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a body that does not match the signed payload hash', async () => {
    const client = new AwsClient({
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      service: 's3',
      region: fake.region,
      retries: 0,
    });
    const signed = await client.sign(`${fake.url}/${BUCKET}/${KEY}`, {
      method: 'PUT',
      body: 'tampered',
      headers: { 'x-amz-content-sha256': createHash('sha256').update('original').digest('hex') },
    });
    const response = await fetch(signed);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(fake.objects.size).toBe(0);
  });
});

describe('S3Store against the fake S3', () => {
  it('puts an object path-style with a signed payload hash and gets it back', async () => {
    const store = s3();
    await store.put(KEY, png1x1(), 'image/png');

    expect(fake.requests).toEqual([{ method: 'PUT', url: `/${BUCKET}/${KEY}`, code: 'OK' }]);
    expect(fake.objects.get(`${BUCKET}/${KEY}`)?.contentType).toBe('image/png');
    const object = await store.get(KEY);
    expect(object?.contentType).toBe('image/png');
    expect(Buffer.from(object!.body)).toEqual(png1x1());
  });

  it('tolerates a trailing slash on the endpoint', async () => {
    const seen: string[] = [];
    const store = s3({
      endpoint: `${fake.url}/`,
      fetch: (input, init) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      },
    });
    await store.put(KEY, png1x1(), 'image/png');
    expect(seen).toEqual([`${fake.url}/${BUCKET}/${KEY}`]);
  });

  it('addresses the bucket as a host name, under the endpoint path, when path style is off', async () => {
    const seen: string[] = [];
    const store = s3({
      endpoint: 'https://s3.example.com/base',
      forcePathStyle: false,
      fetch: async (input) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return new Response(null, { status: 200 });
      },
    });
    await store.put(KEY, png1x1(), 'image/png');
    expect(seen).toEqual([`https://${BUCKET}.s3.example.com/base/${KEY}`]);
  });

  it('deletes an object, and takes a missing one as nothing to do', async () => {
    const store = s3();
    await store.put(KEY, png1x1(), 'image/png');
    await store.delete(KEY);
    expect(fake.objects.has(`${BUCKET}/${KEY}`)).toBe(false);
    expect(await store.get(KEY)).toBeNull();
    await store.delete(KEY);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: `/${BUCKET}/${KEY}`, code: 'OK' },
      { method: 'DELETE', url: `/${BUCKET}/${KEY}`, code: 'OK' },
    ]);
  });

  it('takes a 404 NoSuchKey on delete as done, and reports other refusals', async () => {
    const answer = (status: number, code: string) => async () =>
      new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`, { status });
    await s3({ fetch: answer(404, 'NoSuchKey') }).delete(KEY);
    expect(await storageError(s3({ fetch: answer(404, 'NoSuchBucket') }).delete(KEY))).toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
    const denied = await storageError(s3({ secretAccessKey: 'wrong/secret+value/0000000000000000000000' }).delete(KEY));
    expect(denied.message).toContain(`S3 DeleteObject of "${KEY}"`);
    expect(denied).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('answers null for a missing object', async () => {
    expect(await s3().get('uploads/273/none.png')).toBeNull();
    expect(fake.requests.at(-1)?.code).toBe('NoSuchKey');
  });

  it('reports a wrong secret clearly, without the secret or the signature', async () => {
    const secretAccessKey = 'wrong/secret+value/0000000000000000000000';
    const error = await storageError(s3({ secretAccessKey }).put(KEY, png1x1(), 'image/png'));

    expect(error.message).toBe(
      `S3 PutObject of "${KEY}" in bucket "${BUCKET}" failed: HTTP 403 SignatureDoesNotMatch — the secret access key does not belong to the access key id (check S3_SECRET_ACCESS_KEY).`,
    );
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(error.message).not.toContain(secretAccessKey);
    expect(error.message).not.toContain(fake.secretAccessKey);
    expect(fake.objects.size).toBe(0);
  });

  it('reports an unknown access key id', async () => {
    const error = await storageError(s3({ accessKeyId: 'AKIAUNKNOWN000000000' }).get(KEY));
    expect(error).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    expect(error.message).toContain('check S3_ACCESS_KEY_ID');
  });

  it('reports a missing bucket as an error, not as a missing object', async () => {
    const error = await storageError(s3({ bucket: 'no-such-bucket' }).get(KEY));
    expect(error).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    expect(error.message).toContain('check S3_BUCKET');
  });

  it('reports a request signed for another region', async () => {
    const error = await storageError(s3({ region: 'eu-west-1' }).get(KEY));
    expect(error).toMatchObject({ status: 400, code: 'AuthorizationHeaderMalformed' });
    expect(error.message).toContain('check S3_REGION');
  });

  it('reports a clock too far from the service', async () => {
    await fake.close();
    fake = await S3Fake.start({ buckets: [BUCKET], now: () => new Date(Date.now() + 60 * 60_000) });
    expect(await storageError(s3().get(KEY))).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });

  it('reports an unreachable service by its address, with the system reason', async () => {
    const url = fake.url;
    await fake.close();
    const error = await storageError(s3({ endpoint: url }).get(KEY));
    expect(error.message).toBe(`S3 GetObject of "${KEY}" failed: could not reach ${url} (ECONNREFUSED).`);
    fake = await S3Fake.start();
  });

  it('refuses an invalid key before sending anything', async () => {
    await expect(s3().get('../escape.png')).rejects.toThrow(InvalidKeyError);
    await expect(s3().delete('../escape.png')).rejects.toThrow(InvalidKeyError);
    expect(fake.requests).toEqual([]);
  });

  it('stores an upload and serves it back by the path clients keep', async () => {
    const store = s3();
    const image = await storeImage(store, {
      base64: b64(png1x1()),
      businessCode: 273,
      now: new Date('2025-03-14T02:00:00Z'),
    });

    expect(fake.objects.has(`${BUCKET}/${image.key}`)).toBe(true);
    const served = await serveKey(store, image.path);
    expect(served?.contentType).toBe('image/png');
    expect(Buffer.from(served!.body)).toEqual(png1x1());
  });
});
