/** Staff accounts as the owners' Settings page sees and changes them (docs/api.md). */
import { z } from 'zod';
import { requiredEmail } from '../schemas/common';
import { ROLES, type Role } from './roles';

export interface StaffAccount {
  id: string;
  email: string;
  role: Role;
  /** When the account was disabled (ISO), or null while it may sign in. */
  disabledAt: string | null;
  createdAt: string;
  /** Display name ('' when none was chosen: screens show the e-mail). */
  name: string;
  /** Whether the account signs in with an authenticator app (an owner can reset it). */
  twoFactor: boolean;
  /** Marked available: the automatic assignment gives them new records (docs/admin.md#automatic-assignment). */
  available: boolean;
}

/** A created account or a reset password: the generated password is in this answer only. */
export interface StaffPasswordResponse {
  account: StaffAccount;
  password: string;
}

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

export const createStaffSchema = z.object({ email: requiredEmail(), role: roleField });
export type CreateStaffInput = z.output<typeof createStaffSchema>;

export const updateStaffSchema = z
  .object({
    role: roleField.optional(),
    disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
    available: z.boolean({ error: 'available must be true or false' }).optional(),
  })
  .refine(
    (v) => v.role !== undefined || v.disabled !== undefined || v.available !== undefined,
    'Give a role, disabled or available',
  );
export type UpdateStaffInput = z.output<typeof updateStaffSchema>;

export const STAFF_MESSAGES = {
  emailTaken: 'A staff account with this e-mail already exists',
  lastOwner: 'This is the last active owner: make another owner first',
  notFound: 'No such staff account',
} as const;
