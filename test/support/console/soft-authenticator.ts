import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey authenticator: a real P-256 key that signs real authenticator data and client data, as a
 * browser and a platform authenticator would, so the server's WebAuthn verification runs for real in tests
 * without a browser. It plays the browser too: it writes the client data with the origin it is given.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 0x100) return [(major << 5) | 24, length];
  if (length < 0x10000) return [(major << 5) | 25, length >> 8, length & 0xff];
  return [(major << 5) | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
}

/** The small part of CBOR (RFC 8949) that attestation objects and COSE keys use. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return Buffer.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([Buffer.from(head(3, bytes.length)), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([Buffer.from(head(2, value.length)), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([Buffer.from(head(4, value.length)), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([Buffer.from(head(5, entries.length)), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const counterBytes = (counter: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
};

/** Flags: user present, user verified (and attested credential data while registering). */
const UP_UV = 0x01 | 0x04;
const AT = 0x40;

export type StoredCredential = { id: Buffer; privateKey: KeyObject; userHandle: Buffer; rpId: string; counter: number };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export class SoftAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(readonly origin: string) {}

  /** `navigator.credentials.create()`: a new resident P-256 credential, attestation `none`. */
  register(options: CreationOptions | Record<string, unknown>) {
    const opts = options as CreationOptions;
    const rpId = opts.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP_UV | AT]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      id,
      coseKey,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: opts.challenge, origin: this.origin, crossOrigin: false }),
    );
    this.credentials.push({ id, privateKey, userHandle: Buffer.from(opts.user.id, 'base64url'), rpId, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()`: an assertion by the (first, or given) credential over the challenge. */
  assert(options: RequestOptions | Record<string, unknown>, credential = this.credentials[0]) {
    if (!credential) throw new Error('no credential registered');
    const opts = options as RequestOptions;
    credential.counter += 1;
    const authData = Buffer.concat([
      sha256(opts.rpId ?? credential.rpId),
      Buffer.from([UP_UV]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: opts.challenge, origin: this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(credential.userHandle),
      },
      clientExtensionResults: {},
    };
  }

  /** A second device holding a copy of nothing: a fresh, unregistered key with a given id (a forged passkey). */
  static forgedCopyOf(credential: StoredCredential): StoredCredential {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return { ...credential, privateKey: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })) };
  }
}
