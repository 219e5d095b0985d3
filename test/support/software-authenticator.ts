import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A WebAuthn authenticator in software, for tests: a P-256 key pair per credential, real 'none'
// attestation and assertions (authenticator data, client data, COSE key, ES256 signature), built here
// byte by byte rather than with the library the service verifies them with.

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** Canonical enough CBOR for attestation objects and COSE keys: integers, text, bytes, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** COSE_Key of the public half (kty EC2, alg ES256, crv P-256). */
  publicKey: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface AuthenticatorOptions {
  /** Multi-device (synced) credentials: BE set, and BS when backed up. */
  backupEligible?: boolean;
  backedUp?: boolean;
  /** An authenticator that keeps no signature counter always reports 0. */
  keepsCounter?: boolean;
}

/** What a ceremony may be told to get wrong, to see the service refuse it. */
export interface CeremonyOverrides {
  /** The page's origin (the client data's), default the authenticator's own. */
  origin?: string;
  /** The RP ID whose hash the authenticator data carries, default the options'. */
  rpId?: string;
  /** Sign as if the user were not verified (UV clear). */
  userVerified?: boolean;
  /** Report this counter instead of the next one. */
  counter?: number;
  /** Sign with this credential, default the first one held for the RP ID. */
  credentialId?: string;
}

interface RegistrationOptionsLike {
  challenge: string;
  rp: { id: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}

interface AuthenticationOptionsLike {
  challenge: string;
  rpId: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  readonly aaguid = Buffer.alloc(16);

  constructor(
    /** The origin of the page the authenticator is used from. */
    readonly origin: string,
    private readonly options: AuthenticatorOptions = {},
  ) {}

  private flags(userVerified: boolean, attested: boolean): number {
    let flags = FLAG.UP;
    if (userVerified) flags |= FLAG.UV;
    if (this.options.backupEligible) flags |= FLAG.BE;
    if (this.options.backupEligible && this.options.backedUp) flags |= FLAG.BS;
    if (attested) flags |= FLAG.AT;
    return flags;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** `navigator.credentials.create()`: a new credential and its registration response (JSON form). */
  create(options: RegistrationOptionsLike, overrides: CeremonyOverrides = {}) {
    for (const excluded of options.excludeCredentials ?? []) {
      if (this.credentials.some((held) => held.rpId === options.rp.id && held.id.toString('base64url') === excluded.id)) {
        throw new Error('InvalidStateError: the authenticator already holds an excluded credential');
      }
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credential: StoredCredential = {
      id: randomBytes(32),
      privateKey,
      publicKey: coseKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter: 0,
    };
    const counter = this.options.keepsCounter === false ? 0 : (overrides.counter ?? 0);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authenticatorData = Buffer.concat([
      sha256(overrides.rpId ?? options.rp.id),
      Buffer.from([this.flags(overrides.userVerified ?? true, true)]),
      uint32(counter),
      this.aaguid,
      idLength,
      credential.id,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    this.credentials.push(credential);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin).toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()` with a discoverable credential: an assertion (JSON form). */
  get(options: AuthenticationOptionsLike, overrides: CeremonyOverrides = {}) {
    const credential = overrides.credentialId
      ? this.credentials.find((held) => held.id.toString('base64url') === overrides.credentialId)
      : this.credentials.find((held) => held.rpId === options.rpId);
    if (!credential) throw new Error('NotAllowedError: no credential for this RP ID');
    if (this.options.keepsCounter !== false) credential.counter += 1;
    const counter = overrides.counter ?? (this.options.keepsCounter === false ? 0 : credential.counter);
    const authenticatorData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId),
      Buffer.from([this.flags(overrides.userVerified ?? true, false)]),
      uint32(counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
