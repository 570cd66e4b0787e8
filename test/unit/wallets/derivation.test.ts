import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { encodeExtendedPublicKey } from '#shared/config/extended-public-key.ts';
import {
  deriveChildKey,
  deriveDepositAddress,
  InvalidDepositKeyError,
  MAX_NON_HARDENED_INDEX,
  parseDepositXpub,
} from '#shared/wallets/derivation.ts';
import { addressOfPublicKey, isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';
import { TEST_DEPOSIT_XPUB, testAccountKey } from '#test/support/wallets/test-keys.ts';

/** BIP32 test vectors 1 and 2 (bip-0032.mediawiki): every step a public parent can derive on its own. */
const BIP32_PUBLIC_STEPS = [
  {
    chain: 'vector 1: m/0H -> m/0H/1',
    parent:
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    index: 1,
    child:
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
  },
  {
    chain: 'vector 1: m/0H/1/2H -> m/0H/1/2H/2',
    parent:
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
    index: 2,
    child:
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  },
  {
    chain: 'vector 1: m/0H/1/2H/2 -> m/0H/1/2H/2/1000000000',
    parent:
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    index: 1_000_000_000,
    child:
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
  },
  {
    chain: 'vector 2: m -> m/0',
    parent:
      'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
    index: 0,
    child:
      'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
  },
] as const;

/** The checksum examples of EIP-55 itself. */
const EIP55_VECTORS = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('BIP32 public derivation', () => {
  it.each(BIP32_PUBLIC_STEPS)('derives the published child of $chain from the parent xpub alone', (step) => {
    const child = deriveChildKey(parseDepositXpub(step.parent), step.index);

    expect(child.publicExtendedKey).toBe(step.child);
    expect(child.privateKey).toBeNull();
  });

  it('refuses hardened and negative indexes, which need a private key', () => {
    const parent = parseDepositXpub(TEST_DEPOSIT_XPUB);

    expect(() => deriveChildKey(parent, MAX_NON_HARDENED_INDEX + 1)).toThrow(RangeError);
    expect(() => deriveChildKey(parent, -1)).toThrow(RangeError);
    expect(deriveChildKey(parent, MAX_NON_HARDENED_INDEX).index).toBe(MAX_NON_HARDENED_INDEX);
  });

  it('refuses to derive below depth 255, the deepest key BIP32 can serialize', () => {
    const parent = parseDepositXpub(TEST_DEPOSIT_XPUB);
    const deepest = parseDepositXpub(encodeExtendedPublicKey({ ...parent, depth: 255 }));

    expect(deriveChildKey(parseDepositXpub(encodeExtendedPublicKey({ ...parent, depth: 254 })), 0).depth).toBe(255);
    expect(() => deriveChildKey(deepest, 0)).toThrow(RangeError);
  });

  it('refuses an extended private key, a malformed key and a bad checksum', () => {
    const xprv = testAccountKey().privateExtendedKey;

    expect(() => parseDepositXpub(xprv)).toThrow(InvalidDepositKeyError);
    expect(() => parseDepositXpub('xpub-not-a-key')).toThrow(InvalidDepositKeyError);
    expect(() => parseDepositXpub(`${TEST_DEPOSIT_XPUB.slice(0, -1)}5`)).toThrow(InvalidDepositKeyError);
  });
});

describe('EIP-55 checksum', () => {
  it.each(EIP55_VECTORS)('renders %s from its lower-case form', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
  });

  it('accepts checksummed and single-case addresses, refuses a broken checksum', () => {
    expect(isValidAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
  });
});

describe('addresses from public keys', () => {
  it('gives the well-known addresses of private keys 1 and 2 (G and 2G, compressed)', () => {
    const g = Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex');
    const twoG = Buffer.from('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5', 'hex');

    expect(addressOfPublicKey(g)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    expect(addressOfPublicKey(twoG)).toBe('0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF');
  });

  it('derives the test mnemonic accounts every Ethereum toolchain prints, from the xpub alone', () => {
    const parent = parseDepositXpub(TEST_DEPOSIT_XPUB);

    expect([0, 1, 2].map((index) => deriveDepositAddress(parent, index))).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    ]);
  });

  it('derives from the xpub what the private key derives, and distinct addresses per index', () => {
    const parent = parseDepositXpub(TEST_DEPOSIT_XPUB);
    const privateParent = testAccountKey();
    const indexes = [3, 4, 1_000, 2 ** 31 - 1];

    const fromXpub = indexes.map((index) => deriveDepositAddress(parent, index));
    const fromPrivate = indexes.map((index) => {
      const key = privateParent.deriveChild(index);
      return addressOfPublicKey(key.publicKey as Uint8Array);
    });

    expect(fromXpub).toEqual(fromPrivate);
    expect(new Set(fromXpub).size).toBe(indexes.length);
    expect(deriveDepositAddress(parent, 3)).toBe(fromXpub[0]);
  });
});

describe('deposit configuration', () => {
  it('reads DEPOSIT_XPUB and defaults SUPPORTED_CHAINS to base, ethereum, polygon, arbitrum', () => {
    const config = parseConfig({ DEPOSIT_XPUB: ` ${TEST_DEPOSIT_XPUB} ` });

    expect(config.depositXpub).toBe(TEST_DEPOSIT_XPUB);
    expect(config.supportedChains).toEqual(['base', 'ethereum', 'polygon', 'arbitrum']);
  });

  it('takes SUPPORTED_CHAINS in any case and spacing, in its order', () => {
    expect(parseConfig({ SUPPORTED_CHAINS: ' Polygon, base ' }).supportedChains).toEqual(['polygon', 'base']);
  });

  it.each([
    [{ DEPOSIT_XPUB: 'xpub-garbage' }, /DEPOSIT_XPUB: is not a valid extended public key/],
    [
      { DEPOSIT_XPUB: `${TEST_DEPOSIT_XPUB.slice(0, -1)}${TEST_DEPOSIT_XPUB.endsWith('5') ? '6' : '5'}` },
      /DEPOSIT_XPUB: is not a valid extended public key \(bad checksum\)/,
    ],
    [
      {
        DEPOSIT_XPUB:
          'xprv9s21ZrQH143K31xYSDQpPDxsXRTUcvj2iNHm5NUtrGiGG5e2DtALGdso3pGz6ssrdK4PFmM8NSpSBHNqPqm55Qn3LqFtT2emdEXVYsCzC2U',
      },
      /DEPOSIT_XPUB: must be an extended PUBLIC key/,
    ],
    [{ SUPPORTED_CHAINS: 'base,solana' }, /SUPPORTED_CHAINS/],
    [{ SUPPORTED_CHAINS: 'base,base' }, /SUPPORTED_CHAINS: A chain is listed twice/],
    [{ SUPPORTED_CHAINS: ' , ' }, /SUPPORTED_CHAINS: Name at least one chain/],
  ])('fails fast on %o, naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });
});
