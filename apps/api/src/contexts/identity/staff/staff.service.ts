import { createHash, getRandomValues, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  afterFailedSignIn,
  isStaffRole,
  lockedMinutesLeft,
  oneTimePassword,
  permissionsOf,
  roleMay,
  STAFF_MESSAGES,
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_SESSION_HOURS,
  STAFF_USERNAME_PATTERN,
  type StaffPermission,
  type StaffRole,
} from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { STAFF_TOKEN_PREFIX, type StaffContext } from '../../../lib/staff-context';
import {
  CareDirectoryRepository,
  CONSOLE_SIGN_IN_FAILURES,
  limitFailures,
  recordAudit,
  type AuditActor,
} from '../../platform';
import { StaffRepository, type StaffRow } from './staff.repository';

/** What the console shows of an account (never its hash or TOTP secret). */
export interface StaffView {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  doctorId: number | null;
  /** The linked doctor record's name, as patients see it (null without a link). */
  doctorName: string | null;
  totp: boolean;
  mustChangePassword: boolean;
  disabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

const staffView = (s: StaffRow, doctorNames: ReadonlyMap<number, string>): StaffView => ({
  id: s.id,
  username: s.username,
  displayName: s.displayName,
  role: s.role as StaffRole,
  doctorId: s.doctorId ?? null,
  doctorName: typeof s.doctorId === 'number' ? (doctorNames.get(s.doctorId) ?? null) : null,
  totp: Boolean(s.totpSecret),
  mustChangePassword: s.mustChangePassword,
  disabled: Boolean(s.disabledAt),
  createdAt: s.createdAt.toISOString(),
  lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
});

/** The accounts as the console shows them, each linked doctor's name read from the care directory at once. */
async function staffViews(db: Db, rows: readonly StaffRow[]): Promise<StaffView[]> {
  const ids = [...new Set(rows.flatMap((row) => (typeof row.doctorId === 'number' ? [row.doctorId] : [])))];
  const doctors = await new CareDirectoryRepository(db).doctorsByIds(ids);
  const names = new Map(doctors.map((doctor) => [doctor.id, doctor.name]));
  return rows.map((row) => staffView(row, names));
}

/** One account as the console shows it. */
async function staffViewOf(db: Db, row: StaffRow): Promise<StaffView> {
  const [view] = await staffViews(db, [row]);
  return view!;
}

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export const hashPassword = (password: string): Promise<string> => hash(password);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Verified when the username is unknown, so a wrong username costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

const badCredentials = () => new AppError(ErrorCodes.unauthenticated, STAFF_MESSAGES.badCredentials, 401);
const locked = (minutes: number) => new AppError(ErrorCodes.tooManyRequests, STAFF_MESSAGES.locked(minutes), 429);

export interface SignInMeta {
  now: Date;
  ip: string | null;
  requestId: string | null;
  userAgent?: string;
}

type SignedIn = { token: string; expiresAt: Date; staff: StaffView };

/**
 * Signs a staff member in: password (argon2id), then the TOTP code when the account has one. Every
 * failure counts towards the lockout (5 in a row → 15 minutes, the domain's rule); a locked account
 * is refused before its password is checked. The account's row is locked for the attempt, so
 * concurrent attempts are counted one after another, and a refusal still commits its count.
 * Failures are also counted per client address (CONSOLE_SIGN_IN_FAILURES): an address over its
 * limit is refused before any account is looked at.
 */
export async function signInStaff(
  db: Db,
  input: { username: string; password: string; totpCode?: string },
  meta: SignInMeta,
): Promise<SignedIn> {
  const { bucket, windows } = CONSOLE_SIGN_IN_FAILURES;
  const result = await limitFailures(db, bucket, meta.ip ?? '', windows, meta.now, (tx) =>
    attemptSignIn(tx, input, meta),
  );
  if (result instanceof AppError) {
    throw result;
  }
  return result;
}

async function attemptSignIn(
  db: Db,
  input: { username: string; password: string; totpCode?: string },
  meta: SignInMeta,
): Promise<SignedIn | AppError> {
  const repo = new StaffRepository(db);
  const staff = await repo.byUsernameForUpdate(input.username.trim().toLowerCase());
  if (!staff || staff.disabledAt) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, input.password).catch(() => false);
    return badCredentials();
  }
  const state = { failedCount: staff.failedSignIns, lockedUntil: staff.lockedUntil ?? null };
  const minutes = lockedMinutesLeft(state, meta.now);
  if (minutes > 0) {
    return locked(minutes);
  }
  const passwordOk = await verify(staff.passwordHash, input.password).catch(() => false);
  if (passwordOk && staff.totpSecret && input.totpCode === undefined) {
    // The console's first step (username and password) of an account with TOTP: it asks for the
    // code next. Not a failure: the password was right, and the code is what guards the account.
    return new AppError(ErrorCodes.unauthenticated, STAFF_MESSAGES.totpNeeded, 401);
  }
  const totpOk =
    passwordOk &&
    (!staff.totpSecret ||
      (input.totpCode !== undefined &&
        (
          await verifyTotp({
            secret: staff.totpSecret,
            token: input.totpCode,
            epoch: Math.floor(meta.now.getTime() / 1000),
            epochTolerance: 30,
          })
        ).valid));
  if (!totpOk) {
    const next = afterFailedSignIn(state, meta.now);
    await repo.recordFailure(staff.id, next.failedCount, next.lockedUntil);
    const left = lockedMinutesLeft(next, meta.now);
    if (left > 0) {
      return locked(left);
    }
    return passwordOk ? new AppError(ErrorCodes.unauthenticated, STAFF_MESSAGES.badTotp, 401) : badCredentials();
  }
  const token = STAFF_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(meta.now.getTime() + STAFF_SESSION_HOURS * 3_600_000);
  await repo.recordSignIn(staff.id, meta.now);
  await repo.addSession({
    tokenHash: hashToken(token),
    staffId: staff.id,
    createdAt: meta.now,
    expiresAt,
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  await recordAudit(
    db,
    { kind: 'staff', id: staff.id, ip: meta.ip, requestId: meta.requestId },
    { action: 'staff.signIn' },
    meta.now,
  );
  return { token, expiresAt, staff: await staffViewOf(db, { ...staff, lastSignInAt: meta.now }) };
}

/** The role of an account that is not disabled, or null (a staff chat identity's socket checks it when it opens). */
export async function liveStaffRole(db: Db, staffId: string): Promise<StaffRole | null> {
  const row = await new StaffRepository(db).byId(staffId);
  return row && !row.disabledAt ? (row.role as StaffRole) : null;
}

/** The staff member of a console token, or null when it is unknown, revoked, expired or the account is disabled. */
export async function resolveStaffSession(db: Db, token: string, now: Date): Promise<StaffContext | null> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX) || token.length > 100) {
    return null;
  }
  const found = await new StaffRepository(db).findLive(hashToken(token), now);
  if (!found) {
    return null;
  }
  return {
    sessionId: found.session.id,
    staffId: found.staff.id,
    username: found.staff.username,
    role: found.staff.role as StaffRole,
    doctorId: found.staff.doctorId ?? null,
  };
}

