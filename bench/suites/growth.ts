import type { Engine } from '../lib/processes';
import { printTable, writeResults, type Row } from '../lib/report';
import { cursorAt } from '../lib/seed';
import { ratios, timeAtSizes } from '../lib/sizes';

/**
 * How cost grows with the table: one admin, one request at a time, on the inquiry list at each
 * size (rows added between sizes to the same database): first page (with the status tabs'
 * counts), a page half-way down by cursor, a search, a status tab, a page filtered by owner and
 * status, first pages sorted by a column, the dashboard stats and the admin's unread counts.
 */

export const DEFAULT_SIZES = [1_000, 100_000, 1_000_000];

export function growthOn(engine: Engine, sizes: number[]): Promise<Row[]> {
  return timeAtSizes(
    'growth',
    engine,
    sizes,
    () => ({}),
    async (store, size) => {
      const deep = await cursorAt(store, Math.floor(size / 2));
      // Searches scan the table: fewer samples at large sizes keep the run bounded.
      const searches = size > 100_000 ? 20 : 200;
      return [
        ['list first page', '/api/inquiry/inquiries'],
        ['list deep page (cursor at n/2)', `/api/inquiry/inquiries?cursor=${deep}`],
        ['search "buyer 4242"', `/api/inquiry/inquiries?q=${encodeURIComponent('buyer 4242')}`, searches],
        // The sales desk: a status tab (its rows and every tab's count) and a page filtered by owner
        // and status, the view an agent works from (issue: counts at scale within 1.5x of 1k rows).
        ['status tab "In progress"', `/api/inquiry/inquiries?status=${encodeURIComponent('In progress')}`],
        ['filtered: mine, New', '/api/inquiry/inquiries?owner=mine&status=New'],
        // Sorted by a column (issue: sorted first pages at 1M within 1.5x of 1k): a name (each row its
        // own), a country every row shares (the order falls to arrival) and the status.
        ['sorted: name A-Z', '/api/inquiry/inquiries?sort=fullName'],
        ['sorted: name Z-A', '/api/inquiry/inquiries?sort=-fullName'],
        ['sorted: country A-Z', '/api/inquiry/inquiries?sort=addressCountry'],
        ['sorted: status', '/api/inquiry/inquiries?sort=status'],
        ['stats (month)', '/api/admin/stats?period=month'],
        ['unread counts', '/api/admin/unread'],
      ];
    },
  );
}

export async function growthSuite(engines: Engine[], sizes: number[]): Promise<void> {
  const rows: Row[] = [];
  for (const engine of engines) rows.push(...(await growthOn(engine, sizes)));
  const growth = ratios(rows, sizes);
  printTable(
    'Growth: single admin, sequential requests',
    rows.map(({ 'seeded in s': _, ...r }) => r),
  );
  printTable(
    'Seeding time',
    rows
      .filter((r) => r.case === 'list first page')
      .map((r) => ({ engine: r.engine, rows: r.rows, 'seeded in s': r['seeded in s'] })),
  );
  if (sizes.length > 1) printTable('Growth ratio (largest / smallest size)', growth);
  console.log(`\nwritten ${writeResults('growth', rows, { sizes, ratios: growth })}`);
}
