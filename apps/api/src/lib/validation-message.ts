import localize from 'ajv-i18n/localize/zh/index.js';

/** The parts of an Ajv error the message needs (Fastify hands us Ajv's error objects). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
}

const PLACE: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const extra = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof extra === 'string') {
    return path ? `${path}.${extra}` : extra;
  }
  return path;
}

/** A schema may carry the spec's own wording for a field in `x-errMsg`. */
function specMessage(issue: ValidationIssue): string | undefined {
  const schema = issue.parentSchema;
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

/** Turns the first validation failure into one clear Chinese sentence. */
export function describeValidationError(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) {
    return '请求参数有误';
  }
  const own = specMessage(first);
  if (own) {
    return own;
  }
  const [localized] = structuredClone<[ValidationIssue]>([first]);
  localize([localized] as Parameters<typeof localize>[0]);
  const field = fieldOf(first);
  const place = PLACE[context ?? ''] ?? '请求';
  if (first.keyword === 'additionalProperties') {
    return `${place}包含不支持的字段：${field}`;
  }
  if (first.keyword === 'required') {
    return `${place}缺少必填字段：${field}`;
  }
  return `${place}字段 ${field || '(整体)'} ${localized.message ?? '不符合要求'}`;
}
