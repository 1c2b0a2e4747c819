import { z } from 'zod';
import { requiredEmail, requiredText, storableText } from './common';

export const adminLoginSchema = z.object({
  email: requiredEmail(),
  password: storableText(200, { error: 'Password is required' }).min(1, 'Password is required'),
});
export type AdminLoginInput = z.output<typeof adminLoginSchema>;

export const adminPasswordSchema = requiredText('Password is required').refine(
  (v) => v.length >= 10,
  'Password must be at least 10 characters',
);
