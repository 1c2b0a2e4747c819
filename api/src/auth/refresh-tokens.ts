import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import type { Database } from '../db/database';
import { AdminEntity, RefreshTokenEntity, type AdminRow, type RefreshTokenRow } from './schema';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two tabs refreshing with the same cookie at the same moment are not an attack: a token reused
 * within this window gets a fresh token of the same family instead of revoking it.
 */
export const CONCURRENT_REFRESH_GRACE_MS = 10_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedRefreshToken {
  token: string;
  expiresAt: number;
  /** The session (family) it belongs to, carried by the access tokens issued with it. */
  sessionId: string;
}

export type RotateOutcome =
  { ok: true; admin: AdminRow; next: IssuedRefreshToken } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export interface RefreshTokenOptions {
  ttlMs?: number;
  graceMs?: number;
  now?: () => number;
}

export function createRefreshTokens(db: Database, options: RefreshTokenOptions = {}) {
  const ttl = options.ttlMs ?? REFRESH_TOKEN_TTL_MS;
  const grace = options.graceMs ?? CONCURRENT_REFRESH_GRACE_MS;
  const now = options.now ?? Date.now;
  const tokens = db.reads.getRepository(RefreshTokenEntity);
  /** One write on its own: a transaction of its own. */
  const write = (work: (tokens: Repository<RefreshTokenRow>) => Promise<unknown>) =>
    db.transaction(async (tx) => void (await work(tx.manager.getRepository(RefreshTokenEntity))));

  async function issue(adminId: string, familyId: string = randomUUID()): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = now();
    const row: RefreshTokenRow = {
      id: randomUUID(),
      familyId,
      adminId,
      tokenHash: hashOf(token),
      expiresAt: createdAt + ttl,
      usedAt: null,
      revokedAt: null,
      createdAt,
    };
    await write((t) => t.insert(row));
    return { token, expiresAt: row.expiresAt, sessionId: familyId };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await write((t) => t.update({ familyId, revokedAt: IsNull() }, { revokedAt: now() }));
  }

  return {
    /** A new session (family) for an admin who just signed in. */
    issue: (adminId: string) => issue(adminId),

    /** Exchanges a refresh token for the next one; a reused token revokes its whole family. */
    async rotate(token: string): Promise<RotateOutcome> {
      const row = await tokens.findOneBy({ tokenHash: hashOf(token) });
      if (!row) return { ok: false, reason: 'unknown' };
      const at = now();
      if (row.revokedAt !== null) return { ok: false, reason: 'revoked' };
      if (row.expiresAt <= at) return { ok: false, reason: 'expired' };
      if (row.usedAt !== null && at - row.usedAt > grace) {
        await revokeFamily(row.familyId);
        return { ok: false, reason: 'reused' };
      }
      if (row.usedAt === null) {
        // Only one caller wins the row; a loser is a concurrent refresh, handled like the grace case.
        await write((t) => t.update({ id: row.id, usedAt: IsNull() }, { usedAt: at }));
      }
      const admin = await db.reads.getRepository(AdminEntity).findOneBy({ id: row.adminId });
      if (!admin) return { ok: false, reason: 'unknown' };
      if (admin.disabledAt !== null) return { ok: false, reason: 'revoked' };
      return { ok: true, admin, next: await issue(admin.id, row.familyId) };
    },

    /** Ends the session the token belongs to (logout). */
    async revoke(token: string): Promise<void> {
      const row = await tokens.findOneBy({ tokenHash: hashOf(token) });
      if (row) await revokeFamily(row.familyId);
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
