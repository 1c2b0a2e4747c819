import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
}

export const CONTACT_MESSAGE = 'ContactMessage';

export function contactMessageEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<ContactMessageRow>({
    name: CONTACT_MESSAGE,
    tableName: 'contact_messages',
    columns: {
      id: { type: types.id, primary: true },
      name: { type: 'text' },
      email: { type: 'text' },
      message: { type: 'text' },
      createdAt: { type: types.timestamp },
    },
  });
}
