// The console's staff accounts, roles and audit trail, through real HTTP on a real database
// (docs/adr/0118-staff-accounts-in-identity.md, docs/adr/0119-audit-trail.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { Doctor } from '../src/contexts/platform/care-directory/doctor.entity';
import { Staff } from '../src/contexts/identity/staff/staff.entity';
import { createStaff } from '../src/contexts/identity';
import { demoStaff } from '../src/seed/demoStaff';
import type { StaffRole } from '@glucoguard/domain';
import { failure, registeredCustomer, startTestApi, testClock, type TestApi } from './harness';

let api: TestApi;
const clock = testClock();
let serial = 0;
const uniqueName = (role: string) => `t.${role}.${process.pid}.${++serial}`;

beforeAll(async () => {
  api = await startTestApi({}, { clock });
});
afterAll(() => api.close());

/** A staff member made the way the command line makes one (no acting admin). */
async function newStaff(role: StaffRole, extra: { totp?: boolean; doctorId?: number } = {}) {
  const username = uniqueName(role);
  const made = await createStaff(api.app.em.fork(), { username, role, ...extra }, null, clock());
  return { username, ...made };
}

async function signIn(username: string, password: string, totpCode?: string) {
  return api.client().POST('/console/v1/signIn', { body: { username, password, ...(totpCode && { totpCode }) } });
}

async function signedIn(role: StaffRole) {
  const extra = role === 'doctor' ? { doctorId: (await anyDoctor()).id } : {};
  const made = await newStaff(role, extra);
  const { token } = await signIn(made.username, made.oneTimePassword);
  return { ...made, token, client: api.client({ token }) };
}

const anyDoctor = async () =>
  (await api.app.em.fork().findOne(Doctor, { id: { $gt: 0 } }, { orderBy: { id: 'asc' } }))!;

describe('staff sign-in', () => {
  it('signs in with the one-time password and stores only an argon2id hash', async () => {
    const made = await newStaff('operator');
    expect(made.oneTimePassword).toMatch(/^[A-Za-z2-9]{16}$/);
    const row = await api.app.em.fork().findOneOrFail(Staff, { username: made.username });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(made.oneTimePassword);
    const session = await signIn(made.username, made.oneTimePassword);
    expect(session.token).toMatch(/^staff\.[A-Za-z0-9_-]{43}$/);
    expect(session.staff).toMatchObject({ username: made.username, role: 'operator', mustChangePassword: true });
    const me = await api.client({ token: session.token }).GET('/console/v1/me');
    // Containment: each mall permission of issue 21 (goods.manage, …) adds to the operator's list.
    expect(me.permissions).toEqual(
      expect.arrayContaining(['console.self', 'payment.read', 'payment.refund', 'pharmacy.manage', 'goods.manage']),
    );
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const made = await newStaff('pharmacist');
    expect(await failure(signIn(made.username, 'wrong-password'))).toMatchObject({
      code: 40100,
      errMsg: '用户名或密码错误',
    });
    expect(await failure(signIn('nobody.here', 'whatever'))).toMatchObject({ code: 40100, errMsg: '用户名或密码错误' });
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password', async () => {
    const made = await newStaff('operator');
    for (let i = 1; i <= 4; i++) {
      expect((await failure(signIn(made.username, `wrong-${i}`))).errMsg).toBe('用户名或密码错误');
    }
    expect(await failure(signIn(made.username, 'wrong-5'))).toMatchObject({
      code: 42900,
      errMsg: '账号已锁定，请 15 分钟后再试',
    });
    clock.advance(5 * 60_000);
    expect((await failure(signIn(made.username, made.oneTimePassword))).errMsg).toBe('账号已锁定，请 10 分钟后再试');
    clock.advance(10 * 60_000);
    const session = await signIn(made.username, made.oneTimePassword);
    expect(session.staff.username).toBe(made.username);
  });

  it('counts concurrent failures one after another: 4 refusals, then the lock', async () => {
    const made = await newStaff('operator');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => failure(signIn(made.username, `wrong-${i}`)).then((e) => e.errMsg)),
    );
    expect(answers.filter((m) => m === '用户名或密码错误')).toHaveLength(4);
    expect(answers.filter((m) => m === '账号已锁定，请 15 分钟后再试')).toHaveLength(4);
  });

  it('asks for the TOTP code of an account that has one', async () => {
    const made = await newStaff('admin', { totp: true });
    const secret = new URL(made.totpUri!).searchParams.get('secret')!;
    expect(made.totpUri).toMatch(/^otpauth:\/\/totp\//);
    // The right password without a code asks for it, and is not a failure: six such steps lock nothing.
    for (let i = 0; i < 6; i += 1) {
      expect(await failure(signIn(made.username, made.oneTimePassword))).toMatchObject({
        code: 40100,
        errMsg: '请输入动态验证码',
      });
    }
    // A wrong password without a code is the usual refusal, telling nothing about the code.
    expect(await failure(signIn(made.username, 'not-the-password'))).toMatchObject({ errMsg: '用户名或密码错误' });
    const wrong = (await generate({ secret, epoch: clock().getTime() / 1000 })) === '000000' ? '111111' : '000000';
    expect(await failure(signIn(made.username, made.oneTimePassword, wrong))).toMatchObject({ errMsg: '验证码错误' });
    const code = await generate({ secret, epoch: clock().getTime() / 1000 });
    const session = await signIn(made.username, made.oneTimePassword, code);
    expect(session.staff.totp).toBe(true);
  });

  it('keeps staff and customer tokens apart, and ends a session at sign-out', async () => {
    const customer = await registeredCustomer(api);
    expect(await failure(customer.client.GET('/console/v1/me' as never))).toMatchObject({
      code: 40100,
      errMsg: '请先登录控制台',
    });
    const staff = await signedIn('operator');
    expect(await failure(staff.client.GET('/login/v1/getCurrent'))).toMatchObject({ code: 40100 });
    await staff.client.POST('/console/v1/signOut');
    expect(await failure(staff.client.GET('/console/v1/me'))).toMatchObject({
      code: 40100,
      errMsg: '登录已过期，请重新登录',
    });
  });
});

