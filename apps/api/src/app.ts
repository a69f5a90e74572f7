import fp from 'fastify-plugin';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { fastifyTrustProxy, type AppConfig } from './config';
import { redactLogObject, redactUrl } from './lib/redact';
import { ErrorCodes } from './lib/errors';
import { clientErrorHandler, frameworkErrors, schemaController } from './lib/request-policy';
import accessLog, { AccessLogController, logDestination, requestLogger } from './plugins/access-log';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import db from './plugins/db';
import docs from './plugins/docs';
import securityHeaders from './plugins/security-headers';
import { chatConnectSources } from './providers/chat/config';
import web from './plugins/web';
import consoleApp from './plugins/console';
import { seed } from './seed/seed';
import {
  dictionaryRoutes,
  frontLogRoutes,
  isChatFilePath,
  isRepairPhotoPath,
  legalRoutes,
  locationRoutes,
  partnerRoutes,
  systemRoutes,
  uploadRoutes,
} from './contexts/platform';
import {
  accountRecoveryRoutes,
  authRoutes,
  accountClosureRoutes,
  customerRoutes,
  registrationRoutes,
  smsRoutes,
  staffRoutes,
} from './contexts/identity';
import {
  healthRecordRoutes,
  healthTipRoutes,
  medicalReportRoutes,
  ownsMedicalReportFile,
  reportRoutes,
} from './contexts/health';
import { invitationRoutes, shareRoutes } from './contexts/social';
import {
  articleRoutes,
  assistantRoutes,
  bannerRoutes,
  checkInRoutes,
  feedbackRoutes,
  stripsRoutes,
} from './contexts/engagement';
import {
  chatFileVisibleTo,
  chatRoutes,
  chatUnread,
  consoleChatRoutes,
  consoleRxRoutes,
  consoleConsultRoutes,
  consultDeskRoutes,
  consultRoutes,
  consoleMonitoringRoutes,
  monitoringRoutes,
  medicationDatesOf,
  medicationRoutes,
  customerImUserId,
  consoleDoctorServiceRoutes,
  doctorRoutes,
  doctorServiceRoutes,
  pharmacyRoutes,
  rxRoutes,
  staffImUserId,
} from './contexts/care';
import {
  addressRoutes,
  consoleCouponRoutes,
  consoleOrderRoutes,
  couponRoutes,
  goodsRoutes,
  logisticsRoutes,
  orderRoutes,
  paymentRoutes,
} from './contexts/commerce';
import {
  catalogueRoutes,
  dealerRoutes,
  repairPhotoVisibleTo,
  repairRoutes,
  warrantyRoutes,
} from './contexts/after-sales';
import {
  changesRoutes,
  fhirRoutes,
  oauthRoutes,
  openClientRoutes,
  openDataRoutes,
  webhookRoutes,
} from './contexts/open';
import { glucoseRoutes } from './contexts/health/glucose/glucose.routes';
import { labRoutes } from './contexts/health/lab/lab.routes';
import { composeContexts } from './composition';
import { weightRoutes } from './contexts/health/weight/weight.routes';
import { pressureRoutes } from './contexts/health/pressure/pressure.routes';
import { dataPlanRoutes, ingestionRoutes, meterRoutes } from './contexts/devices';
import { followRoutes } from './contexts/social/follow/follow.routes';
import { feedRoutes } from './contexts/social/feed/feed.routes';
import { noticeRoutes } from './contexts/social/notice/notice.routes';
import { badgeRoutes } from './contexts/social/badge/badge.routes';
import noticePush, { noticePushIntervalFromEnv } from './plugins/notice-push';
import { pointsRoutes } from './contexts/engagement/points/points.routes';
import providers, { type Providers } from './plugins/providers';
import auth from './plugins/auth';
import staffAuth from './plugins/staff-auth';
import sessionCache from './plugins/session-cache';
import chat from './plugins/chat';
import clientRateLimit from './plugins/client-rate-limit';
import openAuth from './plugins/open-auth';
import patientAudit from './plugins/patient-audit';
import retention, { retentionIntervalFromEnv } from './plugins/retention';
import jobs from './plugins/jobs';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's own options: logging with redaction, request ids, strict validation from openapi.yaml. */
export function serverOptions(
  config: AppConfig,
  logStream?: { write(line: string): void },
): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      // Lines are written asynchronously by sonic-boom, gathered 16 KB at a time (each write's hand-over
      // to the thread pool costs more than formatting many lines) and at least every second; flushed when
      // the app closes and, synchronously, when the process exits or crashes (plugins/access-log.ts, server.ts).
      stream: logStream ?? logDestination(),
      // Sensitive fields are masked by one walk of each logged object (lib/redact.ts).
      formatters: { log: redactLogObject, bindings: redactLogObject },
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          requestId: req.id,
        }),
      },
    },
    // One access-log line per request instead of Fastify's two (plugins/access-log.ts).
    logController: new AccessLogController(),
    // A request's logger becomes a pino child only when the request logs more than its access line.
    childLoggerFactory: requestLogger,
    // request.ip (what every rate limit counts) is the client named by trusted proxies (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A request without Content-Length or Transfer-Encoding has no body: Node gives it an already
    // ended stream instead of running its read, end, destroy and close steps after every answer.
    http: { optimizeEmptyRequests: true },
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 2 * 1024 * 1024,
    // Opening PGlite the first time (initdb in WebAssembly) and migrating can take a while on a small machine.
    pluginTimeout: 120_000,
    ajv: {
      customOptions: {
        // Unknown fields are refused, not silently dropped.
        removeAdditional: false,
        // Lets a schema carry the spec's own message for a field.
        keywords: ['x-errMsg'],
        // `1e999` (a query parameter) and `1e400` (JSON) are Infinity: not a number or an integer here.
        strictNumbers: true,
        // The contract has fields that take more than one type (`[number, 'null', string]`): they
        // are meant, so Ajv need not log a strict-mode warning for each at start-up.
        allowUnionTypes: true,
        // No `verbose`: errors never carry (or clone) the request's data; the message finds the schema by its path.
      },
    },
    // Parameters are converted to their declared types, bodies are not (lib/request-policy.ts).
    schemaController,
    // What the HTTP parser or the router refuses still answers in the envelope.
    clientErrorHandler,
    frameworkErrors,
  };
}

