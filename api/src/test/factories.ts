import { randomUUID } from 'node:crypto';
import {
  fromCommodityInquiryFields,
  sampleValues,
  storedValues,
  submissionSchema,
  validate,
  type AdminListName,
  type RecordDefinition,
} from '@sourcing/shared';
import type { ObjectLiteral } from 'typeorm';
import type { Database } from '../db/database';
import { withDerivedColumns } from '../records/derived-columns';
import { RECORD_TERM } from '../records/matching/matching-tables';
import { termRows } from '../records/matching/record-terms';
import type { AnyRow, RowOf } from '../records/record-kind';
import { randomReference } from '../records/references/reference';
import { RECORD_KINDS } from '../records/record-kinds';
import { submittedFields } from './forms';

type KindOf<N extends AdminListName> = (typeof RECORD_KINDS)[N];
export type RowOfList<N extends AdminListName> = RowOf<KindOf<N>['definition']>;

/** The stored values of a kind's sample submission, exactly as the API would store them. */
function storedSample(list: AdminListName): Record<string, unknown> {
  const definition: RecordDefinition = RECORD_KINDS[list].definition;
  const fields = submittedFields(list, sampleValues(definition));
  const checked = validate(submissionSchema(definition), list === 'inquiries' ? fromCommodityInquiryFields(fields) : fields);
  if (!checked.ok) throw new Error(`the ${list} sample does not pass its schema: ${JSON.stringify(checked.fields)}`);
  return storedValues(definition, checked.value);
}

/**
 * References this module has handed out. Seeded rows skip the app's retry on a taken reference, and
 * 3,000 random ones repeat one about once in 250 seeds (a billion codes per kind), failing the
 * seed's INSERT: a repeat is drawn again.
 */
const referencesDrawn = new Set<string>();

function unusedReference(prefix: string): string {
  let reference = randomReference(prefix);
  while (referencesDrawn.has(reference)) reference = randomReference(prefix);
  referencesDrawn.add(reference);
  return reference;
}

/** A row for seeding lists fast: the kind's sample, created at `at`; anything can be overridden. */
export function recordRow<N extends AdminListName>(list: N, at: Date, overrides: Partial<RowOfList<N>> = {}): RowOfList<N> {
  const id = randomUUID();
  const { definition } = RECORD_KINDS[list];
  const row: Record<string, unknown> = { id, ...storedSample(list) };
  for (const field of definition.fields) {
    if (field.kind === 'date') row[field.key] = at;
    if (field.kind === 'files') row.attachments = [];
    if (field.kind === 'reference') row.reference = unusedReference(field.prefix);
  }
  // Subscribers are unique by address, and seeded confirmed.
  if (list === 'subscribers') Object.assign(row, { email: `reader-${id}@example.com`, status: 'confirmed' });
  return { ...row, ...overrides } as RowOfList<N>;
}

/**
 * Inserts many rows in multi-row INSERTs inside one transaction (fast on both engines), with what
 * their list's search and sort read and their matching terms, as the API stores a submission.
 */
export async function seedRows<N extends AdminListName>(db: Database, list: N, rows: RowOfList<N>[], batchSize = 200) {
  const kind = RECORD_KINDS[list];
  await db.transaction(async ({ manager }) => {
    const insert = async (entity: string, values: ObjectLiteral[]) => {
      for (let i = 0; i < values.length; i += batchSize) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(values.slice(i, i + batchSize))
          // TypeORM would otherwise write ids read back by SQLite rowid into the caller's rows, shuffled.
          .updateEntity(false)
          .execute();
      }
    };
    await insert(
      kind.entity,
      rows.map((row) => withDerivedColumns(kind.definition, row)),
    );
    await insert(
      RECORD_TERM,
      rows.flatMap((row) => termRows(kind, row as unknown as AnyRow)),
    );
  });
}
