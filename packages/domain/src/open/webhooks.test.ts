import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttemptAt,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  webhookAttemptError,
  webhookDisabledNotice,
  webhookShouldDisable,
  webhookUrlProblem,
} from './webhooks';

describe('the retry schedule', () => {
  const failedAt = new Date('2026-11-27T00:00:00Z');

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then stops', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => (nextWebhookAttemptAt(n, failedAt)!.getTime() - failedAt.getTime()) / 1000,
    );
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(nextWebhookAttemptAt(8, failedAt)).toBeNull();
  });

  it('spans more than 24 hours from the first attempt to the last', () => {
    const total = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0);
    expect(total).toBeGreaterThan(24 * 3600);
  });
});

describe('switching a subscription off', () => {
  it('happens at the 20th failed delivery in a row, not before', () => {
    expect(webhookShouldDisable(19)).toBe(false);
    expect(webhookShouldDisable(20)).toBe(true);
  });

  it('tells the contact which app and URL, and how to recover', () => {
    const text = webhookDisabledNotice('慢病管理系统', 'https://example.com/hook');
    expect(text).toContain('慢病管理系统');
    expect(text).toContain('https://example.com/hook');
    expect(text).toContain('重新启用');
  });
});

describe('subscription URLs', () => {
  const strict = { allowLoopbackHttp: false };
  const dev = { allowLoopbackHttp: true };

  it('takes https', () => {
    expect(webhookUrlProblem('https://hooks.example.com/glucoguard?x=1', strict)).toBeNull();
  });

  it('refuses plain http, except to a loopback address in development', () => {
    expect(webhookUrlProblem('http://hooks.example.com/', strict)).toBe('推送地址必须以 https:// 开头');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', strict)).toBe('推送地址必须以 https:// 开头');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', dev)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/', dev)).toBe('推送地址必须以 https:// 开头');
  });

  it('refuses credentials, fragments, other schemes and non-URLs', () => {
    expect(webhookUrlProblem('https://user:pw@example.com/', strict)).toBe('推送地址不能包含用户名、密码或 # 片段');
    expect(webhookUrlProblem('https://example.com/#x', strict)).toBe('推送地址不能包含用户名、密码或 # 片段');
    expect(webhookUrlProblem('ftp://example.com/', strict)).toBe('推送地址必须以 https:// 开头');
    expect(webhookUrlProblem('not a url', strict)).toBe('推送地址格式不正确');
  });
});

describe('the delivery log words', () => {
  it('names the status, the time-out or the network failure', () => {
    expect(webhookAttemptError({ statusCode: 500 })).toBe('接收方返回 HTTP 500');
    expect(webhookAttemptError({ timeout: true })).toBe('接收方 10 秒内没有应答');
    expect(webhookAttemptError({ network: 'ECONNREFUSED' })).toBe('连接接收方失败（ECONNREFUSED）');
  });
});
