import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import type { AppConfig } from '../../../config';
import type { ClientContext } from '../../../lib/client-context';
import { describeError, internalMessage } from '../../../lib/error-answer';
import { FHIR_JSON, operationOutcome } from './fhir.outcome';
import {
  capabilityStatement,
  readDevice,
  readObservation,
  readPatient,
  searchDevices,
  searchObservations,
  searchPatients,
  type FhirRequestContext,
} from './fhir.service';

/** The export's own addresses: a request to one of them that no route took used another method. */
const READ_ONLY_PATH = /^\/api\/fhir\/R4\/(metadata|(Patient|Observation|Device)(\/[A-Za-z0-9.-]{1,64})?)$/;

function sendResource(reply: FastifyReply, resource: Resource) {
  return reply.type(FHIR_JSON).send(JSON.stringify(resource));
}

/**
 * Every failure of the export answers an OperationOutcome with the status the envelope would have
 * had (headers already set, such as `WWW-Authenticate` and `Retry-After`, stay). The mapping is
 * the envelope's own (lib/error-answer.ts).
 */
function fhirErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  try {
    const safe = (typeof error === 'object' && error !== null ? error : new Error(String(error))) as FastifyError;
    const { status, code, errMsg } = describeError(safe, request);
    return reply
      .status(status)
      .type(FHIR_JSON)
      .send(JSON.stringify(operationOutcome(status, code, errMsg)));
  } catch {
    return reply
      .status(500)
      .type(FHIR_JSON)
      .send(JSON.stringify(operationOutcome(500, 50000, internalMessage(request))));
  }
}

/**
 * The origin links are built on: PUBLIC_BASE_URL's (always set in production). Without it
 * (development and tests only, lib/public-origin.ts) the origin the request came to, so a next link
 * leads back to the server that answered.
 */
function originOf(request: FastifyRequest, config: Pick<AppConfig, 'publicBaseUrl' | 'publicBaseUrlSet'>): string {
  return config.publicBaseUrlSet ? config.publicBaseUrl : `${request.protocol}://${request.host}`;
}

/** The patient the token is for, and where the export lives, for a request. */
function contextOf(request: FastifyRequest & { client: ClientContext }, origin: string): FhirRequestContext {
  return { base: `${origin}/api/fhir/R4`, url: request.url, customerId: request.client.customerId };
}

/**
 * The read-only FHIR R4 export under /api/fhir/R4 (docs/adr/0225-fhir-r4-export.md): its own
 * encapsulated scope, so that its refusals — the token's (401, 403, 429), validation's (400) and
 * its own (403, 404) — answer OperationOutcome, not the envelope.
 */
export function fhirRoutes(
  app: FastifyInstance,
  config: Pick<AppConfig, 'publicBaseUrl' | 'publicBaseUrlSet' | 'version'>,
) {
  const metadata = JSON.stringify(capabilityStatement(config.publicBaseUrl, config.version));

  void app.register(async (fhir) => {
    fhir.setErrorHandler(fhirErrorHandler);
    const now = () => fhir.providers.clock();

    fhir.operation('fhirCapabilities', async (request, reply) =>
      reply
        .type(FHIR_JSON)
        .send(
          config.publicBaseUrlSet
            ? metadata
            : JSON.stringify(capabilityStatement(originOf(request, config), config.version)),
        ),
    );

    fhir.operation('fhirReadPatient', async (request, reply) =>
      sendResource(reply, await readPatient(fhir.em, contextOf(request, originOf(request, config)), request.params.id)),
    );

    fhir.operation('fhirSearchPatient', async (request, reply) =>
      sendResource(
        reply,
        await searchPatients(fhir.em, contextOf(request, originOf(request, config)), request.query, now()),
      ),
    );

    fhir.operation('fhirSearchObservation', async (request, reply) =>
      sendResource(
        reply,
        await searchObservations(fhir.em, contextOf(request, originOf(request, config)), request.query, now()),
      ),
    );

    fhir.operation('fhirReadObservation', async (request, reply) =>
      sendResource(
        reply,
        await readObservation(fhir.em, contextOf(request, originOf(request, config)), request.params.id),
      ),
    );

    fhir.operation('fhirSearchDevice', async (request, reply) =>
      sendResource(
        reply,
        await searchDevices(fhir.em, contextOf(request, originOf(request, config)), request.query, now()),
      ),
    );

    fhir.operation('fhirReadDevice', async (request, reply) =>
      sendResource(reply, await readDevice(fhir.em, contextOf(request, originOf(request, config)), request.params.id)),
    );
  });

  // A resource type the export does not serve (/fhir/R4/Encounter) is an OperationOutcome too, and
  // a write to one it serves is 405: the export is read-only.
  void app.register(
    async (unknown) => {
      unknown.setNotFoundHandler((request, reply) => {
        const path = (request.url.split('?')[0] ?? '').slice(0, 200);
        const method = request.method.slice(0, 20);
        if (READ_ONLY_PATH.test(path)) {
          return reply
            .status(405)
            .header('Allow', 'GET, HEAD')
            .type(FHIR_JSON)
            .send(JSON.stringify(operationOutcome(405, 40400, `FHIR 导出只读，不支持 ${method} 请求：${path}`)));
        }
        return reply
          .status(404)
          .type(FHIR_JSON)
          .send(JSON.stringify(operationOutcome(404, 40400, `FHIR 导出不支持该地址：${method} ${path}`)));
      });
    },
    { prefix: '/fhir/R4' },
  );
}
