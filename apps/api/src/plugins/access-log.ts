import fp from 'fastify-plugin';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino, { type Logger } from 'pino';
import { redactUrl } from '../lib/redact';

/** What a logger carries that its lines are made of (pino's own symbols). */
interface LineParts {
  [pino.symbols.streamSym]: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.timeSym]: () => string;
}

type LogArguments = Parameters<pino.LogFn>;

/**
 * A request's logger (`request.log`, `reply.log`), made into a pino child only when the request
 * logs something other than its access line: a handler's warning, an error. pino's `child` formats
 * the bindings, builds the child's formatters and serialisers and stringifies the request id for
 * every request (about 1–2 µs), while most requests write nothing but the access line, which is
 * built from the parent's parts and the request id here (AccessLogController). Each level method
 * checks the level first, so a disabled level makes no child either.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: Logger | undefined;

  constructor(
    /** The server's logger. */
    readonly parent: Logger,
    /** The request's bindings (Fastify's `{ reqId }`). */
    readonly bindings: pino.Bindings,
  ) {}

  /** The pino child, made on first use. */
  #pino(): Logger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): pino.LevelWithSilentOrString {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: pino.LevelWithSilentOrString) {
    this.#pino().level = level;
  }

  get msgPrefix(): string | undefined {
    return (this.#child ?? this.parent).msgPrefix;
  }

  isLevelEnabled(level: pino.LevelWithSilentOrString): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: LogArguments): void {
    if (this.isLevelEnabled('fatal')) {
      this.#pino().fatal(...args);
    }
  }

  error(...args: LogArguments): void {
    if (this.isLevelEnabled('error')) {
      this.#pino().error(...args);
    }
  }

  warn(...args: LogArguments): void {
    if (this.isLevelEnabled('warn')) {
      this.#pino().warn(...args);
    }
  }

  info(...args: LogArguments): void {
    if (this.isLevelEnabled('info')) {
      this.#pino().info(...args);
    }
  }

  debug(...args: LogArguments): void {
    if (this.isLevelEnabled('debug')) {
      this.#pino().debug(...args);
    }
  }

  trace(...args: LogArguments): void {
    if (this.isLevelEnabled('trace')) {
      this.#pino().trace(...args);
    }
  }

  silent(): void {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.#pino().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy RequestLogger, or a pino child at once when the route asks
 * for a level or serialisers of its own (none of ours does).
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  return options.level === undefined && options.serializers === undefined
    ? new RequestLogger(parent as Logger, bindings)
    : parent.child(bindings, options);
}

/**
 * One access-log line per request, once the answer is sent: method and URL (sensitive query values
 * masked), status and milliseconds, under the request's id. Fastify's own controller writes two
 * lines (incoming and completed); the incoming one is dropped.
 *
 * A completed request's line is written straight to the logger's destination, in pino's own format
 * (level, time, the server logger's bindings, reqId, req, res, responseTime, msg): going through a
 * child logger cost its serialisers, the redaction walk of the line and pino's generic JSON
 * building. Everything in it is either ours (redactUrl) or JSON-escaped here. A failed request
 * still goes through the logger (rare, and its error is serialised and redacted).
 */
export class AccessLogController extends LogController {
  /** The request id's key in a request's bindings (`reqId`), as JSON. */
  readonly #idKey = JSON.stringify(this.requestIdLogLabel);

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const log = reply.log;
    if (!(log as Logger).isLevelEnabled('info')) {
      return;
    }
    const id = JSON.stringify(String(request.id));
    // A RequestLogger's line carries the server logger's bindings and the request's id (Fastify's
    // bindings for the request, `{ reqId: request.id }`); a pino child's bindings hold both already.
    const lazy = log instanceof RequestLogger;
    const parts = (lazy ? log.parent : log) as unknown as LineParts;
    const bindings = lazy
      ? `${parts[pino.symbols.chindingsSym]},${this.#idKey}:${id}`
      : parts[pino.symbols.chindingsSym];
    const time = parts[pino.symbols.timeSym];
    parts[pino.symbols.streamSym].write(
      `{"level":30${time === pino.stdTimeFunctions.epochTime ? epochTimeField() : time()}${bindings}` +
        `,"req":{"method":${methodJson(request.method)},"url":${JSON.stringify(redactUrl(request.url))},"requestId":${id}}` +
        `,"res":{"statusCode":${reply.statusCode}},"responseTime":${milliseconds(reply.elapsedTime)},"msg":"request completed"}\n`,
    );
  }
}

