import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { requiredEmail, requiredText } from './common';

export const contactMessageSchema = z.object({
  name: requiredText('Name is required'),
  email: requiredEmail(),
  message: requiredText('Message is required', MAX_LENGTH.long),
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;
