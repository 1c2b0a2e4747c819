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
  /** Shown instead of the e-mail wherever staff appear ('' until chosen). */
  displayName: string;
  /** Added below the account's e-mail replies ('' for none). */
  signature: string;
  /** The authenticator's TOTP secret, encrypted (account/secret-box.ts); null while two-factor sign-in is off. */
  totpSecret: string | null;
  /** A secret being set up, until its first code confirms it. */
  totpPendingSecret: string | null;
  /** The last TOTP time step accepted: a code is accepted once, and never one older than it. */
  totpLastStep: number | null;
  /** Marked available: the automatic assignment gives them new records (docs/admin.md#automatic-assignment). */
  available: boolean;
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
    displayName: { type: 'varchar', length: 80, name: 'display_name', default: '' },
    signature: { type: 'text', default: '' },
    totpSecret: { type: 'text', name: 'totp_secret', nullable: true },
    totpPendingSecret: { type: 'text', name: 'totp_pending_secret', nullable: true },
    totpLastStep: { type: 'bigint', name: 'totp_last_step', nullable: true, transformer: epochMs },
    available: { type: 'boolean', default: false },
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

/** One of an account's ten single-use recovery codes: only its keyed hash is kept. */
export interface RecoveryCodeRow {
  id: string;
  adminId: string;
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
}

export const RecoveryCodeEntity = new EntitySchema<RecoveryCodeRow>({
  name: 'AdminRecoveryCode',
  tableName: 'admin_recovery_codes',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    adminId: { type: 'varchar', length: 36, name: 'admin_id' },
    codeHash: { type: 'varchar', length: 64, name: 'code_hash' },
    usedAt: { type: 'bigint', name: 'used_at', nullable: true, transformer: epochMs },
    createdAt: { type: 'bigint', name: 'created_at', transformer: epochMs },
  },
});

/** A pending invitation: who is invited, as what, by whom, and the hash of its link's token. */
export interface InvitationRow {
  id: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string | null;
  sentAt: number;
  expiresAt: number;
}

export const InvitationEntity = new EntitySchema<InvitationRow>({
  name: 'AdminInvitation',
  tableName: 'admin_invitations',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    email: { type: 'varchar', length: 254, unique: true },
    role: { type: 'varchar', length: 16 },
    tokenHash: { type: 'varchar', length: 64, name: 'token_hash', unique: true },
    invitedBy: { type: 'varchar', length: 36, name: 'invited_by', nullable: true },
    sentAt: { type: 'bigint', name: 'sent_at', transformer: epochMs },
    expiresAt: { type: 'bigint', name: 'expires_at', transformer: epochMs },
  },
});

/** A passkey (WebAuthn credential) of an account: its public key, for the RP ID it was made for. */
export interface PasskeyRow {
  id: string;
  adminId: string;
  /** base64url, as the browser names the credential. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  /** JSON list of the authenticator's transports (usb, internal, hybrid...). */
  transports: string;
  rpId: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export const PasskeyEntity = new EntitySchema<PasskeyRow>({
  name: 'AdminPasskey',
  tableName: 'admin_passkeys',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    adminId: { type: 'varchar', length: 36, name: 'admin_id' },
    credentialId: { type: 'varchar', length: 1024, name: 'credential_id', unique: true },
    publicKey: { type: 'text', name: 'public_key' },
    counter: { type: 'bigint', transformer: epochMs },
    transports: { type: 'text', default: '[]' },
    rpId: { type: 'varchar', length: 253, name: 'rp_id' },
    name: { type: 'varchar', length: 60 },
    createdAt: { type: 'bigint', name: 'created_at', transformer: epochMs },
    lastUsedAt: { type: 'bigint', name: 'last_used_at', nullable: true, transformer: epochMs },
  },
});

/** A WebAuthn challenge handed out and not yet answered: each is accepted once, until it expires. */
export interface WebAuthnChallengeRow {
  challenge: string;
  /** The signed-in account adding a passkey; null for a passkey sign-in (who it is comes with the answer). */
  adminId: string | null;
  purpose: 'register' | 'sign-in';
  expiresAt: number;
}

export const WebAuthnChallengeEntity = new EntitySchema<WebAuthnChallengeRow>({
  name: 'AdminWebAuthnChallenge',
  tableName: 'admin_webauthn_challenges',
  columns: {
    challenge: { type: 'varchar', length: 128, primary: true },
    adminId: { type: 'varchar', length: 36, name: 'admin_id', nullable: true },
    purpose: { type: 'varchar', length: 16 },
    expiresAt: { type: 'bigint', name: 'expires_at', transformer: epochMs },
  },
});

/** What a session (refresh-token family, same id) is, for the account page's list; its times are its tokens'. */
export interface SessionInfoRow {
  id: string;
  adminId: string;
  client: 'browser' | 'desktop';
  device: string;
  /** The client address of its sign-in or latest refresh. */
  address: string;
}

export const SessionInfoEntity = new EntitySchema<SessionInfoRow>({
  name: 'AdminSession',
  tableName: 'admin_sessions',
  columns: {
    id: { type: 'varchar', length: 36, primary: true },
    adminId: { type: 'varchar', length: 36, name: 'admin_id' },
    client: { type: 'varchar', length: 16 },
    device: { type: 'varchar', length: 120, default: '' },
    address: { type: 'varchar', length: 64, default: '' },
  },
});

export const AUTH_ENTITIES = [
  AdminEntity,
  RefreshTokenEntity,
  RecoveryCodeEntity,
  InvitationEntity,
  PasskeyEntity,
  WebAuthnChallengeEntity,
  SessionInfoEntity,
];
