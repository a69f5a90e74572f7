import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('masks phone numbers and tokens in the query', () => {
    expect(redactUrl('/api/dev/v1/smsOutbox?phone=13800138000&x=1')).toBe('/api/dev/v1/smsOutbox?phone=%5BREDACTED%5D&x=1');
    expect(redactUrl('/api/wechat?code=abc&sourceId=3')).toBe('/api/wechat?code=%5BREDACTED%5D&sourceId=3');
  });

  it('leaves URLs without sensitive parameters as they are', () => {
    expect(redactUrl('/api/healthz')).toBe('/api/healthz');
    expect(redactUrl('/api/a?pageNo=1')).toBe('/api/a?pageNo=1');
  });
});
