import { createReadStream } from 'node:fs';
import {
  addressKey,
  referenceFieldOf,
  type AdminListName,
  type PersonLookup,
  type PersonRecord,
  type TimelineEntry,
} from '@sourcing/shared';
import type { ObjectLiteral } from 'typeorm';
import yazl from 'yazl';
import type { AppDeps } from '../app-deps';
import { timeFromDb } from '../db/engine';
import { timelineOf } from '../records/desk/present-timeline';
import { afterErasure, eraseWithin, noTraces, type ErasureDeps } from '../records/erasure/erase-record';
import type { AnyRow, RecordKind } from '../records/record-kind';
import { ALL_RECORD_KINDS } from '../records/record-kinds';
import type { MailContent } from '../mail/compose';
import { eraseUnattachedMailsFrom, inboundMailsOf, type InboundMailExport } from '../mail/erase-mails';

/**
 * A person's data (docs/admin.md#a-persons-data): every record whose address is theirs, whatever
 * its letter case, in every kind; found through each table's index on LOWER(email).
 */
export interface PersonsRecords {
  email: string;
  records: { kind: RecordKind; row: AnyRow }[];
}

export async function recordsOfAddress(deps: Pick<AppDeps, 'db'>, email: string): Promise<PersonsRecords> {
  const key = addressKey(email);
  const records: PersonsRecords['records'] = [];
  for (const kind of ALL_RECORD_KINDS) {
    const rows = (await deps.db.reads
      .getRepository<ObjectLiteral>(kind.entity)
      .createQueryBuilder('r')
      .where('LOWER(r.email) = :key', { key })
      .orderBy('r.createdAt', 'ASC')
      .getMany()) as AnyRow[];
    records.push(...rows.map((row) => ({ kind, row })));
  }
  return { email, records };
}

function nameOf({ kind, row }: PersonsRecords['records'][number]): string {
  const name = row[kind.definition.title];
  return typeof name === 'string' ? name : '';
}

function summaryOf(found: PersonsRecords['records'][number]): PersonRecord {
  const { kind, row } = found;
  return {
    list: kind.definition.list,
    id: row.id,
    name: nameOf(found),
    reference: referenceFieldOf(kind.definition) ? String(row.reference) : null,
    createdAt: row.createdAt.toISOString(),
    status: typeof row.status === 'string' ? row.status : null,
  };
}

interface MailRow {
  id: string;
  recordId: string;
  purpose: string;
  recipients: string;
  subject: string;
  /** JSON: MailContent (mail/compose.ts). */
  content: string;
  state: string;
  createdAt: Date | string;
  deliveredAt: Date | string | null;
}

/** What a mail said: its text, or for one queued before texts were kept, the message as it was written. */
const sentWords = (content: MailContent) => ('raw' in content ? { message: content.raw } : { text: content.text });

async function mailsOf(deps: Pick<AppDeps, 'db'>, ids: string[]): Promise<MailRow[]> {
  if (ids.length === 0) return [];
  return deps.db.all<MailRow>(
    `SELECT "id", "recordId", "purpose", "recipients", "subject", "content", "state", "createdAt", "deliveredAt"
FROM "mail_outbox" WHERE "recordId" IN (${ids.map(() => '?').join(', ')}) ORDER BY "createdAt", "id"`,
    ids,
  );
}

/** GET /admin/people: the records, and how many mails and files they have. */
export async function lookUpPerson(deps: Pick<AppDeps, 'db'>, email: string): Promise<PersonLookup> {
  const found = await recordsOfAddress(deps, email);
  const mails = await mailsOf(
    deps,
    found.records.map((r) => r.row.id),
  );
  return {
    email,
    records: found.records.map(summaryOf),
    mails: mails.length,
    files: found.records.reduce((n, r) => n + (r.row.attachments?.length ?? 0), 0),
  };
}

/** A stored value as the export writes it: times in ISO, lists as lists. */
const exported = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The folder of a record's files in the ZIP: its list and reference (or id). */
const folderOf = ({ kind, row }: PersonsRecords['records'][number]) =>
  `files/${kind.definition.list}-${referenceFieldOf(kind.definition) ? String(row.reference) : row.id}`;

/** A file's name in the ZIP: its original name without folders, numbered when two share one. */
function zipName(folder: string, original: string, taken: Set<string>): string {
  const base = original.replace(/[\\/]/g, '_') || 'file';
  let name = `${folder}/${base}`;
  for (let n = 2; taken.has(name); n++) name = `${folder}/${n}-${base}`;
  taken.add(name);
  return name;
}

