// The shell in jsdom against a stubbed network (the API's answers as it sends them): each role's
// menu, and a page outside the role shown as 无权限 without asking the API for its data.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { permissionsOf } from '@glucoguard/domain';
import type { StaffRole } from '@glucoguard/domain';

function staffOf(role: StaffRole) {
  return {
    id: '8dc1c149-f63a-4a3e-83ab-810af6326c02',
    username: `demo.${role}`,
    displayName: '测试员工',
    role,
    doctorId: null,
    doctorName: null,
    totp: false,
    mustChangePassword: false,
    disabled: false,
    createdAt: '2026-11-26T00:00:00.000Z',
    lastSignInAt: null,
  };
}

/** Opens the console at `path` signed in as `role`; the network answers consoleMe and records every call. */
async function openAs(role: StaffRole, path: string, overrides: Partial<ReturnType<typeof staffOf>> = {}) {
  const staff = { ...staffOf(role), ...overrides };
  window.localStorage.setItem(
    'gg.console.session',
    JSON.stringify({
      token: 'staff.test',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      staff,
      permissions: permissionsOf(role),
    }),
  );
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    calls.push(url.pathname);
    const data = url.pathname === '/api/console/v1/me' ? { staff, permissions: permissionsOf(role) } : [];
    return new Response(JSON.stringify({ code: 0, errMsg: '', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const { App } = await import('./App');
  render(<App />);
  return { calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console shell', () => {
  it('shows an operator only its own menu, and the staff page as 无权限 without calling the API for it', async () => {
    const { calls } = await openAs('operator', '/console/staff');
    expect(await screen.findByText('无权限')).toBeTruthy();
    const menu = screen.getByRole('menu', { name: '功能菜单' });
    expect(within(menu).getByText('工作台')).toBeTruthy();
    expect(within(menu).queryByText('员工账号')).toBeNull();
    expect(within(menu).queryByText('审计日志')).toBeNull();
    expect(calls).not.toContain('/api/console/v1/staff');
  });

  it('shows an admin staff management and the audit trail', async () => {
    await openAs('admin', '/console/home');
    const menu = await screen.findByRole('menu', { name: '功能菜单' });
    expect(within(menu).getByText('员工账号')).toBeTruthy();
    expect(within(menu).getByText('审计日志')).toBeTruthy();
  });

  it('highlights the menu entry of a page whose address has a slash (售后 › 报修处理)', async () => {
    await openAs('operator', '/console/after-sales/repairs');
    expect(await screen.findByRole('heading', { name: '报修处理' })).toBeTruthy();
    const menu = screen.getByRole('menu', { name: '功能菜单' });
    const selected = menu.querySelectorAll('.ant-menu-item-selected');
    expect([...selected].map((item) => item.textContent)).toEqual(['报修处理']);
  });

  it('shows a doctor the repair queue as 无权限 without calling the API for it', async () => {
    const { calls } = await openAs('doctor', '/console/after-sales/repairs');
    expect(await screen.findByText('无权限')).toBeTruthy();
    expect(calls.filter((path) => path.includes('/after-sales/'))).toEqual([]);
  });

  it('opens only the password page while the one-time password is unchanged', async () => {
    await openAs('doctor', '/console/home', { mustChangePassword: true });
    expect(await screen.findByText('首次登录请修改密码')).toBeTruthy();
    expect(screen.queryByRole('menu', { name: '功能菜单' })).toBeNull();
    expect(window.location.pathname).toBe('/console/password');
  });
});