describe("changing one's own password", () => {
  it('checks the old one and the new one, keeps this session, ends the others', async () => {
    const first = await signedIn('pharmacist');
    const other = await signIn(first.username, first.oneTimePassword);
    const change = (oldPassword: string, newPassword: string) =>
      first.client.POST('/console/v1/password', { body: { oldPassword, newPassword } });
    expect(await failure(change('wrong-old', 'long-enough-1'))).toMatchObject({ code: 40000, errMsg: '原密码错误' });
    expect(await failure(change(first.oneTimePassword, 'short'))).toMatchObject({ errMsg: '新密码至少 10 位' });
    expect(await failure(change(first.oneTimePassword, first.oneTimePassword))).toMatchObject({
      errMsg: '新密码不能与原密码相同',
    });
    const changed = await change(first.oneTimePassword, 'a-new-password-1');
    expect(changed.mustChangePassword).toBe(false);
    expect((await first.client.GET('/console/v1/me')).staff.id).toBe(first.staff.id);
    expect(await failure(api.client({ token: other.token }).GET('/console/v1/me'))).toMatchObject({ code: 40100 });
    expect(await failure(signIn(first.username, first.oneTimePassword))).toMatchObject({ errMsg: '用户名或密码错误' });
    expect((await signIn(first.username, 'a-new-password-1')).staff.mustChangePassword).toBe(false);
  });
});

