import { describe, expect, it } from 'vitest';
import {
  AddressNotAllowedError,
  type AddressPolicy,
  categorize,
  guardedLookup,
  policyFor,
  type Resolver,
  systemResolver,
  urlProblem,
} from '#shared/webhooks/address-guard.ts';

const LIVE = policyFor('live', true);
const SANDBOX = policyFor('sandbox', true);
const SANDBOX_WITHOUT_LOOPBACK = policyFor('sandbox', false);

const resolverOf =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** Runs a guarded lookup the way a socket does and returns what it hands the socket, or the error. */
function lookup(policy: AddressPolicy, resolve: Resolver, hostname: string, all = false) {
  return new Promise<{ error: Error | null; addresses: unknown }>((done) => {
    guardedLookup(policy, resolve)(hostname, { all }, (error, addresses) => done({ error, addresses }));
  });
}

describe('address guard: categories', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
  ])('%s is %s', (address, category) => {
    expect(categorize(address)).toBe(category);
  });

  /**
   * Attack run finding 6: `https://[::ffff:0:127.0.0.1]/` (IPv4-translated loopback) was accepted for a live
   * organization. Every IPv6 form that carries an IPv4 address is judged by that address.
   */
  it.each([
    ['::ffff:127.0.0.1', 'mapped, dotted'],
    ['::ffff:7f00:1', 'mapped, hex'],
    ['0:0:0:0:0:ffff:7f00:1', 'mapped, uncompressed'],
    ['::ffff:0:127.0.0.1', 'translated, dotted (RFC 2765)'],
    ['::ffff:0:7f00:1', 'translated, hex'],
    ['0:0:0:0:ffff:0:7f00:1', 'translated, uncompressed'],
    ['::127.0.0.1', 'compatible'],
    ['::7f00:1', 'compatible, hex'],
    ['64:ff9b::127.0.0.1', 'NAT64 well-known prefix'],
    ['64:ff9b::7f00:1', 'NAT64, hex'],
    ['64:ff9b:1::7f00:1', 'NAT64 local-use prefix (RFC 8215)'],
    ['2002:7f00:1::1', '6to4'],
  ])('%s (%s) is loopback', (address) => {
    expect(categorize(address)).toBe('loopback');
    expect(urlProblem(new URL(`https://[${address}]/`), LIVE)).toBe('Must not point to a loopback address');
  });

  it.each([
    ['::ffff:0:a9fe:a9fe', 'metadata'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b:1::a9fe:a9fe', 'metadata'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'], // Teredo: its client, inverted, is 192.0.2.45
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo whose client is 127.0.0.1
  ])('%s is %s', (address, category) => {
    expect(categorize(address)).toBe(category);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
  ])('%s is public', (address) => {
    expect(categorize(address)).toBeUndefined();
  });
});

describe('address guard: receiver URLs when saved', () => {
  it.each([
    ['http://169.254.169.254/', 'Must not point to a metadata address'],
    ['https://169.254.169.254/latest/meta-data', 'Must not point to a metadata address'],
    ['http://10.0.0.1/', 'Must not point to a private address'],
    ['https://10.0.0.1/', 'Must not point to a private address'],
    ['http://localhost', 'Must not point to a loopback address'],
    ['https://api.localhost/hook', 'Must not point to a loopback address'],
    ['https://127.0.0.1:8443/', 'Must not point to a loopback address'],
    ['https://[::1]/', 'Must not point to a loopback address'],
    ['https://[fd00::5]/', 'Must not point to a unique-local address'],
    ['https://2130706433/', 'Must not point to a loopback address'],
    ['https://0x7f.1/', 'Must not point to a loopback address'],
    ['https://metadata.google.internal/', 'Must not point to a metadata address'],
    ['https://100.64.1.1/', 'Must not point to a shared (CGNAT) address'],
    ['http://hooks.example.com/', 'Must use https'],
    ['https://user:pass@hooks.example.com/', 'Must not contain credentials'],
  ])('live: %s -> %s', (url, problem) => {
    expect(urlProblem(new URL(url), LIVE)).toBe(problem);
  });

  it('accepts an https URL with a public name for a live organization (its addresses are checked at delivery)', () => {
    expect(urlProblem(new URL('https://hooks.example.com/payouts?v=2'), LIVE)).toBeUndefined();
  });

  it('lets a sandbox organization use http and loopback, but no other off-limits address', () => {
    expect(urlProblem(new URL('http://localhost:4000/hook'), SANDBOX)).toBeUndefined();
    expect(urlProblem(new URL('http://127.0.0.1:4000/hook'), SANDBOX)).toBeUndefined();
    expect(urlProblem(new URL('http://hooks.example.com/'), SANDBOX)).toBeUndefined();
    expect(urlProblem(new URL('http://10.0.0.1/'), SANDBOX)).toBe('Must not point to a private address');
    expect(urlProblem(new URL('http://169.254.169.254/'), SANDBOX)).toBe('Must not point to a metadata address');
    expect(urlProblem(new URL('http://127.0.0.1/'), SANDBOX_WITHOUT_LOOPBACK)).toBe(
      'Must not point to a loopback address',
    );
  });
});

describe('address guard: the connection lookup', () => {
  it('refuses a hostname that resolves to a private address', async () => {
    const { error } = await lookup(LIVE, resolverOf({ 'internal.example.com': ['10.0.0.7'] }), 'internal.example.com');

    expect(error).toBeInstanceOf(AddressNotAllowedError);
    // The message reaches tenants (a delivery's lastError); what the name resolved to is for operators only.
    expect(error?.message).toBe('Address not allowed');
    expect((error as AddressNotAllowedError).detail).toBe('internal.example.com resolves to 10.0.0.7 (private)');
  });

  it('refuses a hostname when any one of its addresses is off limits', async () => {
    const resolve = resolverOf({ 'mixed.example.com': ['93.184.215.14', '169.254.169.254'] });

    const { error } = await lookup(LIVE, resolve, 'mixed.example.com', true);

    expect(error).toBeInstanceOf(AddressNotAllowedError);
    expect((error as AddressNotAllowedError).detail).toContain('metadata');
  });

  it('hands the socket exactly the checked addresses of a public name', async () => {
    const resolve = resolverOf({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });

    const one = await lookup(LIVE, resolve, 'hooks.example.com');
    const all = await lookup(LIVE, resolve, 'hooks.example.com', true);

    expect(one).toEqual({ error: null, addresses: '93.184.215.14' });
    expect(all.addresses).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('refuses loopback names and addresses for live organizations and allows them for sandbox ones', async () => {
    const resolve = resolverOf({ 'dev.example.com': ['127.0.0.1'], localhost: ['127.0.0.1'] });

    expect((await lookup(LIVE, resolve, 'dev.example.com')).error).toBeInstanceOf(AddressNotAllowedError);
    expect((await lookup(LIVE, resolve, 'localhost')).error).toBeInstanceOf(AddressNotAllowedError);
    expect(await lookup(SANDBOX, resolve, 'dev.example.com')).toEqual({ error: null, addresses: '127.0.0.1' });
  });

  it('answers configured overrides without DNS, and the guard still judges the answer', async () => {
    const resolve = systemResolver(new Map([['private.test', '10.1.2.3']]));

    expect(await resolve('PRIVATE.test')).toEqual([{ address: '10.1.2.3', family: 4 }]);
    expect((await lookup(LIVE, resolve, 'private.test')).error).toBeInstanceOf(AddressNotAllowedError);
  });
});
