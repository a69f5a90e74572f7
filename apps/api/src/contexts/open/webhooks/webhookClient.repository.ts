import type { EntityManager } from '@mikro-orm/core';
import { nativeQuery } from '../../../lib/db';
import { OAuthClient } from '../oauth/oauth.entity';

/** What webhooks read of the oauth module's clients and grants: the contact, and whether a delivery may go. */
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

  /**
   * Whether the client exists and is not switched off, and (for a patient's data) whether the
   * patient's grant to it is live and includes readings.read: the same rule that chose who hears.
   */
  async sendState(clientId: string, customerId: string | null): Promise<{ clientLive: boolean; grantLive: boolean }> {
    const [row] = await nativeQuery<{ client_live: boolean; grant_live: boolean }>(
      this.em,
      `select not c.disabled as client_live,
              ($2::uuid is null or exists (select 1 from oauth_grant g
                                            where g.client_id = c.id and g.customer_id = $2::uuid
                                              and g.revoked_at is null and jsonb_exists(g.scopes, 'readings.read'))) as grant_live
         from oauth_client c where c.id = $1`,
      [clientId, customerId],
    );
    return { clientLive: row?.client_live === true, grantLive: row?.grant_live === true };
  }
}
