import { EventBus } from '../../lib/event-bus';

/**
 * The open context's domain events and their bus (issue 23). The oauth module publishes them inside
 * the transaction that made the change; the change feed and webhooks (`consent.revoked`) subscribe
 * in `src/composition.ts`.
 */

/**
 * A patient's grant (授权) to a client ended: the patient revoked it in 授权管理, or the client
 * revoked its refresh token (RFC 7009). Every token of the grant stopped working in the same
 * transaction.
 */
export interface GrantRevoked {
  type: 'GrantRevoked';
  grantId: string;
  clientId: string;
  customerId: string;
  /** The scopes the grant held. */
  scopes: readonly string[];
  /** Who ended it. */
  by: 'patient' | 'client';
  at: Date;
}

export interface OpenEvents {
  GrantRevoked: GrantRevoked;
}

/** The open context's bus. */
export const openEvents = new EventBus<OpenEvents>();
