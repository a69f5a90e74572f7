// The authorisation matrix of the friends, feed and notice calls: every call × every kind of
// caller — the patient themself, a relative whose follow the patient accepted, one still waiting,
// one the patient revoked, a registered stranger and an anonymous caller — asserting exactly who
// may read and write what about the patient. Calls that change the relationship run the allowed
// caller last and put the circle back afterwards, so every probe sees the same starting state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPressure, addSugar, circle, requestFollow, type Client } from './follow-fixtures';
import { startTestApi, testClock, type TestApi } from './harness';

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let api: TestApi;
let ctx: Awaited<ReturnType<typeof world>>;

async function world() {
  const people = await circle(api);
  const sugarPost = `s${await addSugar(people.patient.client, 25, '2026-11-20 08:00', { timeType: 1 })}`;
  const pressurePost = `b${await addPressure(people.patient.client, 150, 95, '2026-11-20 08:30')}`;
  const { commentId } = await people.accepted.client.POST('/tangyou/v1/addComment', {
    body: { testId: sugarPost, content: '爸，多喝水' },
  });
  return { ...people, sugarPost, pressurePost, acceptedComment: commentId };
}

beforeAll(async () => {
  api = await startTestApi({}, { clock });
  ctx = await world();
});
afterAll(() => api.close());

const ROLES = ['self', 'accepted', 'pending', 'revoked', 'stranger', 'anonymous'] as const;
type Role = (typeof ROLES)[number];
type Ctx = typeof ctx;
/** An error code the call must answer, or a check of what it answers (a success). */
type Outcome = number | ((data: never, c: Ctx) => void);
type Probe = {
  call: (client: Client, c: Ctx) => Promise<unknown>;
  outcomes: Record<Role, Outcome>;
  /** Callers allowed to change the relationship go last, then the circle is put back. */
  last?: Role[];
  restore?: (c: Ctx) => Promise<void>;
};

const OK = () => undefined;
const ALL_OK = { self: OK, accepted: OK, pending: OK, revoked: OK, stranger: OK, anonymous: 40100 } as const;
const ONLY_GRANTED = (code: number, ok: Outcome = OK) => ({
  self: ok,
  accepted: ok,
  pending: code,
  revoked: code,
  stranger: code,
  anonymous: 40100,
});
const q = <T extends object>(query: T) => ({ params: { query } });
const seesPatient = (items: { customerId: string }[], c: Ctx) => items.some((i) => i.customerId === c.patient.cid);

