import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadOpenApi, type OpenApiDocument } from '../lib/openapi-document';
import { unauthenticated } from '../lib/errors';
import {
  PUBLIC_OPERATIONS,
  type BodyOf,
  type OperationId,
  type ParamsOf,
  type PublicOperation,
  type QueryOf,
  type SuccessOf,
} from '../lib/contract';
import type { SessionContext } from '../lib/session-context';

export type { BodyOf, ParamsOf, QueryOf } from '../lib/contract';

/** What a handler returns: the `data` of the success envelope. */
export type DataOf<Id extends OperationId> = [SuccessOf<Id>] extends [never]
  ? FastifyReply
  : SuccessOf<Id> extends { code: unknown; data: infer D }
    ? D
    : // JSON in another system's shape (`x-envelope: false`): the handler returns the whole body.
      SuccessOf<Id>;

/**
 * The session a handler of `Id` sees: present for every operation whose `security` needs one (the
 * plugin has refused the request otherwise), possibly null for the public ones.
 */
export type SessionOf<Id extends OperationId> = Id extends PublicOperation ? SessionContext | null : SessionContext;

export type OperationRequest<Id extends OperationId> = FastifyRequest<{
  Body: BodyOf<Id>;
  Querystring: QueryOf<Id>;
  Params: ParamsOf<Id>;
}> & { session: SessionOf<Id> };

export interface OperationOptions {
  /** A larger body limit than the server's default, e.g. for image uploads. */
  bodyLimit?: number;
}

export type OperationHandler<Id extends OperationId> = (
  request: OperationRequest<Id>,
  reply: FastifyReply,
) => Promise<DataOf<Id>>;

declare module 'fastify' {
  interface FastifyInstance {
    openapi: OpenApiDocument;
    /**
     * Registers the route of an openapi.yaml operation: method, path, request validation and
     * response serialisation all come from the document; the handler returns the envelope's data.
     */
    operation<Id extends OperationId>(operationId: Id, handler: OperationHandler<Id>, options?: OperationOptions): void;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
  interface FastifyRequest {
    /** The signed-in session, when the request carried a valid token. */
    session: SessionContext | null;
    /** The request carried a token that is unknown, revoked or expired. */
    tokenRejected: boolean;
  }
}

export interface OpenApiPluginOptions {
  path: string;
}

const publicOperations: ReadonlySet<string> = new Set(PUBLIC_OPERATIONS);

/** Loads openapi.yaml and lets modules register its operations by id. */
export default fp<OpenApiPluginOptions>(
  (app: FastifyInstance, options) => {
    const document = loadOpenApi(options.path);
    app.decorate('openapi', document);
    app.decorateRequest('session', null);
    app.decorateRequest('tokenRejected', false);
    app.decorate('operation', function operation<
      Id extends OperationId,
    >(this: FastifyInstance, operationId: Id, handler: OperationHandler<Id>, options: OperationOptions = {}) {
      const op = document.operations.get(operationId);
      if (!op) {
        throw new Error(`openapi.yaml has no operation "${operationId}"`);
      }
      if (op.requiresAuth === publicOperations.has(operationId)) {
        throw new Error(
          `openapi.yaml says "${operationId}" ${op.requiresAuth ? 'needs' : 'does not need'} a session, ` +
            'but PUBLIC_OPERATIONS in lib/contract.ts says otherwise',
        );
      }
      this.route({
        method: op.method,
        url: op.url,
        schema: op.schema,
        config: { operationId },
        ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
        // Sign-in is checked first, on the request alone (the auth plugin's onRequest resolved the
        // session): an anonymous call answers 401 before its body is read or validated.
        onRequest: op.requiresAuth
          ? (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
              done(
                request.session
                  ? undefined
                  : unauthenticated(request.tokenRejected ? '登录已过期，请重新登录' : '请先登录'),
              );
            }
          : undefined,
        handler: async (request, reply) => {
          const data = await handler(request as OperationRequest<Id>, reply);
          // A file answer is sent by the handler itself, and an `x-envelope: false` answer is the
          // handler's whole body; everything else is wrapped in the envelope.
          return op.rawResponse ? data : { code: 0, errMsg: '', data };
        },
      });
    });
  },
  { name: 'openapi' },
);
