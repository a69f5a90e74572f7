import localize from 'ajv-i18n/localize/zh/index.js';
import { shownField } from './request-policy';

/** The parts of an Ajv error the message needs (Fastify hands us Ajv's error objects, without `verbose`). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
}

type Schema = Record<string, unknown>;

const PLACE: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const extra = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof extra === 'string') {
    return path ? `${path}.${extra}` : extra;
  }
  return path;
}

/**
 * The schema object holding the failed keyword, found by walking the error's schemaPath
 * (`#/properties/sugar/type` → the `sugar` schema) through the route's own schema.
 */
export function parentSchemaOf(schema: Schema | undefined, schemaPath: string | undefined): Schema | undefined {
  if (!schema || !schemaPath?.startsWith('#')) {
    return undefined;
  }
  const parts = schemaPath.slice(1).split('/').filter(Boolean).slice(0, -1);
  let node: unknown = schema;
  for (const raw of parts) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Schema) : undefined;
}

/** A schema may carry the spec's own wording for a field in `x-errMsg`. */
function specMessage(issue: ValidationIssue, schema: Schema | undefined): string | undefined {
  if (!schema) {
    return undefined;
  }
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    const message = properties?.[issue.params.missingProperty]?.['x-errMsg'];
    return typeof message === 'string' ? message : undefined;
  }
  const message = schema['x-errMsg'];
  return typeof message === 'string' ? message : undefined;
}

/**
 * Turns the first validation failure into one clear Chinese sentence. `schema` is the route's
 * schema for the failing part (body, querystring, params). Field names from the request are
 * shown cut short, and nothing of the request's values is copied.
 */
export function describeValidationError(
  issues: ValidationIssue[],
  context: string | undefined,
  schema?: Schema,
): string {
  const first = issues[0];
  if (!first) {
    return '请求参数有误';
  }
  const own = specMessage(first, parentSchemaOf(schema, first.schemaPath));
  if (own) {
    return own;
  }
  // Ajv's errors hold only the keyword, paths and small params; a shallow copy is enough to localise.
  const localized: ValidationIssue = {
    keyword: first.keyword,
    instancePath: first.instancePath,
    params: { ...first.params },
  };
  localize([localized] as Parameters<typeof localize>[0]);
  const field = shownField(fieldOf(first));
  const place = PLACE[context ?? ''] ?? '请求';
  if (first.keyword === 'additionalProperties') {
    return `${place}包含不支持的字段：${field}`;
  }
  if (first.keyword === 'required') {
    return `${place}缺少必填字段：${field}`;
  }
  return `${place}字段 ${field || '(整体)'} ${localized.message ?? '不符合要求'}`;
}