/**
 * The ZIP of a person's data, streamed as it is written (yazl): `person.json` with every record
 * naming the address (its fields, status, timeline and notes), every mail to or about it (with the
 * message as sent), the newsletter consent, and each record's files under `files/`.
 */
export async function personArchive(deps: Pick<AppDeps, 'db' | 'uploads' | 'now'>, email: string) {
  const found = await recordsOfAddress(deps, email);
  const mails = await mailsOf(
    deps,
    found.records.map((r) => r.row.id),
  );
  const received = await inboundMailsOf(
    deps.db,
    found.records.map((r) => r.row.id),
    addressKey(email),
  );
  const exportedAnswer = (m: InboundMailExport) => ({
    kind: m.kind,
    from: m.fromAddress,
    subject: m.subject,
    receivedAt: timeFromDb(m.receivedAt).toISOString(),
    text: m.text,
  });
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  const records: Record<string, unknown>[] = [];
  for (const record of found.records) {
    const { kind, row } = record;
    const folder = folderOf(record);
    const files = (row.attachments ?? []).map((file) => {
      const path = deps.uploads.pathOf(file.storedName);
      const inZip = path ? zipName(folder, file.originalName, taken) : null;
      if (path && inZip) zip.addReadStream(createReadStream(path), inZip);
      return { name: file.originalName, type: file.mimeType, size: file.size, inZip };
    });
    const timeline: TimelineEntry[] = await timelineOf(deps.db.reads, row.id, row.createdAt);
    const fields = Object.fromEntries(
      kind.definition.fields.filter((f) => f.kind !== 'files').map((f) => [f.key, exported(row[f.key])]),
    );
    records.push({
      list: kind.definition.list satisfies AdminListName,
      id: row.id,
      ...fields,
      ...(typeof row.status === 'string' ? { status: row.status } : {}),
      files,
      timeline,
      mails: mails
        .filter((m) => String(m.recordId) === row.id)
        .map((m) => ({
          purpose: m.purpose,
          to: JSON.parse(m.recipients) as string[],
          subject: m.subject,
          state: m.state,
          queuedAt: timeFromDb(m.createdAt).toISOString(),
          deliveredAt: m.deliveredAt ? timeFromDb(m.deliveredAt).toISOString() : null,
          ...sentWords(JSON.parse(m.content) as MailContent),
        })),
      mailsReceived: received.filter((m) => String(m.recordId) === row.id).map(exportedAnswer),
    });
  }
  const subscriberIds = found.records.filter((r) => r.kind.definition.list === 'subscribers').map((r) => r.row.id);
  const consent = subscriberIds.length
    ? await deps.db.all<{ email: string; status: string; createdAt: Date | string; confirmationSentAt: Date | string | null }>(
        `SELECT "email", "status", "createdAt", "confirmationSentAt" FROM "subscribers" WHERE "id" IN (${subscriberIds.map(() => '?').join(', ')})`,
        subscriberIds,
      )
    : [];
  const document = {
    email,
    exportedAt: deps.now().toISOString(),
    records,
    unmatchedMailsReceived: received.filter((m) => m.recordId === null).map(exportedAnswer),
    newsletter: consent.map((c) => ({
      email: c.email,
      status: c.status,
      subscribedAt: timeFromDb(c.createdAt).toISOString(),
      lastConfirmationMailAt: c.confirmationSentAt ? timeFromDb(c.confirmationSentAt).toISOString() : null,
    })),
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`), 'person.json');
  zip.end();
  return { zip: zip.outputStream, records: found.records };
}

/**
 * Erase person: every record of the address, of every kind, with every trace (erase-record.ts), in
 * one transaction and one audit entry naming the kinds and ids only. Answers what was erased.
 */
export async function erasePerson(
  deps: ErasureDeps & Pick<AppDeps, 'audit'>,
  who: Parameters<AppDeps['audit']>[0],
  email: string,
): Promise<number> {
  const found = await recordsOfAddress(deps, email);
  const traces = noTraces();
  await deps.db.transaction(async (tx) => {
    for (const kind of ALL_RECORD_KINDS) {
      const ids = found.records.filter((r) => r.kind === kind).map((r) => r.row.id);
      await eraseWithin(tx, kind, ids, traces);
    }
    await eraseUnattachedMailsFrom(tx, addressKey(email));
    if (traces.erased.length) {
      const summary = `erased ${traces.erased.length} ${traces.erased.length === 1 ? 'record' : 'records'}`;
      await deps.audit(who, 'person-erased', null, { summary, records: traces.erased }, tx);
    }
  });
  await afterErasure(deps, traces);
  return traces.erased.length;
}
