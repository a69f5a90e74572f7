import { sql, type Db } from '../../../lib/db';
import type { SessionContext } from '../../../lib/session-context';
import { Session } from './session.entity';

/** Sessions and the look-up every signed-in request makes. */
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async add(row: {
    tokenHash: string;
    customerId: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  }): Promise<void> {
    this.db.create(Session, row);
    await this.db.flush();
  }

  /** The caller of a live token and when it expires: one indexed join, no entities. */
  async findLive(tokenHash: string, now: Date): Promise<{ session: SessionContext; expiresAt: Date } | null> {
    const rows = await sql(this.db).execute<
      { session_id: string; customer_id: string; openid: string; registered: boolean; expires_at: Date | string }[]
    >(
      `select s.id as session_id, c.id as customer_id, c.openid, c.registered_at is not null as registered, s.expires_at
         from session s join customer c on c.id = s.customer_id
        where s.token_hash = ? and s.revoked_at is null and s.expires_at > ?`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) {
      return null;
    }
    return {
      session: {
        sessionId: row.session_id,
        customerId: row.customer_id,
        openid: row.openid,
        registered: row.registered,
      },
      expiresAt: new Date(row.expires_at),
    };
  }

  async revoke(sessionId: string, at: Date): Promise<void> {
    await this.db.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: at });
  }

  /** Revokes every live session of these customers. */
  async revokeAllOf(customerIds: string[], at: Date): Promise<void> {
    await this.db.nativeUpdate(Session, { customerId: { $in: customerIds }, revokedAt: null }, { revokedAt: at });
  }
}
