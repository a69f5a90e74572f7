import { LockMode, type EntityManager } from '@mikro-orm/core';
import { OAuthClient } from '../oauth/oauth.entity';

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
}
