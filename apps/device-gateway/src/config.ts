import { DEFAULT_AUTH_LIMITS, DEV_GATEWAY_TOKEN, type AuthLimits, type IngestConfig } from '@glucoguard/ingestion';

export { DEV_GATEWAY_TOKEN };
export type { IngestConfig };

export interface GatewayConfig {
  host: string;
  mqttPort: number;
  /** The HTTP port of the health check. */
  healthPort: number;
  /** Where the API lives: the gateway checks credentials and stores readings through its internal endpoints. */
  apiUrl: string;
  /** The secret shared with the API for its internal endpoints. */
  gatewayToken: string;
  /** MQTT over TLS, when a certificate and key are configured. */
  tls: { port: number; certFile: string; keyFile: string } | null;
  ingest: IngestConfig;
  /** How long a successful meter sign-in is remembered, so reconnect storms stay cheap. */
  authCacheMs: number;
  /** Credential checks allowed per source address and in flight (a flood of bogus connects stays cheap). */
  authLimits: AuthLimits;
}

const GATEWAY_TOKEN_MIN_LENGTH = 32;

function integer(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
  what = 'a whole number',
): number {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be ${what} from ${min} to ${max}, got "${raw}".`);
    return fallback;
  }
  return value;
}

const port = (name: string, raw: string | undefined, fallback: number, problems: string[]) =>
  integer(name, raw, fallback, 0, 65535, problems, 'a port number');

/** Reads the gateway's configuration from environment variables, reporting every problem at once. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const problems: string[] = [];
  const mqttPort = port('MQTT_PORT', env.MQTT_PORT, 1883, problems);
  const healthPort = port('GATEWAY_HEALTH_PORT', env.GATEWAY_HEALTH_PORT, mqttPort === 0 ? 0 : mqttPort + 1, problems);
  const token = env.GATEWAY_TOKEN ?? '';
  if (env.NODE_ENV === 'production' && token.length < GATEWAY_TOKEN_MIN_LENGTH) {
    problems.push(
      `GATEWAY_TOKEN must be set to a random secret of at least ${GATEWAY_TOKEN_MIN_LENGTH} characters in production (the API expects the same one).`,
    );
  } else if (env.NODE_ENV === 'production' && token === DEV_GATEWAY_TOKEN) {
    problems.push(
      'GATEWAY_TOKEN is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`, the same in the API).',
    );
  }
  const certFile = env.MQTT_TLS_CERT || undefined;
  const keyFile = env.MQTT_TLS_KEY || undefined;
  if ((certFile === undefined) !== (keyFile === undefined)) {
    problems.push('MQTT_TLS_CERT and MQTT_TLS_KEY go together: set both (PEM files) for the TLS listener, or neither.');
  }
  const tlsPort = port('MQTT_TLS_PORT', env.MQTT_TLS_PORT, 8883, problems);
  const config: GatewayConfig = {
    host: env.HOST ?? '0.0.0.0',
    mqttPort,
    healthPort,
    apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}/api`).replace(/\/+$/, ''),
    gatewayToken: token || DEV_GATEWAY_TOKEN,
    tls: certFile && keyFile ? { port: tlsPort, certFile, keyFile } : null,
    ingest: {
      maxBatch: integer('INGEST_BATCH_MAX', env.INGEST_BATCH_MAX, 200, 1, 1000, problems),
      maxWaitMs: integer('INGEST_BATCH_WAIT_MS', env.INGEST_BATCH_WAIT_MS, 3, 0, 1000, problems),
      maxInFlight: integer('INGEST_MAX_IN_FLIGHT', env.INGEST_MAX_IN_FLIGHT, 2, 1, 64, problems),
    },
    authCacheMs: integer('GATEWAY_AUTH_CACHE_SECONDS', env.GATEWAY_AUTH_CACHE_SECONDS, 60, 0, 3600, problems) * 1000,
    authLimits: {
      perAddressPerSecond: integer(
        'GATEWAY_AUTH_PER_ADDRESS_RATE',
        env.GATEWAY_AUTH_PER_ADDRESS_RATE,
        DEFAULT_AUTH_LIMITS.perAddressPerSecond,
        1,
        10_000,
        problems,
      ),
      perAddressBurst: integer(
        'GATEWAY_AUTH_PER_ADDRESS_BURST',
        env.GATEWAY_AUTH_PER_ADDRESS_BURST,
        DEFAULT_AUTH_LIMITS.perAddressBurst,
        1,
        100_000,
        problems,
      ),
      perAddressInFlight: integer(
        'GATEWAY_AUTH_PER_ADDRESS_IN_FLIGHT',
        env.GATEWAY_AUTH_PER_ADDRESS_IN_FLIGHT,
        DEFAULT_AUTH_LIMITS.perAddressInFlight,
        1,
        1000,
        problems,
      ),
      maxInFlight: integer(
        'GATEWAY_AUTH_MAX_IN_FLIGHT',
        env.GATEWAY_AUTH_MAX_IN_FLIGHT,
        DEFAULT_AUTH_LIMITS.maxInFlight,
        1,
        1000,
        problems,
      ),
    },
  };
  if (problems.length > 0) {
    throw new Error(problems.join('\n'));
  }
  return config;
}