describe('roles', () => {
  it('lets an admin create staff, and refuses every other role with 无权限', async () => {
    for (const role of ['operator', 'doctor', 'pharmacist'] as const) {
      const other = await signedIn(role);
      expect(
        await failure(other.client.POST('/console/v1/staff', { body: { username: uniqueName('x'), role: 'admin' } })),
      ).toMatchObject({ code: 40300, errMsg: '无权限' });
      expect(await failure(other.client.GET('/console/v1/audit'))).toMatchObject({ code: 40300, errMsg: '无权限' });
    }
    const admin = await signedIn('admin');
    const username = uniqueName('op');
    const created = await admin.client.POST('/console/v1/staff', { body: { username, role: 'operator' } });
    expect(created.staff).toMatchObject({ username, role: 'operator', disabled: false });
    expect((await signIn(username, created.oneTimePassword)).staff.id).toBe(created.staff.id);
    expect(
      await failure(admin.client.POST('/console/v1/staff', { body: { username, role: 'operator' } })),
    ).toMatchObject({ code: 40900, errMsg: '用户名已存在' });
    expect((await admin.client.GET('/console/v1/staff')).map((s) => s.username)).toContain(username);
  });

  it('links a doctor to a care-directory doctor, and only a doctor', async () => {
    const admin = await signedIn('admin');
    const doctor = await anyDoctor();
    expect(
      await failure(admin.client.POST('/console/v1/staff', { body: { username: uniqueName('d'), role: 'doctor' } })),
    ).toMatchObject({ errMsg: '医生账号须关联医生档案' });
    expect(
      await failure(
        admin.client.POST('/console/v1/staff', {
          body: { username: uniqueName('d'), role: 'doctor', doctorId: 99_999_999 },
        }),
      ),
    ).toMatchObject({ errMsg: '医生档案不存在' });
    expect(
      await failure(
        admin.client.POST('/console/v1/staff', {
          body: { username: uniqueName('o'), role: 'operator', doctorId: doctor.id },
        }),
      ),
    ).toMatchObject({ errMsg: '只有医生账号可关联医生档案' });
    const made = await admin.client.POST('/console/v1/staff', {
      body: { username: uniqueName('d'), role: 'doctor', doctorId: doctor.id },
    });
    expect(made.staff).toMatchObject({ role: 'doctor', doctorId: doctor.id });
  });

  it('changes a role and disables an account, whose sessions end at once', async () => {
    const admin = await signedIn('admin');
    const target = await signedIn('operator');
    const promoted = await admin.client.POST('/console/v1/staff/{staffId}/role', {
      params: { path: { staffId: target.staff.id } },
      body: { role: 'admin' },
    });
    expect(promoted.role).toBe('admin');
    // A new role ends the account's sessions (ADR 0143); signed in again, it acts as an admin.
    expect(await failure(target.client.GET('/console/v1/me'))).toMatchObject({ code: 40100 });
    const again = await signIn(target.username, target.oneTimePassword);
    expect((await api.client({ token: again.token }).GET('/console/v1/staff')).length).toBeGreaterThan(0);
    const disabled = await admin.client.POST('/console/v1/staff/{staffId}/disable', {
      params: { path: { staffId: target.staff.id } },
    });
    expect(disabled.disabled).toBe(true);
    expect(await failure(api.client({ token: again.token }).GET('/console/v1/me'))).toMatchObject({ code: 40100 });
    expect(await failure(signIn(target.username, target.oneTimePassword))).toMatchObject({
      errMsg: '用户名或密码错误',
    });
    expect(
      await failure(
        admin.client.POST('/console/v1/staff/{staffId}/disable', { params: { path: { staffId: admin.staff.id } } }),
      ),
    ).toMatchObject({ code: 40300, errMsg: '不能停用或降级自己的账号' });
  });
});

