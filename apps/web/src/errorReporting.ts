// The web app reports its own errors through POST /front/v1/log (spec 1 §7.2, §8: uncaught script
// errors, unhandled rejections and failed calls, with the page address and the customer id).
// A broken page must not flood the log nor slow the user down: every report is sampled, the same
// error is sent once per page load, at most REPORTS_PER_MINUTE a minute and REPORTS_PER_PAGE in
// all, sent without waiting (a keepalive fetch), and a report that fails is dropped, never
// reported (docs/adr/0107-front-end-error-reporting.md).
import { appCodeForSource } from '@glucoguard/sdk';
import { useSession } from './store/session';

/** The path of the log call, after the API's base address. */
export const FRONT_LOG_PATH = '/front/v1/log';
/** At most this many reports leave a page in any 60 s. */
export const REPORTS_PER_MINUTE = 5;
/** At most this many reports leave one page load (the server takes 20 a minute per address). */
export const REPORTS_PER_PAGE = 20;

/** What kind of failure a report is about; each kind has its own sampling rate. */
export type ReportKind = 'error' | 'rejection' | 'server' | 'network';

/**
 * The share of each kind that is sent. Script errors and server failures are our bugs: all of
 * them. A failed connection is mostly a weak phone signal, not a bug: one in four.
 */
export const SAMPLE_RATES: Readonly<Record<ReportKind, number>> = {
  error: 1,
  rejection: 1,
  server: 1,
  network: 0.25,
};

/** One report, in the fields of FrontLogInput (openapi.yaml). */
export interface FrontLogReport {
  customerId: string | null;
  url: string;
  funName: string;
  errName: string;
  errMessage: string;
}

export interface ReporterOptions {
  /** Sends a report without waiting; must never throw. */
  send: (report: FrontLogReport) => void;
  /** The page address and the customer, read when a report is made. */
  context: () => { url: string; customerId: string | null };
  now?: () => number;
  random?: () => number;
}

/** A report's fields cut to the limits openapi.yaml sets (FrontLogInput). */
const LIMITS = { url: 2048, funName: 200, errName: 200, errMessage: 4000 } as const;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Query parameters whose values are credentials or personal data: never sent in a report. */
const SECRET_PARAMS = /^(code|state|token|devicekey|phone|validcode|idcard)$/i;

/** The page address of a report: path and query, with credentials and personal data masked. */
export function reportUrl(href: string): string {
  const url = new URL(href, 'http://localhost');
  for (const key of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(key)) {
      url.searchParams.set(key, '***');
    }
  }
  return `${url.pathname}${url.search}`;
}

/** Sampling, de-duplication and the rate limits of the reports of one page load. */
export class ErrorReporter {
  private readonly seen = new Set<string>();
  private readonly sentAt: number[] = [];
  private sent = 0;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: ReporterOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Reports a failure unless it was seen, sampled out, or over a limit; answers whether it was sent. */
  report(kind: ReportKind, failure: { funName: string; errName: string; errMessage: string }): boolean {
    // The first line of the message (not the stack: the same error thrown again has the same first line).
    const signature = `${failure.errName}|${failure.funName}|${failure.errMessage.split('\n', 1)[0]?.slice(0, 200) ?? ''}`;
    if (this.seen.has(signature)) {
      return false;
    }
    // Seen counts even when sampled out: the same error is decided once per page load.
    this.seen.add(signature);
    if (this.random() >= SAMPLE_RATES[kind] || this.sent >= REPORTS_PER_PAGE) {
      return false;
    }
    const now = this.now();
    while (this.sentAt.length > 0 && (this.sentAt[0] ?? 0) <= now - 60_000) {
      this.sentAt.shift();
    }
    if (this.sentAt.length >= REPORTS_PER_MINUTE) {
      return false;
    }
    this.sentAt.push(now);
    this.sent += 1;
    const { url, customerId } = this.options.context();
    this.options.send({
      customerId,
      url: cut(url, LIMITS.url),
      funName: cut(failure.funName, LIMITS.funName),
      errName: cut(failure.errName || 'Error', LIMITS.errName),
      errMessage: cut(failure.errMessage, LIMITS.errMessage),
    });
    return true;
  }

