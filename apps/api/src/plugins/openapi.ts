import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadOpenApi, type OpenApiDocument } from '../lib/openapi-document';
import { forbidden, unauthenticated } from '../lib/errors';
import { isStaffPermission, roleMay, STAFF_MESSAGES, STAFF_PERMISSIONS } from '@glucoguard/domain';
import {
  OPEN_OPERATIONS,
  PUBLIC_OPERATIONS,
  STAFF_OPERATIONS,
  type BodyOf,
  type OpenOperation,
  type OperationId,
  type ParamsOf,
  type PublicOperation,
  type QueryOf,
  type StaffOperation,
  type SuccessOf,
} from '../lib/contract';
import type { SessionContext } from '../lib/session-context';
import type { StaffContext } from '../lib/staff-context';
import type { ClientContext } from '../lib/client-context';

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
export type SessionOf<Id extends OperationId> = Id extends OpenOperation
  ? null
  : Id extends PublicOperation | StaffOperation
    ? SessionContext | null
    : SessionContext;

/** The staff member a console operation (`StaffOperation`) sees: present, with a role the operation allows. */
export type StaffOf<Id extends OperationId> = Id extends StaffOperation ? StaffContext : StaffContext | null;

/** The integrator an open operation (`OpenOperation`) sees: present, holding the operation's scopes. */
export type ClientOf<Id extends OperationId> = Id extends OpenOperation ? ClientContext : null;

/**
 * Resolves an open operation's caller from its access token, or refuses it (401 invalid_token, 403
 * insufficient_scope, 429 with Retry-After), setting the `WWW-Authenticate` or `Retry-After` header
 * on `reply`. Decorated as `app.openGate` by plugins/open-auth.ts (the open context's oauth module).
 */
export type OpenGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
) => Promise<ClientContext>;

export type OperationRequest<Id extends OperationId> = FastifyRequest<{
  Body: BodyOf<Id>;
  Querystring: QueryOf<Id>;
  Params: ParamsOf<Id>;
}> & { session: SessionOf<Id>; staff: StaffOf<Id>; client: ClientOf<Id> };

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
    /** The open operations' check of their access token (plugins/open-auth.ts). */
    openGate: OpenGate;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
  interface FastifyRequest {
    /** The signed-in session, when the request carried a valid token. */
    session: SessionContext | null;
    /** The request carried a token that is unknown, revoked or expired. */
    tokenRejected: boolean;
    /** The signed-in staff member, when the request carried a valid console token (plugins/staff-auth.ts). */
    staff: StaffContext | null;
    /** The request carried a console token that is unknown, revoked, expired or of a disabled account. */
    staffTokenRejected: boolean;
    /** The integrator calling an open operation, once its access token checked out (issue 23). */
    client: ClientContext | null;
  }
}

export interface OpenApiPluginOptions {
  path: string;
}

const publicOperations: ReadonlySet<string> = new Set(PUBLIC_OPERATIONS);
const staffOperations: ReadonlySet<string> = new Set(STAFF_OPERATIONS);
const openOperations: ReadonlySet<string> = new Set(OPEN_OPERATIONS);

/**
 * The roles a console operation allows, after checking that openapi.yaml's `x-roles` are exactly
 * the domain table's roles for its `x-permission` (the table is the rule, the document declares it).
 */
function staffRolesOf(operationId: string, staff: { permission: string; roles: string[] }) {
  const { permission, roles } = staff;
  if (!isStaffPermission(permission)) {
    throw new Error(`openapi.yaml: ${operationId} names an unknown x-permission "${permission}"`);
  }
  const expected: readonly string[] = STAFF_PERMISSIONS[permission];
  if (roles.length !== expected.length || !roles.every((r) => expected.includes(r))) {
    throw new Error(
      `openapi.yaml: ${operationId}'s x-roles (${roles.join(', ')}) differ from STAFF_PERMISSIONS['${permission}'] (${expected.join(', ')})`,
    );
  }
  return permission;
}

/** The success envelope around a handler's data, with the operation's success message (`x-success-errMsg`) if any. */
function envelope<T>(data: T, errMsg = '') {
  return { code: 0 as const, errMsg, data };
}

/** An open operation's onRequest hook: the caller is the token's client, never a session. */
function openCheck(gate: OpenGate, scopes: readonly string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    request.session = null;
    request.client = await gate(request, reply, scopes);
  };
}

/** Loads openapi.yaml and lets modules register its operations by id. */
export default fp<OpenApiPluginOptions>(
  (app: FastifyInstance, options) => {
    const document = loadOpenApi(options.path);
    app.decorate('openapi', document);
    app.decorateRequest('session', null);
    app.decorateRequest('tokenRejected', false);
    app.decorateRequest('staff', null);
    app.decorateRequest('staffTokenRejected', false);
    app.decorateRequest('client', null);
    app.decorate('operation', function operation<
      Id extends OperationId,
    >(this: FastifyInstance, operationId: Id, handler: OperationHandler<Id>, options: OperationOptions = {}) {
      const op = document.operations.get(operationId);
      if (!op) {
        throw new Error(`openapi.yaml has no operation "${operationId}"`);
      }
      if ((op.staff !== null) !== staffOperations.has(operationId)) {
        throw new Error(
          `openapi.yaml says "${operationId}" ${op.staff ? 'is' : 'is not'} a console operation (staffAuth), ` +
            'but STAFF_OPERATIONS in lib/contract.ts says otherwise',
        );
      }
      if ((op.oauth !== null) !== openOperations.has(operationId)) {
        throw new Error(
          `openapi.yaml says "${operationId}" ${op.oauth ? 'is' : 'is not'} an open operation (oauth2), ` +
            'but OPEN_OPERATIONS in lib/contract.ts says otherwise',
        );
      }
      if (op.oauth && !this.hasDecorator('openGate')) {
        throw new Error(`"${operationId}" is an open operation: register plugins/open-auth.ts before it`);
      }
      const permission = op.staff ? staffRolesOf(operationId, op.staff) : null;
      if (op.requiresAuth === (publicOperations.has(operationId) || permission !== null || op.oauth !== null)) {
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
        onRequest: op.oauth
          ? // An integrator's open operation: an access token (never a patient's session) with the operation's scopes.
            openCheck(this.openGate, op.oauth.scopes)
          : permission
            ? // A console operation: a staff token (never a customer's session) whose role holds the permission.
              (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
                const staff = request.staff;
                done(
                  !staff
                    ? unauthenticated(
                        request.staffTokenRejected ? '登录已过期，请重新登录' : STAFF_MESSAGES.signInFirst,
                      )
                    : roleMay(staff.role, permission)
                      ? undefined
                      : forbidden(STAFF_MESSAGES.forbidden),
                );
              }
            : op.requiresAuth
              ? (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
                  done(
                    request.session
                      ? undefined
                      : unauthenticated(request.tokenRejected ? '登录已过期，请重新登录' : '请先登录'),
                  );
                }
              : undefined,
        // A file answer is sent by the handler itself, and an `x-envelope: false` answer is the
        // handler's whole body; everything else is wrapped in the envelope (one `then`, not a
        // second async function awaiting the first).
        handler: op.rawResponse
          ? (request, reply) => handler(request as OperationRequest<Id>, reply)
          : op.successMessage
            ? (request, reply) =>
                handler(request as OperationRequest<Id>, reply).then((data) => envelope(data, op.successMessage))
            : (request, reply) => handler(request as OperationRequest<Id>, reply).then((data) => envelope(data)),
      });
    });
  },
  { name: 'openapi' },
);
