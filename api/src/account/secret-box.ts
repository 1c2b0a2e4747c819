import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database that a dump alone must not give away (docs/sessions.md#threat-model):
 * sealed with AES-256-GCM under a key derived from JWT_SECRET, which lives outside the database
 * (environment or DATA_DIR/jwt-secret). Recovery codes are kept as HMACs under another derived key.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The sealed text's content, or null when it was sealed under another key or altered. */
  open(sealed: string): string | null;
  /** A keyed, one-way digest (hex) for values only ever compared, such as recovery codes. */
  digest(value: string): string;
}

const VERSION = 'v1';

export function createSecretBox(jwtSecret: string): SecretBox {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', jwtSecret, 'sourcing-staff-accounts', purpose, 32));
  const sealKey = derive('totp secret');
  const digestKey = derive('recovery code');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(text) {
      const [version, iv, sealed, tag, ...rest] = text.split('.');
      if (version !== VERSION || !iv || !sealed || !tag || rest.length) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    digest: (value) => createHmac('sha256', digestKey).update(value).digest('hex'),
  };
}