  /** An uncaught error (window `error` event). */
  uncaught(event: Pick<ErrorEvent, 'error' | 'message' | 'filename' | 'lineno' | 'colno'>): boolean {
    const error: unknown = event.error;
    const where = event.filename ? `${reportUrl(event.filename)}:${event.lineno}:${event.colno}` : 'window.onerror';
    return this.report('error', {
      funName: where,
      errName: error instanceof Error ? error.name : 'Error',
      errMessage: describe(error, event.message),
    });
  }

  /** An error a route's error screen caught: a page that failed to render or to load its code. */
  caught(error: unknown): boolean {
    return this.report('error', {
      funName: 'route',
      errName: error instanceof Error ? error.name : 'Error',
      errMessage: describe(error, String(error)),
    });
  }

  /** A promise rejected with nobody to catch it (window `unhandledrejection` event). */
  unhandled(reason: unknown): boolean {
    return this.report('rejection', {
      funName: 'unhandledrejection',
      errName: reason instanceof Error ? reason.name : 'UnhandledRejection',
      errMessage: describe(reason, String(reason)),
    });
  }

  /**
   * A call to the API that failed: the network (not an abort) or a 5xx. A 4xx is the API refusing
   * a request as designed (the user sees its errMsg) and is not reported.
   */
  apiFailure(method: string, url: string, outcome: { status: number; detail: string } | { error: unknown }): boolean {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    if (path === FRONT_LOG_PATH) {
      return false;
    }
    const funName = `${method} ${path}`;
    if ('error' in outcome) {
      if (outcome.error instanceof DOMException && outcome.error.name === 'AbortError') {
        return false;
      }
      return this.report('network', { funName, errName: 'NetworkError', errMessage: describe(outcome.error, '') });
    }
    if (outcome.status < 500) {
      return false;
    }
    return this.report('server', { funName, errName: `HTTP ${outcome.status}`, errMessage: outcome.detail });
  }
}

/** An error's message and stack, or the fallback text for a thrown non-error. */
function describe(error: unknown, fallback: string): string {
  if (error instanceof Error) {
    const stack = error.stack ?? '';
    return stack.includes(error.message) ? stack : `${error.message}\n${stack}`.trim();
  }
  return fallback || String(error);
}

/** Sends a report as the web app's calls are sent (brand headers, the session), without waiting. */
function sendReport(report: FrontLogReport): void {
  try {
    const { sourceId, token } = useSession.getState();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Source-Id': String(sourceId),
      'X-App-Code': appCodeForSource(sourceId),
    };
    if (token !== null) {
      headers.Authorization = `Bearer ${token}`;
    }
    // keepalive: the report still leaves when the page is being closed; its failure is dropped.
    void fetch(`${window.location.origin}/api${FRONT_LOG_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A report that cannot be sent is dropped: reporting must never raise an error of its own.
  }
}

let installed: ErrorReporter | null = null;

/**
 * Listens for uncaught errors and unhandled rejections and turns on the reports of failed calls
 * (apps/web/src/api.ts). Called once at start-up (main.tsx); component tests never call it.
 */
export function installErrorReporting(target: Window = window): ErrorReporter {
  if (installed !== null) {
    return installed;
  }
  const reporter = new ErrorReporter({
    send: sendReport,
    context: () => ({ url: reportUrl(target.location.href), customerId: useSession.getState().customerId }),
  });
  target.addEventListener('error', (event) => guarded(() => reporter.uncaught(event)));
  target.addEventListener('unhandledrejection', (event) => guarded(() => reporter.unhandled(event.reason)));
  installed = reporter;
  return reporter;
}

/** Reports a failed API call, once reporting is installed (a no-op before, and in tests). */
export function reportApiFailure(
  method: string,
  url: string,
  outcome: { status: number; detail: string } | { error: unknown },
): void {
  const reporter = installed;
  if (reporter !== null) {
    guarded(() => reporter.apiFailure(method, url, outcome));
  }
}

/** Reports an error the route error screen caught (components/RouteError.tsx), once reporting is installed. */
export function reportRouteError(error: unknown): void {
  const reporter = installed;
  if (reporter !== null) {
    guarded(() => reporter.caught(error));
  }
}

/** Runs a reporting step; an error inside it is swallowed, so reporting can never report itself. */
function guarded(step: () => unknown): void {
  try {
    step();
  } catch {
    // Nothing: see above.
  }
}