let epochMs = 0;
let epochField = '';

/**
 * pino's default `,"time":<epoch ms>`, its text made once per millisecond: turning the
 * millisecond count (beyond the small integers V8 caches the text of) into a string on every line
 * showed in the profile.
 */
function epochTimeField(): string {
  const now = Date.now();
  if (now !== epochMs) {
    epochMs = now;
    epochField = `,"time":${now}`;
  }
  return epochField;
}

/**
 * A duration in milliseconds as JSON, to the microsecond (`0.418`, not `0.41829200000000014`;
 * always three decimals, `2.050`):
 * made of two small integers, whose text V8 has at hand, instead of the shortest round-trip
 * text of a double, the dearest step of the access line in the profile.
 */
export function milliseconds(ms: number): string {
  if (!(ms >= 0 && ms < 2 ** 30 / 1000)) {
    return Number.isFinite(ms) ? String(Math.round(ms)) : '0';
  }
  const micros = Math.round(ms * 1000);
  const whole = Math.floor(micros / 1000);
  const fraction = micros - whole * 1000;
  return `${whole}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

const KNOWN_METHODS = new Map(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => [m, `"${m}"`]));

/** A request method as JSON. */
function methodJson(method: string): string {
  return KNOWN_METHODS.get(method) ?? JSON.stringify(method);
}

/** Lines gathered before they are handed to the destination, in characters (about 50 access lines). */
const BATCH_CHARS = 16384;

/**
 * The API's log destination: sonic-boom writing asynchronously to stdout, with lines gathered here
 * 16 KB at a time first. Each batch is one `fs.write` on libuv's thread pool, whose hand-over (a
 * pool thread woken, the event loop woken when it is done) costs more than writing the bytes: at
 * 4 KB batches (a write every 13 requests) the pool threads' time alone was about a tenth of the
 * API's CPU on the getServerTime bench. sonic-boom's own `write` also measures the byte length of
 * its last pending chunk on every call; handed whole batches it does that once per batch. `flush`,
 * `flushSync` and `end` (called by the flush timer, at close, by pino on a fatal line and by pino's
 * exit handler) write what is gathered first, so nothing is lost on a crash.
 */
export function logDestination(): ReturnType<typeof pino.destination> {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_CHARS, maxWrite: 4 * BATCH_CHARS });
  let pending = '';
  const write = destination.write.bind(destination);
  const release = () => {
    if (pending !== '') {
      const batch = pending;
      pending = '';
      write(batch);
    }
  };
  destination.write = (line: string) => {
    pending += line;
    if (pending.length >= BATCH_CHARS) {
      release();
    }
    return true;
  };
  for (const method of ['flush', 'flushSync', 'end'] as const) {
    const original = destination[method].bind(destination) as (...args: unknown[]) => void;
    destination[method] = (...args: unknown[]) => {
      release();
      original(...args);
    };
  }
  return destination;
}

/** The longest a log line waits in the asynchronous destination's buffer. */
const FLUSH_EVERY_MS = 1000;

/**
 * The asynchronous log destination writes once it holds 4 KB; this writes what it holds at least
 * every second (a quiet server's lines still appear), and once more when the app closes.
 */
export default fp(
  (app: FastifyInstance) => {
    const log = app.log as Logger;
    const timer = setInterval(() => log.flush(), FLUSH_EVERY_MS);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      log.flush(() => done());
    });
  },
  { name: 'access-log' },
);
