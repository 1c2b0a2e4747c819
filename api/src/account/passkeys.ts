import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ACCOUNT_MESSAGES, displayNameOf, type PasskeySummary } from '@sourcing/shared';
import type { Context } from 'koa';
import { LessThan, MoreThan, type EntityManager } from 'typeorm';
import {
  AdminEntity,
  PasskeyEntity,
  WebAuthnChallengeEntity,
  type AdminRow,
  type PasskeyRow,
  type WebAuthnChallengeRow,
} from '../auth/schema';
import type { Database, Transaction } from '../db/database';
import { HttpError } from '../http/errors';

/** How long a challenge may be answered: time to touch a key or use a fingerprint. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Indus Global Sourcing';

/**
 * The page's origin and the relying party it names: a passkey belongs to the host name the admin
 * used (localhost, sourcing.example.com), and is accepted there only. The Origin header is the
 * browser's own; without one (not a browser) the request's own origin stands in.
 */
export function relyingPartyOf(ctx: Context): { origin: string; rpID: string } {
  const origin = ctx.get('Origin') || ctx.origin;
  const url = URL.parse(origin);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new HttpError(400, ACCOUNT_MESSAGES.passkeyFailed);
  return { origin: url.origin, rpID: url.hostname };
}

export const presentPasskey = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
});

/** The database as passkeys use it: reads, and each write in a transaction of its own. */
type Db = Pick<Database, 'reads' | 'transaction'>;

/** An account's passkeys, oldest first; `reads` is `db.reads` or a transaction's manager. */
export async function listPasskeys(reads: EntityManager, adminId: string): Promise<PasskeySummary[]> {
  const rows = await reads.getRepository(PasskeyEntity).find({ where: { adminId }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(presentPasskey);
}

const userIdOf = (adminId: string) => Uint8Array.from(Buffer.from(adminId));

async function keepChallenge(db: Db, row: WebAuthnChallengeRow, at: number) {
  await db.transaction(async (tx) => {
    const repo = tx.manager.getRepository(WebAuthnChallengeEntity);
    await repo.delete({ expiresAt: LessThan(at) });
    await repo.insert(row);
  });
}

/** Uses up a challenge we handed out for this purpose (and account): true once, while it is alive. */
function challengeTaker(db: Db, purpose: WebAuthnChallengeRow['purpose'], adminId: string | null, at: number) {
  return async (challenge: string) => {
    const { affected } = await db.transaction((tx) =>
      tx.manager
        .getRepository(WebAuthnChallengeEntity)
        .delete({ challenge, purpose, expiresAt: MoreThan(at), ...(adminId ? { adminId } : {}) }),
    );
    return !!affected;
  };
}

/** Options for navigator.credentials.create: a discoverable credential with user verification, none the account has already. */
export async function registrationOptions(db: Db, ctx: Context, admin: AdminRow, at: number) {
  const { rpID } = relyingPartyOf(ctx);
  const existing = await db.reads.getRepository(PasskeyEntity).findBy({ adminId: admin.id });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: admin.email,
    userID: userIdOf(admin.id),
    userDisplayName: displayNameOf({ name: admin.displayName, email: admin.email }),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(
    db,
    { challenge: options.challenge, adminId: admin.id, purpose: 'register', expiresAt: at + CHALLENGE_TTL_MS },
    at,
  );
  return options;
}

/**
 * Checks the authenticator's answer to our challenge and keeps the new passkey's public key under
 * its name; `within` runs in the same transaction (its audit entry).
 */
export async function addPasskey(
  db: Db,
  ctx: Context,
  admin: AdminRow,
  name: string,
  response: RegistrationResponseJSON,
  at: number,
  within?: (tx: Transaction, row: PasskeyRow) => Promise<void>,
): Promise<PasskeyRow> {
  const { origin, rpID } = relyingPartyOf(ctx);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challengeTaker(db, 'register', admin.id, at),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new HttpError(400, ACCOUNT_MESSAGES.passkeyFailed);
  const { credential } = verified.registrationInfo;
  const row: PasskeyRow = {
    id: randomUUID(),
    adminId: admin.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    rpId: rpID,
    name,
    createdAt: at,
    lastUsedAt: null,
  };
  await db.transaction(async (tx) => {
    const repo = tx.manager.getRepository(PasskeyEntity);
    if (await repo.findOneBy({ credentialId: row.credentialId })) throw new HttpError(409, ACCOUNT_MESSAGES.passkeyFailed);
    await repo.insert(row);
    await within?.(tx, row);
  });
  return row;
}

/** Options for navigator.credentials.get: any passkey of this site (discoverable), with user verification. */
export async function signInOptions(db: Db, ctx: Context, at: number) {
  const { rpID } = relyingPartyOf(ctx);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', allowCredentials: [] });
  await keepChallenge(
    db,
    { challenge: options.challenge, adminId: null, purpose: 'sign-in', expiresAt: at + CHALLENGE_TTL_MS },
    at,
  );
  return options;
}

/**
 * The account whose passkey signed our challenge, checked by its stored public key for the host
 * it was made on, with user verification (a PIN or fingerprint: the passkey is both factors).
 */
export async function accountOfPasskey(
  db: Db,
  ctx: Context,
  response: AuthenticationResponseJSON,
  at: number,
): Promise<AdminRow> {
  const { origin, rpID } = relyingPartyOf(ctx);
  const passkey = await db.reads.getRepository(PasskeyEntity).findOneBy({ credentialId: response.id });
  if (!passkey || passkey.rpId !== rpID) throw new HttpError(401, ACCOUNT_MESSAGES.passkeyUnknown);
  const userHandle = response.response.userHandle;
  if (userHandle && userHandle !== Buffer.from(userIdOf(passkey.adminId)).toString('base64url')) {
    throw new HttpError(401, ACCOUNT_MESSAGES.passkeyFailed);
  }
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challengeTaker(db, 'sign-in', null, at),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: JSON.parse(passkey.transports) as string[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new HttpError(401, ACCOUNT_MESSAGES.passkeyFailed);
  const counter = verified.authenticationInfo.newCounter;
  await db.transaction((tx) => tx.manager.getRepository(PasskeyEntity).update({ id: passkey.id }, { counter, lastUsedAt: at }));
  const admin = await db.reads.getRepository(AdminEntity).findOneBy({ id: passkey.adminId });
  if (!admin) throw new HttpError(401, ACCOUNT_MESSAGES.passkeyUnknown);
  return admin;
}
