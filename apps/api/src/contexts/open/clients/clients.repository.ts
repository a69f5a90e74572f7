import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Customer } from '../../identity';
import { nativeQuery } from '../../../lib/db';
import { OAuthClient, OAuthGrant } from '../oauth/oauth.entity';

/** A registered client as the console reads and writes it (the `oauth_client` row, id as clientId). */
export interface ClientRow {
  clientId: string;
  name: string;
  organisation: string;
  contactPhone: string;
  contactEmail: string;
  secretHash: string;
  redirectUris: string[];
  allowedScopes: string[];
  grantTypes: string[];
  rateLimitPerMinute: number;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A patient's grant to a client with the patient's name and phone (masked by the service, never here). */
export interface ClientGrantRow {
  grantId: string;
  customerId: string;
  nickname: string;
  phone: string | null;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

function rowOf(entity: OAuthClient): ClientRow {
  const { id, ...rest } = entity;
  return { ...rest, clientId: id };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The console's registration of OAuth clients: lane OAUTH's table, written here only by the console. */
export class ClientsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(row: ClientRow): Promise<void> {
    const { clientId, ...rest } = row;
    await this.em.insert(OAuthClient, { ...rest, id: clientId });
  }

  async byClientId(clientId: string): Promise<ClientRow | null> {
    const found = await this.em.findOne(OAuthClient, { id: clientId }, { disableIdentityMap: true });
    return found ? rowOf(found) : null;
  }

  /** The row, locked for the rest of the transaction (select … for update). */
  async lockByClientId(clientId: string): Promise<ClientRow | null> {
    const found = await this.em.findOne(
      OAuthClient,
      { id: clientId },
      { disableIdentityMap: true, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    return found ? rowOf(found) : null;
  }

  async update(clientId: string, changes: Partial<Omit<ClientRow, 'clientId' | 'createdAt'>>): Promise<void> {
    await this.em.nativeUpdate(OAuthClient, { id: clientId }, changes);
  }

  /**
   * Newest first; `keyword` is part of the name or organisation (any case) or a whole client id;
   * `disabled` narrows to enabled (false) or disabled (true) clients.
   */
  async page(
    filter: { keyword?: string; disabled?: boolean },
    offset: number,
    limit: number,
  ): Promise<[ClientRow[], number]> {
    const like = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
    const [rows, total] = await this.em.findAndCount(
      OAuthClient,
      {
        ...(filter.disabled !== undefined && { disabled: filter.disabled }),
        ...(like &&
          filter.keyword && {
            $or: [{ name: { $ilike: like } }, { organisation: { $ilike: like } }, { id: filter.keyword }],
          }),
      },
      { orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], offset, limit, disableIdentityMap: true },
    );
    return [rows.map(rowOf), total];
  }

  /**
   * How many live (not cancelled) grants each of `clientIds` has: one grouped query for a page of
   * clients, served by the (client_id, customer_id) index. A client without any is absent.
   */
  async liveGrantCounts(clientIds: readonly string[]): Promise<Map<string, number>> {
    if (clientIds.length === 0) {
      return new Map();
    }
    const rows = await nativeQuery<{ client_id: string; grants: string | number }>(
      this.em,
      `select client_id, count(*) as grants from oauth_grant
        where client_id = any($1::text[]) and revoked_at is null group by client_id`,
      [clientIds],
    );
    return new Map(rows.map((row) => [row.client_id, Number(row.grants)]));
  }

  /** One client's grants, live and cancelled, newest first (ties by id), with their patients. */
  async grantsPage(clientId: string, offset: number, limit: number): Promise<[ClientGrantRow[], number]> {
    const [grants, total] = await this.em.findAndCount(
      OAuthGrant,
      { clientId },
      { orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], offset, limit, disableIdentityMap: true },
    );
    const patients = grants.length
      ? await this.em.find(
          Customer,
          { id: { $in: [...new Set(grants.map((grant) => grant.customerId))] } },
          { fields: ['id', 'nickname', 'phone'], disableIdentityMap: true },
        )
      : [];
    const byId = new Map(patients.map((patient) => [patient.id, patient]));
    return [
      grants.map((grant) => ({
        grantId: grant.id,
        customerId: grant.customerId,
        nickname: byId.get(grant.customerId)?.nickname ?? '',
        phone: byId.get(grant.customerId)?.phone ?? null,
        scopes: grant.scopes,
        createdAt: grant.createdAt,
        revokedAt: grant.revokedAt ?? null,
      })),
      total,
    ];
  }
}