const matrix: Record<string, Probe> = {
  'GET queryByPhone': {
    call: (cl, c) => cl.GET('/follower/v1/queryByPhone', q({ phone: c.patient.phone })),
    outcomes: {
      self: (d: { isSelfFlag: boolean }) => expect(d.isSelfFlag).toBe(true),
      accepted: (d: { auditStatus: number | null }) => expect(d.auditStatus).toBe(1),
      pending: (d: { auditStatus: number | null }) => expect(d.auditStatus).toBe(0),
      revoked: (d: { auditStatus: number | null }) => expect(d.auditStatus).toBeNull(),
      stranger: (d: { auditStatus: number | null }) => expect(d.auditStatus).toBeNull(),
      anonymous: 40100,
    },
  },
  'GET queryIFocus': {
    call: (cl) => cl.GET('/follower/v1/queryIFocus'),
    outcomes: {
      self: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(false),
      accepted: (d: { items: { customerId: string; auditStatus: number }[] }, c) =>
        expect(d.items).toEqual([expect.objectContaining({ customerId: c.patient.cid, auditStatus: 1 })]),
      pending: (d: { items: { customerId: string; auditStatus: number }[] }, c) =>
        expect(d.items).toEqual([expect.objectContaining({ customerId: c.patient.cid, auditStatus: 0 })]),
      revoked: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
      stranger: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
      anonymous: 40100,
    },
  },
  'GET getIFocus (the accepted follow)': {
    call: (cl, c) => cl.GET('/follower/v1/getIFocus', q({ id: c.follows.accepted })),
    outcomes: { self: 40400, accepted: OK, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
  },
  'GET getIFocus (the revoked follow)': {
    call: (cl, c) => cl.GET('/follower/v1/getIFocus', q({ id: c.follows.revoked })),
    outcomes: { self: 40400, accepted: 40400, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
  },
  'GET queryIFocusStat': {
    call: (cl, c) => cl.GET('/follower/v1/queryIFocusStat', q({ customerId: c.patient.cid })),
    outcomes: ONLY_GRANTED(40300),
  },
  'GET queryIFocusData': {
    call: (cl, c) => cl.GET('/follower/v1/queryIFocusData', q({ customerId: c.patient.cid })),
    outcomes: ONLY_GRANTED(40300),
  },
  'GET queryIFocusBloodPressure': {
    call: (cl, c) => cl.GET('/follower/v1/queryIFocusBloodPressure', q({ customerId: c.patient.cid })),
    outcomes: ONLY_GRANTED(40300),
  },
  'GET queryFocusRequests': {
    call: (cl) => cl.GET('/follower/v1/queryFocusRequests'),
    outcomes: {
      ...ALL_OK,
      self: (d: { items: { customerId: string }[] }, c) =>
        expect(d.items.map((i) => i.customerId)).toEqual([c.pending.cid]),
      accepted: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
      pending: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
    },
  },
  'GET queryFocusMe': {
    call: (cl) => cl.GET('/follower/v1/queryFocusMe'),
    outcomes: {
      ...ALL_OK,
      self: (d: { items: { customerId: string }[] }, c) =>
        expect(d.items.map((i) => i.customerId)).toEqual([c.accepted.cid]),
      accepted: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
      revoked: (d: { items: unknown[] }) => expect(d.items).toEqual([]),
    },
  },
  'GET tangyou getSugarTest': {
    call: (cl) => cl.GET('/tangyou/v1/getSugarTest'),
    outcomes: {
      self: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(true),
      accepted: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(true),
      pending: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(false),
      revoked: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(false),
      stranger: (d: { items: { customerId: string }[] }, c) => expect(seesPatient(d.items, c)).toBe(false),
      anonymous: 40100,
    },
  },
  'GET tangyou getSugarTest (customerId)': {
    call: (cl, c) => cl.GET('/tangyou/v1/getSugarTest', q({ customerId: c.patient.cid })),
    outcomes: ONLY_GRANTED(40300),
  },
  'GET tangyou dynamic': {
    call: (cl, c) => cl.GET('/tangyou/v1/dynamic', q({ testId: c.pressurePost })),
    outcomes: {
      self: (d: { existsFlag: boolean }) => expect(d.existsFlag).toBe(true),
      accepted: (d: { existsFlag: boolean }) => expect(d.existsFlag).toBe(true),
      pending: (d: { existsFlag: boolean; post: unknown }) => expect(d).toEqual({ existsFlag: false, post: null }),
      revoked: (d: { existsFlag: boolean; post: unknown }) => expect(d).toEqual({ existsFlag: false, post: null }),
      stranger: (d: { existsFlag: boolean; post: unknown }) => expect(d).toEqual({ existsFlag: false, post: null }),
      anonymous: 40100,
    },
  },
  'GET tangyou getUnreadCommentList': { call: (cl) => cl.GET('/tangyou/v1/getUnreadCommentList'), outcomes: ALL_OK },
  'GET tangyou getUnreadCommentCount': { call: (cl) => cl.GET('/tangyou/v1/getUnreadCommentCount'), outcomes: ALL_OK },
  'GET notice pageQueryList': {
    call: (cl) => cl.GET('/notice/v1/pageQueryList'),
    outcomes: {
      ...ALL_OK,
      accepted: (d: { items: { kind: string; customerId: string | null }[] }, c) =>
        expect(d.items.some((n) => n.kind === 'reading' && n.customerId === c.patient.cid)).toBe(true),
      pending: (d: { items: { kind: string }[] }) => expect(d.items.filter((n) => n.kind === 'reading')).toEqual([]),
      revoked: (d: { items: { kind: string }[] }) => expect(d.items.filter((n) => n.kind === 'reading')).toEqual([]),
      stranger: (d: { items: { kind: string }[] }) => expect(d.items.filter((n) => n.kind === 'reading')).toEqual([]),
    },
  },
  'GET notice getUnreadCount': { call: (cl) => cl.GET('/notice/v1/getUnreadCount'), outcomes: ALL_OK },
  'POST tangyou addPraise': {
    call: (cl, c) => cl.POST('/tangyou/v1/addPraise', { body: { testId: c.sugarPost } }),
    outcomes: ONLY_GRANTED(40400),
  },
  'POST tangyou addComment': {
    call: (cl, c) => cl.POST('/tangyou/v1/addComment', { body: { testId: c.pressurePost, content: '加油' } }),
    outcomes: ONLY_GRANTED(40400),
  },
  'POST tangyou addComment (reply to the relative)': {
    call: (cl, c) =>
      cl.POST('/tangyou/v1/addComment', {
        body: { testId: c.sugarPost, content: '好的', replyCommentId: c.acceptedComment },
      }),
    outcomes: { ...ONLY_GRANTED(40400), accepted: 40000 },
  },
  'POST tangyou updateAllReadStatus': {
    call: (cl) => cl.POST('/tangyou/v1/updateAllReadStatus', { body: {} }),
    outcomes: ALL_OK,
  },
  'POST notice updateAllReadStatus': {
    call: (cl) => cl.POST('/notice/v1/updateAllReadStatus', { body: {} }),
    outcomes: ALL_OK,
  },
  'POST sugarTest add for the patient': {
    call: (cl, c) =>
      cl.POST('/sugarTest/v1/add', {
        body: { sugar: 6, createTime: '2026-11-20 09:00', followerId: c.patient.cid, testType: '2' },
      }),
    outcomes: ONLY_GRANTED(40300),
  },
  'POST bloodPressureTest add for the patient': {
    call: (cl, c) =>
      cl.POST('/bloodPressureTest/v1/add', {
        body: { sbp: 120, dbp: 80, hr: 70, createTime: '2026-11-20 09:00', followerId: c.patient.cid, testType: '2' },
      }),
    outcomes: ONLY_GRANTED(40300),
  },
  'POST editIFocus (the accepted follow)': {
    call: (cl, c) => cl.POST('/follower/v1/editIFocus', { body: { id: c.follows.accepted, customerNote: '爸爸' } }),
    outcomes: { self: 40400, accepted: OK, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
  },
  'POST addFocus (the patient)': {
    call: (cl, c) => cl.POST('/follower/v1/addFocus', { body: { customerId: c.patient.cid } }),
    outcomes: { self: 40000, accepted: 40900, pending: OK, revoked: OK, stranger: OK, anonymous: 40100 },
    last: ['pending', 'revoked', 'stranger'],
    restore: async (c) => {
      await c.patient.client.POST('/follower/v1/acceptFocus', { body: { id: c.follows.revoked } });
      await c.patient.client.POST('/follower/v1/revokeFocus', { body: { id: c.follows.revoked } });
      const { items } = await c.stranger.client.GET('/follower/v1/queryIFocus');
      await c.stranger.client.POST('/follower/v1/del', { body: { id: items[0]?.id ?? '' } });
    },
  },
  'POST acceptFocus (the waiting request)': {
    call: (cl, c) => cl.POST('/follower/v1/acceptFocus', { body: { id: c.follows.pending } }),
    outcomes: { self: OK, accepted: 40400, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
    last: ['self'],
    restore: async (c) => {
      await c.pending.client.POST('/follower/v1/del', { body: { id: c.follows.pending } });
      await requestFollow(c.pending, c.patient);
    },
  },
  'POST refuseFocus (the waiting request)': {
    call: (cl, c) => cl.POST('/follower/v1/refuseFocus', { body: { id: c.follows.pending } }),
    outcomes: { self: OK, accepted: 40400, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
    last: ['self'],
    restore: async (c) => void (await requestFollow(c.pending, c.patient)),
  },
  'POST revokeFocus (the accepted follow)': {
    call: (cl, c) => cl.POST('/follower/v1/revokeFocus', { body: { id: c.follows.accepted } }),
    outcomes: { self: OK, accepted: 40400, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
    last: ['self'],
    restore: async (c) => {
      await requestFollow(c.accepted, c.patient);
      await c.patient.client.POST('/follower/v1/acceptFocus', { body: { id: c.follows.accepted } });
    },
  },
  'POST del (the accepted follow)': {
    call: (cl, c) => cl.POST('/follower/v1/del', { body: { id: c.follows.accepted } }),
    outcomes: { self: 40400, accepted: OK, pending: 40400, revoked: 40400, stranger: 40400, anonymous: 40100 },
    last: ['accepted'],
    restore: async (c) => {
      await requestFollow(c.accepted, c.patient);
      await c.patient.client.POST('/follower/v1/acceptFocus', { body: { id: c.follows.accepted } });
    },
  },
};

let probes = 0;

async function probe(name: string, role: Role, p: Probe): Promise<void> {
  probes += 1;
  const client = role === 'anonymous' ? api.client() : (role === 'self' ? ctx.patient : ctx[role]).client;
  const outcome = p.outcomes[role];
  const label = `${name} as ${role}`;
  let data: unknown;
  try {
    data = await p.call(client, ctx);
  } catch (error) {
    if (typeof outcome !== 'number') {
      expect.fail(`${label}: expected success, got ${JSON.stringify(error)}`);
    }
    expect((error as { code?: number }).code, label).toBe(outcome);
    return;
  }
  if (typeof outcome === 'number') {
    expect.fail(`${label}: expected ${outcome}, got success ${JSON.stringify(data).slice(0, 200)}`);
  }
  outcome(data as never, ctx);
}

describe('who may read and write what about a patient', () => {
  it.each(Object.entries(matrix))('%s', async (name, p) => {
    const last = p.last ?? [];
    for (const role of [...ROLES.filter((r) => !last.includes(r)), ...last]) {
      await probe(name, role, p);
    }
    await p.restore?.(ctx);
  });

  it('probed every call as every kind of caller', () => {
    console.log(`follower matrix: ${probes} probes (${Object.keys(matrix).length} calls × ${ROLES.length} callers)`);
    expect(probes).toBe(Object.keys(matrix).length * ROLES.length);
  });
});
