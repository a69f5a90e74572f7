import { isIP } from 'node:net';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_GATEWAY_TOKEN } from '@glucoguard/ingestion';

/** The repository root: both src/config.ts and the bundled dist/server.js sit two levels below apps/. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** A postgres:// URL selects real PostgreSQL; without it the API embeds PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files, or `memory://` for a throwaway database. */
  pgliteDir: string;
  /** DATA_DIR itself: the embedded database and local uploads live under it. */
  dataDir: string;
  /** The built web app to serve at `/`, when it exists. */
  webDist: string;
  /** The built staff console to serve at `/console`, when it exists. */
  consoleDist: string;
  openapiPath: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seeds the demo data (idempotent) at start. */
  seedDemoData: boolean;
  version: string;
  /** How long a sign-in lasts before the app must sign in again. */
  sessionTtlMs: number;
  /** The prefix clients put before stored image paths. */
  imgDomain: string;
  /** Which registration variant each brand shows (spec 1 §2.5): A single form, B two steps. */
  registerVariant: { health: 'A' | 'B'; medical: 'A' | 'B' };
  /** The environment the providers (SMS, sign-in, storage) read their own settings from. */
  rawEnv: NodeJS.ProcessEnv;
  /** The shared secret the device gateway shows on the internal meter endpoints (`X-Gateway-Token`). */
  gatewayToken: string;
  /** The AI assistant's model: the embedded offline one, or an OpenAI-compatible chat-completions service. */
  assistant: AssistantConfig;
  /**
   * TRUST_PROXY: which reverse proxies' `X-Forwarded-For` names the client (Fastify's
   * `trustProxy`): false (none, the default), a hop count, or the proxies' addresses and CIDR ranges.
   * Rate limits count `request.ip`, so behind a proxy without this every user is the proxy.
   */
  trustProxy: false | number | string[];
  /**
   * The app's own origin (PUBLIC_BASE_URL, e.g. https://h5.example.com): every link the server builds
   * (QR codes, posters, template messages) and every sign-in redirect uses it, never the Host header.
   * Required in production; elsewhere it defaults to http://localhost:PORT.
   */
  publicBaseUrl: string;
  /** The durable job queue's worker (contexts/platform/jobs). */
  jobs: JobsConfig;
  /** Whether PUBLIC_BASE_URL was set; without it (development and tests) redirects may also return to a loopback address or the request's own origin. */
  publicBaseUrlSet: boolean;
}

export interface JobsConfig {
  /** JOBS_POLL_INTERVAL_MS: how often each job name's worker looks for due jobs (at least 500). */
  pollIntervalMs: number;
  /** JOBS_CONCURRENCY: jobs of one name run at most this many at a time in one API process. */
  concurrency: number;
  /** JOBS_LEASE_CHECK_INTERVAL_MS: how often a job whose lease ran out (its process died) is put back for a retry. */
  leaseCheckIntervalMs: number;
}

/**
 * Reads JOBS_POLL_INTERVAL_MS (default 2000), JOBS_CONCURRENCY (default 2) and
 * JOBS_LEASE_CHECK_INTERVAL_MS (default 60000), adding any problem to `problems`.
 */
export function readJobsConfig(env: NodeJS.ProcessEnv, problems: string[]): JobsConfig {
  const whole = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      return fallback;
    }
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
  return {
    pollIntervalMs: whole('JOBS_POLL_INTERVAL_MS', 2000, 500, 3_600_000),
    concurrency: whole('JOBS_CONCURRENCY', 2, 1, 50),
    leaseCheckIntervalMs: whole('JOBS_LEASE_CHECK_INTERVAL_MS', 60_000, 1000, 3_600_000),
  };
}

export interface AssistantConfig {
  provider: 'local' | 'openai';
  /** AI_BASE_URL, e.g. https://api.deepseek.com/v1 or http://127.0.0.1:11434/v1 (`/chat/completions` is added). */
  baseUrl: string;
  apiKey: string;
  model: string;
}