export async function signOutStaff(db: Db, staff: StaffContext, now: Date): Promise<void> {
  await new StaffRepository(db).revokeSession(staff.sessionId, now);
}

export async function staffMe(
  db: Db,
  staff: StaffContext,
): Promise<{ staff: StaffView; permissions: StaffPermission[] }> {
  const row = await new StaffRepository(db).byId(staff.staffId);
  if (!row) {
    throw notFound();
  }
  return { staff: await staffViewOf(db, row), permissions: permissionsOf(row.role as StaffRole) };
}

export async function listStaff(db: Db, actor: AuditActor, now: Date): Promise<StaffView[]> {
  const rows = await new StaffRepository(db).all();
  await recordAudit(db, actor, { action: 'staff.list' }, now);
  return staffViews(db, rows);
}

/** A doctor record of the care directory, as the admin's picker shows it. */
export interface DirectoryDoctorView {
  id: number;
  name: string;
  title: string;
  hospital: string;
  department: string;
}

/** The care directory's doctors (roleType 1) whose name contains `name`: what a doctor account is linked to. */
export async function findDirectoryDoctors(db: Db, name: string): Promise<DirectoryDoctorView[]> {
  const directory = new CareDirectoryRepository(db);
  const doctors = await directory.search('name', name.trim(), 1);
  const workplaces = await directory.workplacesOf(doctors);
  return doctors.map((d) => ({
    id: d.id,
    name: d.name,
    title: d.title,
    hospital: workplaces.get(d.id)?.organizationName ?? d.hospital,
    department: workplaces.get(d.id)?.departmentName ?? d.department,
  }));
}

/** A doctor is linked to a doctor record that exists; no other role has one. */
async function checkDoctorLink(db: Db, role: StaffRole, doctorId: number | undefined | null): Promise<number | null> {
  if (role !== 'doctor') {
    if (typeof doctorId === 'number') {
      throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.doctorOnlyForDoctors);
    }
    return null;
  }
  if (typeof doctorId !== 'number') {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.doctorNeeded);
  }
  if (!(await new CareDirectoryRepository(db).findDoctor(doctorId))) {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.doctorUnknown);
  }
  return doctorId;
}

/** A new one-time password (16 characters, about 93 bits). */
export function newOneTimePassword(): string {
  for (;;) {
    const password = oneTimePassword(getRandomValues(new Uint8Array(64)));
    if (password) {
      return password;
    }
  }
}

export interface NewStaffInput {
  username: string;
  role: StaffRole;
  displayName?: string;
  doctorId?: number;
  totp?: boolean;
  /** A chosen password (the demo seed's published ones); otherwise a one-time password is made. */
  password?: string;
}

