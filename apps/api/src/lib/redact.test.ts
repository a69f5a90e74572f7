import { describe, expect, it } from 'vitest';
import { redactLogObject, redactUrl } from './redact';

describe('redactUrl', () => {
  it('masks phone numbers and tokens in the query', () => {
    expect(redactUrl('/api/dev/v1/smsOutbox?phone=13800138000&x=1')).toBe(
      '/api/dev/v1/smsOutbox?phone=%5BREDACTED%5D&x=1',
    );
    expect(redactUrl('/api/wechat?code=abc&sourceId=3')).toBe('/api/wechat?code=%5BREDACTED%5D&sourceId=3');
  });

  it('leaves URLs without sensitive parameters as they are', () => {
    expect(redactUrl('/api/healthz')).toBe('/api/healthz');
    expect(redactUrl('/api/a?pageNo=1')).toBe('/api/a?pageNo=1');
  });
});

describe('redactLogObject', () => {
  it('masks sensitive keys at the top and two levels below, and credential headers', () => {
    const logged = {
      phone: '13800138000',
      body: { validCode: '123456', list: [{ mobile: '13900139000' }] },
      req: { headers: { authorization: 'Bearer t', cookie: 'a=b', accept: '*/*' } },
      deep: { a: { b: { phone: 'kept: four levels down is past the walk' } } },
    };
    expect(redactLogObject(logged)).toEqual({
      phone: '[REDACTED]',
      body: { validCode: '[REDACTED]', list: [{ mobile: '13900139000' }] },
      req: { headers: { authorization: '[REDACTED]', cookie: '[REDACTED]', accept: '*/*' } },
      deep: { a: { b: { phone: 'kept: four levels down is past the walk' } } },
    });
    expect(redactLogObject({ list: [{ mobile: '13900139000' }] })).toEqual({ list: [{ mobile: '[REDACTED]' }] });
  });

  it('never changes the logged object, and returns it as it is when nothing is sensitive', () => {
    const logged = { body: { phone: '13800138000' } };
    redactLogObject(logged);
    expect(logged.body.phone).toBe('13800138000');
    const plain = { req: { method: 'GET', url: '/api/healthz' }, res: { statusCode: 200 } };
    expect(redactLogObject(plain)).toBe(plain);
  });

  it('keeps an error an error of its class, so the logger still serialises it as one', () => {
    class SmsFailure extends Error {}
    const error = Object.assign(new SmsFailure('send failed'), { phone: '13800138000' });
    const { err } = redactLogObject({ err: error });
    expect(err).toBeInstanceOf(SmsFailure);
    expect(err.message).toBe('send failed');
    expect(err.phone).toBe('[REDACTED]');
    expect(error.phone).toBe('13800138000');
  });
});
