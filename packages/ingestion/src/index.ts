// @glucoguard/ingestion: what the API and the device gateway share about meter ingestion
// (docs/device-protocol.md). Pure of the API: no database, no ORM, no HTTP server.
export type { MeterAuthResult, MeterCredentials, MeterMessage, MeterStore } from './contract';
export { checkMeterCredentials, type ProvisionedMeter } from './meter-auth';
export { hashDeviceSecret, isMosquittoHash, newDeviceSecret, tokensEqual, verifyDeviceSecret } from './secret';
export { DerivationBusyError } from './secret-worker';
export {
  DEFAULT_AUTH_LIMITS,
  MeterAuthenticator,
  sourceKey,
  type AuthLimits,
  type AuthStats,
  type AuthVerdict,
} from './authenticator';
export { ReadingBatcher, type IngestConfig, type IngestStats } from './batcher';
export {
  DEV_GATEWAY_TOKEN,
  GATEWAY_TOKEN_HEADER,
  HttpMeterStore,
  MeterStoreError,
  type HttpMeterStoreOptions,
} from './http-store';
