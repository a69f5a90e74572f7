import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore, S3Store } from '../src/providers/storage/storage';
import { S3Fake } from './fakes/s3-fake';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { b64, gif1x1, minimalJpeg, png1x1, webp1x1 } from './upload/images';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

type Client = Awaited<ReturnType<typeof registeredCustomer>>['client'];
type Upload = { reportName?: string | null; typeCode?: number; data?: string; pressData?: string };

const PNG = b64(png1x1());
const JPEG = b64(minimalJpeg());
const MB = 1024 * 1024;
/** A PNG signature followed by zeros: sniffed as PNG, exactly `bytes` long. */
const pngOfSize = (bytes: number) => b64(Buffer.concat([png1x1(), Buffer.alloc(bytes - png1x1().length)]));

const upload = (client: Client, body: Upload) =>
  client.POST('/customer/v1/uploadReport', {
    body: { reportName: '血糖报告', typeCode: 1, data: PNG, ...body } as never,
  });
const list = (client: Client, query: { pageNo?: number; pageSize?: number } = {}) =>
  client.GET('/customer/v1/pageQueryReport', { params: { query } });
const remove = (client: Client, reportId: string) => client.POST('/customer/v1/deleteReport', { body: { reportId } });
const fileStatus = async (path: string) => (await fetch(`${api.baseUrl}/files/${path}`)).status;

/** Every file the API's image store holds (the test API stores on a temporary local disk). */
async function storedFiles(): Promise<string[]> {
  const store = api.app.providers.storage;
  if (!(store instanceof LocalDiskStore)) {
    throw new Error('the test API does not store on local disk');
  }
  const entries = await readdir(store.root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('uploaded report calls', () => {
  it.each([
    ['uploadReport', (c: Client) => upload(c, {})],
    ['pageQueryReport', (c: Client) => list(c)],
    ['deleteReport', (c: Client) => remove(c, '1')],
  ])('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it('lets only registered customers upload', async () => {
    const { client } = await signInNewVisitor(api);
    expect(await failure(upload(client, {}))).toMatchObject({ code: 40300, errMsg: '请先注册' });
    expect(await list(client)).toEqual({ items: [], currentPage: 1, totalPage: 0 });
  });
});

describe('the report_type dictionary', () => {
  it('names the five types in the gallery’s order, without sign-in', async () => {
    expect(
      await api.client().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'report_type' } } }),
    ).toEqual({
      report_type: [
        { itemKey: '1', itemValue: '血糖' },
        { itemKey: '4', itemValue: '尿酸' },
        { itemKey: '3', itemValue: '血脂' },
        { itemKey: '2', itemValue: '血压' },
        { itemKey: '5', itemValue: '其他' },
      ],
    });
  });
});

describe('POST /customer/v1/uploadReport refuses bad input', () => {
  it.each([
    [{ reportName: undefined }, '请填写报告名'],
    [{ reportName: null }, '请填写报告名'],
    [{ reportName: '   ' }, '请填写报告名'],
    [{ reportName: '一二三四五六七八九' }, '报告名称不能多余8个字符'],
    [{ reportName: 'abcdefghi' }, '报告名称不能多余8个字符'],
    [{ reportName: '报'.repeat(65) }, '报告名称不能多余8个字符'],
    [{ reportName: '血糖😀' }, '请不要输入表情'],
    [{ typeCode: undefined }, '请选择报告类型'],
    [{ typeCode: 0 }, '请选择报告类型'],
    [{ typeCode: 6 }, '请选择报告类型'],
    [{ data: b64('this is a text file, not a photo') }, '报告图片只支持jpg、png格式'],
    [{ data: b64(gif1x1()) }, '报告图片只支持jpg、png格式'],
    [{ data: b64(webp1x1()) }, '报告图片只支持jpg、png格式'],
    [{ data: b64('%PDF-1.7\n%âãÏÓ\n1 0 obj') }, '报告图片只支持jpg、png格式'],
    [{ data: '' }, '图片内容不能为空'],
    [{ data: 'not base64!' }, '图片数据不是有效的 base64 编码'],
    [{ pressData: b64('<svg xmlns="http://www.w3.org/2000/svg"/>') }, '报告图片只支持jpg、png格式'],
    [{ cid: 'someone-else' }, '请求体包含不支持的字段：cid'],
  ])('refuses %j with %s and stores nothing', async (body, errMsg) => {
    const { client } = await registeredCustomer(api);
    const before = await storedFiles();
    expect(await failure(upload(client, body as Upload))).toMatchObject({ code: 40000, errMsg, status: 400 });
    expect(await list(client)).toEqual({ items: [], currentPage: 1, totalPage: 0 });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a photo of 10 MB and a preview of 1 MB with HTTP 413', async () => {
    const { client } = await registeredCustomer(api);
    const before = await storedFiles();
    expect(await failure(upload(client, { data: pngOfSize(10 * MB) }))).toMatchObject({
      code: 40000,
      errMsg: '报告图片需小于10MB',
      status: 413,
    });
    expect(await failure(upload(client, { pressData: pngOfSize(MB) }))).toMatchObject({
      code: 40000,
      errMsg: '报告预览图需小于1MB',
      status: 413,
    });
    expect(await list(client)).toMatchObject({ items: [] });
    expect(await storedFiles()).toEqual(before);
  });
});

