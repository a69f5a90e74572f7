import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, type TestApi } from './harness';
import { png1x1 } from './upload/images';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const png = () => Buffer.from(png1x1()).toString('base64');

describe('POST /common/v1/uploadImage', () => {
  it('requires a session', async () => {
    expect(
      await failure(api.client().POST('/common/v1/uploadImage', { body: { data: png(), businessCode: 273 } })),
    ).toMatchObject({ code: 40100 });
  });

  it('is for registered customers', async () => {
    const { client } = await signInNewVisitor(api);
    expect(
      await failure(client.POST('/common/v1/uploadImage', { body: { data: png(), businessCode: 273 } })),
    ).toMatchObject({ code: 40300 });
  });

  it('refuses a text file dressed up as an image', async () => {
    const { client } = await registeredCustomer(api);
    const data = Buffer.from('hello, this is not a picture').toString('base64');
    expect(await failure(client.POST('/common/v1/uploadImage', { body: { data, businessCode: 273 } }))).toMatchObject({
      code: 40000,
      errMsg: '不支持的图片格式，请上传 JPG、PNG、GIF 或 WEBP 图片',
    });
  });

  it('stores an image under a press_ name and serves it back by the path it returned', async () => {
    const { client } = await registeredCustomer(api);
    const stored = await client.POST('/common/v1/uploadImage', { body: { data: png(), businessCode: 273 } });
    expect(stored.path).toMatch(/^uploads\/273\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(stored.url).toBe(`/api/files/${stored.path}`);
    const res = await fetch(`${api.baseUrl.replace(/\/api$/, '')}${stored.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(png1x1()))).toBe(true);
  });

  it('answers 404 for a path that names nothing or escapes the upload folder', async () => {
    for (const path of [
      'uploads/273/2026/01/01/0123456789abcdef0123456789abcdef.png',
      '../../etc/passwd',
      'secrets.png',
    ]) {
      const res = await fetch(`${api.baseUrl}/files/${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 40400 });
    }
  });
});