/**
 * Creates an account with a one-time password (answered once, stored only hashed) and, when asked,
 * a TOTP secret (answered once as an otpauth URI). `actor` is whoever creates it (null: the command line).
 */
export async function createStaff(
  db: Db,
  input: NewStaffInput,
  actor: AuditActor | null,
  now: Date,
): Promise<{ staff: StaffView; oneTimePassword: string; totpUri: string | null }> {
  if (!STAFF_USERNAME_PATTERN.test(input.username)) {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.usernameShape);
  }
  const doctorId = await checkDoctorLink(db, input.role, input.doctorId);
  const password = input.password ?? newOneTimePassword();
  const totpSecret = input.totp ? generateSecret() : null;
  const row = await new StaffRepository(db).insert({
    username: input.username,
    displayName: input.displayName ?? '',
    passwordHash: await hashPassword(password),
    role: input.role,
    doctorId,
    totpSecret,
    createdAt: now,
  });
  if (!row) {
    throw new AppError(ErrorCodes.conflict, STAFF_MESSAGES.usernameTaken, 409);
  }
  if (actor) {
    await recordAudit(
      db,
      actor,
      { action: 'staff.create', target: `staff:${row.id}`, detail: { role: input.role } },
      now,
    );
  }
  return {
    staff: await staffViewOf(db, row),
    oneTimePassword: password,
    totpUri: totpSecret
      ? generateURI({ issuer: 'GlucoGuard 控制台', label: input.username, secret: totpSecret })
      : null,
  };
}

async function otherStaff(db: Db, caller: StaffContext, staffId: string): Promise<StaffRow> {
  if (staffId === caller.staffId) {
    throw forbidden(STAFF_MESSAGES.notSelf);
  }
  const row = await new StaffRepository(db).byId(staffId);
  if (!row) {
    throw notFound('账号不存在');
  }
  return row;
}

export async function changeStaffRole(
  db: Db,
  caller: StaffContext,
  actor: AuditActor,
  staffId: string,
  input: { role: StaffRole; doctorId?: number },
  now: Date,
): Promise<StaffView> {
  const row = await otherStaff(db, caller, staffId);
  const doctorId = await checkDoctorLink(
    db,
    input.role,
    input.doctorId ?? (input.role === 'doctor' ? row.doctorId : null),
  );
  const repo = new StaffRepository(db);
  await repo.setRole(staffId, input.role, doctorId, now);
  await recordAudit(
    db,
    actor,
    { action: 'staff.role', target: `staff:${staffId}`, detail: { from: row.role, to: input.role } },
    now,
  );
  return staffViewOf(db, (await repo.byId(staffId))!);
}

export async function disableStaff(
  db: Db,
  caller: StaffContext,
  actor: AuditActor,
  staffId: string,
  now: Date,
): Promise<StaffView> {
  await otherStaff(db, caller, staffId);
  const repo = new StaffRepository(db);
  await repo.disable(staffId, now);
  await recordAudit(db, actor, { action: 'staff.disable', target: `staff:${staffId}` }, now);
  return staffViewOf(db, (await repo.byId(staffId))!);
}

/**
 * Changes one's own password: the old one is checked again, the new one is long enough and new.
 * Other sessions of the account end; the caller's stays.
 */
export async function changeOwnPassword(
  db: Db,
  caller: StaffContext,
  actor: AuditActor,
  input: { oldPassword: string; newPassword: string },
  now: Date,
): Promise<StaffView> {
  const repo = new StaffRepository(db);
  const row = await repo.byId(caller.staffId);
  if (!row || !(await verify(row.passwordHash, input.oldPassword).catch(() => false))) {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.oldPasswordWrong);
  }
  if (input.newPassword.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.passwordTooShort);
  }
  if (input.newPassword === input.oldPassword) {
    throw new AppError(ErrorCodes.badRequest, STAFF_MESSAGES.passwordUnchanged);
  }
  await repo.setPassword(row.id, await hashPassword(input.newPassword), caller.sessionId, now);
  await recordAudit(db, actor, { action: 'staff.password', target: `staff:${row.id}` }, now);
  return staffViewOf(db, (await repo.byId(row.id))!);
}

/** The enabled staff accounts whose role holds `permission`, by name (e.g. whom a repair may be assigned to). */
export async function staffHolding(
  db: Db,
  permission: StaffPermission,
): Promise<{ id: string; name: string; role: StaffRole }[]> {
  const rows = await new StaffRepository(db).all();
  return rows
    .filter((row) => row.disabledAt === null && isStaffRole(row.role) && roleMay(row.role, permission))
    .map((row) => ({ id: row.id, name: row.displayName || row.username, role: row.role as StaffRole }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The staff id of the enabled doctor account linked to a care-directory doctor (the oldest, if several), or null. */
export async function staffOfDoctor(db: Db, doctorId: number): Promise<string | null> {
  const [first] = await new StaffRepository(db).linkedToDoctor(doctorId);
  return first?.id ?? null;
}
