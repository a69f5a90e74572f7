import type { Db } from '../../../lib/db';
import { WebhookClientRepository } from './webhookClient.repository';

/** The client's name and contact, for the notice when one of its subscriptions is switched off. */
export function webhookClientContact(
  db: Db,
  clientId: string,
): Promise<{ name: string; phone: string | null; email: string | null } | null> {
  return new WebhookClientRepository(db).contact(clientId);
}