/**
 * Reads AI_PROVIDER (local, the default, or openai), AI_BASE_URL, AI_API_KEY and AI_MODEL, adding
 * any problem to `problems`. AI_API_KEY may be empty for local model servers.
 */
export function readAssistantConfig(env: NodeJS.ProcessEnv, problems: string[]): AssistantConfig {
  const provider = env.AI_PROVIDER || 'local';
  const baseUrl = (env.AI_BASE_URL ?? '').replace(/\/+$/, '');
  const model = env.AI_MODEL ?? '';
  if (provider !== 'local' && provider !== 'openai') {
    problems.push(
      `AI_PROVIDER must be local (the embedded assistant, the default) or openai (an OpenAI-compatible service), got "${provider}".`,
    );
  }
  if (provider === 'openai') {
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      problems.push(
        `AI_BASE_URL must be the http(s) base URL of the chat-completions service when AI_PROVIDER=openai, got "${env.AI_BASE_URL ?? ''}".`,
      );
    }
    if (model === '') {
      problems.push('AI_MODEL must name the model when AI_PROVIDER=openai.');
    }
  }
  return { provider: provider === 'openai' ? 'openai' : 'local', baseUrl, apiKey: env.AI_API_KEY ?? '', model };
}

/**
 * The gateway token when GATEWAY_TOKEN is unset outside production: the device gateway's default
 * too (both take it from @glucoguard/ingestion), so `npm start` and `npm run dev` work as they are.
 */
export { DEV_GATEWAY_TOKEN };
/** The shortest GATEWAY_TOKEN production accepts. */
export const GATEWAY_TOKEN_MIN_LENGTH = 32;

/**
 * PUBLIC_BASE_URL as an origin (scheme, host and port, no path), adding any problem to `problems`.
 * Production requires it: without it links would have to come from the Host header, which the
 * client chooses.
 */
export function readPublicBaseUrl(
  env: NodeJS.ProcessEnv,
  nodeEnv: string,
  port: number,
  problems: string[],
): { url: string; set: boolean } {
  const raw = (env.PUBLIC_BASE_URL ?? '').trim();
  if (raw === '') {
    if (nodeEnv === 'production') {
      problems.push(
        'PUBLIC_BASE_URL must be set in production to the address users open the app at, e.g. https://h5.example.com (links and sign-in redirects use it, never the Host header).',
      );
    }
    return { url: `http://localhost:${port}`, set: false };
  }
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    url === null ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    problems.push(
      `PUBLIC_BASE_URL must be an http(s) origin without a path, e.g. https://h5.example.com, got "${raw}".`,
    );
    return { url: `http://localhost:${port}`, set: false };
  }
  return { url: url.origin, set: true };
}

