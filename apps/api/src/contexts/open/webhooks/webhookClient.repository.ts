import type { EntityManager } from '@mikro-orm/core';
import { OAuthClient } from '../oauth/oauth.entity';

/** What webhooks read of the oauth module's clients: the name and the contact. */
export class WebhookClientRepository {
  constructor(private readonly em: EntityManager) {}

  async contact(clientId: string): Promise<{ name: string; phone: string | null; email: string | null } | null> {
    const client = await this.em.findOne(
      OAuthClient,
      { id: clientId },
      { fields: ['name', 'contactPhone', 'contactEmail'], disableIdentityMap: true },
    );
    return client
      ? { name: client.name, phone: client.contactPhone || null, email: client.contactEmail || null }
      : null;
  }
}
