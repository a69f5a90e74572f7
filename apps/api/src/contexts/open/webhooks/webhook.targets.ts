import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where deliveries may go (docs/adr/0224-webhook-subscriptions-and-replay.md): never into the API's
// own networks. A subscription's URL naming such an address is refused when it is saved, and every
// attempt checks each address the receiver's name resolves to at that moment, in the lookup of the
// very connection that sends it (a name re-pointed after it was saved, DNS rebinding). Outside
// production, loopback addresses stay allowed for local receivers (development and tests); the
// other ranges never are.

/** The delivery log's words (and the subscription's refusal) for an address in one of these ranges. */
export const PRIVATE_TARGET_REFUSAL = '推送地址指向内网地址';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not the public internet. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match their IPv4 rule. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (may reach any IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(net, prefix, 'ipv6');
}

export interface WebhookTargetPolicy {
  /** Loopback addresses (and localhost) are allowed: development and tests, never production. */
  allowLoopback: boolean;
  /** How names are resolved (node's dns.lookup; tests give their own). */
  lookup?: LookupFunction;
}

/** Whether an IP address (v4 or v6, without brackets) may receive deliveries. */
export function addressAllowed(address: string, policy: Pick<WebhookTargetPolicy, 'allowLoopback'>): boolean {
  const family = isIP(address);
  if (family === 0) {
    return false;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (policy.allowLoopback && LOOPBACK.check(address, type)) {
    return true;
  }
  return !INTERNAL.check(address, type);
}

/** A URL's host without IPv6 brackets and without a trailing dot, lower case. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Why a subscription's URL is refused for where it points, or null: an IP literal in one of the
 * ranges above, or `localhost` / `*.localhost`, except loopback where the policy allows it. Other
 * names are checked at each delivery, once resolved.
 */
export function webhookTargetProblem(url: string, policy: Pick<WebhookTargetPolicy, 'allowLoopback'>): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '推送地址格式不正确';
  }
  const host = hostOf(parsed);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return policy.allowLoopback ? null : PRIVATE_TARGET_REFUSAL;
  }
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) {
    return PRIVATE_TARGET_REFUSAL;
  }
  return null;
}

/** Thrown (as the connection's error) when the receiver's name resolves to a refused address. */
export class PrivateTargetError extends Error {
  readonly code = 'WEBHOOK_PRIVATE_TARGET';
  constructor(hostname: string) {
    super(`${hostname} resolves to an internal address`);
  }
}

/**
 * The connection's lookup: resolves every address of the name and refuses the connection when any
 * of them is internal, so the address connected to is always one that was checked.
 */
export function guardedLookup(policy: WebhookTargetPolicy): LookupFunction {
  const resolve = policy.lookup ?? dnsLookup;
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const list: LookupAddress[] = Array.isArray(addresses)
        ? addresses
        : [{ address: addresses, family: isIP(addresses) }];
      if (list.length === 0 || list.some((a) => !addressAllowed(a.address, policy))) {
        callback(new PrivateTargetError(hostname), '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
        return;
      }
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The host of a URL when it is an IP literal the policy refuses (IP literals are connected to without a lookup). */
export function refusedLiteral(url: URL, policy: WebhookTargetPolicy): boolean {
  const host = hostOf(url);
  return isIP(host) !== 0 && !addressAllowed(host, policy);
}

let current: WebhookTargetPolicy = { allowLoopback: false };

/** Set by the app from its configuration (webhookRoutes); until then the production rule holds. */
export function setWebhookTargetPolicy(policy: WebhookTargetPolicy): void {
  current = policy;
}

export function webhookTargetPolicy(): WebhookTargetPolicy {
  return current;
}
