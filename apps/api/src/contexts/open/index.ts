/**
 * The open platform for integrators (issue 23): OAuth 2.0 clients, consent and tokens (oauth), the
 * integrators' read and write operations (open-data), the change feed (changes), signed webhooks
 * (webhooks) and the FHIR R4 export (fhir). It reads health and devices through their index.ts;
 * neither imports it: it hears their domain events through subscriptions wired in
 * src/composition.ts.
 */
// Webhooks: subscriptions, signed deliveries, the delivery log (docs/adr/0223, 0224).
export { webhookRoutes } from './webhooks/webhook.routes';
export {
  runWebhookAttempt,
  WEBHOOK_ATTEMPT_JOB,
  webhooksOnDeviceBound,
  webhooksOnGrantRevoked,
  webhooksOnReadingDeleted,
  webhooksOnReadingRecorded,
  webhooksOnReadingUpdated,
  type WebhookAttemptPayload,
} from './webhooks/webhook.delivery';
export {
  runWebhookNotice,
  WEBHOOK_NOTICE_JOB,
  WEBHOOK_NOTICE_MAX_ATTEMPTS,
  type WebhookNoticePayload,
} from './webhooks/webhook.notice';
// The integrators' data operations and the change feed (docs/adr/0221, 0222).
export { openDataRoutes } from './open-data/openData.routes';
export { changesRoutes } from './changes/changes.routes';
export {
  changesOnDevice,
  changesOnReadingDeleted,
  changesOnReadingRecorded,
  changesOnReadingUpdated,
} from './changes/changes.service';
export { deleteExpiredIdempotencyKeys, IDEMPOTENCY_CLEANUP_JOB } from './open-data/idempotency.service';
export { OPEN_RETENTION_INTERVAL_MS, OPEN_RETENTION_JOB, pruneOpenHistory } from './changes/retention.service';
export { setOpenDevices } from './open-data/provisioning.service';
// OAuth: clients, consent, grants, tokens, the open operations' gate (docs/adr/0217–0219).
export { openEvents, type GrantRevoked } from './open.events';
export {
  hashSecret,
  OAUTH_PRUNE_INTERVAL_MS,
  OAUTH_PRUNE_JOB,
  pruneOAuthRows,
  resolveAccessToken,
  takeClientCall,
} from './oauth/oauth.gate';
// The console's 应用接入: registering clients (docs/adr/0220).
export { openClientRoutes } from './clients/clients.routes';
// The FHIR R4 export (docs/adr/0225, 0226).
export { fhirRoutes } from './fhir/fhir.routes';
export { oauthRoutes } from './oauth/oauth.routes';
