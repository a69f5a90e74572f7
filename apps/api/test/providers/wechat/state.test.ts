import { describe, expect, it } from 'vitest';
import { createState, verifyState } from '../../../src/providers/wechat/identity';

const SECRET = 'state-test-secret-0123456789abcdef';
const NOW = Date.UTC(2025, 0, 1, 8, 0, 0);
const TTL = 10 * 60 * 1000;

/** Replaces one character with a different hex digit. */
function flip(state: string, index: number): string {
  const replacement = state[index] === '0' ? '1' : '0';
  return state.slice(0, index) + replacement + state.slice(index + 1);
}

describe('signed OAuth state', () => {
  it('is accepted by the same secret before it expires', () => {
    const state = createState(SECRET, NOW, TTL);
    expect(verifyState(SECRET, state, NOW)).toBe(true);
    expect(verifyState(SECRET, state, NOW + TTL - 1)).toBe(true);
  });

  it('fits the messaging app rule for state: only letters and digits, at most 128 characters', () => {
    const state = createState(SECRET, NOW, TTL);
    expect(state).toMatch(/^[a-zA-Z0-9]{1,128}$/);
  });

  it('differs on every call, so a captured state says nothing about the next one', () => {
    expect(createState(SECRET, NOW, TTL)).not.toBe(createState(SECRET, NOW, TTL));
  });

  it('is refused once its lifetime is over', () => {
    const state = createState(SECRET, NOW, TTL);
    expect(verifyState(SECRET, state, NOW + TTL)).toBe(false);
    expect(verifyState(SECRET, state, NOW + 24 * 60 * 60 * 1000)).toBe(false);
  });

  it('is refused when any part has been altered: nonce, expiry or signature', () => {
    const state = createState(SECRET, NOW, TTL);
    for (const index of [0, 20, 27, 28, 91]) {
      expect(verifyState(SECRET, flip(state, index), NOW)).toBe(false);
    }
  });

  it('is refused when someone pushes the expiry into the future without the secret', () => {
    const state = createState(SECRET, NOW, TTL);
    const later = (NOW + 365 * 24 * 60 * 60 * 1000).toString(16).padStart(12, '0');
    const extended = state.slice(0, 16) + later + state.slice(28);
    expect(verifyState(SECRET, extended, NOW + TTL + 1)).toBe(false);
  });

  it('is refused under a different secret', () => {
    expect(verifyState('another-secret-entirely-000000000', createState(SECRET, NOW, TTL), NOW)).toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['a short string', 'abc123'],
    ['the literal placeholder from the docs', 'STATE'],
  ])('refuses %s', (_case, value) => {
    expect(verifyState(SECRET, value, NOW)).toBe(false);
  });

  it('refuses a valid state that was upper-cased or padded', () => {
    const state = createState(SECRET, NOW, TTL);
    expect(verifyState(SECRET, state.toUpperCase(), NOW)).toBe(false);
    expect(verifyState(SECRET, `${state}0`, NOW)).toBe(false);
  });

  it('refuses to create a state with a nonsensical lifetime', () => {
    expect(() => createState(SECRET, NOW, 0)).toThrow(RangeError);
    expect(() => createState(SECRET, NOW, -5)).toThrow(RangeError);
  });
});
