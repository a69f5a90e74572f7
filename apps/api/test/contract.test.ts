import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Routes under /api that are not operations of the API itself. */
const NOT_OPERATIONS = /^\/api\/docs(\/|$)/;

describe('openapi.yaml ↔ routes', () => {
  it('has a route for every operation in openapi.yaml', () => {
    const missing = [...api.app.openapi.operations.values()]
      .filter(
        (op) =>
          !api.app.routeTable.some(
            (r) => r.method === op.method && r.url === `/api${op.url}` && r.operationId === op.operationId,
          ),
      )
      .map((op) => `${op.method} ${op.path} (${op.operationId})`);
    expect(missing).toEqual([]);
  });

  it('has an operation in openapi.yaml for every API route', () => {
    const undocumented = api.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !NOT_OPERATIONS.test(r.url) && r.method !== 'HEAD')
      .filter((r) => {
        const op = r.operationId ? api.app.openapi.operations.get(r.operationId) : undefined;
        return !op || `/api${op.url}` !== r.url || op.method !== r.method;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
  });

  it('serves the API reference rendered from openapi.yaml', async () => {
    const page = await fetch(`${api.baseUrl}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    const document = (await (await fetch(`${api.baseUrl}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/healthz');
  });
});
