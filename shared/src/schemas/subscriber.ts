import { z } from 'zod';
import { requiredEmail } from './common';

export const subscribeSchema = z.object({
  email: requiredEmail(),
});
export type SubscribeInput = z.output<typeof subscribeSchema>;
