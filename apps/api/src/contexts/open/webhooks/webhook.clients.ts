import type { Db } from '../../../lib/db';
import { WebhookClientRepository } from './webhookClient.repository';

/** The client's name and contact, for the notice when one of its subscriptions is switched off. */
export function webhookClientContact(
  db: Db,
  clientId: string,
): Promise<{ name: string; phone: string | null; email: string | null } | null> {
  return new WebhookClientRepository(db).contact(clientId);
}

/** The delivery log's words for a delivery that may no longer be sent. */
export const DELIVERY_REFUSALS = {
  clientDisabled: '应用已停用，未推送',
  grantRevoked: '授权已撤销，未推送',
} as const;

/**
 * Why a delivery may not be sent now, or null: the client is switched off (停用) or gone, or the
 * delivery carries a patient's data (`customerId`) and that patient's grant to the client with
 * readings.read is no longer live. Checked before every attempt and every replay.
 */
export async function deliveryRefusal(db: Db, clientId: string, customerId: string | null): Promise<string | null> {
  const state = await new WebhookClientRepository(db).sendState(clientId, customerId);
  if (!state.clientLive) {
    return DELIVERY_REFUSALS.clientDisabled;
  }
  return state.grantLive ? null : DELIVERY_REFUSALS.grantRevoked;
}
