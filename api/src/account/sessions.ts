import type { ActiveSession } from '@sourcing/shared';
import type { Context } from 'koa';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import { RefreshTokenEntity, SessionInfoEntity, type SessionInfoRow } from '../auth/schema';
import type { Transaction } from '../db/database';
import { clientAddress } from '../http/client-address';
import { clientOf, deviceLabel } from './device-label';

/** What a session is, from the request that signed in or renewed it: app, device and address. */
export function sessionInfoOf(ctx: Context, sessionId: string, adminId: string): SessionInfoRow {
  const userAgent = ctx.get('User-Agent');
  return {
    id: sessionId,
    adminId,
    client: clientOf(ctx.get('Origin'), userAgent),
    device: deviceLabel(userAgent).slice(0, 120),
    address: clientAddress(ctx).slice(0, 64),
  };
}

/** Records a session at sign-in, or its latest address at a refresh (a session older than this table gets its row then). */
export async function recordSession(tx: Transaction, info: SessionInfoRow): Promise<void> {
  const repo = tx.manager.getRepository(SessionInfoEntity);
  const { affected } = await repo.update({ id: info.id }, { address: info.address, device: info.device, client: info.client });
  if (!affected) await repo.createQueryBuilder().insert().values(info).orIgnore().execute();
}

interface FamilyTimes {
  familyId: string;
  firstSeen: string | number;
  lastSeen: string | number;
}

/**
 * The account's live sessions, most recently seen first: refresh-token families with a token
 * neither revoked nor expired. A session started with its first token and was last seen at its
 * newest (each refresh, every 14 minutes while the admin UI is open, adds one).
 */
export async function listSessions(
  reads: EntityManager,
  adminId: string,
  current: string | null,
  at: number,
): Promise<ActiveSession[]> {
  const families = await reads
    .getRepository(RefreshTokenEntity)
    .createQueryBuilder('t')
    .select('t.familyId', 'familyId')
    .addSelect('MIN(t.createdAt)', 'firstSeen')
    .addSelect('MAX(t.createdAt)', 'lastSeen')
    .where('t.adminId = :adminId', { adminId })
    .groupBy('t.familyId')
    .having('SUM(CASE WHEN t.revokedAt IS NULL AND t.expiresAt > :at THEN 1 ELSE 0 END) > 0', { at })
    .getRawMany<FamilyTimes>();
  if (families.length === 0) return [];
  const infos = await reads.getRepository(SessionInfoEntity).findBy({ id: In(families.map((f) => f.familyId)) });
  const infoOf = new Map(infos.map((info) => [info.id, info]));
  return families
    .map((family): ActiveSession => {
      const info = infoOf.get(family.familyId);
      return {
        id: family.familyId,
        client: info?.client ?? 'unknown',
        device: info?.device ?? '',
        address: info?.address ?? '',
        firstSeenAt: new Date(Number(family.firstSeen)).toISOString(),
        lastSeenAt: new Date(Number(family.lastSeen)).toISOString(),
        current: family.familyId === current,
      };
    })
    .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id.localeCompare(b.id));
}

/** Ends one session of the account (false when it has no live token of that session). */
export async function revokeSession(tx: Transaction, adminId: string, sessionId: string, at: number): Promise<boolean> {
  const { affected } = await tx.manager
    .getRepository(RefreshTokenEntity)
    .update({ adminId, familyId: sessionId, revokedAt: IsNull() }, { revokedAt: at });
  return !!affected;
}

/** Ends every session of the account but `keep` (the one changing its password). */
export async function revokeOtherSessions(tx: Transaction, adminId: string, keep: string | null, at: number): Promise<void> {
  await tx.manager
    .getRepository(RefreshTokenEntity)
    .update({ adminId, revokedAt: IsNull(), ...(keep ? { familyId: Not(keep) } : {}) }, { revokedAt: at });
}