const methodsByPath = new WeakMap<RegisteredRoute[], Map<string, string>>();
/** The methods a static API path answers (e.g. "POST"), or undefined when no route has that path. */
function allowedMethods(routes: RegisteredRoute[], path: string): string | undefined {
  let byPath = methodsByPath.get(routes);
  if (!byPath) {
    byPath = new Map<string, string>();
    for (const route of routes) {
      if (!/[:*]/.test(route.url)) {
        byPath.set(route.url, [...new Set([...(byPath.get(route.url)?.split(', ') ?? []), route.method])].join(', '));
      }
    }
    methodsByPath.set(routes, byPath);
  }
  return byPath.get(path);
}

/** The API's routes, mounted under /api. */
function api(config: AppConfig) {
  return async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('text/plain');
    await scope.register(auth);
    await scope.register(staffAuth);
    systemRoutes(scope, config.version);
    dictionaryRoutes(scope);
    frontLogRoutes(scope, config);
    legalRoutes(scope);
    authRoutes(scope, config);
    smsRoutes(scope, config);
    registrationRoutes(scope, config);
    accountRecoveryRoutes(scope, config);
    customerRoutes(scope);
    accountClosureRoutes(scope);
    // A disabled or re-roled staff member's chat sockets end with their sessions (ADR 0143).
    staffRoutes(scope, { accessEnded: (staffId) => scope.chat.fanOut.end(staffImUserId(staffId)) });
    uploadRoutes(scope, {
      // Chat files are their session members' (ADR 0142), repair photos their owner's and the
      // after-sales desk's (ADR 0201); the other private folder is medical reports'.
      ownsPrivateFile: (db, viewer, path, origin) =>
        isChatFilePath(path)
          ? chatFileVisibleTo(db, viewer, path, origin, scope.providers.clock())
          : isRepairPhotoPath(path)
            ? repairPhotoVisibleTo(db, viewer, path)
            : ownsMedicalReportFile(db, viewer, path),
    });
    feedbackRoutes(scope);
    invitationRoutes(scope, config);
    partnerRoutes(scope, config);
    glucoseRoutes(scope);
    healthTipRoutes(scope);
    labRoutes(scope);
    weightRoutes(scope);
    pressureRoutes(scope);
    shareRoutes(scope);
    // The sugar report shows the days with medication records; the diary is care's (ADR 0160).
    reportRoutes(scope, { medicationDates: medicationDatesOf });
    locationRoutes(scope);
    meterRoutes(scope);
    dataPlanRoutes(scope);
    ingestionRoutes(scope, config);
    healthRecordRoutes(scope);
    doctorRoutes(scope);
    doctorServiceRoutes(scope);
    consoleDoctorServiceRoutes(scope);
    pharmacyRoutes(scope);
    chatRoutes(scope, scope.chat);
    consoleChatRoutes(scope, scope.chat);
    rxRoutes(scope);
    consoleRxRoutes(scope);
    consultRoutes(scope);
    consoleConsultRoutes(scope);
    consultDeskRoutes(scope);
    monitoringRoutes(scope);
    consoleMonitoringRoutes(scope);
    medicationRoutes(scope);
    paymentRoutes(scope);
    goodsRoutes(scope, config);
    addressRoutes(scope);
    couponRoutes(scope);
    consoleCouponRoutes(scope);
    orderRoutes(scope);
    logisticsRoutes(scope);
    consoleOrderRoutes(scope);
    catalogueRoutes(scope);
    warrantyRoutes(scope);
    repairRoutes(scope);
    dealerRoutes(scope);
    oauthRoutes(scope);
    openClientRoutes(scope);
    webhookRoutes(scope, config);
    openDataRoutes(scope);
    changesRoutes(scope);
    fhirRoutes(scope, config);
    medicalReportRoutes(scope);
    followRoutes(scope);
    feedRoutes(scope);
    noticeRoutes(scope);
    // The badge counts the caller's unread chat messages too (ADR 0152); chat is care's, not social's.
    badgeRoutes(scope, {
      chatUnread: async (db, customerId) => (await chatUnread(db, customerImUserId(customerId))).total,
    });
    pointsRoutes(scope);
    stripsRoutes(scope);
    checkInRoutes(scope);
    articleRoutes(scope);
    bannerRoutes(scope);
    assistantRoutes(scope);
    scope.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      // A known path asked with another method (or one Fastify does not route) is 405, naming the ones it takes.
      const allowed = allowedMethods(scope.routeTable, path);
      if (allowed) {
        return reply
          .status(405)
          .header('Allow', allowed)
          .send({
            code: ErrorCodes.notFound,
            errMsg: `接口不支持 ${request.method.slice(0, 20)} 请求：${shown}（可用 ${allowed}）`,
            data: null,
            requestId: String(request.id),
          });
      }
      return reply.status(404).send({
        code: ErrorCodes.notFound,
        errMsg: `接口不存在：${request.method.slice(0, 20)} ${shown}`,
        data: null,
        requestId: String(request.id),
      });
    });
  };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  operationId: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, for the openapi.yaml contract check. */
    routeTable: RegisteredRoute[];
  }
}

