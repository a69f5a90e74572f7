import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/lib/db';
import type { LocalPushOutbox } from '../src/providers/push/local-outbox';
import { acceptedFollow, addPressure, addSugar, type Client, type Person } from './follow-fixtures';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

// Friday 2026-11-20 10:00 China time; the report week 11-09…15 is complete.
const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({}, { clock });
  // Whatever the demo seed queued is out of the way first.
  await api.app.noticePush.runOnce();
});
afterAll(() => api.close());

const outbox = () => api.app.providers.noticePusher as LocalPushOutbox;
const deleteSugar = (client: Client, testId: string) => client.POST('/sugarTest/v1/delete', { body: { testId } });
const deleteBp = (client: Client, bpId: string) => client.POST('/bloodPressureTest/v1/delete', { body: { bpId } });
const deleteKetone = (client: Client, id: string) => client.POST('/ketoneTest/v1/delete', { body: { id } });
const deleteUricAcid = (client: Client, id: string) => client.POST('/urineTest/v1/delete', { body: { id } });
const week = { params: { query: { startDate: '2026-11-09', endDate: '2026-11-15' } } };
const GONE = { code: 40400, errMsg: '该数据已被删除', status: 404 };

/** A patient and a relative whose follow was accepted (notices on, messages on). */
async function patientAndRelative(): Promise<{ patient: Person; relative: Person }> {
  const patient = await registeredCustomer(api, '张建国');
  const relative = await registeredCustomer(api, '张丽');
  await acceptedFollow(relative, patient);
  return { patient, relative };
}

/** A meter's reading stored for the customer as the meter ingestion stores it (device_imei set). */
async function meterReading(kind: 'sugar' | 'bp', customerId: string): Promise<string> {
  const em = api.app.orm.em.fork();
  const at = new Date('2026-11-20T00:00:00Z');
  const [row] =
    kind === 'sugar'
      ? await sql(em).execute<{ id: string }[]>(
          `insert into sugar_test (customer_id, recorded_by, time_type, sugar, remark, tags, measured_at, synckey, device_imei, created_at, updated_at)
           values (?, ?, 1, 7.2, '', '[]', ?, null, '861234567890123', ?, ?) returning id::text as id`,
          [customerId, customerId, at, at, at],
        )
      : await sql(em).execute<{ id: string }[]>(
          `insert into blood_pressure_test (customer_id, recorded_by, sbp, dbp, hr, remark, measured_at, synckey, device_imei, created_at, updated_at)
           values (?, ?, 128, 82, 70, '', ?, null, '861234567890124', ?, ?) returning id::text as id`,
          [customerId, customerId, at, at, at],
        );
  return row?.id ?? '';
}

const readingNoticeIds = async (client: Client) =>
  (await client.GET('/notice/v1/pageQueryList')).items.filter((n) => n.kind === 'reading').map((n) => n.testId);
const feedIds = async (client: Client) =>
  (await client.GET('/tangyou/v1/getSugarTest', { params: { query: { pageSize: 50 } } })).items.map((p) => p.testId);
const countRows = async (
  table: 'feed_praise' | 'feed_comment' | 'feed_message' | 'notice',
  kind: 's' | 'b',
  readingId: string,
) => {
  const column = table === 'notice' ? 'reading_kind' : 'post_kind';
  const [row] = await sql(api.app.orm.em.fork()).execute<{ n: string | number }[]>(
    `select count(*) as n from ${table} where ${column} = ? and reading_id = ?`,
    [kind, readingId],
  );
  return Number(row?.n ?? 0);
};

describe('authentication', () => {
  it.each([
    ['sugar', (c: Client) => deleteSugar(c, '1')],
    ['blood pressure', (c: Client) => deleteBp(c, '1')],
    ['ketone', (c: Client) => deleteKetone(c, '1')],
    ['uric acid', (c: Client) => deleteUricAcid(c, '1')],
  ])('deleting a %s reading requires a session', async (_name, call) => {
    expect(await failure(call(api.client()))).toMatchObject({ code: 40100, status: 401 });
  });
});

