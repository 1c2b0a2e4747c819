import { z } from 'zod';
import { requiredEmail, requiredText } from './common';

export const adminLoginSchema = z.object({
  email: requiredEmail(),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type AdminLoginInput = z.output<typeof adminLoginSchema>;

export const adminPasswordSchema = requiredText('Password is required').refine(
  (v) => v.length >= 10,
  'Password must be at least 10 characters',
);
