// Private uploads are attached only by their uploader (docs/adr/0215-private-uploads-attached-only-by-their-uploader.md),
// through real HTTP on a real database: a repair request or a chat message naming a private file
// someone else uploaded is refused, so learning another customer's path shows nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MEMBER_TYPE, UPLOAD_BUSINESS_CODE } from '@glucoguard/domain';
import { ProductCategory } from '../src/contexts/after-sales/catalogue/catalogue.entity';
import { customerImUserId, openChatSession, staffImUserId } from '../src/contexts/care';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';
import { signedInStaff } from './staff-fixtures';
import { b64, png1x1 } from './upload/images';

const clock = testClock();
let api: TestApi;
let alice: Awaited<ReturnType<typeof registeredCustomer>>;
let bob: Awaited<ReturnType<typeof registeredCustomer>>;
let categoryId: number;

const NOT_YOURS = { code: 40300, errMsg: '图片不存在或无权使用，请重新上传' };

const upload = async (client: typeof alice.client, businessCode: number) =>
  (await client.POST('/common/v1/uploadImage', { body: { data: b64(png1x1()), businessCode } })).path;

const repairForm = (over: Record<string, unknown>) => ({
  name: '王秀英',
  phone: '13812345678',
  address: '广东省深圳市南山区科苑路15号',
  categoryId,
  purchaseDateStr: '2026-10-01',
  batchNo: 'B2026-10',
  deviceImei: '863000001234567',
  malfunctionContent: '开机后屏幕不亮',
  ...over,
});

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  alice = await registeredCustomer(api, '王秀英');
  bob = await registeredCustomer(api, '李建国');
  const em = api.app.orm.em.fork();
  const category = em.create(ProductCategory, {
    code: `t-${randomUUID().slice(0, 8)}`,
    name: '测试血糖仪',
    iconUrl: '',
    sort: 0,
    status: 1,
    updatedAt: clock(),
  });
  await em.flush();
  categoryId = category.id;
});
afterAll(async () => api?.close());

describe('repair photos', () => {
  it('refuses a request naming another customer’s uploaded photo, alone or beside one’s own', async () => {
    const alicePhoto = await upload(alice.client, UPLOAD_BUSINESS_CODE.repair);
    const bobPhoto = await upload(bob.client, UPLOAD_BUSINESS_CODE.repair);
    expect(
      await failure(bob.client.POST('/productUpkeep/v1/add', { body: repairForm({ malfunctionUrl: alicePhoto }) })),
    ).toMatchObject(NOT_YOURS);
    expect(
      await failure(
        bob.client.POST('/productUpkeep/v1/add', {
          body: repairForm({ certificateUrl: bobPhoto, malfunctionUrl: alicePhoto }),
        }),
      ),
    ).toMatchObject(NOT_YOURS);
    // Nothing was filed for Bob.
    const page = await bob.client.GET('/productUpkeep/v1/page', { params: { query: { status: 0 } } });
    expect(page.list).toEqual([]);
  });

  it('refuses a well-formed repair path that nobody uploaded', async () => {
    const made = `uploads/277/2026/11/20/${randomUUID().replaceAll('-', '')}.png`;
    expect(
      await failure(alice.client.POST('/productUpkeep/v1/add', { body: repairForm({ certificateUrl: made }) })),
    ).toMatchObject(NOT_YOURS);
  });

  it('files the uploader’s own photos and shows them to her signed', async () => {
    const [voucher, fault] = [
      await upload(alice.client, UPLOAD_BUSINESS_CODE.repair),
      await upload(alice.client, UPLOAD_BUSINESS_CODE.repair),
    ];
    const made = await alice.client.POST('/productUpkeep/v1/add', {
      body: repairForm({ certificateUrl: voucher, malfunctionUrl: fault }),
    });
    const repair = await alice.client.GET('/productUpkeep/v1/query', {
      params: { query: { upkeepId: made.upkeepId } },
    });
    expect(repair.certificateUrl.startsWith(`${voucher}?exp=`)).toBe(true);
    const served = await fetch(`${api.baseUrl}/files/${repair.malfunctionUrl}`);
    expect(served.status).toBe(200);
  });

  it('lets a visitor neither upload nor file', async () => {
    const visitor = await signInNewVisitor(api);
    expect(
      await failure(
        visitor.client.POST('/common/v1/uploadImage', {
          body: { data: b64(png1x1()), businessCode: UPLOAD_BUSINESS_CODE.repair },
        }),
      ),
    ).toMatchObject({ code: 40300 });
    const alicePhoto = await upload(alice.client, UPLOAD_BUSINESS_CODE.repair);
    expect(
      await failure(visitor.client.POST('/productUpkeep/v1/add', { body: repairForm({ malfunctionUrl: alicePhoto }) })),
    ).toMatchObject({ code: 40300 });
  });
});

describe('chat pictures', () => {
  it('may be sent only by who uploaded them', async () => {
    const doctorRecord = (await api.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }))!;
    const doctor = await signedInStaff(api, 'doctor', { doctorId: doctorRecord.id, now: clock() });
    const bobSession = await openChatSession(api.app.orm.em.fork(), {
      sessionType: 1,
      status: 2,
      members: [
        { imUserId: customerImUserId(bob.cid), type: CHAT_MEMBER_TYPE.patient },
        { imUserId: staffImUserId(doctor.staff.id), type: CHAT_MEMBER_TYPE.doctor },
      ],
    });
    const alicePicture = await upload(alice.client, UPLOAD_BUSINESS_CODE.chat);
    const send = (client: typeof alice.client, url: string, clientId: string) =>
      client.POST('/consult/v1/sendChatMessage', {
        body: { sessionId: bobSession, clientId, payload: { type: 'image', url } },
      });
    expect(await failure(send(bob.client, alicePicture, 'steal-image-01'))).toMatchObject(NOT_YOURS);
    // Nor may the doctor forward it into the session.
    expect(
      await failure(
        doctor.client.POST('/console/v1/chat/send', {
          body: { sessionId: bobSession, clientId: 'steal-image-02', payload: { type: 'image', url: alicePicture } },
        }),
      ),
    ).toMatchObject(NOT_YOURS);
    const bobPicture = await upload(bob.client, UPLOAD_BUSINESS_CODE.chat);
    const sent = await send(bob.client, bobPicture, 'own-image-01');
    expect(String((sent.message.payload as { url?: string }).url).startsWith(`${bobPicture}?exp=`)).toBe(true);
  });
});

describe('medical report images', () => {
  it('are stored by the report upload itself, and no repair or chat message can take another’s report path', async () => {
    const report = await alice.client.POST('/customer/v1/uploadReport', {
      body: { data: b64(png1x1()), typeCode: 1, reportName: '血常规' },
    });
    const path = report.reportUrl.split('?')[0]!;
    expect(path).toMatch(/^uploads\/274\//);
    expect(
      await failure(bob.client.POST('/productUpkeep/v1/add', { body: repairForm({ malfunctionUrl: path }) })),
    ).toMatchObject({ code: 40000, errMsg: '图片地址不正确，请重新上传' });
    // Bob cannot make an address for it either: the bare path is refused.
    expect((await fetch(`${api.baseUrl}/files/${path}`)).status).toBe(403);
  });
});