const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as Fastify's `trustProxy`: unset, empty or `false` trusts no proxy; a whole number is
 * how many proxies in front of the API to trust (1: one nginx); otherwise a comma-separated list of
 * addresses, CIDR ranges (`10.0.0.0/8`) or `loopback`, `linklocal`, `uniquelocal`. `true` (trust
 * any sender's header) is refused: every client could then choose the address its limits count.
 */
export function readTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false' || value === '0') {
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      problems.push(`TRUST_PROXY as a hop count must be from 0 to 10, got "${value}".`);
      return false;
    }
    return hops;
  }
  if (value.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY=true would let any client choose the address its rate limits count; give the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 10.0.0.0/8).',
    );
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    if (PROXY_ADDRESS_NAMES.includes(entry)) {
      return false;
    }
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) {
      return true;
    }
    return prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  });
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); not understood: ${bad.map((b) => `"${b}"`).join(', ')}.`,
    );
    return false;
  }
  return entries;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify no longer takes a bare hop count (it cannot tell
 * a proxy from a client that reached the API directly); a count here trusts that many hops, which
 * is right only when the API is reachable through the proxies alone (README, TRUST_PROXY).
 */
export function fastifyTrustProxy(
  trustProxy: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    return (_address: string, hop: number) => hop < trustProxy;
  }
  return trustProxy;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function port(name: string, raw: string | undefined, fallback: number, problems: string[]): number {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`${name} must be a port number from 0 to 65535, got "${raw}".`);
    return fallback;
  }
  return value;
}

function flag(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) {
    return true;
  }
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) {
    return false;
  }
  problems.push(`${name} must be true or false, got "${raw}".`);
  return fallback;
}

function dir(raw: string | undefined, fallback: string): string {
  if (!raw) {
    return fallback;
  }
  return isAbsolute(raw) || raw.startsWith('memory://') ? raw : resolve(process.cwd(), raw);
}

/** Reads and validates the configuration from environment variables, reporting every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test, got "${nodeEnv}".`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// URL (leave it unset to use the embedded PGlite database).');
  }
  const logLevel = env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const dataDir = dir(env.DATA_DIR, resolve(REPO_ROOT, '.data'));
  const ttlDays = env.SESSION_TTL_DAYS ? Number(env.SESSION_TTL_DAYS) : 30;
  if (!Number.isFinite(ttlDays) || ttlDays <= 0 || ttlDays > 365) {
    problems.push(`SESSION_TTL_DAYS must be a number of days from 1 to 365, got "${env.SESSION_TTL_DAYS ?? ''}".`);
  }
  const variant = (name: string, fallback: 'A' | 'B'): 'A' | 'B' => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      return fallback;
    }
    if (raw !== 'A' && raw !== 'B') {
      problems.push(`${name} must be A (single form) or B (two steps), got "${raw}".`);
      return fallback;
    }
    return raw;
  };
  const gatewayToken = env.GATEWAY_TOKEN ?? '';
  if (nodeEnv === 'production' && gatewayToken.length < GATEWAY_TOKEN_MIN_LENGTH) {
    problems.push(
      `GATEWAY_TOKEN must be set to a random secret of at least ${GATEWAY_TOKEN_MIN_LENGTH} characters in production (the device gateway sends the same one).`,
    );
  } else if (nodeEnv === 'production' && gatewayToken === DEV_GATEWAY_TOKEN) {
    problems.push(
      'GATEWAY_TOKEN is the published development value; set a random secret in production (e.g. `openssl rand -hex 32`, the same in the device gateway).',
    );
  }
  const httpPort = port('PORT', env.PORT, 3000, problems);
  const publicBase = readPublicBaseUrl(env, nodeEnv, httpPort, problems);
  const config: AppConfig = {
    env: nodeEnv as AppConfig['env'],
    host: env.HOST ?? '0.0.0.0',
    port: httpPort,
    databaseUrl,
    pgliteDir: dataDir.startsWith('memory://') ? 'memory://' : resolve(dataDir, 'pglite'),
    dataDir,
    webDist: dir(env.WEB_DIST, resolve(REPO_ROOT, 'apps/web/dist')),
    consoleDist: dir(env.CONSOLE_DIST, resolve(REPO_ROOT, 'apps/console/dist')),
    openapiPath: dir(env.OPENAPI_PATH, resolve(REPO_ROOT, 'openapi.yaml')),
    logLevel: logLevel as AppConfig['logLevel'],
    // The demo accounts' device keys are public: never seed them in production unless asked to.
    seedDemoData: flag('SEED_DEMO_DATA', env.SEED_DEMO_DATA, env.NODE_ENV !== 'production', problems),
    version: env.npm_package_version ?? '0.0.0',
    sessionTtlMs: ttlDays * 24 * 3600 * 1000,
    imgDomain: env.IMG_DOMAIN ?? '/api/files/',
    registerVariant: {
      health: variant('REGISTER_VARIANT_HEALTH', 'B'),
      medical: variant('REGISTER_VARIANT_MEDICAL', 'B'),
    },
    rawEnv: env,
    gatewayToken: gatewayToken || DEV_GATEWAY_TOKEN,
    assistant: readAssistantConfig(env, problems),
    trustProxy: readTrustProxy(env.TRUST_PROXY, problems),
    publicBaseUrl: publicBase.url,
    publicBaseUrlSet: publicBase.set,
    jobs: readJobsConfig(env, problems),
  };
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return config;
}
