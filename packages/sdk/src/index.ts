export {
  createApiClient,
  appCodeForSource,
  DEFAULT_TIMEOUT_MS,
  AFTER_SALES_TIMEOUT_MS,
  AFTER_SALES_PATH_PREFIXES,
  HEADERS,
} from './client';
export type { ApiClient, ApiClientOptions, ApiCall } from './client';
export { ApiError, isApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_MESSAGES } from './errors';
export type { ApiErrorKind } from './errors';
export type { paths, components, operations, webhooks } from './generated/schema';

import type { components } from './generated/schema';
/** A schema of the API by name, e.g. `Schema<'Health'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
