import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for tests that talk to the real passkey routes: ES256 key pairs from
 * node:crypto, `none` attestation, and assertions signed over `authenticatorData || sha256(clientDataJSON)`
 * as a browser's platform authenticator would answer. Every credential it makes is discoverable (it keeps
 * the user handle), and the browser side it plays can be told to lie: another origin, another RP id.
 */
type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };

/** What the browser side may change, to test a phishing site or another relying party. */
export type Overrides = { origin?: string; rpId?: string; userVerified?: boolean };

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function flags(userVerified: boolean, attested: boolean): number {
  return (
    FLAG_USER_PRESENT |
    (userVerified ? FLAG_USER_VERIFIED : 0) |
    FLAG_BACKUP_ELIGIBLE |
    FLAG_BACKED_UP |
    (attested ? FLAG_ATTESTED_DATA : 0)
  );
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The credential's public key as a COSE EC2 key (kty 2, alg -7 ES256, crv 1 P-256). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function createSoftwareAuthenticator(defaults: { origin: string }) {
  const credentials: Credential[] = [];

  return {
    credentials,

    /** Answers `navigator.credentials.create()` for the options, keeping the new credential. */
    register(
      options: PublicKeyCredentialCreationOptionsJSON,
      overrides: Overrides = {},
    ): RegistrationResponseJSON {
      const rpId = overrides.rpId ?? options.rp.id!;
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: Credential = {
        id: randomBytes(32),
        privateKey,
        userHandle: options.user.id,
        rpId,
        counter: 0,
      };
      credentials.push(credential);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(overrides.userVerified ?? true, true)]),
        counterBytes(credential.counter),
        Buffer.alloc(16), // AAGUID: none, as a `none` attestation sends.
        idLength,
        credential.id,
        coseKey(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, never>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', authData],
        ]),
      );
      const origin = overrides.origin ?? defaults.origin;
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * Answers `navigator.credentials.get()`: with the credential given, or the first one the options allow
     * (the first one made, for a discoverable request with no list).
     */
    authenticate(
      options: PublicKeyCredentialRequestOptionsJSON,
      overrides: Overrides & { credential?: Credential } = {},
    ): AuthenticationResponseJSON {
      const allowed = new Set(options.allowCredentials?.map((entry) => entry.id) ?? []);
      const credential =
        overrides.credential ??
        credentials.find((entry) => allowed.size === 0 || allowed.has(b64url(entry.id)));
      if (!credential) throw new Error('the software authenticator holds no credential these options allow');
      credential.counter += 1;
      const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(overrides.userVerified ?? true, false)]),
        counterBytes(credential.counter),
      ]);
      const data = clientData('webauthn.get', options.challenge, overrides.origin ?? defaults.origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
