/**
 * A passkey authenticator in software for API tests (docs/sessions.md#passkeys): it answers the
 * server's WebAuthn options as a platform authenticator with user verification would, building
 * the attestation ('none') and the signed assertions itself with node:crypto.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** What the server sends (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), as far as an authenticator reads it. */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** One authenticator holding the passkeys it makes; `origin` is the page it runs on. */
export function softwareAuthenticator(origin: string, options: { userVerified?: boolean } = {}) {
  const credentials: Credential[] = [];
  const flags = FLAG_USER_PRESENT | (options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (counter: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    credentials,
    /** navigator.credentials.create: a new ES256 key for the relying party, with its COSE public key. */
    create(creation: CreationOptions) {
      const rpId = creation.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags | FLAG_ATTESTED_DATA]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        id,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      credentials.push({ id, privateKey, rpId, userHandle: creation.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** navigator.credentials.get: an assertion of the challenge by the passkey of this relying party (the first, or `credential`). */
    get(request: RequestOptions, credential?: Credential) {
      const rpId = request.rpId ?? new URL(origin).hostname;
      const passkey = credential ?? credentials.find((c) => c.rpId === rpId);
      if (!passkey) throw new Error(`no passkey for ${rpId}`);
      passkey.counter += 1;
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(passkey.counter)]);
      const clientDataJSON = clientData('webauthn.get', request.challenge);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), passkey.privateKey);
      return {
        id: b64url(passkey.id),
        rawId: b64url(passkey.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
