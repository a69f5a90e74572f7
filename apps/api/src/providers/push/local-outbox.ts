import type { NoticePusher, PushMessage } from './push';

/** The most messages kept; older ones are dropped first so a long-running server does not grow without bound. */
const KEEP = 1000;

/**
 * The embedded default: nothing leaves the machine. Messages are kept in memory, newest last, so
 * development and tests can see what would have been sent.
 */
export class LocalPushOutbox implements NoticePusher {
  readonly name = 'local' as const;
  private readonly sent: (PushMessage & { sentAt: Date })[] = [];

  canReach(): boolean {
    return true;
  }

  async send(message: PushMessage): Promise<void> {
    this.sent.push({ ...message, sentAt: new Date() });
    if (this.sent.length > KEEP) {
      this.sent.splice(0, this.sent.length - KEEP);
    }
  }

  /** What was sent, optionally to one openid, oldest first. */
  list(openid?: string): readonly (PushMessage & { sentAt: Date })[] {
    return openid === undefined ? [...this.sent] : this.sent.filter((m) => m.openid === openid);
  }
}
