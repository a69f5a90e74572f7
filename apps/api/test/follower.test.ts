import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedFollow, addPressure, addSugar, requestFollow, type Client, type Person } from './follow-fixtures';
import { failure, registeredCustomer, signInNewVisitor, startTestApi, testClock, type TestApi } from './harness';

// 2026-11-20 10:00 China time.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const calls: [string, (c: Client) => Promise<unknown>][] = [
  ['queryByPhone', (c) => c.GET('/follower/v1/queryByPhone', { params: { query: { phone: '13800138000' } } })],
  ['addFocus', (c) => c.POST('/follower/v1/addFocus', { body: { customerId: UNKNOWN_ID } })],
  ['queryIFocus', (c) => c.GET('/follower/v1/queryIFocus')],
  ['getIFocus', (c) => c.GET('/follower/v1/getIFocus', { params: { query: { id: '1' } } })],
  ['editIFocus', (c) => c.POST('/follower/v1/editIFocus', { body: { id: '1', isReceive: 0 } })],
  ['del', (c) => c.POST('/follower/v1/del', { body: { id: '1' } })],
  ['queryIFocusStat', (c) => c.GET('/follower/v1/queryIFocusStat', { params: { query: { customerId: UNKNOWN_ID } } })],
  ['queryIFocusData', (c) => c.GET('/follower/v1/queryIFocusData', { params: { query: { customerId: UNKNOWN_ID } } })],
  [
    'queryIFocusBloodPressure',
    (c) => c.GET('/follower/v1/queryIFocusBloodPressure', { params: { query: { customerId: UNKNOWN_ID } } }),
  ],
  ['queryFocusRequests', (c) => c.GET('/follower/v1/queryFocusRequests')],
  ['queryFocusMe', (c) => c.GET('/follower/v1/queryFocusMe')],
  ['acceptFocus', (c) => c.POST('/follower/v1/acceptFocus', { body: { id: '1' } })],
  ['refuseFocus', (c) => c.POST('/follower/v1/refuseFocus', { body: { id: '1' } })],
  ['revokeFocus', (c) => c.POST('/follower/v1/revokeFocus', { body: { id: '1' } })],
];

// Sign-in allows 30 per address per 10 minutes; each group below moves the clock past that window.
const nextWindow = () => clock.advance(11 * 60_000);

