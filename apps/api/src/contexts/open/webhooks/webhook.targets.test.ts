import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addressAllowed,
  guardedLookup,
  PRIVATE_TARGET_REFUSAL,
  PrivateTargetError,
  webhookTargetProblem,
} from './webhook.targets';

const production = { allowLoopback: false };
const development = { allowLoopback: true };

describe('addresses a delivery may go to', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'unspecified'],
    ['fd00::1', 'unique local'],
    ['fc00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['64:ff9b::a00:1', 'NAT64'],
  ])('refuses %s (%s) in production', (address) => {
    expect(addressAllowed(address, production)).toBe(false);
  });

  it('takes public addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect(addressAllowed(address, production)).toBe(true);
    }
  });

  it('allows loopback, and only loopback, outside production', () => {
    expect(addressAllowed('127.0.0.1', development)).toBe(true);
    expect(addressAllowed('::1', development)).toBe(true);
    expect(addressAllowed('10.0.0.5', development)).toBe(false);
    expect(addressAllowed('169.254.169.254', development)).toBe(false);
    expect(addressAllowed('fd00::1', development)).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(addressAllowed('example.com', development)).toBe(false);
  });
});

describe('a subscription URL', () => {
  it('is refused for an internal IP literal or a localhost name in production', () => {
    for (const url of [
      'https://127.0.0.1:8443/',
      'https://10.0.0.5/',
      'https://169.254.169.254/',
      'https://localhost/',
      'https://hooks.localhost/',
      'https://[::1]/',
      'https://[fd00::1]:8443/x',
      'https://0x7f.1/', // another spelling of 127.0.0.1
      'https://2130706433/',
    ]) {
      expect(webhookTargetProblem(url, production)).toBe(PRIVATE_TARGET_REFUSAL);
    }
  });

  it('is fine for a public address or a name (names are checked at each delivery)', () => {
    expect(webhookTargetProblem('https://hooks.example.com/glucoguard', production)).toBeNull();
    expect(webhookTargetProblem('https://8.8.8.8/', production)).toBeNull();
  });

  it('may name loopback outside production, but no other internal range', () => {
    expect(webhookTargetProblem('http://127.0.0.1:4100/hooks', development)).toBeNull();
    expect(webhookTargetProblem('https://localhost:4100/hooks', development)).toBeNull();
    expect(webhookTargetProblem('https://192.168.1.20/hooks', development)).toBe(PRIVATE_TARGET_REFUSAL);
  });
});

describe("the connection's lookup", () => {
  const resolver =
    (...addresses: string[]): LookupFunction =>
    (_hostname, _options, callback) =>
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const lookUp = (lookup: LookupFunction, all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) => {
      lookup('hooks.partner.example', { all }, (error, address, family) =>
        resolve({ error, result: all ? address : [address, family] }),
      );
    });

  it('refuses a name resolving to an internal address', async () => {
    const { error } = await lookUp(guardedLookup({ ...production, lookup: resolver('10.0.0.7') }), false);
    expect(error).toBeInstanceOf(PrivateTargetError);
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    const { error } = await lookUp(guardedLookup({ ...production, lookup: resolver('8.8.8.8', '127.0.0.1') }), true);
    expect(error).toBeInstanceOf(PrivateTargetError);
  });

  it('answers public addresses in the form the connection asked for', async () => {
    const lookup = guardedLookup({ ...production, lookup: resolver('8.8.8.8', '2400:3200::1') });
    expect(await lookUp(lookup, false)).toEqual({ error: null, result: ['8.8.8.8', 4] });
    expect(await lookUp(lookup, true)).toEqual({
      error: null,
      result: [
        { address: '8.8.8.8', family: 4 },
        { address: '2400:3200::1', family: 6 },
      ],
    });
  });

  it('lets loopback through outside production', async () => {
    const { error } = await lookUp(guardedLookup({ ...development, lookup: resolver('127.0.0.1') }), false);
    expect(error).toBeNull();
  });
});
