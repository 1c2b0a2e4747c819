import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { RECORD_KINDS } from '../record-kinds';
import { matchesParams, matchesSql } from './find-matches';

const AT = new Date('2026-03-01T10:00:00Z');
/**
 * Enough offers that a scan would cost PostgreSQL's planner more than the index; their products are
 * distinct, each sharing a word with a few dozen others, as a real catalogue's do.
 */
const OFFERS = 3000;

/** Every line of a plan: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN text. */
async function planOf(server: TestServer, sql: string, params: unknown[]): Promise<string[]> {
  const { db } = server.deps;
  if (db.engine === 'postgres') {
    const rows = await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']);
  }
  const rows = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
  return rows.map((r) => r.detail);
}

describe.each(TEST_ENGINES)('the match query on %s', (engine) => {
  let server: TestServer;
  let buyer: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const offers = Array.from({ length: OFFERS }, (_, i) =>
      recordRow('supplierInquiries', new Date(AT.getTime() + i * 1000), { productName: `Alloy${i} Type${i % 100}` }),
    );
    await seedRows(server.deps.db, 'supplierInquiries', offers);
    const inquiry = recordRow('inquiries', AT, { commodities: ['Alloy7 Type7'] });
    await seedRows(server.deps.db, 'inquiries', [inquiry]);
    buyer = inquiry.id;
    // The planners' statistics, as a database in use has them.
    await server.deps.db.run('ANALYZE');
  }, 60_000);
  afterAll(() => server?.close());

  it('looks the terms up in record_terms_term and reads offers by primary key: no table is scanned', async () => {
    const columns = server.deps.db.rowReader(RECORD_KINDS.supplierInquiries.entity).columns('o');
    const plan = await planOf(server, matchesSql('inquiries', columns), matchesParams('inquiries', buyer));
    const text = plan.join('\n');
    expect(text, text).toContain('record_terms_term');
    if (engine === 'postgres') {
      expect(text, text).not.toMatch(/Seq Scan/);
    } else {
      // SQLite says SCAN for a full pass over a table or index, SEARCH for an index lookup.
      expect(
        plan.filter((line) => /^SCAN (mine|theirs|o)\b/.test(line)),
        text,
      ).toEqual([]);
    }
  });
});
