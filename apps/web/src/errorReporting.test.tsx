import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './components/RouteError';
import { api, setApiFetch } from './api';
import {
  ErrorReporter,
  REPORTS_PER_MINUTE,
  REPORTS_PER_PAGE,
  installErrorReporting,
  reportUrl,
  type FrontLogReport,
} from './errorReporting';
import { useSession } from './store/session';

function reporter(random = () => 0) {
  const sent: FrontLogReport[] = [];
  let now = 1_000_000;
  const r = new ErrorReporter({
    send: (report) => sent.push(report),
    context: () => ({ url: '/reportCenter/reportCenter?tab=1', customerId: 'c1' }),
    now: () => now,
    random,
  });
  return { r, sent, advance: (ms: number) => (now += ms) };
}

const boom = (message: string) => ({ funName: 'f', errName: 'TypeError', errMessage: message });

describe('ErrorReporter', () => {
  it('sends an uncaught error with the page, the customer, where it happened and its stack', () => {
    const { r, sent } = reporter();
    const error = new TypeError('x is undefined');
    expect(
      r.uncaught({
        error,
        message: 'Uncaught TypeError',
        filename: 'https://h5.example.com/assets/app.js',
        lineno: 3,
        colno: 14,
      }),
    ).toBe(true);
    expect(sent).toEqual([
      {
        customerId: 'c1',
        url: '/reportCenter/reportCenter?tab=1',
        funName: '/assets/app.js:3:14',
        errName: 'TypeError',
        errMessage: expect.stringContaining('x is undefined') as string,
      },
    ]);
  });

  it('sends the same error once per page load', () => {
    const { r, sent } = reporter();
    expect(r.report('error', boom('a'))).toBe(true);
    expect(r.report('error', boom('a'))).toBe(false);
    expect(r.unhandled(new Error('b'))).toBe(true);
    expect(r.unhandled(new Error('b'))).toBe(false);
    expect(sent.map((s) => s.errName)).toEqual(['TypeError', 'Error']);
  });

  it('sends at most REPORTS_PER_MINUTE a minute and REPORTS_PER_PAGE in all', () => {
    const { r, sent, advance } = reporter();
    for (let i = 0; i < 8; i += 1) {
      r.report('error', boom(`m${i}`));
    }
    expect(sent).toHaveLength(REPORTS_PER_MINUTE);
    advance(60_000);
    for (let minute = 0; minute < 10; minute += 1) {
      for (let i = 0; i < 8; i += 1) {
        r.report('error', boom(`n${minute}-${i}`));
      }
      advance(60_000);
    }
    expect(sent).toHaveLength(REPORTS_PER_PAGE);
  });

  it('samples failed connections one in four and sends every server failure', () => {
    const rolls = [0.1, 0.3, 0.6, 0.9];
    const { r, sent } = reporter(() => rolls.shift() ?? 0);
    const results = ['/a', '/b', '/c', '/d'].map((path) =>
      r.apiFailure('GET', `https://h5.example.com/api${path}`, { error: new TypeError('Failed to fetch') }),
    );
    expect(results).toEqual([true, false, false, false]);
    expect(sent[0]).toMatchObject({ funName: 'GET /a', errName: 'NetworkError' });
    expect(r.apiFailure('POST', '/api/sugarTest/v1/add', { status: 503, detail: '{"code":50300}' })).toBe(true);
    expect(sent[1]).toMatchObject({
      funName: 'POST /sugarTest/v1/add',
      errName: 'HTTP 503',
      errMessage: '{"code":50300}',
    });
  });

  it('reports neither a 4xx, nor an aborted call, nor a failure of the log call itself', () => {
    const { r, sent } = reporter();
    expect(r.apiFailure('POST', '/api/sugarTest/v1/add', { status: 400, detail: '' })).toBe(false);
    expect(r.apiFailure('GET', '/api/x', { error: new DOMException('aborted', 'AbortError') })).toBe(false);
    expect(r.apiFailure('POST', '/api/front/v1/log', { status: 500, detail: '' })).toBe(false);
    expect(r.apiFailure('POST', '/api/front/v1/log', { error: new TypeError('Failed to fetch') })).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends an error a route caught, with where it was caught', () => {
    const { r, sent } = reporter();
    expect(r.caught(new RangeError('out of range'))).toBe(true);
    expect(sent[0]).toMatchObject({ funName: 'route', errName: 'RangeError' });
  });

  it('cuts every field to the length the API accepts', () => {
    const { r, sent } = reporter();
    r.report('error', { funName: 'f'.repeat(500), errName: 'E'.repeat(500), errMessage: 'm'.repeat(9000) });
    expect([sent[0]?.funName.length, sent[0]?.errName.length, sent[0]?.errMessage.length]).toEqual([200, 200, 4000]);
  });
});

describe('reportUrl', () => {
  it('masks credentials and personal data in the page address', () => {
    expect(reportUrl('https://h5.example.com/?deviceKey=demo-1&code=abc&state=s&phone=13800138000&tab=2')).toBe(
      '/?deviceKey=***&code=***&state=***&phone=***&tab=2',
    );
  });
});

describe('installErrorReporting', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ token: 'tok', customerId: 'c9', sourceId: 3 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiFetch((request) => globalThis.fetch(request));
  });

  it('reports window errors and unhandled rejections without waiting, and drops a report that fails', async () => {
    installErrorReporting(window);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('bad index'), message: 'bad index' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('no catch');
    window.dispatchEvent(rejection);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Two reports, and the failed sends did not report themselves.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${window.location.origin}/api/front/v1/log`);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok', 'X-Source-Id': '3', 'X-App-Code': 'wechat_aicare' },
    });
    expect(JSON.parse(init?.body as string)).toMatchObject({ customerId: 'c9', errName: 'RangeError' });
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toMatchObject({
      funName: 'unhandledrejection',
      errName: 'Error',
    });
  });

  it('reports a call the API answered with a 5xx, with its request id, once installed', async () => {
    installErrorReporting(window);
    fetchMock.mockResolvedValue(new Response('{}'));
    setApiFetch(
      async () =>
        new Response(JSON.stringify({ code: 50000, errMsg: '服务器开小差了', data: null }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-42' },
        }),
    );
    await expect(api().GET('/config/v1/getServerTime')).rejects.toMatchObject({ code: 50000 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const report = JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as FrontLogReport;
    expect(report).toMatchObject({ funName: 'GET /config/v1/getServerTime', errName: 'HTTP 500' });
    expect(report.errMessage).toContain('服务器开小差了');
    expect(report.errMessage).toContain('requestId=req-42');
  });
});

describe('the route error screen', () => {
  it('reports the error a page threw while rendering', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    installErrorReporting(window);
    function Broken(): never {
      throw new SyntaxError('page exploded');
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '页面加载失败' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      funName: 'route',
      errName: 'SyntaxError',
    });
    vi.unstubAllGlobals();
  });
});
