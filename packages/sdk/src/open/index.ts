// @glucoguard/sdk/open: the integrators' entry (OAuth with PKCE, the open client, webhooks).
export { createOpenClient, AUTO_IDEMPOTENCY_KEY } from './client';
export type { OpenClient, OpenClientOptions, OpenCall, OpenPage, OpenPaths, ItemOf, TokenStore } from './client';
export { buildAuthorizeUrl, createPkcePair, createState, pkceChallenge } from './pkce';
export type { AuthorizeUrlOptions, PkcePair } from './pkce';
export { exchangeCode, refreshTokens, clientCredentials, revokeToken } from './oauth';
export type { TokenSet, TokenEndpointOptions, ExchangeCodeOptions, OpenScope } from './oauth';
export { backoffDelay, parseRetryAfter, RETRY_STATUSES, IDEMPOTENT_METHODS } from './retry';
export type { RetryOptions } from './retry';
export { verifyWebhook, signWebhook, WebhookVerificationError } from './webhooks';
export type { WebhookEvent, WebhookEventOf, WebhookEventType, WebhookHeaders, VerifyWebhookOptions } from './webhooks';
export { OpenApiError, OAuthError, isOpenApiError, isOAuthError } from './errors';