describe('bad input', () => {
  it.each([
    ['/sugarTest/v1/delete', {}],
    ['/sugarTest/v1/delete', { testId: '1', customerId: 'someone' }],
    ['/bloodPressureTest/v1/delete', { testId: '1' }],
    ['/ketoneTest/v1/delete', { id: 1 }],
    ['/urineTest/v1/delete', { id: '1'.repeat(21) }],
  ] as const)('%s refuses %j in the envelope', async (path, body) => {
    const { client } = await registeredCustomer(api);
    expect(await failure(client.POST(path as '/sugarTest/v1/delete', { body: body as never }))).toMatchObject({
      code: 40000,
      status: 400,
    });
  });

  it('answers an id that is not one, or of nothing, as already deleted', async () => {
    const { client } = await registeredCustomer(api);
    for (const id of ['abc', '999999999', '-1']) {
      expect(await failure(deleteSugar(client, id))).toMatchObject(GONE);
      expect(await failure(deleteBp(client, id))).toMatchObject(GONE);
      expect(await failure(deleteKetone(client, id))).toMatchObject(GONE);
      expect(await failure(deleteUricAcid(client, id))).toMatchObject(GONE);
    }
  });
});

describe('only the owner deletes', () => {
  it('answers a relative — one who may view the reading, one who recorded it for the patient — and a stranger as if it were gone, and keeps it', async () => {
    const { patient, relative } = await patientAndRelative();
    const stranger = await registeredCustomer(api, '陌生人');
    const own = await addSugar(patient.client, 6.1, '2026-11-20 08:00', { timeType: 1 });
    const recordedByRelative = await addSugar(relative.client, 6.3, '2026-11-20 08:30', {
      timeType: 2,
      followerId: patient.cid,
      testType: '2',
    });
    const bp = await addPressure(patient.client, 130, 85, '2026-11-20 08:40');
    const bpByRelative = await addPressure(relative.client, 132, 86, '2026-11-20 08:50', {
      followerId: patient.cid,
      testType: '2',
    });
    for (const other of [relative, stranger]) {
      for (const testId of [own, recordedByRelative]) {
        expect(await failure(deleteSugar(other.client, testId))).toMatchObject(GONE);
      }
      for (const bpId of [bp, bpByRelative]) {
        expect(await failure(deleteBp(other.client, bpId))).toMatchObject(GONE);
      }
    }
    for (const testId of [own, recordedByRelative]) {
      expect((await patient.client.GET('/sugarTest/v1/getById', { params: { query: { testId } } })).existsFlag).toBe(
        true,
      );
    }
    for (const bpId of [bp, bpByRelative]) {
      expect(
        (await patient.client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } })).existsFlag,
      ).toBe(true);
    }
    // The relative still sees the patient's posts in the feed.
    expect(await feedIds(relative.client)).toEqual(expect.arrayContaining([`s${own}`, `b${bp}`]));
  });

  it('answers another user’s ketone and uric-acid readings as gone, and keeps them', async () => {
    const owner = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const ketone = await owner.client.POST('/ketoneTest/v1/add', {
      body: { ketone: 0.4, createTimeStr: '2026-11-20 08:00' },
    });
    const urine = await owner.client.POST('/urineTest/v1/add', {
      body: { urine: 380, createTimeStr: '2026-11-20 08:00' },
    });
    expect(await failure(deleteKetone(other.client, ketone.id))).toMatchObject(GONE);
    expect(await failure(deleteUricAcid(other.client, urine.id))).toMatchObject(GONE);
    expect((await owner.client.GET('/ketoneTest/v1/pageQueryList')).items.map((r) => r.id)).toEqual([ketone.id]);
    expect((await owner.client.GET('/urineTest/v1/pageQueryList')).items.map((r) => r.id)).toEqual([urine.id]);
  });

  it('refuses a meter’s reading to its owner, read-only as the spec has it, and answers another user as if it were gone', async () => {
    const owner = await registeredCustomer(api);
    const other = await registeredCustomer(api);
    const sugarId = await meterReading('sugar', owner.cid);
    const bpId = await meterReading('bp', owner.cid);
    const readOnly = { code: 40300, errMsg: '设备上传的数据不能删除', status: 403 };
    expect(await failure(deleteSugar(owner.client, sugarId))).toMatchObject(readOnly);
    expect(await failure(deleteBp(owner.client, bpId))).toMatchObject(readOnly);
    expect(await failure(deleteSugar(other.client, sugarId))).toMatchObject(GONE);
    expect(await failure(deleteBp(other.client, bpId))).toMatchObject(GONE);
    expect(
      (await owner.client.GET('/sugarTest/v1/getById', { params: { query: { testId: sugarId } } })).sugarTestVo
        ?.deviceImei,
    ).toBe('861234567890123');
    expect(
      (await owner.client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } })).bloodPressureVo
        ?.deviceImei,
    ).toBe('861234567890124');
  });
});

