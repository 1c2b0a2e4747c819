import type { Role } from '@sourcing/shared';
import { EntitySchema } from 'typeorm';

/** An admin (staff) account. E-mail is stored lower-cased, so it is unique case-insensitively. */
export interface AdminRow {
  id: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** When an owner disabled the account (epoch ms); a disabled account cannot sign in. */
  disabledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * One refresh token of a session family. Rotation marks the old row used and adds a new one in
 * the same family; presenting a used token again revokes the whole family.
 */
export interface RefreshTokenRow {
  id: string;
  familyId: string;
  adminId: string;
  tokenHash: string;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/** bigint columns come back from pg as strings: epoch milliseconds are numbers here. */
export const epochMs = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? null : Number(v)),
};

export const AdminEntity = new EntitySchema<AdminRow>({
  name: 'Admin',
  tableName: 'admins',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    email: { type: 'varchar', length: 254, unique: true },
    passwordHash: { type: 'varchar', length: 255, name: 'password_hash' },
    role: { type: 'varchar', length: 16 },
    disabledAt: { type: 'bigint', name: 'disabled_at', nullable: true, transformer: epochMs },
    createdAt: { type: 'bigint', name: 'created_at', transformer: epochMs },
    updatedAt: { type: 'bigint', name: 'updated_at', transformer: epochMs },
  },
});

export const RefreshTokenEntity = new EntitySchema<RefreshTokenRow>({
  name: 'AdminRefreshToken',
  tableName: 'admin_refresh_tokens',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    familyId: { type: 'varchar', length: 36, name: 'family_id' },
    adminId: { type: 'varchar', length: 36, name: 'admin_id' },
    tokenHash: { type: 'varchar', length: 64, name: 'token_hash', unique: true },
    expiresAt: { type: 'bigint', name: 'expires_at', transformer: epochMs },
    usedAt: { type: 'bigint', name: 'used_at', nullable: true, transformer: epochMs },
    revokedAt: { type: 'bigint', name: 'revoked_at', nullable: true, transformer: epochMs },
    createdAt: { type: 'bigint', name: 'created_at', transformer: epochMs },
  },
  indices: [{ name: 'idx_admin_refresh_tokens_family', columns: ['familyId'] }],
});

export const AUTH_ENTITIES = [AdminEntity, RefreshTokenEntity];