/** The whole application as a Fastify plugin (not encapsulated, so callers see its decorations). */
export interface AppOptions extends AppConfig {
  /** Replacement providers (real clients pointed at local fakes in tests). */
  providerOverrides?: Partial<Providers>;
}

export const app = fp(async function glucoguard(instance: FastifyInstance, config: AppOptions) {
  // Who reacts to the readings core's events, and who answers its acting-for question.
  composeContexts();
  const routeTable: RegisteredRoute[] = [];
  instance.decorate('routeTable', routeTable);
  instance.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, operationId: route.config?.operationId });
    }
  });
  // First, so every answer carries the request id and the security headers, including one refused
  // by a later onRequest hook.
  await instance.register(securityHeaders, {
    publicBaseUrl: config.publicBaseUrl,
    imgDomain: config.imgDomain,
    chatConnectSources: chatConnectSources(config.rawEnv),
  });
  await instance.register(accessLog);
  await instance.register(errors);
  await instance.register(openapi, { path: config.openapiPath });
  await instance.register(providers, {
    env: config.rawEnv,
    dataDir: config.dataDir,
    overrides: config.providerOverrides,
  });
  await instance.register(db, { databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  await instance.register(sessionCache, { databaseUrl: config.databaseUrl });
  await instance.register(chat, { databaseUrl: config.databaseUrl });
  await instance.register(clientRateLimit);
  // The integrators' open operations check their access token through it (issue 23).
  await instance.register(openAuth);
  await instance.register(patientAudit);
  await instance.register(retention);
  await instance.register(jobs, {
    databaseUrl: config.databaseUrl,
    ...config.jobs,
    retentionIntervalMs: retentionIntervalFromEnv(config.rawEnv),
  });
  await instance.register(noticePush, { intervalMs: noticePushIntervalFromEnv(config.rawEnv) });
  await seed(
    instance.orm,
    { sessionSecret: instance.providers.sessionSecret, now: instance.providers.clock() },
    config.seedDemoData,
  );
  await instance.register(docs, { publicBaseUrl: config.publicBaseUrl });
  await instance.register(api(config), { prefix: '/api' });
  await instance.register(consoleApp, {
    root: config.consoleDist,
    publicBaseUrl: config.publicBaseUrl,
    chatConnectSources: chatConnectSources(config.rawEnv),
  });
  await instance.register(web, { root: config.webDist });
});

/** Builds a ready-to-listen server for the given configuration. */
export async function createServer(
  config: AppConfig,
  logStream?: { write(line: string): void },
  providerOverrides?: Partial<Providers>,
): Promise<FastifyInstance> {
  const instance = Fastify(serverOptions(config, logStream));
  await instance.register(app, { ...config, providerOverrides });
  await instance.ready();
  return instance;
}
