import { joinImageNames, PRESS_PREFIX, UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors';
import { LocalDiskStore } from '../../src/providers/storage/storage';
import {
  chinaDateFolder,
  checkImage,
  DEFAULT_UPLOAD_LIMITS,
  putImage,
  removeImage,
  serveKey,
  storeImage,
  UNSUPPORTED_IMAGE_MESSAGE,
  type StoreImageInput,
} from '../../src/contexts/platform/upload/upload.service';
import { b64, gif1x1, minimalJpeg, png1x1, webp1x1 } from './images';

const NOW = new Date('2025-03-14T02:00:00Z');

let dir: string;
let store: LocalDiskStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-service-'));
  store = new LocalDiskStore(join(dir, 'uploads'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function upload(base64: string, overrides: Partial<StoreImageInput> = {}, limits = DEFAULT_UPLOAD_LIMITS) {
  return storeImage(store, { base64, businessCode: UPLOAD_BUSINESS_CODE.general, now: NOW, ...overrides }, limits);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeImage', () => {
  it('stores a PNG under uploads/<businessCode>/<China date>/press_<random>.png and returns the path without press_', async () => {
    const image = await upload(b64(png1x1()));

    expect(image.key).toMatch(/^uploads\/273\/2025\/03\/14\/press_[0-9a-f]{32}\.png$/);
    expect(image.path).toBe(image.key.replace(PRESS_PREFIX, ''));
    expect(image.url).toBe(`/api/files/${image.path}`);
    expect(image).toMatchObject({ contentType: 'image/png', bytes: png1x1().length });
    expect(Buffer.from((await store.get(image.key))!.body)).toEqual(png1x1());
  });

  it('returns a path that stays the same when clients strip press_ from it for submission', async () => {
    const image = await upload(b64(png1x1()));
    expect(joinImageNames([image.path])).toBe(image.path);
  });

  it('gives every upload its own name, even for identical bytes', async () => {
    const [a, b] = await Promise.all([upload(b64(png1x1())), upload(b64(png1x1()))]);
    expect(a.key).not.toBe(b.key);
  });

  it.each([
    ['JPEG', minimalJpeg(), 'image/jpeg', 'jpg'],
    ['GIF', gif1x1(), 'image/gif', 'gif'],
    ['WebP', webp1x1(), 'image/webp', 'webp'],
  ])('accepts a %s, named after its sniffed type', async (_name, bytes, contentType, ext) => {
    const image = await upload(b64(bytes));
    expect(image.contentType).toBe(contentType);
    expect(image.key.endsWith(`.${ext}`)).toBe(true);
  });

  it('accepts a data-URL prefix and ignores the type it declares', async () => {
    const image = await upload(`data:image/jpeg;base64,${b64(png1x1())}`);
    expect(image.contentType).toBe('image/png');
  });

  it('tolerates base64 wrapped over several lines', async () => {
    const wrapped = b64(png1x1()).replace(/(.{16})/g, '$1\r\n');
    expect((await upload(wrapped)).bytes).toBe(png1x1().length);
  });

  it('files the upload under the China calendar date, not the UTC one', async () => {
    expect(chinaDateFolder(new Date('2024-12-31T16:00:00Z'))).toBe('2025/01/01');
    expect(chinaDateFolder(new Date('2024-12-31T15:59:59Z'))).toBe('2024/12/31');
    const image = await upload(b64(png1x1()), { now: new Date('2025-06-30T20:30:00Z'), businessCode: '272' });
    expect(image.key).toMatch(/^uploads\/272\/2025\/07\/01\//);
  });

  it('refuses a text file declared as a PNG', async () => {
    const error = await refusal(upload(`data:image/png;base64,${b64('just some notes, not a picture')}`));
    expect(error).toMatchObject({ code: 40000, statusCode: 400, errMsg: UNSUPPORTED_IMAGE_MESSAGE });
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    [
      'an SVG with an XML declaration',
      '<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    ['an HTML page', '<!doctype html><html><body onload="alert(1)"></body></html>'],
    ['text that merely starts with "GIF"', 'GIFT voucher: 50 yuan'],
  ])('refuses %s', async (_name, text) => {
    expect((await refusal(upload(b64(text)))).errMsg).toBe(UNSUPPORTED_IMAGE_MESSAGE);
  });

  it('refuses a PDF, a real file that is not an image', async () => {
    expect((await refusal(upload(b64('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')))).errMsg).toBe(
      UNSUPPORTED_IMAGE_MESSAGE,
    );
  });

  it.each([
    ['characters outside the alphabet', 'iVBO$w0K'],
    ['the URL-safe alphabet', 'iVBO-w0_'],
    ['a length that is not a multiple of 4', 'iVBORw0'],
    ['padding in the middle', 'QQ==QUFB'],
    ['too much padding', 'Q==='],
    ['non-zero bits under the padding', 'QR=='],
    ['spaces', 'iVBO Rw0K'],
  ])('refuses base64 with %s', async (_name, base64) => {
    const error = await refusal(upload(base64));
    expect(error).toMatchObject({ code: 40000, statusCode: 400, errMsg: '图片数据不是有效的 base64 编码' });
  });

  it('refuses a data URL that is not base64 image data', async () => {
    expect((await refusal(upload('data:text/html;base64,PGgxPg=='))).errMsg).toBe(
      '图片数据格式不正确，请以 base64 上传图片',
    );
    expect((await refusal(upload('data:image/svg+xml,<svg/>'))).errMsg).toBe(
      '图片数据格式不正确，请以 base64 上传图片',
    );
  });

  it('refuses an empty image, with or without a prefix', async () => {
    for (const base64 of ['', '   ', 'data:image/png;base64,']) {
      expect((await refusal(upload(base64))).errMsg).toBe('图片内容不能为空');
    }
  });

  it('accepts an image of exactly the limit and refuses one byte more with HTTP 413', async () => {
    const limit = png1x1().length + 30;
    const padded = (extra: number) => Buffer.concat([png1x1(), Buffer.alloc(30 + extra)]);
    // Accepted; what follows the PNG's end is not kept (strip-metadata.ts).
    expect((await upload(b64(padded(0)), {}, { maxBytes: limit })).bytes).toBe(png1x1().length);

    const error = await refusal(upload(b64(padded(1)), {}, { maxBytes: limit }));
    expect(error).toMatchObject({ code: 40000, statusCode: 413 });
  });

  it('caps uploads at 10 MB by default', async () => {
    expect(DEFAULT_UPLOAD_LIMITS.maxBytes).toBe(10 * 1024 * 1024);
    const oversize = Buffer.concat([png1x1(), Buffer.alloc(10 * 1024 * 1024)]);
    const error = await refusal(upload(b64(oversize)));
    expect(error).toMatchObject({ statusCode: 413, errMsg: '图片不能超过 10MB' });
  });

  it('refuses a business code that is not a positive number', async () => {
    for (const businessCode of ['../etc', '0', '27a', '', -1]) {
      expect((await refusal(upload(b64(png1x1()), { businessCode }))).errMsg).toBe('businessCode 不正确');
    }
  });

  it('stores nothing when it refuses', async () => {
    await refusal(upload(b64('not an image at all')));
    expect(existsSync(join(dir, 'uploads'))).toBe(false);
  });
});

describe('checkImage, putImage and removeImage', () => {
  const JPG_PNG = {
    maxBytes: 100,
    types: ['image/jpeg', 'image/png'] as const,
    tooLargeMessage: '太大了',
    unsupportedMessage: '只要jpg或png',
  };

  it('limits the accepted types and words its refusals as asked', async () => {
    expect((await checkImage(b64(png1x1()), JPG_PNG)).contentType).toBe('image/png');
    expect((await checkImage(b64(minimalJpeg()), JPG_PNG)).ext).toBe('jpg');
    for (const other of [gif1x1(), webp1x1(), Buffer.from('plain text')]) {
      expect(await refusal(checkImage(b64(other), JPG_PNG))).toMatchObject({ errMsg: '只要jpg或png', statusCode: 400 });
    }
    expect(await refusal(checkImage(b64(Buffer.alloc(101, 1)), JPG_PNG))).toMatchObject({
      errMsg: '太大了',
      statusCode: 413,
    });
  });

  it('stores a checked image and removes it again by the path clients keep', async () => {
    const image = await putImage(store, await checkImage(b64(png1x1())), 272, NOW);
    expect(image.key).toMatch(/^uploads\/272\/2025\/03\/14\/press_[0-9a-f]{32}\.png$/);
    expect(await serveKey(store, image.path)).not.toBeNull();
    await removeImage(store, image.path);
    expect(await store.get(image.key)).toBeNull();
    expect(await serveKey(store, image.path)).toBeNull();
    // Paths outside the upload folder or not valid keys are left alone rather than refused.
    await removeImage(store, '../secrets.png');
    await removeImage(store, 'other/x.png');
  });
});

describe('serveKey', () => {
  it('serves the image by the path clients keep (without press_) and by its stored key', async () => {
    const image = await upload(b64(gif1x1()));
    for (const path of [image.path, image.key]) {
      const served = await serveKey(store, path);
      expect(served?.contentType).toBe('image/gif');
      expect(Buffer.from(served!.body)).toEqual(gif1x1());
    }
  });

  it('tells browsers not to sniff or run what it serves and lets them cache it', async () => {
    const served = await serveKey(store, (await upload(b64(png1x1()))).path);
    expect(served?.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(served?.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers null for unknown, invalid and out-of-area paths', async () => {
    await store.put('other/secret.png', png1x1(), 'image/png');
    for (const path of [
      'uploads/273/2025/03/14/nothing.png',
      '../uploads/x.png',
      'uploads/../other/secret.png',
      '/etc/passwd',
      'other/secret.png',
      'uploads/%2e%2e/x.png',
      '',
    ]) {
      expect(await serveKey(store, path)).toBeNull();
    }
  });

  it('does not serve an object whose type is not an accepted image', async () => {
    await store.put(
      'uploads/273/press_page.html',
      Buffer.from('<script>alert(1)</script>'),
      'application/octet-stream',
    );
    expect(await serveKey(store, 'uploads/273/page.html')).toBeNull();
  });
});
