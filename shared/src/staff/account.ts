/**
 * A staff member's own account (docs/admin.md#account-page) and the ways into it: invitations,
 * the second step of sign-in, passkeys and active sessions (docs/sessions.md).
 */
import { z } from 'zod';
import { requiredEmail, requiredText, storableText } from '../schemas/common';
import { ROLES, type Role } from './roles';

export const NAME_MAX_LENGTH = 80;
export const SIGNATURE_MAX_LENGTH = 1000;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** A new password: never trimmed (spaces are part of it), at least PASSWORD_MIN_LENGTH characters. */
export const newPasswordField = (message = 'Password is required') =>
  storableText(200, { error: message })
    .min(1, message)
    .refine((v) => v.length >= PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);

const displayNameField = requiredText('Name is required', NAME_MAX_LENGTH);

/** Who someone is on screens and in mails: their display name, else their e-mail. */
export const displayNameOf = (account: { name: string; email: string }) => account.name || account.email;

/** One of the signed-in staff member's sessions (a refresh-token family). */
export interface ActiveSession {
  id: string;
  /** Which app signed in: a browser tab or the desktop app ('unknown' for sessions older than this list). */
  client: 'browser' | 'desktop' | 'unknown';
  /** The browser and system it runs on, e.g. 'Chrome on Linux' ('' when unknown). */
  device: string;
  /** The client address of its last sign-in or refresh. */
  address: string;
  firstSeenAt: string;
  lastSeenAt: string;
  /** The session this request was made with. */
  current: boolean;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/admin/account: what the account page shows. */
export interface AccountProfile {
  id: string;
  email: string;
  role: Role;
  /** The display name ('' until one is chosen: the e-mail stands in). */
  name: string;
  signature: string;
  /** Marked available for new records (docs/admin.md#automatic-assignment). */
  available: boolean;
  twoFactor: {
    enabled: boolean;
    /** Whether REQUIRE_2FA applies to this account's role: it cannot be turned off. */
    required: boolean;
    recoveryCodesLeft: number;
  };
  passkeys: PasskeySummary[];
}

export const updateProfileSchema = z
  .object({
    name: displayNameField.optional(),
    signature: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), storableText(SIGNATURE_MAX_LENGTH)).optional(),
    available: z.boolean({ error: 'available must be true or false' }).optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.signature !== undefined || v.available !== undefined,
    'Give a name, a signature or available',
  );
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: storableText(200, { error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: newPasswordField('New password is required'),
});
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** What confirms a sensitive change to one's own account: the current password. */
export const currentPasswordSchema = changePasswordSchema.pick({ currentPassword: true });

/** An authenticator app's 6-digit code, spaces allowed ('123 456'). */
export const TOTP_CODE = /^\d{6}$/;
const codeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
  z.string({ error: 'Code is required' }).min(1, 'Code is required').max(40, 'Must be at most 40 characters'),
);

export const twoFactorCodeSchema = z.object({ code: codeField });

/** A set-up of two-factor sign-in: the secret to scan (QR code as an SVG data URL) or type. */
export interface TwoFactorSetup {
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  qrCode: string;
}

/** Ten single-use codes, shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/**
 * POST /api/admin/login (and invitation acceptance): either a session, or a second step to take
 * with the ticket: a code ('totp') or, where REQUIRE_2FA asks for it, setting up an authenticator
 * first ('setup').
 */
export interface SecondStep {
  secondStep: 'totp' | 'setup';
  ticket: string;
}

export const ticketSchema = z.object({ ticket: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(2000) });
export const secondStepSchema = ticketSchema.extend({ code: codeField });

export const passkeyNameSchema = z.object({
  name: requiredText('Name is required', PASSKEY_NAME_MAX_LENGTH),
});

/** A WebAuthn response as @simplewebauthn/browser gives it: checked in depth by the server's verifier. */
export const webAuthnResponseField = z
  .object({ id: z.string().min(1).max(2000), rawId: z.string().min(1).max(2000), type: z.literal('public-key') })
  .loose();
export const passkeyRegistrationSchema = passkeyNameSchema.extend({ response: webAuthnResponseField });
export const passkeySignInSchema = z.object({ response: webAuthnResponseField });

/** A pending invitation, as the owners' Settings page lists it. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  /** Who sent it (display name, else e-mail). */
  invitedBy: string;
  sentAt: string;
  expiresAt: string;
}

/** What the invitation page shows before the colleague chooses a name and password. */
export interface InvitationPreview {
  email: string;
  role: Role;
  expiresAt: string;
}

export const INVITATION_TTL_HOURS = 72;

export const inviteSchema = z.object({
  email: requiredEmail(),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }),
});
export type InviteInput = z.output<typeof inviteSchema>;

const tokenField = z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200);
export const invitationTokenSchema = z.object({ token: tokenField });
export const acceptInvitationSchema = z.object({ token: tokenField, name: displayNameField, password: newPasswordField() });
export type AcceptInvitationInput = z.output<typeof acceptInvitationSchema>;

/** The exact texts of these flows (docs/sessions.md, docs/admin.md). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The current password is not right',
  profileSaved: 'Account saved',
  passwordChanged: 'Password changed; your other sessions were signed out',
  invalidCode: 'That code is not right. Try the current one from your app.',
  codeUsed: 'That code was already used. Wait for the next one.',
  ticketExpired: 'The sign-in took too long. Sign in again.',
  twoFactorOn: 'Two-factor sign-in is on',
  twoFactorOff: 'Two-factor sign-in is off',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotSetUp: 'Start the set-up again: no authenticator is waiting to be confirmed',
  twoFactorRequired: 'Two-factor sign-in is required for your role and cannot be turned off',
  twoFactorReset: 'Two-factor sign-in reset',
  invitationSent: 'Invitation sent',
  invitationPending: 'An invitation to this e-mail is already waiting: resend it instead',
  invitationInvalid: 'This invitation link is not valid: it was used or withdrawn. Ask an owner for a new one.',
  invitationExpired: 'This invitation has expired. Ask an owner to send it again.',
  invitationNotFound: 'No such invitation',
  passkeyAdded: 'Passkey added',
  passkeyFailed: 'The passkey could not be checked. Try again.',
  passkeyUnknown: 'This passkey is not registered here. Sign in with your password and add it on your account page.',
  passkeyNotFound: 'No such passkey',
  sessionNotFound: 'No such session',
  sessionSignedOut: 'Session signed out',
} as const;
