// 推送订阅's hours left of a subscription's previous secret while it is rotated (docs/adr/0232).
import { describe, expect, it } from 'vitest';
import { previousSecretHours, type Subscription } from './openText';

const HOUR = 3_600_000;
const now = new Date('2026-11-27T06:00:00.000Z');
const rotated = (previousSecretExpiresAt: string | null) => ({ previousSecretExpiresAt }) as Subscription;

describe('previousSecretHours', () => {
  it('gives the hours the previous secret has left, rounded up', () => {
    const at = (ms: number) => rotated(new Date(now.getTime() + ms).toISOString());
    expect(previousSecretHours(at(24 * HOUR), now)).toBe(24);
    expect(previousSecretHours(at(2 * HOUR + 1), now)).toBe(3);
    expect(previousSecretHours(at(1000), now)).toBe(1);
  });

  it('gives null when no previous secret signs any more, or never did', () => {
    expect(previousSecretHours(rotated(now.toISOString()), now)).toBeNull();
    expect(previousSecretHours(rotated('2026-11-27T05:00:00.000Z'), now)).toBeNull();
    expect(previousSecretHours(rotated(null), now)).toBeNull();
  });
});
