import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may not go. A receiver URL is checked when it is saved and again at every attempt, where
 * the hostname is resolved, every address it resolves to is checked, and the connection is made to a checked
 * address (the lookup below is the connection's own), so a DNS answer that changes between the check and the
 * connection (rebinding) cannot slip through.
 */
export type AddressCategory =
  | 'metadata'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared (CGNAT)'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

type Range = readonly [category: AddressCategory, network: string, prefix: number];

/** Checked in order: the metadata addresses come before the link-local and unique-local ranges they sit in. */
const IPV4_RANGES: readonly Range[] = [
  ['metadata', '169.254.169.254', 32], // EC2 instance metadata (also GCP, Azure)
  ['metadata', '169.254.170.2', 32], // ECS task metadata and credentials
  ['metadata', '169.254.170.23', 32], // EKS pod identity
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['shared (CGNAT)', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['documentation', '192.0.2.0', 24],
  ['reserved', '192.88.99.0', 24],
  ['private', '192.168.0.0', 16],
  ['benchmarking', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4], // and the broadcast address
];

const IPV6_RANGES: readonly Range[] = [
  ['metadata', 'fd00:ec2::254', 128], // EC2 instance metadata over IPv6
  ['metadata', 'fd00:ec2::23', 128], // EKS pod identity over IPv6
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['reserved', '100::', 64], // discard-only
  ['documentation', '2001:db8::', 32],
  ['unique-local', 'fc00::', 7],
  ['link-local', 'fe80::', 10],
  ['private', 'fec0::', 10], // deprecated site-local
  ['multicast', 'ff00::', 8],
];

const compile = (ranges: readonly Range[], type: 'ipv4' | 'ipv6') =>
  ranges.map(([category, network, prefix]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return { category, list };
  });

const IPV4 = compile(IPV4_RANGES, 'ipv4');
const IPV6 = compile(IPV6_RANGES, 'ipv6');

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = `${text.slice(0, -dotted[1].length)}${tail}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * The IPv4 address an IPv6 address carries and that the network would deliver to: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-translated (`::ffff:0:a.b.c.d`, RFC 2765), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96` and the
 * local-use `64:ff9b:1::/48`, RFC 8215), 6to4 (`2002::/16`) and Teredo (`2001::/32`, RFC 4380: the client's
 * address, inverted, in the last 32 bits; that is where a relay delivers).
 */
function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((byte) => byte === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return v4(12);
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return v4(12);
  const nat64 = b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b;
  if (nat64 && zeros(4, 12)) return v4(12);
  if (nat64 && b[4] === 0x00 && b[5] === 0x01) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  if (b[0] === 0x20 && b[1] === 0x01 && zeros(2, 4))
    return b
      .slice(12, 16)
      .map((byte) => byte ^ 0xff)
      .join('.');
  return undefined;
}

/** The category of a non-public address, or undefined for a public one. */
export function categorize(address: string): AddressCategory | undefined {
  const version = isIP(address.split('%')[0] ?? '');
  if (version === 4) return IPV4.find(({ list }) => list.check(address, 'ipv4'))?.category;
  if (version !== 6) return 'reserved';
  const v4 = embeddedIpv4(address);
  if (v4) return categorize(v4);
  const bare = address.split('%')[0] ?? address;
  return IPV6.find(({ list }) => list.check(bare, 'ipv6'))?.category;
}

/** Names that mean this machine or a metadata service whatever DNS says. */
function categorizeName(hostname: string): AddressCategory | undefined {
  if (/^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.localhost$/.test(hostname)) return 'loopback';
  if (/^(metadata|metadata\.google\.internal|instance-data|instance-data\.ec2\.internal)$/.test(hostname)) {
    return 'metadata';
  }
  return undefined;
}

export type AddressPolicy = {
  /** Live organizations: https only. */
  httpsOnly: boolean;
  /** Sandbox organizations, where the deployment allows it: loopback, for local development. */
  allowLoopback: boolean;
};

export function policyFor(environment: 'sandbox' | 'live', sandboxLoopback: boolean): AddressPolicy {
  return { httpsOnly: environment === 'live', allowLoopback: environment === 'sandbox' && sandboxLoopback };
}

/** The category that makes this address off limits under the policy, or undefined when it may be used. */
export function refusedCategory(address: string, policy: AddressPolicy): AddressCategory | undefined {
  const category = categorize(address);
  if (category === 'loopback' && policy.allowLoopback) return undefined;
  return category;
}

const normalizedHost = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * What is wrong with a receiver URL before any DNS: the scheme, credentials, an address literal or a name
 * that is off limits. Undefined when it may be saved (its name is resolved and checked at each attempt).
 */
export function urlProblem(url: URL, policy: AddressPolicy): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must be an http or https URL';
  if (url.username || url.password) return 'Must not contain credentials';
  const host = normalizedHost(url);
  const category = isIP(host) ? categorize(host) : categorizeName(host);
  if (category && !(category === 'loopback' && policy.allowLoopback)) {
    return `Must not point to a ${category} address`;
  }
  if (policy.httpsOnly && url.protocol !== 'https:') return 'Must use https';
  return undefined;
}

/** The tenant-facing text of a refused delivery: that the address is refused, never what the name resolved to. */
export const ADDRESS_NOT_ALLOWED = 'Address not allowed';

/**
 * A delivery refused by the guard. Its message is what a tenant may read (a delivery's `lastError`); what the
 * name resolved to stays in `detail`, for the operators' logs only: it would map internal names for a tenant.
 */
export class AddressNotAllowedError extends Error {
  readonly code = 'EADDRNOTALLOWED';
  readonly detail: string;
  constructor(hostname: string, address: string, category: AddressCategory) {
    super(ADDRESS_NOT_ALLOWED);
    this.detail = `${hostname} resolves to ${address} (${category})`;
  }
}

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (every address), answering the configured overrides without DNS. */
export function systemResolver(overrides: ReadonlyMap<string, string> = new Map()): Resolver {
  return async (hostname) => {
    const override = overrides.get(hostname.toLowerCase());
    if (override) return [{ address: override, family: isIP(override) }];
    return dnsLookup(hostname, { all: true, verbatim: true });
  };
}

/**
 * A `lookup` for the connection itself: resolves, refuses if any address is off limits, and hands the checked
 * addresses to the socket, which connects to one of them and to nothing else.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((addresses) => {
        const name = hostname.replace(/\.$/, '').toLowerCase();
        const named = categorizeName(name);
        if (named && !(named === 'loopback' && policy.allowLoopback)) {
          throw new AddressNotAllowedError(hostname, addresses[0]?.address ?? name, named);
        }
        for (const { address } of addresses) {
          const category = refusedCategory(address, policy);
          if (category) throw new AddressNotAllowedError(hostname, address, category);
        }
        const wanted = options.family === 6 || options.family === 4 ? options.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
        const first = usable[0];
        if (!first) throw Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}
