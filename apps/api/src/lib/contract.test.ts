import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_OPERATIONS, STAFF_OPERATIONS } from './contract';
import { loadOpenApi } from './openapi-document';

const document = loadOpenApi(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)));

describe('PUBLIC_OPERATIONS', () => {
  it('lists exactly the operations whose security lets a caller without a session in', () => {
    const open = [...document.operations.values()]
      .filter((op) => !op.requiresAuth && !op.staff)
      .map((op) => op.operationId);
    expect([...PUBLIC_OPERATIONS].sort()).toEqual(open.sort());
  });
});

describe('STAFF_OPERATIONS', () => {
  it('lists exactly the console operations (security staffAuth)', () => {
    const staff = [...document.operations.values()].filter((op) => op.staff).map((op) => op.operationId);
    expect([...STAFF_OPERATIONS].sort()).toEqual(staff.sort());
  });
});
