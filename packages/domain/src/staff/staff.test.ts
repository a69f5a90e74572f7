import { describe, expect, it } from 'vitest';
import {
  afterFailedSignIn,
  lockedMinutesLeft,
  ONE_TIME_PASSWORD_LENGTH,
  oneTimePassword,
  permissionsOf,
  roleMay,
  STAFF_LOCKOUT_MINUTES,
  STAFF_MAX_FAILED_SIGN_INS,
  STAFF_MESSAGES,
  STAFF_ROLES,
  STAFF_USERNAME_PATTERN,
  isStaffPermission,
  isStaffRole,
} from './staff';

const now = new Date('2026-11-26T08:00:00Z');

describe('the permission table', () => {
  it('lets only admins manage staff and read the audit trail', () => {
    expect(roleMay('admin', 'staff.manage')).toBe(true);
    expect(roleMay('operator', 'staff.manage')).toBe(false);
    expect(roleMay('doctor', 'audit.read')).toBe(false);
    expect(roleMay('pharmacist', 'audit.read')).toBe(false);
  });
  it('lets only doctors chat (in their own sessions, checked by membership)', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'chat.own'))).toEqual(['doctor']);
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'pharmacy.manage'))).toEqual(['operator']);
  });
  it('lets doctors write prescriptions and pharmacists review them, and no one else', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'rx.write'))).toEqual(['doctor']);
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'rx.review'))).toEqual(['pharmacist']);
    expect(roleMay('pharmacist', 'chat.own')).toBe(false);
  });
  it('lets every role use its own account', () => {
    for (const role of ['doctor', 'pharmacist', 'operator', 'admin'] as const) {
      expect(permissionsOf(role)).toContain('console.self');
    }
    // Containment, not equality: each mall permission (issue 21) adds to these lists.
    expect(permissionsOf('operator')).toEqual(
      expect.arrayContaining(['console.self', 'payment.read', 'payment.refund', 'pharmacy.manage']),
    );
    expect(permissionsOf('operator')).not.toContain('staff.manage');
    expect(permissionsOf('admin')).toEqual(expect.arrayContaining(['console.self', 'staff.manage', 'audit.read']));
    expect(permissionsOf('admin')).not.toContain('payment.refund');
  });
  it('lets operators and admins create and issue coupons and nobody else', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'coupons.manage'))).toEqual(['operator', 'admin']);
  });
  it('lets operators and admins keep the after-sales catalogue and service and nobody else', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'aftersales.catalogue'))).toEqual(['operator', 'admin']);
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'aftersales.service'))).toEqual(['operator', 'admin']);
  });
  it("lets only admins register integrators' OAuth clients", () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'open.clients'))).toEqual(['admin']);
  });
  it('lets operators and admins run the order queue and nobody else', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'orders.manage'))).toEqual(['operator', 'admin']);
  });
  it('knows its roles and permissions by name', () => {
    expect(isStaffRole('doctor')).toBe(true);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffPermission('audit.read')).toBe(true);
    expect(isStaffPermission('toString')).toBe(false);
  });
});

describe('the sign-in lockout', () => {
  it('locks on the fifth failure in a row for 15 minutes', () => {
    let state = { failedCount: 0, lockedUntil: null as Date | null };
    for (let i = 1; i < STAFF_MAX_FAILED_SIGN_INS; i++) {
      state = afterFailedSignIn(state, now);
      expect(state).toEqual({ failedCount: i, lockedUntil: null });
    }
    state = afterFailedSignIn(state, now);
    expect(state.lockedUntil).toEqual(new Date(now.getTime() + STAFF_LOCKOUT_MINUTES * 60_000));
    expect(lockedMinutesLeft(state, now)).toBe(15);
    expect(lockedMinutesLeft(state, new Date(now.getTime() + 14 * 60_000 + 1))).toBe(1);
    expect(lockedMinutesLeft(state, new Date(now.getTime() + 15 * 60_000))).toBe(0);
    expect(STAFF_MESSAGES.locked(15)).toBe('账号已锁定，请 15 分钟后再试');
  });
  it('counts afresh once a lock has passed', () => {
    const locked = { failedCount: 5, lockedUntil: new Date(now.getTime() - 1) };
    expect(afterFailedSignIn(locked, now)).toEqual({ failedCount: 1, lockedUntil: null });
  });
});

describe('usernames and one-time passwords', () => {
  it('accepts plain usernames only', () => {
    expect(STAFF_USERNAME_PATTERN.test('dr.wang')).toBe(true);
    expect(STAFF_USERNAME_PATTERN.test('Wang')).toBe(false);
    expect(STAFF_USERNAME_PATTERN.test('ab')).toBe(false);
    expect(STAFF_USERNAME_PATTERN.test('1abc')).toBe(false);
  });
  it('makes 16 unambiguous characters and skips biased bytes', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const password = oneTimePassword(bytes);
    expect(password).toHaveLength(ONE_TIME_PASSWORD_LENGTH);
    expect(password).not.toMatch(/[01lIO]/);
    expect(oneTimePassword(new Uint8Array(32).fill(255))).toBeNull();
  });
});