describe('the audit trail', () => {
  it('records staff actions with who, what, when, from where and the request id; only admins browse it', async () => {
    const admin = await signedIn('admin');
    const username = uniqueName('audited');
    const res = await fetch(`${api.baseUrl}/console/v1/staff`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/json',
        'x-request-id': 'audit-1',
      },
      body: JSON.stringify({ username, role: 'pharmacist' }),
    });
    const made = ((await res.json()) as { data: { staff: { id: string } } }).data;
    const page = await admin.client.GET('/console/v1/audit', { params: { query: { actorId: admin.staff.id } } });
    const create = page.find((e) => e.action === 'staff.create');
    expect(create).toMatchObject({
      actorKind: 'staff',
      actorId: admin.staff.id,
      target: `staff:${made.staff.id}`,
      ip: '127.0.0.1',
      requestId: 'audit-1',
    });
    expect(Date.parse(create!.at)).toBe(clock().getTime());
    expect(page.map((e) => e.action)).toContain('staff.signIn');
    // Browsing is itself recorded.
    const next = await admin.client.GET('/console/v1/audit', {
      params: { query: { actorId: admin.staff.id, action: 'audit.read' } },
    });
    expect(next.length).toBeGreaterThanOrEqual(1);
    expect(next.every((e) => e.action === 'audit.read')).toBe(true);
    // Paging backwards by id.
    const older = await admin.client.GET('/console/v1/audit', {
      params: { query: { beforeId: page[0]!.id, pageSize: 1 } },
    });
    expect(older).toHaveLength(1);
    expect(older[0]!.id).toBeLessThan(page[0]!.id);
  });

  it('filters by time: from is inclusive, to is exclusive', async () => {
    const admin = await signedIn('admin');
    const signedInAt = clock();
    clock.advance(3_600_000);
    await admin.client.POST('/console/v1/staff', { body: { username: uniqueName('timed'), role: 'operator' } });
    const createdAt = clock();
    const query = (from?: Date, to?: Date) =>
      admin.client
        .GET('/console/v1/audit', {
          params: {
            query: {
              actorId: admin.staff.id,
              ...(from && { from: from.toISOString() }),
              ...(to && { to: to.toISOString() }),
            },
          },
        })
        .then((events) => events.filter((e) => e.action !== 'audit.read').map((e) => e.action));
    expect(await query(createdAt)).toEqual(['staff.create']);
    expect(await query(undefined, createdAt)).toEqual(['staff.signIn']);
    expect(await query(signedInAt, new Date(createdAt.getTime() + 1))).toEqual(['staff.create', 'staff.signIn']);
    expect(
      await failure(admin.client.GET('/console/v1/audit', { params: { query: { from: 'yesterday' } } })),
    ).toMatchObject({
      code: 40000,
    });
  });
});

describe('the care directory for linking doctors', () => {
  it('finds the directory doctors by name for an admin, and refuses other roles', async () => {
    const admin = await signedIn('admin');
    const wang = await api.app.em.fork().findOneOrFail(Doctor, { openid: 'demo_doctor_wang' });
    const found = await admin.client.GET('/console/v1/doctors', { params: { query: { name: wang.name.slice(0, 2) } } });
    expect(found.find((d) => d.id === wang.id)).toMatchObject({ name: wang.name, title: wang.title });
    expect(found.every((d) => d.name.includes(wang.name.slice(0, 2)))).toBe(true);
    expect((await admin.client.GET('/console/v1/doctors')).length).toBeGreaterThanOrEqual(found.length);
    const operator = await signedIn('operator');
    expect(await failure(operator.client.GET('/console/v1/doctors'))).toMatchObject({ code: 40300, errMsg: '无权限' });
  });
});

describe('the demo staff', () => {
  it('signs in one account of each role with its published password, not asked to change it; the doctor is Dr Wang of the directory', async () => {
    for (const s of demoStaff) {
      const session = await signIn(s.username, s.password);
      expect(session.staff).toMatchObject({ role: s.role, mustChangePassword: false });
    }
    const wang = await api.app.em.fork().findOneOrFail(Doctor, { openid: 'demo_doctor_wang' });
    expect((await signIn('demo.doctor', 'Doctor#2026')).staff.doctorId).toBe(wang.id);
  });

  it('is not there when demo data is off', async () => {
    const bare = await startTestApi({ SEED_DEMO_DATA: 'false' });
    try {
      expect(
        await failure(
          bare.client().POST('/console/v1/signIn', { body: { username: 'demo.admin', password: 'Admin#2026' } }),
        ),
      ).toMatchObject({ errMsg: '用户名或密码错误' });
    } finally {
      await bare.close();
    }
  });
});
