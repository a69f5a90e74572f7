import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type JsonSchema = Record<string, unknown>;

export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, e.g. `/devices/bindDevices/{type}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/devices/bindDevices/:type`. */
  url: string;
  /** Whether a signed-in session is required (false when the operation allows anonymous calls). */
  requiresAuth: boolean;
  /**
   * A console operation (`security: staffAuth`): the permission it needs (`x-permission`) and the
   * roles that hold it (`x-roles`), checked by the openapi plugin against the domain's table.
   */
  staff: { permission: string; roles: string[] } | null;
  /**
   * An open operation for integrators (`security: [{ oauth2: [scope…] }]`, issue 23): the scopes its
   * access token must carry. The openapi plugin resolves `request.client` and enforces them.
   */
  oauth: { scopes: string[] } | null;
  /** The success answer is not our JSON envelope (a file, an image, or `x-envelope: false`). */
  rawResponse: boolean;
  /** The envelope's `errMsg` on success (`x-success-errMsg`, e.g. 成功发起退款); empty when not declared. */
  successMessage: string;
  schema: {
    querystring?: JsonSchema;
    params?: JsonSchema;
    body?: JsonSchema;
    response: Record<string, JsonSchema>;
  };
}

export interface OpenApiDocument {
  raw: Record<string, unknown>;
  operations: Map<string, Operation>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/** Keywords of OpenAPI that JSON Schema validators do not know; `x-errMsg` is ours and is kept. */
const OPENAPI_ONLY = new Set(['example', 'discriminator', 'xml', 'externalDocs']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces every local `$ref` with the schema it points to, failing on a cycle. */
function dereference(node: unknown, root: Record<string, unknown>, trail: string[] = []): unknown {
  if (Array.isArray(node)) {
    return node.map((item) => dereference(item, root, trail));
  }
  if (!isObject(node)) {
    return node;
  }
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) {
      throw new Error(`openapi.yaml: only local references are supported, found ${ref}`);
    }
    if (trail.includes(ref)) {
      throw new Error(`openapi.yaml: circular reference ${[...trail, ref].join(' → ')}`);
    }
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) {
      target = isObject(target) ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    if (target === undefined) {
      throw new Error(`openapi.yaml: unresolved reference ${ref}`);
    }
    return dereference(target, root, [...trail, ref]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY.has(key) || (key.startsWith('x-') && key !== 'x-errMsg')) {
      continue;
    }
    out[key] = dereference(value, root, trail);
  }
  return out;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

function parameterSchema(parameters: Parameter[], location: Parameter['in']): JsonSchema | undefined {
  const selected = parameters.filter((p) => p.in === location);
  if (selected.length === 0) {
    return undefined;
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: selected.filter((p) => p.required === true || location === 'path').map((p) => p.name),
    properties: Object.fromEntries(selected.map((p) => [p.name, p.schema ?? {}])),
  };
}

function jsonContentSchema(holder: unknown, where: string, allowOther = false): JsonSchema | undefined {
  if (!isObject(holder) || !isObject(holder.content)) {
    return undefined;
  }
  if (allowOther && !('application/json' in holder.content)) {
    return undefined;
  }
  const media = holder.content['application/json'];
  if (!isObject(media) || !isObject(media.schema)) {
    throw new Error(`openapi.yaml: ${where} must describe an application/json schema`);
  }
  return media.schema;
}

/** Reads openapi.yaml and turns each operation into a Fastify route schema. */
export function loadOpenApi(path: string): OpenApiDocument {
  const raw = parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const document = dereference(raw, raw) as Record<string, unknown>;
  const operations = new Map<string, Operation>();
  const globalSecurity = (document.security as unknown[] | undefined) ?? [];
  for (const [path, item] of Object.entries((document.paths as Record<string, unknown> | undefined) ?? {})) {
    if (!isObject(item)) {
      continue;
    }
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) {
        continue;
      }
      const operationId = op.operationId;
      if (typeof operationId !== 'string') {
        throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} has no operationId`);
      }
      const parameters = [...shared, ...((op.parameters as Parameter[] | undefined) ?? [])];
      const security = (op.security as unknown[] | undefined) ?? globalSecurity;
      const response: Record<string, JsonSchema> = {};
      for (const [status, res] of Object.entries((op.responses as Record<string, unknown> | undefined) ?? {})) {
        const schema = jsonContentSchema(res, `${operationId} response ${status}`, true);
        if (schema) {
          response[status] = schema;
        }
      }
      const body = jsonContentSchema(op.requestBody, `${operationId} request body`);
      // `x-wildcard: true` lets the last path parameter span slashes (a file's key); Fastify names it '*'.
      const rawOp = (raw.paths as Record<string, Record<string, Record<string, unknown>>>)[path]?.[method];
      const wildcard = rawOp?.['x-wildcard'] === true;
      let params = parameterSchema(parameters, 'path');
      let url = path.replace(/\{([^}]+)\}/g, ':$1');
      if (wildcard) {
        const last = /\{([^}]+)\}$/.exec(path)?.[1];
        if (!last || !params) {
          throw new Error(`openapi.yaml: ${operationId} has x-wildcard but no trailing path parameter`);
        }
        url = path.replace(`{${last}}`, '*').replace(/\{([^}]+)\}/g, ':$1');
        const properties = params.properties as Record<string, JsonSchema>;
        params = { ...params, required: ['*'], properties: { '*': properties[last] ?? {} } };
      }
      const staffOnly = security.some((s) => isObject(s) && 'staffAuth' in s);
      const permission = rawOp?.['x-permission'];
      const roles = rawOp?.['x-roles'];
      if (staffOnly && (typeof permission !== 'string' || !Array.isArray(roles))) {
        throw new Error(`openapi.yaml: ${operationId} uses staffAuth but lacks x-permission or x-roles`);
      }
      const oauth = security.find((s): s is { oauth2: unknown } => isObject(s) && 'oauth2' in s);
      if (oauth && security.length !== 1) {
        throw new Error(`openapi.yaml: ${operationId} must name oauth2 as its only security requirement`);
      }
      operations.set(operationId, {
        operationId,
        oauth: oauth ? { scopes: (Array.isArray(oauth.oauth2) ? oauth.oauth2 : []).map(String) } : null,
        staff: staffOnly ? { permission: permission as string, roles: (roles as unknown[]).map(String) } : null,
        method: method.toUpperCase() as Operation['method'],
        path,
        url,
        // A file answer, or JSON in another system's shape (`x-envelope: false`, e.g. EMQX's hooks).
        rawResponse:
          rawOp?.['x-envelope'] === false ||
          (isObject(op.responses) &&
            isObject(op.responses['200']) &&
            !('application/json' in ((op.responses['200'].content as object | undefined) ?? {}))),
        successMessage: typeof rawOp?.['x-success-errMsg'] === 'string' ? rawOp['x-success-errMsg'] : '',
        // Only bearerAuth is a signed-in session; other schemes (the gateway token) are checked by their routes.
        requiresAuth:
          security.some((s) => isObject(s) && 'bearerAuth' in s) &&
          !security.some((s) => isObject(s) && Object.keys(s).length === 0),
        schema: {
          ...(parameterSchema(parameters, 'query') && { querystring: parameterSchema(parameters, 'query') }),
          ...(params && { params }),
          ...(body && { body }),
          response,
        },
      });
    }
  }
  return { raw, operations };
}
