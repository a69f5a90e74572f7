import pg from 'pg';
import type { SessionCache } from './session.cache';

export const SESSION_CHANNEL = 'session_changed';

export interface SessionListenerOptions {
  databaseUrl: string;
  cache: SessionCache;
  /** How often the connection is checked with a query (ms); a silent network loss is found this way. */
  pingEveryMs?: number;
  /** How long a check may take before the connection counts as lost (ms). */
  pingTimeoutMs?: number;
  /** Waits between reconnection attempts (ms), growing up to the last. */
  retryDelaysMs?: readonly number[];
  onError?: (error: unknown) => void;
}

export interface SessionListener {
  /** Resolves once the first attempt to listen has finished, connected or not. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps a connection of its own listening on `session_changed` and feeds the notifications to the
 * cache. The cache is on only while this connection is known to be up: on an error, an end or a
 * check that does not come back in time it goes off (and empty), and the listener reconnects.
 */
export function listenForSessionChanges(options: SessionListenerOptions): SessionListener {
  const { cache } = options;
  const pingEveryMs = options.pingEveryMs ?? 15_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  const delays = options.retryDelaysMs ?? [500, 1_000, 2_000, 5_000, 10_000, 30_000];
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;

  const drop = (current: pg.Client, error?: unknown) => {
    if (client !== current) {
      return;
    }
    client = null;
    cache.setEnabled(false);
    if (ping) {
      clearInterval(ping);
      ping = null;
    }
    if (error !== undefined) {
      options.onError?.(error);
    }
    current.removeAllListeners('notification');
    current.on('error', () => {});
    void current.end().catch(() => {});
    if (!closed) {
      retry = setTimeout(() => void connect(), delays[Math.min(attempt, delays.length - 1)]);
      attempt += 1;
    }
  };

  const connect = async () => {
    retry = null;
    const current = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      application_name: 'glucoguard-session-listener',
    });
    client = current;
    current.on('notification', (message) => cache.changed(message.payload ?? ''));
    current.on('error', (error) => drop(current, error));
    current.on('end', () => drop(current));
    try {
      await current.connect();
      await current.query(`listen ${SESSION_CHANNEL}`);
    } catch (error) {
      drop(current, error);
      return;
    }
    if (closed || client !== current) {
      return;
    }
    attempt = 0;
    cache.setEnabled(true);
    ping = setInterval(() => {
      const timeout = setTimeout(
        () => drop(current, new Error('session listener: the connection check timed out')),
        pingTimeoutMs,
      );
      current.query('select 1').then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          drop(current, error);
        },
      );
    }, pingEveryMs);
    ping.unref();
  };

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retry) {
        clearTimeout(retry);
      }
      const current = client;
      if (current) {
        drop(current);
      }
      cache.setEnabled(false);
    },
  };
}
