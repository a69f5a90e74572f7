import type { SessionContext } from '../../../lib/session-context';

/** A checked session as the cache keeps it: the caller, until when the token is good, until when the entry is. */
interface Entry {
  session: SessionContext;
  expiresAt: number;
  freshUntil: number;
}

export interface SessionCacheOptions {
  /** How long a checked session is trusted without asking the database again (ms). */
  ttlMs: number;
  /** The most sessions kept; the oldest go first. */
  maxEntries: number;
  /** A monotonic clock in ms (performance.now by default). */
  monotonicMs?: () => number;
}

/**
 * Sessions this process checked recently, so a signed-in request need not ask the database who
 * its caller is every time. It is only on while something tells it of every change: the process
 * listens for the database's `session_changed` notifications (a trigger sends one whenever a
 * session row or a customer's openid or registration changes, whoever changed it). While that
 * listener is down the cache is off and empty, and every request asks the database.
 *
 * Only registered callers are kept: registration is the one change that makes a session say more
 * than before, so an unregistered caller's next request always sees it at once. A notification
 * that arrives while a lookup is under way keeps that lookup's answer out of the cache (the
 * generation counter), so a revocation can never be undone by a read that started before it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled = false;
  private readonly monotonicMs: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** The cached caller of a token hash, or undefined when the database has to be asked. */
  get(tokenHash: string, now: Date): SessionContext | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      return undefined;
    }
    if (!this.enabled || entry.expiresAt <= now.getTime() || entry.freshUntil <= this.monotonicMs()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Call before asking the database; hand the answer to `put` with this ticket. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps a session the database just vouched for, unless anything changed since `ticket`. */
  put(tokenHash: string, session: SessionContext, expiresAt: Date, ticket: number): void {
    if (!this.enabled || ticket !== this.generation || !session.registered) {
      return;
    }
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
    this.entries.set(tokenHash, {
      session,
      expiresAt: expiresAt.getTime(),
      freshUntil: this.monotonicMs() + this.options.ttlMs,
    });
  }

  /** A notification payload from the `session_changed` trigger: `s:<token hash>` or `c:<customer id>`. */
  changed(payload: string): void {
    this.generation += 1;
    if (payload.startsWith('s:')) {
      this.entries.delete(payload.slice(2));
    } else if (payload.startsWith('c:')) {
      this.forget((s) => s.customerId === payload.slice(2));
    } else {
      this.entries.clear();
    }
  }

  /** Drops a session this process itself just revoked, before its response goes out. */
  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.forget((s) => s.sessionId === sessionId);
  }

  /** Turns the cache on (the listener is connected) or off (it is not); either way it starts empty. */
  setEnabled(enabled: boolean): void {
    this.generation += 1;
    this.enabled = enabled;
    this.entries.clear();
  }

  private forget(match: (s: SessionContext) => boolean): void {
    for (const [hash, entry] of this.entries) {
      if (match(entry.session)) {
        this.entries.delete(hash);
      }
    }
  }
}
