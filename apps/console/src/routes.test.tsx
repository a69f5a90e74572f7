import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, roleMay } from '@glucoguard/domain';
import { permissionsOf } from '@glucoguard/domain';
import { CONSOLE_ROUTES, routesFor } from './routes';

describe('the console route table', () => {
  it('lists for each role exactly the pages its permissions open', () => {
    for (const role of STAFF_ROLES) {
      const listed = routesFor(permissionsOf(role)).map((route) => route.path);
      const expected = CONSOLE_ROUTES.filter((route) => !route.hidden && roleMay(role, route.permission)).map(
        (route) => route.path,
      );
      expect(listed).toEqual(expected);
      expect(listed[0]).toBe('home');
    }
  });

  it('gives staff management and the audit trail to admins only', () => {
    expect(routesFor(permissionsOf('admin')).map((r) => r.path)).toEqual(expect.arrayContaining(['staff', 'audit']));
    for (const role of ['doctor', 'pharmacist', 'operator'] as const) {
      const paths = routesFor(permissionsOf(role)).map((r) => r.path);
      expect(paths).not.toContain('staff');
      expect(paths).not.toContain('audit');
    }
  });

  it("keeps the pages of one consultation out of the menu, behind the doctors' permission", () => {
    const hidden = CONSOLE_ROUTES.filter((route) => route.hidden).map((route) => route.path);
    expect(hidden).toEqual(['consults/:consultId', 'consults/:consultId/readings']);
    expect(routesFor(permissionsOf('doctor')).map((r) => r.path)).toContain('consults');
    for (const route of CONSOLE_ROUTES.filter((r) => r.path.startsWith('consults'))) {
      expect(STAFF_ROLES.filter((role) => roleMay(role, route.permission))).toEqual(['doctor']);
    }
  });

  it('gives pharmacists the review queue and the counter, operators the pharmacies and online stores', () => {
    const pharmacist = routesFor(permissionsOf('pharmacist')).map((r) => r.path);
    expect(pharmacist).toEqual(['home', 'rx-reviews', 'rx-redeem']);
    const operator = routesFor(permissionsOf('operator')).map((r) => r.path);
    expect(operator).toEqual(expect.arrayContaining(['pharmacies', 'online-stores', 'payments']));
    for (const role of ['doctor', 'pharmacist', 'admin'] as const) {
      expect(routesFor(permissionsOf(role)).map((r) => r.path)).not.toContain('pharmacies');
    }
  });

  it('gives operators and admins the goods and the mall shelves, and no one else', () => {
    for (const role of STAFF_ROLES) {
      const paths = routesFor(permissionsOf(role)).map((r) => r.path);
      const expected = role === 'operator' || role === 'admin' ? ['goods', 'goods-shelves'] : [];
      expect(paths.filter((path) => path.startsWith('goods'))).toEqual(expected);
    }
  });

  it("gives operators and admins the after-sales catalogue's pages under 售后, and no one else", () => {
    const catalogue = CONSOLE_ROUTES.filter((route) => route.permission === 'aftersales.catalogue');
    expect(catalogue.map((route) => route.path)).toEqual([
      'after-sales/products',
      'after-sales/guides',
      'after-sales/guarantees',
      'after-sales/banners',
      'after-sales/shops',
      'after-sales/policy',
    ]);
    expect(new Set(catalogue.map((route) => route.group))).toEqual(new Set(['售后']));
    for (const role of STAFF_ROLES) {
      const paths = routesFor(permissionsOf(role)).map((r) => r.path);
      const expected = role === 'operator' || role === 'admin' ? catalogue.map((route) => route.path) : [];
      expect(paths.filter((path) => catalogue.some((route) => route.path === path))).toEqual(expected);
    }
  });

  it('gives operators and admins the after-sales service pages under 售后, and no one else', () => {
    const service = CONSOLE_ROUTES.filter((route) => route.permission === 'aftersales.service');
    expect(service.map((route) => [route.path, route.label, route.group])).toEqual([
      ['after-sales/warranties', '保修登记', '售后'],
      ['after-sales/repairs', '报修处理', '售后'],
      ['after-sales/dealers', '经销采购咨询', '售后'],
    ]);
    for (const role of STAFF_ROLES) {
      const paths = routesFor(permissionsOf(role)).map((r) => r.path);
      const expected = role === 'operator' || role === 'admin' ? service.map((route) => route.path) : [];
      expect(paths.filter((path) => service.some((route) => route.path === path))).toEqual(expected);
    }
  });

  it('gives admins alone the open platform pages under 开放平台', () => {
    const open = CONSOLE_ROUTES.filter((route) => route.permission === 'open.clients');
    expect(open.map((route) => [route.path, route.label, route.group])).toEqual([
      ['open/clients', '应用接入', '开放平台'],
      ['open/webhooks', '推送订阅', '开放平台'],
    ]);
    for (const role of STAFF_ROLES) {
      const paths = routesFor(permissionsOf(role)).map((r) => r.path);
      const expected = role === 'admin' ? ['open/clients', 'open/webhooks'] : [];
      expect(paths.filter((path) => path.startsWith('open/'))).toEqual(expected);
    }
  });

  it('has one entry per address', () => {
    const paths = CONSOLE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
