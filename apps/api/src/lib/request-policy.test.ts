import { describe, expect, it } from 'vitest';
import { findNul, jsonDepthExceeds, shownField } from './request-policy';
import { describeValidationError, parentSchemaOf } from './validation-message';

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, not brackets inside strings or after escaped quotes', () => {
    expect(jsonDepthExceeds('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[[[1]]]}', 3)).toBe(true);
    const quoted = JSON.stringify({ a: `${'['.repeat(100)}"\\${'{'.repeat(100)}` });
    expect(jsonDepthExceeds(quoted, 1)).toBe(false);
    expect(jsonDepthExceeds(`[${quoted}]`, 1)).toBe(true);
  });

  it('stops early on a million levels', () => {
    const text = '['.repeat(1_000_000);
    const started = performance.now();
    expect(jsonDepthExceeds(text, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('findNul', () => {
  it('finds a NUL in a value or a key, however deep, and names where', () => {
    expect(findNul('a\0b')).toBe('');
    expect(findNul({ a: [{ b: 'ok' }, { c: 'x\0' }] })).toBe('a.1.c');
    expect(findNul({ 'k\0': 1 })).toBe('k\0');
    expect(findNul({ a: ['ok', 1, null, true] })).toBeUndefined();
    let deep: unknown = 'x\0';
    for (let i = 0; i < 100_000; i += 1) {
      deep = [deep];
    }
    expect(findNul(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});

describe('validation messages without request data', () => {
  const schema = {
    type: 'object',
    required: ['phone'],
    properties: { phone: { type: 'string', 'x-errMsg': '请输入正确的手机号' }, n: { type: 'integer' } },
  };

  it('find the x-errMsg of a field through the error’s schemaPath', () => {
    expect(parentSchemaOf(schema, '#/properties/phone/type')).toBe(schema.properties.phone);
    const issue = {
      keyword: 'type',
      instancePath: '/phone',
      schemaPath: '#/properties/phone/type',
      params: { type: 'string' },
    };
    expect(describeValidationError([issue], 'body', schema)).toBe('请输入正确的手机号');
    const missing = {
      keyword: 'required',
      instancePath: '',
      schemaPath: '#/required',
      params: { missingProperty: 'phone' },
    };
    expect(describeValidationError([missing], 'body', schema)).toBe('请输入正确的手机号');
  });

  it('localise the rest in Chinese and cut long field names short', () => {
    const issue = {
      keyword: 'type',
      instancePath: '/n',
      schemaPath: '#/properties/n/type',
      params: { type: 'integer' },
    };
    expect(describeValidationError([issue], 'querystring', schema)).toBe('查询参数字段 n 应当是 integer 类型');
    const extra = {
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: 'k'.repeat(500) },
    };
    expect(describeValidationError([extra], 'body', schema)).toBe(
      `请求体包含不支持的字段：${shownField('k'.repeat(500))}`,
    );
    expect(shownField('k'.repeat(500))).toHaveLength(65);
  });
});
