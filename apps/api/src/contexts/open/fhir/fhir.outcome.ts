import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** FHIR's JSON media type: every answer of the export, refusals included. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** FHIR's issue type for an HTTP status (http://hl7.org/fhir/R4/valueset-issue-type.html). */
function issueType(status: number): OperationOutcomeIssue['code'] {
  if (status === 401) {
    return 'login';
  }
  if (status === 403) {
    return 'forbidden';
  }
  if (status === 404) {
    return 'not-found';
  }
  if (status === 405) {
    return 'not-supported';
  }
  if (status === 429) {
    return 'throttled';
  }
  if (status === 413 || status === 414) {
    return 'too-costly';
  }
  return status < 500 ? 'invalid' : 'exception';
}

/** A refusal as an OperationOutcome: the Chinese message in `details.text`, the envelope's code in `diagnostics`. */
export function operationOutcome(status: number, code: number, errMsg: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: issueType(status),
        diagnostics: String(code),
        details: { text: errMsg },
      },
    ],
  };
}
