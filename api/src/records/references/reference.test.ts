import { REFERENCE_PATTERN } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordRow, seedRows } from '../../test/factories';
import { withProof } from '../../test/form-proof';
import { recordByReference } from '../../test/references';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { insertWithReference, randomReference } from './reference';

describe('random references', () => {
  it('are the prefix and six Crockford base32 characters, spread over the whole alphabet', () => {
    const drawn = Array.from({ length: 2000 }, () => randomReference('INQ'));
    for (const reference of drawn) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(new Set(drawn.flatMap((r) => [...r.slice(4)])).size).toBe(32);
    expect(drawn.map((r) => r.slice(4)).join('')).not.toMatch(/[ILOU]/);
  });
});

describe.each(TEST_ENGINES)('references on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  it('draws again when the reference is taken, in the same transaction', async () => {
    const taken = recordRow('contacts', new Date(), { reference: 'MSG-TAKEN1' });
    await seedRows(server.deps.db, 'contacts', [taken]);
    const draws = ['MSG-TAKEN1', 'MSG-TAKEN1', 'MSG-FRESH2'];
    const row = { ...recordRow('contacts', new Date()), reference: undefined as unknown };
    await server.deps.db.transaction((tx) =>
      insertWithReference(
        tx,
        row,
        'MSG',
        (r) => tx.insert('ContactMessage', r),
        () => draws.shift()!,
      ),
    );
    expect(row.reference).toBe('MSG-FRESH2');
    expect(draws).toEqual([]);
    const stored = await server.deps.db.all(`SELECT "reference" FROM "contact_messages" ORDER BY "reference"`);
    expect(stored).toEqual([{ reference: 'MSG-FRESH2' }, { reference: 'MSG-TAKEN1' }]);
  });

  it('gives each submission its own reference, found by the admin search in any letter case', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(async (n) =>
        call(
          server,
          '/api/contact',
          await withProof(server, jsonBody({ name: `Ada ${n}`, email: 'ada@example.com', message: 'Hi' })),
        ),
      ),
    );
    const references = answers.map((a) => a.body.reference as string);
    expect(new Set(references).size).toBe(3);
    const found = await recordByReference(server, 'contacts', references[1]);
    expect(found).toMatchObject({ name: 'Ada 2', reference: references[1] });
    const lower = await call(server, `/api/contact?q=${references[1].toLowerCase()}`, { headers: server.adminHeaders() });
    expect(lower.body.data.map((r: { reference: string }) => r.reference)).toEqual([references[1]]);
  });
});