describe('another user’s report', () => {
  it('answers like a missing report and is never deleted or listed', async () => {
    const owner = await registeredCustomer(api);
    const report = await upload(owner.client, { reportName: '我的血脂', typeCode: 3 });
    const other = await registeredCustomer(api);

    expect(await failure(remove(other.client, report.reportId))).toMatchObject({
      code: 40400,
      errMsg: '本条数据已被删除',
      status: 404,
    });
    expect(await failure(remove(other.client, '999999999'))).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
    expect(await failure(remove(other.client, 'abc'))).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
    expect(await list(other.client)).toEqual({ items: [], currentPage: 1, totalPage: 0 });
    expect((await list(owner.client)).items.map((r) => r.reportId)).toEqual([report.reportId]);
    expect(await fileStatus(report.reportUrl)).toBe(200);
  });
});

describe('uploaded reports', () => {
  it('stores a photo with its preview, lists the reports newest first and serves both images', async () => {
    const { client } = await registeredCustomer(api);
    const first = await upload(client, { reportName: '  空腹血糖  ', typeCode: 1, data: PNG, pressData: JPEG });
    expect(first).toEqual({
      reportId: first.reportId,
      reportName: '空腹血糖',
      typeCode: 1,
      reportUrl: first.reportUrl,
      pressReportUrl: first.pressReportUrl,
      updateTime: '2026-11-20 10:00:00',
    });
    expect(first.reportId).toMatch(/^\d+$/);
    // Report photos are private: their addresses are signed for the owner and expire (browser-hardening.test.ts).
    expect(first.reportUrl).toMatch(
      /^uploads\/274\/2026\/11\/20\/[0-9a-f]{32}\.png\?exp=\d+&cid=[0-9a-f-]{36}&sig=[\w-]{43}$/,
    );
    expect(first.pressReportUrl).toMatch(
      /^uploads\/274\/2026\/11\/20\/[0-9a-f]{32}\.jpg\?exp=\d+&cid=[0-9a-f-]{36}&sig=[\w-]{43}$/,
    );
    const photo = await fetch(`${api.baseUrl}/files/${first.reportUrl}`);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer()).equals(png1x1())).toBe(true);
    const preview = await fetch(`${api.baseUrl}/files/${first.pressReportUrl}`);
    expect(Buffer.from(await preview.arrayBuffer()).equals(minimalJpeg())).toBe(true);

    // Without a preview the photo stands in for it. Names count characters: eight of them fit.
    clock.advance(60_000);
    const second = await upload(client, { reportName: '𠮷一二三四五六七', typeCode: 4, data: JPEG });
    expect(second).toMatchObject({ reportName: '𠮷一二三四五六七', typeCode: 4, updateTime: '2026-11-20 10:01:00' });
    expect(second.pressReportUrl).toBe(second.reportUrl);
    expect(second.reportUrl).toMatch(/\.jpg\?/);

    expect(await list(client)).toEqual({ items: [second, first], currentPage: 1, totalPage: 1 });
    expect(await list(client, { pageNo: 2, pageSize: 1 })).toEqual({ items: [first], currentPage: 2, totalPage: 2 });
    expect(await failure(list(client, { pageSize: 101 }))).toMatchObject({ code: 40000 });
  });

  it('deletes a report with its images, after which it is gone for good', async () => {
    const { client } = await registeredCustomer(api);
    const kept = await upload(client, { reportName: '血压', typeCode: 2 });
    const report = await upload(client, { reportName: '尿酸', typeCode: 4, pressData: JPEG });
    expect(await remove(client, report.reportId)).toEqual({ ok: true });
    expect((await list(client)).items).toEqual([kept]);
    // The address no longer names a report of the customer's, so it opens nothing.
    expect(await fileStatus(report.reportUrl)).toBe(403);
    expect(await fileStatus(report.pressReportUrl)).toBe(403);
    expect(await fileStatus(kept.reportUrl)).toBe(200);
    expect(await failure(remove(client, report.reportId))).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
  });

  it('holds 50 reports of a type, refuses the 51st without storing it, and takes one again after a delete', async () => {
    const { client } = await registeredCustomer(api);
    const ids: string[] = [];
    for (let n = 1; n <= 50; n += 1) {
      ids.push((await upload(client, { reportName: `报告${n}`, typeCode: 5 })).reportId);
    }
    const before = await storedFiles();
    expect(await failure(upload(client, { reportName: '第51张', typeCode: 5 }))).toMatchObject({
      code: 40000,
      errMsg: '暂时您只能上传50张报告',
    });
    expect(await storedFiles()).toEqual(before);
    // The limit is per type.
    expect(await upload(client, { reportName: '血糖', typeCode: 1 })).toMatchObject({ typeCode: 1 });
    expect(await list(client)).toMatchObject({ currentPage: 1, totalPage: 1 });
    expect((await list(client)).items).toHaveLength(51);
    expect(await list(client, { pageSize: 50, pageNo: 2 })).toMatchObject({ currentPage: 2, totalPage: 2 });

    await remove(client, ids[0] ?? '');
    expect(await upload(client, { reportName: '新的一张', typeCode: 5 })).toMatchObject({ reportName: '新的一张' });
    expect(await failure(upload(client, { reportName: '又一张', typeCode: 5 }))).toMatchObject({
      errMsg: '暂时您只能上传50张报告',
    });
  });
});