describe('friend calls', () => {
  let visitor: Client | undefined;
  it.each(calls)('%s requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });

  it.each(calls)('%s needs a registered customer', async (_name, call) => {
    visitor ??= (await signInNewVisitor(api)).client;
    expect(await failure(call(visitor))).toMatchObject({ code: 40300, errMsg: '请先注册' });
  });
});

describe('GET /follower/v1/queryByPhone', () => {
  let searcher: Person;
  let target: Person;
  beforeAll(async () => {
    searcher = await registeredCustomer(api, '张丽');
    target = await registeredCustomer(api, '张建国');
  });
  const search = (client: Client, phone: string) =>
    client.GET('/follower/v1/queryByPhone', { params: { query: { phone } } });

  it.each(['1380013', '23800138000', ''])('refuses %j with the spec’s message', async (phone) => {
    expect(await failure(search(searcher.client, phone))).toMatchObject({ code: 40000, errMsg: '请输入正确电话号码' });
  });

  it('says when nobody registered with the phone, and when it is the caller’s own', async () => {
    expect(await search(searcher.client, '13000000009')).toEqual({
      isSelfFlag: false,
      existsFlag: false,
      customerVo: null,
      auditStatus: null,
    });
    expect(await search(searcher.client, searcher.phone)).toMatchObject({
      isSelfFlag: true,
      existsFlag: true,
      customerVo: { customerId: searcher.cid },
    });
  });

  it('answers the person masked and where the caller stands; name and phone show only once accepted', async () => {
    const masked = `${target.phone.slice(0, 3)}****${target.phone.slice(-4)}`;
    expect(await search(searcher.client, target.phone)).toEqual({
      isSelfFlag: false,
      existsFlag: true,
      customerVo: { customerId: target.cid, nickname: '张*国', phone: masked, headimgurl: '', sex: 0 },
      auditStatus: null,
    });
    const id = await requestFollow(searcher, target);
    expect(await search(searcher.client, target.phone)).toMatchObject({
      auditStatus: 0,
      customerVo: { nickname: '张*国', phone: masked },
    });
    await target.client.POST('/follower/v1/acceptFocus', { body: { id } });
    expect(await search(searcher.client, target.phone)).toMatchObject({
      auditStatus: 1,
      customerVo: { nickname: '张建国', phone: target.phone },
    });
  });

  it('shows the caller their own name and phone unmasked', async () => {
    expect(await search(searcher.client, searcher.phone)).toMatchObject({
      customerVo: { nickname: '张丽', phone: searcher.phone },
    });
  });

  it('limits a customer to 30 searches an hour', async () => {
    const { client } = await registeredCustomer(api);
    for (let i = 0; i < 30; i += 1) {
      await search(client, '13000000009');
    }
    expect(await failure(search(client, '13000000009'))).toMatchObject({
      code: 42900,
      errMsg: '搜索过于频繁，请稍后再试',
    });
  });
});

describe('POST /follower/v1/addFocus and the patient’s decision', () => {
  it('refuses oneself, unknown people and visitors', async () => {
    const me = await registeredCustomer(api);
    const visitor = await signInNewVisitor(api);
    const { customerVo } = await visitor.client.GET('/login/v1/getCurrent');
    expect(await failure(me.client.POST('/follower/v1/addFocus', { body: { customerId: me.cid } }))).toMatchObject({
      code: 40000,
      errMsg: '不能添加自己为亲友',
    });
    for (const customerId of [UNKNOWN_ID, 'not-a-customer', customerVo.cid]) {
      expect(await failure(me.client.POST('/follower/v1/addFocus', { body: { customerId } }))).toMatchObject({
        code: 40400,
        errMsg: '用户不存在',
      });
    }
  });

  it('waits for the patient, who is told once, accepts, and then refuses a second request', async () => {
    const relative = await registeredCustomer(api, '张丽');
    const patient = await registeredCustomer(api, '张建国');
    const id = await requestFollow(relative, patient);
    expect(await requestFollow(relative, patient)).toBe(id);
    const notices = await patient.client.GET('/notice/v1/pageQueryList');
    expect(notices.items).toEqual([
      expect.objectContaining({
        kind: 'followRequest',
        title: '新的亲友申请',
        customerId: relative.cid,
        urgent: false,
        read: false,
      }),
    ]);
    expect(await patient.client.GET('/follower/v1/queryFocusRequests')).toEqual({
      items: [
        {
          id,
          customerId: relative.cid,
          nickname: '张丽',
          headimgurl: '',
          sex: 0,
          phone: `${relative.phone.slice(0, 3)}****${relative.phone.slice(-4)}`,
          auditStatus: 0,
          requestTime: '2026-11-20 10:00:00',
          acceptTime: null,
        },
      ],
      currentPage: 1,
      totalPage: 1,
    });
    // Nothing is shared while the request waits.
    expect(
      await failure(
        relative.client.GET('/follower/v1/queryIFocusStat', { params: { query: { customerId: patient.cid } } }),
      ),
    ).toMatchObject({ code: 40300, errMsg: '对方尚未同意您查看其健康数据' });
    expect(await patient.client.POST('/follower/v1/acceptFocus', { body: { id } })).toMatchObject({
      id,
      customerId: relative.cid,
      auditStatus: 1,
      acceptTime: '2026-11-20 10:00:00',
    });
    expect((await patient.client.GET('/follower/v1/queryFocusRequests')).items).toEqual([]);
    expect((await patient.client.GET('/follower/v1/queryFocusMe')).items).toEqual([
      expect.objectContaining({ id, customerId: relative.cid, auditStatus: 1 }),
    ]);
    expect((await relative.client.GET('/notice/v1/pageQueryList')).items).toEqual([
      expect.objectContaining({ kind: 'followAccepted', customerId: patient.cid }),
    ]);
    expect(
      await failure(relative.client.POST('/follower/v1/addFocus', { body: { customerId: patient.cid } })),
    ).toMatchObject({ code: 40900, errMsg: '已添加' });
    expect(await failure(patient.client.POST('/follower/v1/acceptFocus', { body: { id } }))).toMatchObject({
      code: 40900,
      errMsg: '该申请已处理',
    });
  });

  it('lets only the patient asked decide, and answers anyone else as if the follow did not exist', async () => {
    const relative = await registeredCustomer(api);
    const patient = await registeredCustomer(api);
    const id = await requestFollow(relative, patient);
    for (const path of ['/follower/v1/acceptFocus', '/follower/v1/refuseFocus', '/follower/v1/revokeFocus'] as const) {
      expect(await failure(relative.client.POST(path, { body: { id } }))).toMatchObject({
        code: 40400,
        errMsg: '亲友不存在',
      });
      expect(await failure(patient.client.POST(path, { body: { id: '999999' } }))).toMatchObject({ code: 40400 });
      expect(await failure(patient.client.POST(path, { body: { id: 'x' } }))).toMatchObject({ code: 40400 });
    }
    expect(await failure(patient.client.POST('/follower/v1/revokeFocus', { body: { id } }))).toMatchObject({
      code: 40900,
      errMsg: '该申请已处理',
    });
    expect(await patient.client.POST('/follower/v1/refuseFocus', { body: { id } })).toEqual({ ok: true });
    expect((await relative.client.GET('/follower/v1/queryIFocus')).items).toEqual([]);
    // A declined relative may ask again; the patient is told again.
    expect(await requestFollow(relative, patient)).toBe(id);
    expect((await patient.client.GET('/follower/v1/queryFocusRequests')).items).toHaveLength(1);
  });
});

describe('the relative’s list: queryIFocus, getIFocus, editIFocus, del', () => {
  let editor: Person;
  beforeAll(async () => {
    nextWindow();
    editor = await registeredCustomer(api);
  });

  it.each([
    [{ customerNote: '' }, '备注不能为空'],
    [{ customerNote: '   ' }, '备注不能为空'],
    [{ customerNote: '爸爸❤' }, '请不要输入表情'],
    [{ customerNote: '一二三四五六七八九十一' }, '备注不能超过10个字符'],
    [{}, '请选择要修改的内容'],
  ])('refuses %j with %s', async (change, errMsg) => {
    expect(
      await failure(editor.client.POST('/follower/v1/editIFocus', { body: { id: '1', ...change } })),
    ).toMatchObject({ code: 40000, errMsg });
  });

  it('refuses a follow that is not the caller’s', async () => {
    const relative = await registeredCustomer(api);
    const patient = await registeredCustomer(api);
    const id = await acceptedFollow(relative, patient);
    for (const client of [patient.client, (await registeredCustomer(api)).client]) {
      expect(await failure(client.GET('/follower/v1/getIFocus', { params: { query: { id } } }))).toMatchObject({
        code: 40400,
        errMsg: '亲友不存在',
      });
      expect(
        await failure(client.POST('/follower/v1/editIFocus', { body: { id, customerNote: '爸爸' } })),
      ).toMatchObject({ code: 40400 });
      expect(await failure(client.POST('/follower/v1/del', { body: { id } }))).toMatchObject({ code: 40400 });
    }
    expect((await relative.client.GET('/follower/v1/getIFocus', { params: { query: { id } } })).customerNote).toBe(
      '测试用户',
    );
  });

  it('lists accepted and waiting follows, edits the note and the switch, and leaves', async () => {
    const relative = await registeredCustomer(api, '张丽');
    const father = await registeredCustomer(api, '张建国');
    const mother = await registeredCustomer(api, '王秀英');
    const fatherId = await acceptedFollow(relative, father);
    const motherId = await requestFollow(relative, mother);
    const page = await relative.client.GET('/follower/v1/queryIFocus', {
      params: { query: { pageNo: 1, pageSize: 10 } },
    });
    expect(page.totalPage).toBe(1);
    expect(page.items.map((f) => [f.id, f.customerId, f.customerNote, f.auditStatus, f.isReceive])).toEqual(
      expect.arrayContaining([
        [fatherId, father.cid, '张建国', 1, 1],
        [motherId, mother.cid, '王秀英', 0, 1],
      ]),
    );
    expect(
      await relative.client.POST('/follower/v1/editIFocus', { body: { id: fatherId, customerNote: ' 爸爸 ' } }),
    ).toMatchObject({ id: fatherId, customerNote: '爸爸', nickname: '张建国', isReceive: 1 });
    expect(
      await relative.client.POST('/follower/v1/editIFocus', { body: { id: fatherId, isReceive: 0 } }),
    ).toMatchObject({ customerNote: '爸爸', isReceive: 0 });
    expect(await relative.client.POST('/follower/v1/del', { body: { id: motherId } })).toEqual({ ok: true });
    expect(await relative.client.POST('/follower/v1/del', { body: { id: fatherId } })).toEqual({ ok: true });
    expect(await failure(relative.client.POST('/follower/v1/del', { body: { id: fatherId } }))).toMatchObject({
      code: 40400,
    });
    expect((await relative.client.GET('/follower/v1/queryIFocus')).items).toEqual([]);
    expect((await father.client.GET('/follower/v1/queryFocusMe')).items).toEqual([]);
    expect(
      await failure(
        relative.client.GET('/follower/v1/queryIFocusStat', { params: { query: { customerId: father.cid } } }),
      ),
    ).toMatchObject({ code: 40300 });
  });
});

describe('a relative’s read-only views of a patient', () => {
  let relative: Person;
  let patient: Person;
  let followId: string;
  beforeAll(async () => {
    nextWindow();
    relative = await registeredCustomer(api, '张丽');
    patient = await registeredCustomer(api, '张建国');
    followId = await acceptedFollow(relative, patient);
    // Fasting 2.5 seriousLow, 5.5 normal, 7.5 high; after breakfast 15 seriousHigh; yesterday before dawn 4.0 low.
    await addSugar(patient.client, 2.5, '2026-11-20 06:00', { timeType: 1 });
    await addSugar(patient.client, 5.5, '2026-11-20 07:00', { timeType: 1, remark: '早饭前' });
    await addSugar(patient.client, 7.5, '2026-11-20 08:00', { timeType: 1 });
    await addSugar(patient.client, 15, '2026-11-20 09:30', { timeType: 2 });
    await addSugar(patient.client, 4, '2026-11-19 03:00', { timeType: 8 });
    await addPressure(patient.client, 150, 95, '2026-11-20 08:10');
    await addPressure(patient.client, 118, 76, '2026-11-19 20:00');
  });
  const query = (customerId: string) => ({ params: { query: { customerId } } });

  it.each([
    ['/follower/v1/queryIFocusStat', { dateType: 4 }],
    ['/follower/v1/queryIFocusData', { pageSize: 101 }],
    ['/follower/v1/queryIFocusBloodPressure', { createStartTime: 'yesterday' }],
  ] as const)('%s refuses bad input %j', async (path, extra) => {
    expect(
      await failure(relative.client.GET(path, { params: { query: { customerId: patient.cid, ...extra } as never } })),
    ).toMatchObject({ code: 40000 });
  });

  it('refuses people without the patient’s consent, and unknown ids alike', async () => {
    const stranger = await registeredCustomer(api);
    for (const path of [
      '/follower/v1/queryIFocusStat',
      '/follower/v1/queryIFocusData',
      '/follower/v1/queryIFocusBloodPressure',
    ] as const) {
      expect(await failure(stranger.client.GET(path, query(patient.cid)))).toMatchObject({
        code: 40300,
        errMsg: '对方尚未同意您查看其健康数据',
      });
      expect(await failure(relative.client.GET(path, query(UNKNOWN_ID)))).toMatchObject({ code: 40300 });
      expect(await failure(relative.client.GET(path, query('nope')))).toMatchObject({ code: 40300 });
    }
  });

  it('counts the five levels by the patient’s own thresholds', async () => {
    expect(
      await relative.client.GET('/follower/v1/queryIFocusStat', {
        params: { query: { customerId: patient.cid, dateType: 1 } },
      }),
    ).toEqual({
      seriousHigh: 1,
      high: 1,
      normal: 1,
      low: 1,
      seriousLow: 1,
      total: 5,
    });
    // The patient's own stricter target makes 5.5 high for the relative too.
    await patient.client.POST('/customer/v1/saveSugarObjective', {
      body: { sugarObjectives: [{ timeType: 1, minValue: 3, lowValue: 4, highValue: 5, maxValue: 13.9 }] },
    });
    expect(await relative.client.GET('/follower/v1/queryIFocusStat', query(patient.cid))).toMatchObject({
      normal: 0,
      high: 2,
    });
    await patient.client.POST('/customer/v1/saveSugarObjective', {
      body: { sugarObjectives: [{ timeType: 1, minValue: 3, lowValue: 4.4, highValue: 7, maxValue: 13.9 }] },
    });
  });

  it('lists the readings by day, newest day first, each day in time order with its level', async () => {
    const page = await relative.client.GET('/follower/v1/queryIFocusData', query(patient.cid));
    expect(page).toMatchObject({ currentPage: 1, totalPage: 1 });
    expect(page.items.map((d) => d.dateTime)).toEqual(['2026-11-20', '2026-11-19']);
    expect(page.items[0]?.sugarTestMaps.map((r) => [r.timeType, r.sugar, r.pj, r.createTime])).toEqual([
      [1, 2.5, 'seriousLow', '2026-11-20 06:00:00'],
      [1, 5.5, 'normal', '2026-11-20 07:00:00'],
      [1, 7.5, 'high', '2026-11-20 08:00:00'],
      [2, 15, 'seriousHigh', '2026-11-20 09:30:00'],
    ]);
    expect(page.items[0]?.sugarTestMaps[1]).toMatchObject({ remark: '早饭前', deviceImei: null, testType: '1' });
    const second = await relative.client.GET('/follower/v1/queryIFocusData', {
      params: { query: { customerId: patient.cid, pageNo: 2, pageSize: 1 } },
    });
    expect(second).toMatchObject({ currentPage: 2, totalPage: 2, items: [{ dateTime: '2026-11-19' }] });
  });

  it('lists the pressure readings newest first with their colour', async () => {
    const page = await relative.client.GET('/follower/v1/queryIFocusBloodPressure', query(patient.cid));
    expect(page.items.map((r) => [r.sbp, r.dbp, r.color, r.createTime])).toEqual([
      [150, 95, 3, '2026-11-20 08:10:00'],
      [118, 76, 2, '2026-11-19 20:00:00'],
    ]);
  });

  it('go dark the moment the patient revokes', async () => {
    await patient.client.POST('/follower/v1/revokeFocus', { body: { id: followId } });
    for (const path of [
      '/follower/v1/queryIFocusStat',
      '/follower/v1/queryIFocusData',
      '/follower/v1/queryIFocusBloodPressure',
    ] as const) {
      expect(await failure(relative.client.GET(path, query(patient.cid)))).toMatchObject({ code: 40300 });
    }
    expect((await relative.client.GET('/follower/v1/queryIFocus')).items).toEqual([]);
  });
});

describe('recording for someone else', () => {
  beforeAll(nextWindow);

  it('refuses without a grant, or without saying for whom', async () => {
    const recorder = await registeredCustomer(api);
    const patient = await registeredCustomer(api);
    await requestFollow(recorder, patient);
    expect(
      await failure(addSugar(recorder.client, 6, '2026-11-20 08:00', { followerId: patient.cid, testType: '2' })),
    ).toMatchObject({ code: 40300, errMsg: '对方尚未同意，不能为其记录数据' });
    expect(
      await failure(
        addPressure(recorder.client, 120, 80, '2026-11-20 08:00', { followerId: patient.cid, testType: '2' }),
      ),
    ).toMatchObject({ code: 40300 });
    expect(await failure(addSugar(recorder.client, 6, '2026-11-20 08:00', { testType: '2' }))).toMatchObject({
      code: 40000,
      errMsg: '请选择亲友',
    });
    expect((await patient.client.GET('/sugarTestReport/v1/queryLog')).items).toEqual([]);
  });

  it('stores the reading as the patient’s, recorded by the relative, while the grant stands', async () => {
    const recorder = await registeredCustomer(api, '张丽');
    const patient = await registeredCustomer(api, '张建国');
    const id = await acceptedFollow(recorder, patient);
    const testId = await addSugar(recorder.client, 6.2, '2026-11-20 08:00', {
      followerId: patient.cid,
      testType: '2',
      timeType: 1,
    });
    const bpId = await addPressure(recorder.client, 130, 85, '2026-11-20 08:05', {
      followerId: patient.cid,
      testType: '2',
    });
    const reading = await patient.client.GET('/sugarTest/v1/getById', { params: { query: { testId } } });
    expect(reading.sugarTestVo).toMatchObject({ customerId: patient.cid, sugar: 6.2, testType: '2' });
    expect(
      (await patient.client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } })).bloodPressureVo,
    ).toMatchObject({ customerId: patient.cid, testType: '2' });
    // It is not the recorder's reading: their own lists stay empty and they cannot edit it.
    expect((await recorder.client.GET('/sugarTest/v1/getById', { params: { query: { testId } } })).existsFlag).toBe(
      false,
    );
    expect((await recorder.client.GET('/sugarTestReport/v1/queryLog')).items).toEqual([]);
    // Recording "for" oneself is simply one's own reading.
    const own = await addSugar(recorder.client, 5.8, '2026-11-20 08:00', { followerId: recorder.cid, testType: '2' });
    expect(
      (await recorder.client.GET('/sugarTest/v1/getById', { params: { query: { testId: own } } })).sugarTestVo,
    ).toMatchObject({ customerId: recorder.cid, testType: '1' });
    await patient.client.POST('/follower/v1/revokeFocus', { body: { id } });
    expect(
      await failure(addSugar(recorder.client, 6, '2026-11-20 09:00', { followerId: patient.cid, testType: '2' })),
    ).toMatchObject({ code: 40300 });
  });
});
