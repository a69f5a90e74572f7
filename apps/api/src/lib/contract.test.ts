import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPEN_OPERATIONS, PUBLIC_OPERATIONS, STAFF_OPERATIONS } from './contract';
import { CLIENT_CREDENTIALS_ONLY_SCOPES, isOpenScope, OPEN_SCOPE_TEXTS } from '@glucoguard/domain';
import { loadOpenApi } from './openapi-document';

const document = loadOpenApi(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)));

describe('PUBLIC_OPERATIONS', () => {
  it('lists exactly the operations whose security lets a caller without a session in', () => {
    const open = [...document.operations.values()]
      .filter((op) => !op.requiresAuth && !op.staff && !op.oauth)
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

describe('OPEN_OPERATIONS', () => {
  it("lists exactly the integrators' operations (security oauth2)", () => {
    const open = [...document.operations.values()].filter((op) => op.oauth).map((op) => op.operationId);
    expect([...OPEN_OPERATIONS].sort()).toEqual(open.sort());
  });

  it("names in the oauth2 scheme exactly the domain's scopes with their consent texts", () => {
    const schemes = (
      document.raw.components as {
        securitySchemes: Record<string, { flows: Record<string, { scopes: Record<string, string> }> }>;
      }
    ).securitySchemes;
    const flows = schemes.oauth2?.flows ?? {};
    const declared = { ...flows.authorizationCode?.scopes, ...flows.clientCredentials?.scopes };
    expect(declared).toEqual(OPEN_SCOPE_TEXTS);
    expect(Object.keys(flows.clientCredentials?.scopes ?? {})).toEqual([...CLIENT_CREDENTIALS_ONLY_SCOPES]);
  });

  it('asks only for scopes the domain knows', () => {
    for (const op of document.operations.values()) {
      for (const scope of op.oauth?.scopes ?? []) {
        expect(isOpenScope(scope), `${op.operationId}: ${scope}`).toBe(true);
      }
    }
  });
});
