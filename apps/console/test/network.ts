// The stubbed network of the console's jsdom tests: every fetch is recorded and answered as the API
// does, in its envelope `{ code: 0, errMsg: '', data }`. The set-up (setup.ts) restores the real
// fetch after each test.
import { vi } from 'vitest';

/** One request the page sent: its method, path, query and JSON body (null without one). */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs the network: `answer(call)` gives the data of the envelope, or a whole `Response` (an error
 * envelope with its HTTP status, say) sent as it is. Returns the calls, in order.
 */
export function stubNetwork(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
    calls.push(call);
    const data = answer(call);
    if (data instanceof Response) {
      return data;
    }
    return new Response(JSON.stringify({ code: 0, errMsg: '', data: data ?? null }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** A refusal as the API answers it: the error envelope `{ code, errMsg, data: null }` with its HTTP status. */
export function refusal(code: number, status: number, errMsg: string): Response {
  return new Response(JSON.stringify({ code, errMsg, data: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The calls as method, path and body only, for comparing what a form sent as a whole. */
export function sent(calls: readonly Call[]): Omit<Call, 'query'>[] {
  return calls.map(({ method, path, body }) => ({ method, path, body }));
}
