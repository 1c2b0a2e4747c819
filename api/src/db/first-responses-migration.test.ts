import { ADMIN_LISTS } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRow } from '../auth/schema';
import { recordRow, seedRows } from '../test/factories';
import { rerunMigrations } from '../test/migrations';
import { createStaffAccount, headersOf } from '../test/staff';
import { call, startTestServer, TEST_ENGINES, type TestServer } from '../test/support';
import { AddFirstResponses1795000003300 } from './migrations/1795000003300-add-first-responses';
import { AddResponseTargets1795000003700 } from './migrations/1795000003700-add-response-targets';
import { CreateReportCounts1795000003900 } from './migrations/1795000003900-create-report-counts';
import { KeyReportCountsByOwner1795000004000 } from './migrations/1795000004000-key-report-counts-by-owner';
import { RollUpReportCountsByMonth1795000004300 } from './migrations/1795000004300-roll-up-report-counts-by-month';
import { IndexDeskTimeSorts1795000004200 } from './migrations/1795000004200-index-desk-time-sorts';

/** Records answered before migration 1795000003300 get their first response from the outbox and the timeline. */
describe.each(TEST_ENGINES)('the first responses migration on %s', (engine) => {
  let server: TestServer;
  let agent: AdminRow;
  const path = (id: string) => `/api${ADMIN_LISTS.inquiries.path}/${id}`;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    agent = await createStaffAccount(server, 'agent');
  });
  afterAll(() => server?.close());

  it('fills in the first reply’s time and sender, and leaves unanswered records without one', async () => {
    const [answered, unanswered] = [0, 1].map(() => recordRow('inquiries', new Date('2026-03-01T10:00:00Z')));
    await seedRows(server.deps.db, 'inquiries', [answered, unanswered]);
    for (const [headers, message] of [
      [headersOf(server, agent), 'First answer'],
      [server.adminHeaders(), 'Second answer'],
    ] as const) {
      const sent = await call(server, `${path(answered.id)}/reply`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ message }),
      });
      expect(sent.status).toBe(201);
    }
    const [firstMail] = await server.deps.db.all<{ createdAt: Date | string }>(
      `SELECT "createdAt" FROM "mail_outbox" WHERE "recordId" = ? AND "purpose" = 'reply' ORDER BY "createdAt" LIMIT 1`,
      [answered.id],
    );

    // Back to the schema before the migration, then forward again: what the upgrade of a real database does.
    // The response targets' indexes and the reports' view read its columns: they go first and come back after it.
    await rerunMigrations(server.deps.db, [
      new AddFirstResponses1795000003300(),
      new AddResponseTargets1795000003700(),
      new CreateReportCounts1795000003900(),
      new KeyReportCountsByOwner1795000004000(),
      new IndexDeskTimeSorts1795000004200(),
      new RollUpReportCountsByMonth1795000004300(),
    ]);

    const responses = async (id: string) =>
      (await call(server, path(id), { headers: server.adminHeaders() })).body as {
        firstResponseAt: string | null;
        firstResponderId: string | null;
      };
    expect(await responses(answered.id)).toMatchObject({
      firstResponseAt: new Date(firstMail.createdAt).toISOString(),
      firstResponderId: agent.id,
    });
    expect(await responses(unanswered.id)).toMatchObject({ firstResponseAt: null, firstResponderId: null });
  });
});
