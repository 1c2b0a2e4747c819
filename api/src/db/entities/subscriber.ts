import { EntitySchema } from 'typeorm';
import { columnTypes, type Engine } from '../engine';

export interface SubscriberRow {
  id: string;
  /** As typed (trimmed); unique case-insensitively through an index on LOWER(email). */
  email: string;
  createdAt: Date;
}

export const SUBSCRIBER = 'Subscriber';

export function subscriberEntity(engine: Engine) {
  const types = columnTypes(engine);
  return new EntitySchema<SubscriberRow>({
    name: SUBSCRIBER,
    tableName: 'subscribers',
    columns: {
      id: { type: types.id, primary: true },
      email: { type: 'text' },
      createdAt: { type: types.timestamp },
    },
  });
}
