import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ConsoleSession } from './session';

const staff: ConsoleSession['staff'] = {
  id: '8dc1c149-f63a-4a3e-83ab-810af6326c02',
  username: 'demo.admin',
  displayName: '陈管理员',
  role: 'admin',
  doctorId: null,
  doctorName: null,
  totp: false,
  mustChangePassword: false,
  disabled: false,
  createdAt: '2026-11-26T00:00:00.000Z',
  lastSignInAt: null,
};

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The session module as a fresh page load sees it (it reads localStorage when loaded). */
async function freshModule() {
  vi.resetModules();
  return import('./session');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the console session', () => {
  it('is kept across a reload until its end time', async () => {
    const first = await freshModule();
    first.signedIn({ token: 'staff.abc', expiresAt: inHours(12), staff, permissions: ['console.self'] });
    const reloaded = await freshModule();
    expect(reloaded.currentToken()).toBe('staff.abc');
  });

  it('is not restored once its end time has passed', async () => {
    window.localStorage.setItem(
      'gg.console.session',
      JSON.stringify({ token: 'staff.old', expiresAt: inHours(-1), staff, permissions: [] }),
    );
    const reloaded = await freshModule();
    expect(reloaded.currentToken()).toBeNull();
  });

  it('ends at its end time with 登录已过期，请重新登录', async () => {
    vi.useFakeTimers();
    const session = await freshModule();
    const { result } = renderHook(() => session.useConsoleSession());
    await act(async () => session.signedIn({ token: 'staff.t', expiresAt: inHours(1), staff, permissions: [] }));
    expect(result.current.session?.token).toBe('staff.t');
    await act(async () => {
      vi.advanceTimersByTime(3_600_000);
    });
    expect(result.current.session).toBeNull();
    expect(result.current.notice).toBe('登录已过期，请重新登录');
    expect(window.localStorage.getItem('gg.console.session')).toBeNull();
  });

  it('says nothing when signed out on purpose', async () => {
    const session = await freshModule();
    session.signedIn({ token: 'staff.t', expiresAt: inHours(1), staff, permissions: [] });
    session.signedOut('已退出登录');
    session.sessionExpired();
    expect(session.currentToken()).toBeNull();
    const { result } = renderHook(() => session.useConsoleSession());
    expect(result.current.notice).toBe('已退出登录');
  });
});
