import type { AppDeps } from '../../../app-deps';
import type { Database, Queries } from '../../../db/database';
import { dbTime, timeFromDb } from '../../../db/engine';
import { scheduleChecks } from '../../../records/timed-checks';
import { startOfLocalDay } from '@sourcing/shared';

/**
 * The years listed: from the one before this year (or before the oldest arrival's, when older) to
 * YEARS_AHEAD after this one. They are listed again, reaching further, once fewer than
 * YEARS_NEEDED_AHEAD are left or an arrival is older. An arrival outside them counts on its UTC day.
 */
const YEARS_BEFORE = 1;
const YEARS_AHEAD = 2;
const YEARS_NEEDED_AHEAD = 1;
const ROWS_PER_INSERT = 500;

const DAY_MS = 86_400_000;
/** Days between two samples of the zone's offset: no zone changes its offset twice within them. */
const SAMPLE_DAYS = 10;

/** The first instant of each local day from 1 January of `first` to 31 December of `last`, and the day. */
function localDays(timeZone: string, first: number, last: number): [Date, string][] {
  const start0 = Date.UTC(first, 0, 1);
  const count = (Date.UTC(last + 1, 0, 1) - start0) / DAY_MS;
  const wall = (i: number) => new Date(start0 + i * DAY_MS);
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

/** What `report_days` lists (the zone, the first and last day, none when empty) and the oldest arrival. */
async function listedDays(db: Queries) {
  const [row] = await db.all<{
    timeZone: string | null;
    first: string | null;
    last: string | null;
    oldest: Date | string | null;
  }>(
    `SELECT (SELECT "timeZone" FROM "report_days" LIMIT 1) AS "timeZone",
  (SELECT "day" FROM "report_days" ORDER BY "startsAt" LIMIT 1) AS "first",
  (SELECT "day" FROM "report_days" ORDER BY "startsAt" DESC LIMIT 1) AS "last",
  (SELECT MIN("createdAt") FROM "inquiries") AS "oldest"`,
    [],
  );
  return { ...row, oldest: row.oldest === null ? null : timeFromDb(row.oldest) };
}
type Listed = Awaited<ReturnType<typeof listedDays>>;

/** The first year that must be listed: this one, or the oldest arrival's when older. */
const firstYearNeeded = (listed: Listed, now: Date) =>
  Math.min(now.getUTCFullYear(), listed.oldest?.getUTCFullYear() ?? Infinity);

/** Whether the days listed are the zone's and reach far enough both ways. */
const listedEnough = (listed: Listed, timeZone: string, now: Date) =>
  listed.timeZone === timeZone &&
  listed.first !== null &&
  listed.last !== null &&
  listed.first <= `${firstYearNeeded(listed, now)}-01-01` &&
  listed.last >= `${now.getUTCFullYear() + YEARS_NEEDED_AHEAD}-12-31`;

/**
 * Makes `report_days` list the local days of `timeZone` around `now` (migration 1795000003900) and,
 * when it listed another zone's or an arrival fell outside the days it listed, counts every
 * inquiry again on its local day: the triggers file an arrival under the local day they find there
 * (docs/admin.md#reports). Runs at start and daily; a no-op unless TIME_ZONE changed, the clock
 * nears the last day listed or an arrival is older than the first.
 */
export async function syncReportDays(db: Database, timeZone: string, now: Date): Promise<void> {
  if (listedEnough(await listedDays(db), timeZone, now)) return;
  await db.transaction(async (tx) => {
    // Replicas starting together: the second waits, then finds the days listed.
    if (db.engine === 'postgres') await tx.run('LOCK TABLE "report_days" IN EXCLUSIVE MODE', []);
    const listed = await listedDays(tx);
    if (listedEnough(listed, timeZone, now)) return;
    const arrivedOutside = await tx.all(
      `SELECT 1 AS "outside" FROM "inquiries" WHERE "createdAt" < (SELECT MIN("startsAt") FROM "report_days")
  OR "createdAt" >= (SELECT MAX("startsAt") FROM "report_days") LIMIT 1`,
      [],
    );
    const days = localDays(timeZone, firstYearNeeded(listed, now) - YEARS_BEFORE, now.getUTCFullYear() + YEARS_AHEAD);
    await tx.run('DELETE FROM "report_days"', []);
    for (let i = 0; i < days.length; i += ROWS_PER_INSERT) {
      const batch = days.slice(i, i + ROWS_PER_INSERT);
      await tx.run(
        `INSERT INTO "report_days" ("startsAt", "day", "timeZone") VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap(([startsAt, day]) => [dbTime(db.engine, startsAt), day, timeZone]),
      );
    }
    // The same zone's days reaching further: the counts stand unless an arrival was filed on a UTC day.
    if (listed.timeZone === timeZone && arrivedOutside.length === 0) return;
    await tx.run('DELETE FROM "report_counts"', []);
    await tx.run(
      `INSERT INTO "report_counts" ("day", "measure", "ownerId", "value", "count")
SELECT "day", "measure", "ownerId", "value", COUNT(*) FROM "inquiry_report_rows" GROUP BY "day", "measure", "ownerId", "value"`,
      [],
    );
  });
}

/** Checks the days listed daily, so they reach ahead of the clock however long the server runs. */
export function scheduleReportDays(deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'now'>): { stop(): Promise<void> } {
  return scheduleChecks(deps, DAY_MS, {
    'listing the report days': () => syncReportDays(deps.db, deps.config.timeZone, deps.now()),
  });
}
