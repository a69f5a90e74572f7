// The request policy every route shares (issue 15 A): bodies keep their JSON types, no string
// carries a NUL character, nesting is capped, and whatever the HTTP parser or the router refuses
// still answers in the envelope.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { AppError, ErrorCodes } from './errors';

/** Deepest nesting of objects and arrays a JSON body may have; the API's own bodies use at most 4. */
export const MAX_JSON_DEPTH = 32;
/** The longest request target (path and query) the API reads. */
export const MAX_URL_LENGTH = 8 * 1024;

const PLACE: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数' };
/** A field name from the request is shown at most this long in a message. */
const FIELD_SHOWN = 64;

/** A field path for a message, cut short: names come from the request and are never echoed whole. */
export function shownField(path: string): string {
  return path.length > FIELD_SHOWN ? `${path.slice(0, FIELD_SHOWN)}…` : path;
}

/**
 * Validators from openapi.yaml: query, path and header parameters are converted to the types their
 * schema declares (they arrive as text), a JSON body must already have them — `"6.5"` or `[6.5]` is
 * not a number. Both Ajv instances keep the `x-errMsg` keyword and errors without request data
 * (no `verbose`): the message code finds the schema from the error's schemaPath instead.
 */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: ((
      externalSchemas: Record<string, unknown>,
      ajvOptions: { customOptions?: Record<string, unknown> } = {},
    ) => {
      const factory = AjvCompiler() as unknown as (
        schemas: unknown,
        options: unknown,
      ) => (route: RouteSchema) => unknown;
      const options = (coerceTypes: false | 'array') => ({
        ...ajvOptions,
        customOptions: { ...ajvOptions.customOptions, coerceTypes },
      });
      const converting = factory(externalSchemas, options('array'));
      const strict = factory(externalSchemas, options(false));
      return (route: RouteSchema) =>
        route.httpPart === 'body' ? strict(route) : finiteOnly(converting(route) as Validate, route.schema);
    }) as never,
  },
};

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * Ajv converts `"1e999"` to Infinity and does not check the converted value again (its
 * `strictNumbers` covers only values that arrive as numbers), so a parameter converted to a
 * non-finite number is refused here, as a type error of that parameter.
 */
function finiteOnly(validate: Validate, schema: unknown): Validate {
  const wrapped: Validate = (data: unknown) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    if (typeof data === 'object' && data !== null) {
      for (const [key, value] of Object.entries(data)) {
        const values: unknown[] = Array.isArray(value) ? value : [value];
        if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
          const declared = (schema as { properties?: Record<string, { type?: unknown }> }).properties?.[key]?.type;
          wrapped.errors = [
            {
              keyword: 'type',
              instancePath: `/${key}`,
              schemaPath: `#/properties/${key}/type`,
              params: { type: typeof declared === 'string' ? declared : 'number' },
            },
          ];
          return false;
        }
      }
    }
    wrapped.errors = null;
    return true;
  };
  return wrapped;
}

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart: string;
}

/**
 * The deepest nesting of a JSON text, stopping as soon as it passes `limit`: one pass over the
 * characters, before parsing, so a body of a million `[` costs microseconds, not a parse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) {
        i += 1;
      } else if (c === 34 /* " */) {
        inString = false;
      }
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > limit) {
        return true;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/** Where a NUL character sits in a parsed value, as a dotted path; undefined when there is none. */
export function findNul(value: unknown): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\0') ? '' : undefined;
  }
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  // Iterative, so no input can exhaust the stack (the parser already capped the depth of bodies);
  // the stack is only made when there is nesting, so flat parameters cost one pass over their keys.
  let node: object = value;
  let path = '';
  let stack: Array<{ node: object; path: string }> | undefined;
  for (;;) {
    const isArray = Array.isArray(node);
    for (const key of Object.keys(node)) {
      const at = path ? `${path}.${key}` : key;
      if (!isArray && key.includes('\0')) {
        return at;
      }
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (child.includes('\0')) {
          return at;
        }
      } else if (typeof child === 'object' && child !== null) {
        (stack ??= []).push({ node: child, path: at });
      }
    }
    const next = stack?.pop();
    if (!next) {
      return undefined;
    }
    ({ node, path } = next);
  }
}

/** A refusal in the envelope's terms. */
export const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);

/** Refuses a NUL character anywhere in the path, the query or the body (PostgreSQL cannot store one). */
export function checkNoNul(request: FastifyRequest): void {
  // Three calls rather than a loop over a list of pairs: this runs on every request.
  refuseNul('params', request.params);
  refuseNul('querystring', request.query);
  refuseNul('body', request.body);
}

function refuseNul(place: keyof typeof PLACE, value: unknown): void {
  if (value === undefined || value === null) {
    return;
  }
  const at = findNul(value);
  if (at !== undefined) {
    throw badRequest(`${PLACE[place]}${at ? `字段 ${shownField(at)} ` : ''}不能包含空字符（\\u0000）`);
  }
}

/** The envelope as raw bytes, for answers written before Fastify has a request. */
function rawEnvelope(status: number, code: number, errMsg: string): string {
  const body = JSON.stringify({ code, errMsg, data: null, requestId: randomUUID() });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * What Node's HTTP parser refuses (headers or URL too large, malformed requests, timeouts) is
 * answered in the envelope too, then the connection is closed, as Fastify's default does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  if (socket.writable) {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.write(rawEnvelope(408, ErrorCodes.badRequest, '请求超时'));
    } else if (error.code === 'HPE_HEADER_OVERFLOW') {
      socket.write(rawEnvelope(431, ErrorCodes.badRequest, '请求头过大'));
    } else {
      socket.write(rawEnvelope(400, ErrorCodes.badRequest, '请求格式有误'));
    }
  }
  socket.destroy(error);
}

/** Errors the router raises before any route or hook runs: a malformed URL, a path parameter too long. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, code, errMsg] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, ErrorCodes.badRequest, '请求地址过长']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, ErrorCodes.badRequest, '请求地址格式有误']
        : [500, ErrorCodes.internal, `服务器开小差了，请稍后再试（请求编号 ${String(request.id)}）`];
  void reply
    .status(status)
    .header('X-Request-Id', String(request.id))
    .send({ code, errMsg, data: null, requestId: String(request.id) });
}
