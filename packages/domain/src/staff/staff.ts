/**
 * Staff of the console (docs/adr/0118-staff-accounts-in-identity.md): who they are (roles), what each
 * role may do (the permission table every console operation in openapi.yaml is checked against),
 * and the sign-in rules (lockout, password and username shapes).
 */

/** The console's roles. A staff member has exactly one. */
export const STAFF_ROLES = ['doctor', 'pharmacist', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  doctor: '医生',
  pharmacist: '药师',
  operator: '运营',
  admin: '管理员',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Which role may do what. Each console operation names one permission (`x-permission` in
 * openapi.yaml) and lists exactly these roles (`x-roles`); the API refuses to start otherwise.
 * Later issues add their permissions here (e.g. `consultation.own` for doctors).
 */
export const STAFF_PERMISSIONS = {
  /** Sign out, read one's own account: everyone signed in to the console. */
  'console.self': ['doctor', 'pharmacist', 'operator', 'admin'],
  /** List, create, change the role of and disable staff accounts. */
  'staff.manage': ['admin'],
  /** Browse the audit trail. */
  'audit.read': ['admin'],
  /** Look up a payment intent and its refunds (docs/adr/0116-partial-refunds-one-at-a-time.md). */
  'payment.read': ['operator'],
  /** Refund part or all of a paid intent. */
  'payment.refund': ['operator'],
  /** Chat in the sessions one is a member of (a doctor's own patients; docs/adr/0130-doctor-chat-in-the-console.md). */
  'chat.own': ['doctor'],
  /** A doctor's own consultation services and prices (docs/adr/0148-doctor-services-and-prices.md). */
  'doctor.services': ['doctor'],
  /** Write prescriptions (a linked doctor with eleRxStatus 1) and medication advice in one's own consultations (docs/adr/0153-prescriptions-and-their-review.md). */
  'rx.write': ['doctor'],
  /** Review prescriptions and dispense them at the counter; prescriptions only, never chats. */
  'rx.review': ['pharmacist'],
  /** A doctor's own consultations: the queue, accept, decline, end (docs/consultation.md). */
  'consult.own': ['doctor'],
  /** Manage pharmacies (with their stock of catalogue medicines) and online stores (docs/adr/0158-pharmacy-management-in-the-console.md). */
  'pharmacy.manage': ['operator'],
  /** Manage the mall: containers, categories, goods, their images, stock, shelf, hot and recommended (docs/adr/0175-goods-containers-categories-and-stock.md). */
  'goods.manage': ['operator', 'admin'],
  /** The order queue: audit, ship, mark signed or refused, refund; the sales report (docs/adr/0190-console-orders-and-sales-report.md). */
  'orders.manage': ['operator', 'admin'],
  /** Create coupon templates and issue them to customers (docs/adr/0183-coupons-templates-and-holdings.md). */
  'coupons.manage': ['operator', 'admin'],
  /** The after-sales catalogue: product types, models (manuals, warranty months), guides, banners, the service policy, guarantee platforms and items, authorised shops (docs/adr/0195-after-sales-catalogue.md). */
  'aftersales.catalogue': ['operator', 'admin'],
  /** After-sales service: warranty records, the repair queue (assign, handle, complete), dealer enquiries. */
  'aftersales.service': ['operator', 'admin'],
  /** Register integrators' OAuth clients: settings, secrets shown once, disabling; their webhook subscriptions and delivery log, replay (docs/adr/0220-client-registration-in-the-console.md). */
  'open.clients': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function isStaffPermission(value: unknown): value is StaffPermission {
  return typeof value === 'string' && Object.hasOwn(STAFF_PERMISSIONS, value);
}

/** Whether `role` may do what `permission` covers. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The permissions a role holds (what the console shows it). */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((p) => roleMay(role, p));
}

/** After this many failed sign-ins in a row, the account is locked … */
export const STAFF_MAX_FAILED_SIGN_INS = 5;
/** … for this long. */
export const STAFF_LOCKOUT_MINUTES = 15;
/** A console session lasts a working day. */
export const STAFF_SESSION_HOURS = 12;

export interface SignInFailureState {
  failedCount: number;
  lockedUntil: Date | null;
}

/** Whole minutes (rounded up, at least 1) until the lock lifts, or 0 when the account is not locked. */
export function lockedMinutesLeft(state: SignInFailureState, now: Date): number {
  if (!state.lockedUntil || state.lockedUntil.getTime() <= now.getTime()) {
    return 0;
  }
  return Math.max(1, Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000));
}

/**
 * The state after one more failed sign-in: the count grows, and the fifth failure in a row locks
 * the account for 15 minutes (the count starts again once a lock has passed).
 */
export function afterFailedSignIn(state: SignInFailureState, now: Date): SignInFailureState {
  const lockPassed = state.lockedUntil !== null && state.lockedUntil.getTime() <= now.getTime();
  const failedCount = (lockPassed ? 0 : state.failedCount) + 1;
  if (failedCount >= STAFF_MAX_FAILED_SIGN_INS) {
    return { failedCount, lockedUntil: new Date(now.getTime() + STAFF_LOCKOUT_MINUTES * 60_000) };
  }
  return { failedCount, lockedUntil: lockPassed ? null : state.lockedUntil };
}

export const STAFF_MESSAGES = {
  badCredentials: '用户名或密码错误',
  locked: (minutes: number) => `账号已锁定，请 ${minutes} 分钟后再试`,
  badTotp: '验证码错误',
  forbidden: '无权限',
  disabled: '账号已停用',
  usernameTaken: '用户名已存在',
  usernameShape: '用户名为 3–32 位小写字母、数字或 . _ -，以字母开头',
  /** The password was right and the account has TOTP: the console asks for the code next. */
  totpNeeded: '请输入动态验证码',
  signInFirst: '请先登录控制台',
  doctorNeeded: '医生账号须关联医生档案',
  doctorUnknown: '医生档案不存在',
  doctorOnlyForDoctors: '只有医生账号可关联医生档案',
  notSelf: '不能停用或降级自己的账号',
  oldPasswordWrong: '原密码错误',
  passwordTooShort: '新密码至少 10 位',
  passwordUnchanged: '新密码不能与原密码相同',
} as const;

/** A chosen password's least length (one-time passwords are 16). */
export const STAFF_PASSWORD_MIN_LENGTH = 10;

/** A username: 3–32 lower-case letters, digits, `.`, `_` or `-`, starting with a letter. */
export const STAFF_USERNAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/;

/** The alphabet of one-time passwords: no 0/O, 1/l/I, easy to read aloud and to type. */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ONE_TIME_PASSWORD_LENGTH = 16;

/**
 * A one-time password from random bytes (the caller passes `crypto.getRandomValues`' output, at
 * least ONE_TIME_PASSWORD_LENGTH bytes): 16 characters of a 56-letter alphabet, about 93 bits.
 * Rejection sampling keeps every character equally likely; bytes that would bias it are skipped.
 */
export function oneTimePassword(randomBytes: Uint8Array): string | null {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let out = '';
  for (const byte of randomBytes) {
    if (byte < limit) {
      out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      if (out.length === ONE_TIME_PASSWORD_LENGTH) {
        return out;
      }
    }
  }
  return null;
}
