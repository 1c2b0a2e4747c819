import { AuditEntity } from '../../audit/audit-entity';
import { AUTH_ENTITIES } from '../../auth/schema';
import { recordEventEntity } from '../../records/desk/record-events';
import { matchingEntities } from '../../records/matching/matching-tables';
import { recordEntity } from '../../records/record-entity';
import { ALL_RECORD_KINDS } from '../../records/record-kinds';
import type { Engine } from '../engine';
import { outboxEntity } from '../../mail/outbox-entity';
import { uploadedFileEntity } from './uploaded-file';

/** The records visitors submit (one table per kind), with column types fitting the engine. */
export function recordEntities(engine: Engine) {
  return [
    ...ALL_RECORD_KINDS.map((kind) => recordEntity(kind, engine)),
    uploadedFileEntity(engine),
    recordEventEntity(engine),
    outboxEntity(engine),
    ...matchingEntities(engine),
  ];
}

/** Every table the app maps, with column types fitting the engine. */
export const allEntities = (engine: Engine) => [...recordEntities(engine), ...AUTH_ENTITIES, AuditEntity];
