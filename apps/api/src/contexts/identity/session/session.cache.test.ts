import { describe, expect, it } from 'vitest';
import { SessionCache } from './session.cache';

const now = new Date('2026-11-25T04:00:00Z');
const later = new Date(now.getTime() + 86_400_000);
const alice = { sessionId: 's1', customerId: 'c1', openid: 'o1', registered: true };
const aliceOtherDevice = { sessionId: 's2', customerId: 'c1', openid: 'o1', registered: true };
const bob = { sessionId: 's3', customerId: 'c2', openid: 'o2', registered: true };

function cache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 0;
  const c = new SessionCache({
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    monotonicMs: () => clock,
  });
  c.setEnabled(true);
  return { c, advance: (ms: number) => (clock += ms) };
}

describe('SessionCache', () => {
  it('answers a session the database vouched for, until its entry grows old', () => {
    const { c, advance } = cache({ ttlMs: 1_000 });
    c.put('h1', alice, later, c.ticket());
    expect(c.get('h1', now)).toEqual(alice);
    advance(999);
    expect(c.get('h1', now)).toEqual(alice);
    advance(1);
    expect(c.get('h1', now)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('never answers for a token past its expiry', () => {
    const { c } = cache();
    c.put('h1', alice, new Date(now.getTime() + 1_000), c.ticket());
    expect(c.get('h1', new Date(now.getTime() + 999))).toEqual(alice);
    expect(c.get('h1', new Date(now.getTime() + 1_000))).toBeUndefined();
  });

  it('keeps nothing while it is off, and starts empty whenever it is switched', () => {
    const { c } = cache();
    c.put('h1', alice, later, c.ticket());
    c.setEnabled(false);
    expect(c.get('h1', now)).toBeUndefined();
    c.put('h1', alice, later, c.ticket());
    expect(c.size).toBe(0);
    c.setEnabled(true);
    expect(c.get('h1', now)).toBeUndefined();
  });

  it('does not keep an unregistered caller, so registering shows on the next request', () => {
    const { c } = cache();
    c.put('h1', { ...alice, registered: false }, later, c.ticket());
    expect(c.get('h1', now)).toBeUndefined();
  });

  it('forgets a session whose row changed, and only that one', () => {
    const { c } = cache();
    c.put('h1', alice, later, c.ticket());
    c.put('h2', aliceOtherDevice, later, c.ticket());
    c.changed('s:h1');
    expect(c.get('h1', now)).toBeUndefined();
    expect(c.get('h2', now)).toEqual(aliceOtherDevice);
  });

  it('forgets every session of a customer whose identity changed', () => {
    const { c } = cache();
    c.put('h1', alice, later, c.ticket());
    c.put('h2', aliceOtherDevice, later, c.ticket());
    c.put('h3', bob, later, c.ticket());
    c.changed('c:c1');
    expect(c.get('h1', now)).toBeUndefined();
    expect(c.get('h2', now)).toBeUndefined();
    expect(c.get('h3', now)).toEqual(bob);
  });

  it('forgets everything on a notification it does not understand', () => {
    const { c } = cache();
    c.put('h1', alice, later, c.ticket());
    c.changed('');
    expect(c.size).toBe(0);
  });

  it('keeps out an answer read before a change it heard of meanwhile', () => {
    const { c } = cache();
    const ticket = c.ticket();
    c.changed('s:h1');
    c.put('h1', alice, later, ticket);
    expect(c.get('h1', now)).toBeUndefined();
    const revokedHere = c.ticket();
    c.forgetSession('s9');
    c.put('h1', alice, later, revokedHere);
    expect(c.get('h1', now)).toBeUndefined();
    c.put('h1', alice, later, c.ticket());
    expect(c.get('h1', now)).toEqual(alice);
  });

  it('forgets a session this process revoked itself', () => {
    const { c } = cache();
    c.put('h1', alice, later, c.ticket());
    c.put('h2', aliceOtherDevice, later, c.ticket());
    c.forgetSession('s1');
    expect(c.get('h1', now)).toBeUndefined();
    expect(c.get('h2', now)).toEqual(aliceOtherDevice);
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const { c } = cache({ maxEntries: 2 });
    c.put('h1', alice, later, c.ticket());
    c.put('h2', aliceOtherDevice, later, c.ticket());
    c.put('h3', bob, later, c.ticket());
    expect(c.size).toBe(2);
    expect(c.get('h1', now)).toBeUndefined();
    expect(c.get('h2', now)).toEqual(aliceOtherDevice);
    expect(c.get('h3', now)).toEqual(bob);
  });
});
