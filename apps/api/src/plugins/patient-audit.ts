import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@glucoguard/sdk';
import { PATIENT_AUDIT, recordAudit } from '../contexts/platform';

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};

/**
 * Writes the audit event of each operation PATIENT_AUDIT lists, once its handler has succeeded and
 * before the answer is sent: who (the session's customer), what, whose data, the client's IP and the
 * request id. A refused call (bad input, another's object, no session) records nothing. The wrapper
 * is added to the listed routes only (through `onRoute`); no other route runs it.
 */
export default fp(
  (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const audit = PATIENT_AUDIT[route.config?.operationId as keyof operations];
      if (!audit) {
        return;
      }
      const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
      const audited = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const answer = await handler.call(this, request, reply);
        const session = request.session;
        if (session) {
          const body = fields(request.body);
          await recordAudit(
            app.em,
            { kind: 'customer', id: session.customerId, ip: request.ip, requestId: String(request.id) },
            {
              action: audit.action,
              patientId: audit.patient ? audit.patient(body, session.customerId) : session.customerId,
              target: audit.target?.(body, fields(fields(answer).data)) ?? null,
            },
            app.providers.clock(),
          );
        }
        return answer;
      };
      route.handler = audited;
    });
  },
  { name: 'patient-audit', dependencies: ['db', 'providers'] },
);