describe('POST /sugarTest/v1/delete', () => {
  it('takes the reading out of the day table, the counts, the trend, the week report, the report list and a shared table', async () => {
    const { client } = await registeredCustomer(api);
    const ids: string[] = [];
    for (const [day, sugar] of [
      ['09', 6.0],
      ['10', 6.2],
      ['11', 6.4],
      ['12', 12.5],
      ['13', 6.6],
    ] as const) {
      ids.push(await addSugar(client, sugar, `2026-11-${day} 07:00`, { timeType: 1 }));
    }
    const doomed = ids[3] ?? '';
    const share = await client.POST('/share/v1/create', {
      body: { kind: 'sugar', createStartTime: '2026-11-09', createEndTime: '2026-11-15 23:59:59' },
    });
    const shared = () => api.client().GET('/share/v1/bloodSugarTable', { params: { query: { token: share.token } } });
    expect((await client.GET('/healthReport/v1/getWeekReport', week)).count).toBe(5);
    expect((await shared()).totalData).toBe(5);

    expect(await deleteSugar(client, doomed)).toEqual({ ok: true });

    expect(await client.GET('/sugarTest/v1/getById', { params: { query: { testId: doomed } } })).toEqual({
      existsFlag: false,
      sugarTestVo: null,
      reminder: null,
    });
    expect(await client.GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: '2026-11-12' } } })).toEqual(
      [],
    );
    const log = await client.GET('/sugarTestReport/v1/queryLog', { params: { query: { dateType: 1 } } });
    expect(log.items.map((row) => [row.dtime, row.emptyStomach])).toEqual([
      ['2026-11-13', '6.6,1'],
      ['2026-11-11', '6.4,1'],
      ['2026-11-10', '6.2,1'],
      ['2026-11-09', '6,1'],
    ]);
    expect(await client.GET('/sugarTestReport/v1/queryJudge', { params: { query: { dateType: 1 } } })).toMatchObject({
      total: 4,
      highCount: 0,
      normalCount: 4,
    });
    const trend = await client.GET('/sugarTestReport/v1/queryTrend', {
      params: { query: { dateType: 2, timeType: 1 } },
    });
    expect(trend.sugarTestList.map((p) => p.sugarValue)).toEqual([6, 6.2, 6.4, 6.6]);
    expect(trend.judgeMap).toMatchObject({ maxSugar: 6.6 });
    const report = await client.GET('/healthReport/v1/getWeekReport', week);
    expect(report.count).toBe(4);
    expect(report.healthWeekReportVo?.sugarLog.map((d) => d.dtime)).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-13',
    ]);
    expect(report.healthWeekReportVo).toMatchObject({ highCount: 0, normalCount: 4 });
    const list = await client.GET('/healthReport/v1/list', { params: { query: { year: 2026, month: 11 } } });
    expect(list.weekInfos.find((w) => w.startDate === '2026-11-09')?.stats).toEqual([
      { reportType: 1, quantity: 4 },
      { reportType: 2, quantity: 0 },
    ]);
    expect(await shared()).toMatchObject({ totalData: 4, highShareCount: 0 });
    // A second delete finds nothing.
    expect(await failure(deleteSugar(client, doomed))).toMatchObject(GONE);
  });

  it('withdraws the relatives’ notices, never sends the push still queued, and shows the feed post as deleted', async () => {
    await api.app.noticePush.runOnce();
    const { patient, relative } = await patientAndRelative();
    const kept = await addSugar(patient.client, 6.0, '2026-11-20 07:00', { timeType: 1 });
    const doomed = await addSugar(patient.client, 25, '2026-11-20 08:00', { timeType: 2, remark: '早饭吃多了' });
    // The relative likes and comments; the patient has unread messages about the post.
    await relative.client.POST('/tangyou/v1/addPraise', { body: { testId: `s${doomed}` } });
    await relative.client.POST('/tangyou/v1/addComment', { body: { testId: `s${doomed}`, content: '少吃点' } });
    expect(await readingNoticeIds(relative.client)).toEqual([`s${doomed}`, `s${kept}`]);
    expect(await countRows('notice', 's', doomed)).toBe(1);
    const unreadBefore = await relative.client.GET('/notice/v1/getUnreadCount');
    expect(unreadBefore.urgent).toBe(1);
    const before = outbox().list().length;

    expect(await deleteSugar(patient.client, doomed)).toEqual({ ok: true });

    expect(await readingNoticeIds(relative.client)).toEqual([`s${kept}`]);
    expect(await relative.client.GET('/notice/v1/getUnreadCount')).toEqual({
      count: unreadBefore.count - 1,
      urgent: 0,
    });
    // Only the kept reading's message goes out.
    expect(await api.app.noticePush.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 0 });
    const sent = outbox().list().slice(before);
    expect(sent.map((m) => m.fields.value)).toEqual(['6.0mmol/L']);
    // The feed: gone from the list; opened (a link, an unread message) it is 本条数据已被删除.
    expect(await feedIds(relative.client)).toEqual([`s${kept}`]);
    expect(await feedIds(patient.client)).toEqual([`s${kept}`]);
    expect(await relative.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: `s${doomed}` } } })).toEqual({
      existsFlag: false,
      post: null,
    });
    expect(
      await failure(relative.client.POST('/tangyou/v1/addPraise', { body: { testId: `s${doomed}` } })),
    ).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
    expect(
      await failure(
        relative.client.POST('/tangyou/v1/addComment', { body: { testId: `s${doomed}`, content: '还在吗' } }),
      ),
    ).toMatchObject({ code: 40400, errMsg: '本条数据已被删除' });
    expect(await countRows('feed_praise', 's', doomed)).toBe(0);
    expect(await countRows('feed_comment', 's', doomed)).toBe(0);
    expect(await countRows('notice', 's', doomed)).toBe(0);
    // The patient's unread messages still lead to the post, which the app shows as deleted.
    const unread = await patient.client.GET('/tangyou/v1/getUnreadCommentList');
    expect(unread.items.map((m) => [m.testId, m.commentType])).toEqual([
      [`s${doomed}`, 1],
      [`s${doomed}`, 0],
    ]);
  });

  it('does not send a push already claimed when its reading is deleted mid-batch', async () => {
    await api.app.noticePush.runOnce();
    const { patient } = await patientAndRelative();
    const readings = new Map([
      ['6.1mmol/L', await addSugar(patient.client, 6.1, '2026-11-20 09:00', { timeType: 2 })],
      ['6.5mmol/L', await addSugar(patient.client, 6.5, '2026-11-20 09:10', { timeType: 2 })],
    ]);
    // Both notices are claimed in one batch; while the first is being sent, the other one's reading is deleted.
    const pusher = outbox();
    const send = pusher.send.bind(pusher);
    let deleted: string | null = null;
    pusher.send = async (message) => {
      await send(message);
      if (deleted === null) {
        deleted = [...readings].find(([value]) => value !== message.fields.value)?.[1] ?? '';
        await deleteSugar(patient.client, deleted);
      }
    };
    const before = pusher.list().length;
    try {
      expect(await api.app.noticePush.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 1 });
    } finally {
      pusher.send = send;
    }
    expect(pusher.list().slice(before)).toHaveLength(1);
    expect(deleted).not.toBeNull();
    expect(await countRows('notice', 's', deleted ?? '')).toBe(0);
  });

  it('keeps the points already paid, and a record-delete-record loop pays nothing beyond the daily cap', async () => {
    const { client } = await registeredCustomer(api);
    const score = async () => (await client.GET('/sign/v1/getSignScore')).score;
    const start = await score();
    const first = [
      await addSugar(client, 6, '2026-11-20 07:00', { timeType: 1 }),
      await addSugar(client, 7, '2026-11-20 09:30', { timeType: 2 }),
      await addSugar(client, 6.5, '2026-11-20 09:40', { timeType: 2 }),
    ];
    expect(await score()).toBe(start + 3);
    for (const testId of first) {
      await deleteSugar(client, testId);
    }
    // Kept: the ledger is append-only and the ranking reads the same tallies.
    expect(await score()).toBe(start + 3);
    // Recorded again the same China day: the cap of 3 already counts the deleted readings' points.
    for (let i = 0; i < 3; i += 1) {
      const testId = await addSugar(client, 6, '2026-11-20 07:00', { timeType: 1 });
      await deleteSugar(client, testId);
    }
    expect(await score()).toBe(start + 3);
    expect((await client.GET('/customer/v1/scoreRanking')).monthScore).toBe(
      (await client.GET('/sign/v1/getSignScore')).monthScore,
    );
  });
});

