import { ADMIN_LISTS, API_PREFIX, searchedKeys, type AdminListName } from '@sourcing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FoldSearchAndSortKeys1795000002600 } from '../../db/migrations/1795000002600-fold-search-and-sort-keys';
import { CreateReportCounts1795000003900 } from '../../db/migrations/1795000003900-create-report-counts';
import { KeyReportCountsByOwner1795000004000 } from '../../db/migrations/1795000004000-key-report-counts-by-owner';
import { RollUpReportCountsByMonth1795000004300 } from '../../db/migrations/1795000004300-roll-up-report-counts-by-month';
import { withProof } from '../../test/form-proof';
import { recordRow, seedRows, type RowOfList } from '../../test/factories';
import { runMigrations, takeBackMigrations } from '../../test/migrations';
import { call, jsonBody, startTestServer, TEST_ENGINES, type TestServer } from '../../test/support';
import { RECORD_KINDS } from '../record-kinds';

/** Names in several scripts, each a contact's name: what each search below must find, on both engines alike. */
const NAMES = [
  'Ångström Kraft AB',
  'ООО Иван Петров',
  'ΟΔΥΣΣΕΑΣ Παπαδόπουλος',
  'Արամ Խաչատրյան',
  '東京商事 株式会社',
  'राजेश कुमार',
  'Zoë Müller',
  'Łukasz Straße',
];

describe.each(TEST_ENGINES)('search on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    await seedRows(
      server.deps.db,
      'contacts',
      NAMES.map((name, i) => recordRow('contacts', new Date(Date.UTC(2026, 0, 1, 0, i)), { name, email: `c${i}@example.com` })),
    );
  });
  afterAll(() => server?.close());

  const found = async (list: AdminListName, q: string): Promise<string[]> => {
    const res = await call(server, `${API_PREFIX}${ADMIN_LISTS[list].path}?q=${encodeURIComponent(q)}`, {
      headers: server.adminHeaders(),
    });
    expect(res.status, res.text).toBe(200);
    const title = RECORD_KINDS[list].definition.title;
    return (res.body.data as Record<string, string>[]).map((record) => record[title]).sort();
  };

  it.each([
    // Latin with diacritics: any letter case, with or without the accents (docs/admin.md#search).
    ['Ångström', 'Ångström Kraft AB'],
    ['ångström', 'Ångström Kraft AB'],
    ['ÅNGSTRÖM', 'Ångström Kraft AB'],
    ['ngström', 'Ångström Kraft AB'],
    ['angstrom', 'Ångström Kraft AB'],
    ['zoe muller', 'Zoë Müller'],
    ['ZOË', 'Zoë Müller'],
    ['lukasz strasse', 'Łukasz Straße'],
    // Cyrillic: the first word as stored (all capitals), in lower case, and a part of the second.
    ['ООО', 'ООО Иван Петров'],
    ['ооо', 'ООО Иван Петров'],
    ['Иван', 'ООО Иван Петров'],
    ['иван', 'ООО Иван Петров'],
    ['ИВАН ПЕТР', 'ООО Иван Петров'],
    // Greek (a final sigma is a sigma, tonos dropped) and Armenian.
    ['οδυσσεας', 'ΟΔΥΣΣΕΑΣ Παπαδόπουλος'],
    ['ΠΑΠΑΔΟΠΟΥΛΟΣ', 'ΟΔΥΣΣΕΑΣ Παπαδόπουλος'],
    ['արամ', 'Արամ Խաչատրյան'],
    ['ԽԱՉԱՏՐՅԱՆ', 'Արամ Խաչատրյան'],
    // Scripts without letter case, found as written; two letters of them too (below a trigram).
    ['東京', '東京商事 株式会社'],
    ['株式会社', '東京商事 株式会社'],
    ['राजेश', 'राजेश कुमार'],
    // Full-width letters are the letters.
    ['ｍｕｌｌｅｒ', 'Zoë Müller'],
  ])('%s finds %s', async (q, name) => {
    expect(await found('contacts', q)).toEqual([name]);
  });

  it('finds nothing across two fields, nor a text that is not there', async () => {
    expect(await found('contacts', 'AB c0@')).toEqual([]);
    expect(await found('contacts', 'Ивана')).toEqual([]);
  });

  it('finds a record stored through its form by a name in another script, in any letter case', async () => {
    const res = await call(
      server,
      '/api/contact',
      await withProof(server, jsonBody({ name: 'ЁЛКИН Сергей', email: 'elkin@example.com', message: 'Добрый день' })),
    );
    expect(res.status).toBe(201);
    expect(await found('contacts', 'ёлкин')).toEqual(['ЁЛКИН Сергей']);
    expect(await found('contacts', 'елкин сергеи')).toEqual(['ЁЛКИН Сергей']);
    expect(await found('contacts', 'ДОБРЫЙ')).toEqual(['ЁЛКИН Сергей']);
  });

  it.each(Object.keys(RECORD_KINDS) as AdminListName[])(
    '%s: every searched field is searched (searchedKeys of its definition), in any letter case',
    async (list) => {
      const { definition } = RECORD_KINDS[list];
      const tokens = new Map(searchedKeys(definition).map((key, i) => [key, `Ωmega${list}${i}X`]));
      const overrides: Record<string, unknown> = {};
      for (const field of definition.fields) {
        const token = tokens.get(field.key);
        if (token === undefined) continue;
        overrides[field.key] = field.kind === 'list' ? [token] : field.key === 'email' ? `${token}@example.com` : token;
      }
      const row = recordRow(list, new Date('2026-02-01T00:00:00Z'), overrides as Partial<RowOfList<typeof list>>);
      await seedRows(server.deps.db, list, [row]);
      for (const [key, token] of tokens) {
        expect(await found(list, token.toUpperCase()), key).toEqual([String(row[definition.title as keyof typeof row])]);
      }
    },
  );

  it('finds the records stored before the search was folded once migration 1795000002600 refilled them', async () => {
    // The reports' view reads the sort keys: it (and the migrations on its counts) go first and come back after them.
    const migrations = [
      new FoldSearchAndSortKeys1795000002600(),
      new CreateReportCounts1795000003900(),
      new KeyReportCountsByOwner1795000004000(),
      new RollUpReportCountsByMonth1795000004300(),
    ];
    await takeBackMigrations(server.deps.db, migrations);
    // Stored as before the migration: no folded text of its own.
    await server.deps.db.transaction((tx) =>
      tx.insert(RECORD_KINDS.contacts.entity, recordRow('contacts', new Date('2026-03-01T00:00:00Z'), { name: 'ÉLODIE Ågren' })),
    );
    await runMigrations(server.deps.db, migrations);
    expect(await found('contacts', 'elodie agren')).toEqual(['ÉLODIE Ågren']);
    expect(await found('contacts', 'ООО')).toEqual(['ООО Иван Петров']);
  });
});
