import { sql, type Db } from '../../../lib/db';
import { OAuthClient, OAuthClientMinute, OAuthCode, OAuthGrant, OAuthToken } from './oauth.entity';

/** What an open operation's access token resolves to: its context and the client's limit. */
export interface LiveAccess {
  clientId: string;
  grantId: string | null;
  customerId: string | null;
  scopes: string[];
  rateLimitPerMinute: number;
}

/** Clients, grants, codes and tokens of the authorization server (tokens and codes by their hashes). */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  client(clientId: string): Promise<OAuthClient | null> {
    return this.db.findOne(OAuthClient, { id: clientId }, { disableIdentityMap: true });
  }

  /** A live access token of an enabled client: one indexed join, no entities. */
  async liveAccess(tokenHash: string, now: Date): Promise<LiveAccess | null> {
    const rows = await sql(this.db).execute<
      {
        client_id: string;
        grant_id: string | null;
        customer_id: string | null;
        scopes: string[] | string;
        rate_limit_per_minute: number;
      }[]
    >(
      `select t.client_id, t.grant_id, t.customer_id, t.scopes, c.rate_limit_per_minute
         from oauth_token t join oauth_client c on c.id = t.client_id
        where t.token_hash = ? and t.kind = 'access' and t.revoked_at is null and t.expires_at > ?
          and c.disabled = false`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) {
      return null;
    }
    return {
      clientId: row.client_id,
      grantId: row.grant_id,
      customerId: row.customer_id,
      scopes: typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : row.scopes,
      rateLimitPerMinute: row.rate_limit_per_minute,
    };
  }

  /** Counts one call of `clientId` in `minute` (one upsert) and answers the minute's count so far. */
  async countCall(clientId: string, minute: Date): Promise<number> {
    const rows = await sql(this.db).execute<{ calls: number }[]>(
      `insert into oauth_client_minute (client_id, minute, calls) values (?, ?, 1)
       on conflict (client_id, minute) do update set calls = oauth_client_minute.calls + 1
       returning calls`,
      [clientId, minute],
    );
    return Number(rows[0]?.calls ?? 0);
  }

  /** Forgets a client's counts of minutes before `minute`. */
  async pruneCalls(clientId: string, minute: Date): Promise<void> {
    await this.db.nativeDelete(OAuthClientMinute, { clientId, minute: { $lt: minute } });
  }

  liveGrant(clientId: string, customerId: string): Promise<OAuthGrant | null> {
    return this.db.findOne(OAuthGrant, { clientId, customerId, revokedAt: null }, { disableIdentityMap: true });
  }

  grant(grantId: string): Promise<OAuthGrant | null> {
    return this.db.findOne(OAuthGrant, { id: grantId }, { disableIdentityMap: true });
  }

  /** The patient's live grants, newest first. */
  liveGrantsOf(customerId: string): Promise<OAuthGrant[]> {
    return this.db.find(
      OAuthGrant,
      { customerId, revokedAt: null },
      { orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], disableIdentityMap: true },
    );
  }

  clientsByIds(ids: string[]): Promise<OAuthClient[]> {
    return ids.length === 0
      ? Promise.resolve([])
      : this.db.find(OAuthClient, { id: { $in: ids } }, { disableIdentityMap: true });
  }

  async insertGrant(row: {
    id: string;
    clientId: string;
    customerId: string;
    scopes: string[];
    now: Date;
  }): Promise<void> {
    await this.db.insert(OAuthGrant, {
      id: row.id,
      clientId: row.clientId,
      customerId: row.customerId,
      scopes: row.scopes,
      createdAt: row.now,
      updatedAt: row.now,
      revokedAt: null,
    });
  }

  async widenGrant(grantId: string, scopes: string[], now: Date): Promise<void> {
    await this.db.nativeUpdate(OAuthGrant, { id: grantId }, { scopes, updatedAt: now });
  }

  /** Revokes a live grant and every live token of it; false when it was not live. */
  async revokeGrant(grantId: string, now: Date): Promise<boolean> {
    const updated = await this.db.nativeUpdate(OAuthGrant, { id: grantId, revokedAt: null }, { revokedAt: now });
    await this.db.nativeUpdate(OAuthToken, { grantId, revokedAt: null }, { revokedAt: now });
    return updated > 0;
  }

  async insertCode(row: Omit<OAuthCode, 'usedAt'>): Promise<void> {
    await this.db.insert(OAuthCode, { ...row, usedAt: null });
  }

  code(codeHash: string): Promise<OAuthCode | null> {
    return this.db.findOne(OAuthCode, { codeHash }, { disableIdentityMap: true });
  }

  /** Marks a code used unless it already was: false for a second use (two at once: one wins). */
  async useCode(codeHash: string, now: Date): Promise<boolean> {
    return (await this.db.nativeUpdate(OAuthCode, { codeHash, usedAt: null }, { usedAt: now })) > 0;
  }

  async insertToken(row: Omit<OAuthToken, 'rotatedAt' | 'revokedAt'>): Promise<void> {
    await this.db.insert(OAuthToken, { ...row, rotatedAt: null, revokedAt: null });
  }

  token(tokenHash: string): Promise<OAuthToken | null> {
    return this.db.findOne(OAuthToken, { tokenHash }, { disableIdentityMap: true });
  }

  /** Marks a live refresh token rotated: false when it was already rotated or revoked (a reuse). */
  async rotate(tokenHash: string, now: Date): Promise<boolean> {
    return (
      (await this.db.nativeUpdate(
        OAuthToken,
        { tokenHash, kind: 'refresh', rotatedAt: null, revokedAt: null },
        { rotatedAt: now },
      )) > 0
    );
  }

  /** Revokes every live token of a family (a refresh chain and its access tokens). */
  async revokeFamily(familyId: string, now: Date): Promise<number> {
    return this.db.nativeUpdate(OAuthToken, { familyId, revokedAt: null }, { revokedAt: now });
  }

  /** Revokes one token (a client-credentials access token). */
  async revokeToken(tokenHash: string, now: Date): Promise<void> {
    await this.db.nativeUpdate(OAuthToken, { tokenHash, revokedAt: null }, { revokedAt: now });
  }

  /** Deletes up to `limit` codes or tokens (`table`) that expired before `before`; answers how many. */
  async deleteExpired(table: 'oauth_code' | 'oauth_token', before: Date, limit: number): Promise<number> {
    const key = table === 'oauth_code' ? 'code_hash' : 'token_hash';
    const rows = await sql(this.db).execute<{ n: number | string }[]>(
      `with gone as (
         delete from ${table} where ${key} in (select ${key} from ${table} where expires_at < ? limit ?)
         returning 1)
       select count(*) as n from gone`,
      [before, limit],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