describe('POST /bloodPressureTest/v1/delete', () => {
  it('takes the reading out of the table, the counts, the chart, the week report, notices and the feed', async () => {
    await api.app.noticePush.runOnce();
    const { patient, relative } = await patientAndRelative();
    const client = patient.client;
    const ids: string[] = [];
    for (const day of ['09', '10', '11', '12', '13']) {
      ids.push(await addPressure(client, day === '12' ? 170 : 120, day === '12' ? 105 : 78, `2026-11-${day} 07:00`));
    }
    const doomed = ids[3] ?? '';
    await relative.client.POST('/tangyou/v1/addPraise', { body: { testId: `b${doomed}` } });
    expect(await readingNoticeIds(relative.client)).toContain(`b${doomed}`);
    const range = { createStartTime: '2026-11-01', createEndTime: '2026-11-20' };
    expect((await client.GET('/bloodPressureTest/v1/queryJudge', { params: { query: range } })).judgeMap).toMatchObject(
      { total: 5, highCount: 1 },
    );
    const before = outbox().list().length;

    expect(await deleteBp(client, doomed)).toEqual({ ok: true });

    expect(await client.GET('/bloodPressureTest/v1/getById', { params: { query: { bpId: doomed } } })).toEqual({
      existsFlag: false,
      bloodPressureVo: null,
      reminder: null,
    });
    expect(
      (await client.GET('/bloodPressureTest/v1/pageQueryList', { params: { query: range } })).items.map((r) => r.bpId),
    ).toEqual([ids[4], ids[2], ids[1], ids[0]]);
    expect((await client.GET('/bloodPressureTest/v1/trendpageQueryList')).map((r) => r.bpId)).toEqual([
      ids[0],
      ids[1],
      ids[2],
      ids[4],
    ]);
    expect((await client.GET('/bloodPressureTest/v1/queryJudge', { params: { query: range } })).judgeMap).toMatchObject(
      { total: 4, highCount: 0 },
    );
    const report = await client.GET('/healthReport/v1/getBpWeekReport', week);
    expect(report.count).toBe(4);
    expect(report.healthWeekReportVo?.datas.map((d) => d.sbp)).toEqual([120, 120, 120, 120]);
    expect(report.healthWeekReportVo).toMatchObject({ highCount: 0 });
    const list = await client.GET('/healthReport/v1/list', { params: { query: { year: 2026, month: 11 } } });
    expect(list.weekInfos.find((w) => w.startDate === '2026-11-09')?.stats).toEqual([
      { reportType: 1, quantity: 0 },
      { reportType: 2, quantity: 4 },
    ]);
    expect(await readingNoticeIds(relative.client)).not.toContain(`b${doomed}`);
    expect(await readingNoticeIds(relative.client)).toHaveLength(4);
    expect(await feedIds(relative.client)).not.toContain(`b${doomed}`);
    expect(await relative.client.GET('/tangyou/v1/dynamic', { params: { query: { testId: `b${doomed}` } } })).toEqual({
      existsFlag: false,
      post: null,
    });
    expect(await countRows('feed_praise', 'b', doomed)).toBe(0);
    // The four kept readings' messages go out, the deleted one's does not.
    expect(await api.app.noticePush.runOnce()).toEqual({ sent: 4, retried: 0, failed: 0, skipped: 0 });
    expect(
      outbox()
        .list()
        .slice(before)
        .map((m) => m.fields.value),
    ).not.toContain(expect.stringContaining('170'));
    expect(await failure(deleteBp(client, doomed))).toMatchObject(GONE);
  });

  it('keeps the points already paid', async () => {
    const { client } = await registeredCustomer(api);
    const score = async () => (await client.GET('/sign/v1/getSignScore')).score;
    const start = await score();
    const bpId = await addPressure(client, 120, 80, '2026-11-20 08:00');
    expect(await score()).toBe(start + 1);
    await deleteBp(client, bpId);
    expect(await score()).toBe(start + 1);
  });
});

