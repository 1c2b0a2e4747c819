/**
 * The response targets' settings and the due times they give (docs/admin.md#response-targets):
 * read from `response_target_settings` (the defaults until an owner saves them), a new record's
 * due time on the calendar in force when it arrives, and new due times for the unanswered records
 * when an owner changes the settings.
 */
import {
  addBusinessMinutes,
  defaultResponseTargetSettings,
  responseTargetSettingsSchema,
  type DeskListName,
  type ResponseTargetSettings,
} from '@sourcing/shared';
import type { Queries, Transaction } from '../../db/database';
import { dbTime, timeFromDb, type Engine } from '../../db/engine';
import { WORKED_KINDS } from '../assignment/automatic-assignment';
import type { RecordKind } from '../record-kind';

/** The one row's id. */
const ROW = 'desk';

/**
 * The settings in force: the saved ones, or the defaults in `timeZone` (the server's TIME_ZONE).
 * A list added since they were saved has no target; saved settings this build no longer takes (a
 * zone its Intl dropped) read as the defaults rather than fail the submissions that read them.
 */
export async function readResponseTargetSettings(reads: Pick<Queries, 'all'>, timeZone: string): Promise<ResponseTargetSettings> {
  const defaults = defaultResponseTargetSettings(timeZone);
  const [row] = await reads.all<{ settings: string }>(`SELECT "settings" FROM "response_target_settings" WHERE "id" = ?`, [ROW]);
  if (!row) return defaults;
  const saved = JSON.parse(row.settings) as ResponseTargetSettings;
  const read = responseTargetSettingsSchema.safeParse({ ...saved, targets: { ...defaults.targets, ...saved.targets } });
  return read.success ? read.data : defaults;
}

/** A record's response times: when its first response is due, and from when it is at risk (warned of). */
export interface ResponseTimes {
  responseDueAt: Date | null;
  responseWarnAt: Date | null;
}

/**
 * The response times of a record of `kind` arriving at `createdAt`: its list's target in business
 * minutes after it, and that less the warning's lead time. None without a target (or on a calendar never open).
 */
export function responseTimesOf(settings: ResponseTargetSettings, kind: RecordKind, createdAt: Date): ResponseTimes {
  const target = settings.targets[kind.definition.list as DeskListName];
  const due = target === null ? null : addBusinessMinutes(settings.calendar, createdAt, target);
  return {
    responseDueAt: due,
    responseWarnAt: due && new Date(due.getTime() - settings.warnBeforeMinutes * 60_000),
  };
}

/**
 * Saves the settings and moves the due time of every unanswered record that has one onto them:
 * measured again from its arrival, or none when its list's target was taken away. A warning or
 * missed notice whose moment is ahead again goes out again then. Records that arrived without a
 * target keep none, as records that came before automatic assignment are left to staff.
 */
export async function saveResponseTargetSettings(
  tx: Transaction,
  engine: Engine,
  settings: ResponseTargetSettings,
  now: Date,
): Promise<void> {
  await tx.run(
    `INSERT INTO "response_target_settings" ("id", "settings") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "settings" = excluded."settings"`,
    [ROW, JSON.stringify(settings)],
  );
  for (const kind of WORKED_KINDS) {
    // The table's `_response_open` index (migration 1795000003700).
    const rows = await tx.all<{ id: string; createdAt: Date | string }>(
      `SELECT "id", "createdAt" FROM "${kind.table}" WHERE "firstResponseAt" IS NULL AND "responseDueAt" IS NOT NULL`,
    );
    for (const row of rows) {
      const { responseDueAt: due, responseWarnAt: warn } = responseTimesOf(settings, kind, timeFromDb(row.createdAt));
      const set = ['"responseDueAt" = ?', '"responseWarnAt" = ?'];
      if (warn === null || warn > now) set.push('"responseWarnedAt" = NULL');
      if (due === null || due > now) set.push('"responseMissedAt" = NULL');
      await tx.run(`UPDATE "${kind.table}" SET ${set.join(', ')} WHERE "id" = ?`, [
        due && dbTime(engine, due),
        warn && dbTime(engine, warn),
        row.id,
      ]);
    }
  }
}
