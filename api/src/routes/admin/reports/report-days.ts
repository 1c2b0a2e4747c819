import type { Database } from '../../../db/database';
import { dbTime } from '../../../db/engine';
import { startOfLocalDay } from '@sourcing/shared';

/** The years whose local days are listed; an arrival outside them counts on its UTC day. */
const FIRST_YEAR = 2020;
const LAST_YEAR = 2040;
const ROWS_PER_INSERT = 500;

const DAY_MS = 86_400_000;
/** Days between two samples of the zone's offset: no zone changes its offset twice within them. */
const SAMPLE_DAYS = 10;

/** The first instant of each local day of the years listed, and the day. */
function localDays(timeZone: string): [Date, string][] {
  const first = Date.UTC(FIRST_YEAR, 0, 1);
  const count = (Date.UTC(LAST_YEAR + 1, 0, 1) - first) / DAY_MS;
  const wall = (i: number) => new Date(first + i * DAY_MS);
  const start = (i: number) => {
    const w = wall(i);
    return startOfLocalDay(w.getUTCFullYear(), w.getUTCMonth() + 1, w.getUTCDate(), timeZone);
  };
  const days: [Date, string][] = [];
  // Reading the zone's clock costs microseconds: it is read every SAMPLE_DAYS days, and day by day
  // only between two samples whose midnights are not the same offset from UTC.
  for (let i = 0; i < count; i += SAMPLE_DAYS) {
    const end = Math.min(i + SAMPLE_DAYS, count);
    const offset = wall(i).getTime() - start(i).getTime();
    const steady = end === count || wall(end).getTime() - start(end).getTime() === offset;
    for (let d = i; d < end; d++) {
      days.push([steady ? new Date(wall(d).getTime() - offset) : start(d), wall(d).toISOString().slice(0, 10)]);
    }
  }
  return days;
}

/**
 * Makes `report_days` list the local days of `timeZone` (migration 1795000003900) and, when it
 * listed another zone's or none, counts every inquiry again on its local day: the triggers file an
 * arrival under the local day they find there (docs/admin.md#reports). Runs at start; a no-op
 * unless TIME_ZONE changed.
 */
export async function syncReportDays(db: Database, timeZone: string): Promise<void> {
  const listed = await db.all<{ timeZone: string }>('SELECT "timeZone" FROM "report_days" LIMIT 1');
  if (listed[0]?.timeZone === timeZone) return;
  const days = localDays(timeZone);
  await db.transaction(async (tx) => {
    // Replicas starting together: the second waits, then finds the days listed.
    if (db.engine === 'postgres') await tx.run('LOCK TABLE "report_days" IN EXCLUSIVE MODE', []);
    const again = await tx.all<{ timeZone: string }>('SELECT "timeZone" FROM "report_days" LIMIT 1');
    if (again[0]?.timeZone === timeZone) return;
    await tx.run('DELETE FROM "report_days"', []);
    for (let i = 0; i < days.length; i += ROWS_PER_INSERT) {
      const batch = days.slice(i, i + ROWS_PER_INSERT);
      await tx.run(
        `INSERT INTO "report_days" ("startsAt", "day", "timeZone") VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap(([startsAt, day]) => [dbTime(db.engine, startsAt), day, timeZone]),
      );
    }
    await tx.run('DELETE FROM "report_counts"', []);
    await tx.run(
      `INSERT INTO "report_counts" ("day", "measure", "ownerId", "value", "count")
SELECT "day", "measure", "ownerId", "value", COUNT(*) FROM "inquiry_report_rows" GROUP BY "day", "measure", "ownerId", "value"`,
      [],
    );
  });
}