describe('POST /ketoneTest/v1/delete and /urineTest/v1/delete', () => {
  it('take the reading out of the table (and so the chart, which reads the same list)', async () => {
    const { client } = await registeredCustomer(api);
    const k1 = await client.POST('/ketoneTest/v1/add', { body: { ketone: 0.4, createTimeStr: '2026-11-19 08:00' } });
    const k2 = await client.POST('/ketoneTest/v1/add', { body: { ketone: 1.8, createTimeStr: '2026-11-20 08:00' } });
    const u1 = await client.POST('/urineTest/v1/add', { body: { urine: 380, createTimeStr: '2026-11-19 08:00' } });
    const u2 = await client.POST('/urineTest/v1/add', { body: { urine: 520, createTimeStr: '2026-11-20 08:00' } });
    expect(await deleteKetone(client, k2.id)).toEqual({ ok: true });
    expect(await deleteUricAcid(client, u1.id)).toEqual({ ok: true });
    expect((await client.GET('/ketoneTest/v1/pageQueryList')).items.map((r) => r.id)).toEqual([k1.id]);
    expect((await client.GET('/urineTest/v1/pageQueryList')).items.map((r) => r.id)).toEqual([u2.id]);
    expect(await failure(deleteKetone(client, k2.id))).toMatchObject(GONE);
    expect(await failure(deleteUricAcid(client, u1.id))).toMatchObject(GONE);
  });
});
