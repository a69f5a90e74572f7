import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SPEC_CALLS } from './fixtures/spec-calls';

const document = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

/** The operation openapi.yaml declares for a call, or undefined. */
function declared(method: string, path: string): string | undefined {
  const item = document.paths[path];
  if (item === undefined) {
    return undefined;
  }
  return item[method]?.operationId;
}

describe('the calls specs 1 and 2 name', () => {
  it('are all declared in openapi.yaml, with the method the spec gives', () => {
    const missing = SPEC_CALLS.filter((call) => declared(call.method, call.path) === undefined).map(
      (call) => `spec ${call.spec}: ${call.method.toUpperCase()} ${call.path}`,
    );
    expect(missing).toEqual([]);
  });

  it('include the calls added last, so the list itself is not cut short', () => {
    const paths = new Set(SPEC_CALLS.map((call) => call.path));
    for (const path of [
      '/customer/v1/queryLegal',
      '/sign/v1/getHealthMessage',
      '/sugarTest/v1/getHealthMessage',
      '/customer/v1/getCustomerQrCode',
      '/activity/v1/bannerList',
    ]) {
      expect(paths.has(path)).toBe(true);
    }
    // 95 calls with a path in the two documents: shortening the list is a change made on purpose.
    expect(SPEC_CALLS).toHaveLength(95);
  });

  it('declares a spec call under the spec’s own operation path, not only an alias', () => {
    expect(declared('post', '/customer/v1/getCustomerQrCode')).toBe('getCustomerQrCode');
    expect(declared('get', '/sign/v1/getHealthMessage')).toBe('getSignHealthMessage');
  });
});