describe('two uploads racing for the 50th place', () => {
  // A slow image store (an S3-compatible service that takes 150 ms to answer) widens the window
  // between counting a type's reports and saving the new one, where an unlocked check lets both in.
  let s3: S3Fake;
  let slow: TestApi;
  beforeAll(async () => {
    s3 = await S3Fake.start({ buckets: ['reports-test'] });
    const storage = new S3Store({
      endpoint: s3.url,
      bucket: 'reports-test',
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    slow = await startTestApi({}, { clock, storage });
  });
  afterAll(async () => {
    await slow.close();
    await s3.close();
  });

  it('lets only one of them through', async () => {
    const { client } = await registeredCustomer(slow);
    for (let n = 1; n <= 49; n += 1) {
      await upload(client, { reportName: `血脂${n}`, typeCode: 3 });
    }
    s3.latencyMs = 150;
    const results = await Promise.allSettled([
      upload(client, { reportName: '甲', typeCode: 3 }),
      upload(client, { reportName: '乙', typeCode: 3 }),
    ]);
    s3.latencyMs = 0;
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')?.reason).toMatchObject({
      code: 40000,
      errMsg: '暂时您只能上传50张报告',
    });
    expect((await list(client)).items.filter((r) => r.typeCode === 3)).toHaveLength(50);
    // The refused upload left no image behind: 50 photos, nothing else.
    expect(s3.objects.size).toBe(50);
  });
});
