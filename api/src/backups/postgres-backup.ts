import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DATABASE_ENTRY } from './backup-manifest';
import { BackupError, type DatabaseCopy, type DatabaseFacts } from './database-copy';

/** The extensions the migrations install (the search indexes' pg_trgm): a dump of the schema carries them along. */
const PRODUCT_EXTENSIONS = ['pg_trgm'];

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A DATABASE_URL as libpq reads it, its password given apart (PGPASSWORD) so no process listing shows it. */
function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // libpq decodes %20, not the '+' URLSearchParams writes for a space (`options=-c search_path=...`).
  const query = [...url.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  url.search = query;
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore, answering what it printed; a failure says what the tool said. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors = `${errors}${String(chunk)}`.slice(-4000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools, of the server's major version or newer (docs/operations.md#backups).`,
            )
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim() || 'no message'}`));
    });
  });
}

async function factsOf(client: pg.Client, schema: string): Promise<DatabaseFacts> {
  const tables = (
    await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY tablename', [
      schema,
    ])
  ).rows.map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${identifier(schema)}.${identifier(table)}`);
    counts[table] = Number(rows[0].n);
  }
  const column = async (sql: string) => (await client.query<{ value: string }>(sql)).rows.map((row) => row.value);
  return {
    migrations: tables.includes('migrations') ? await column('SELECT "name" AS value FROM "migrations" ORDER BY "id"') : [],
    counts,
    uploads: tables.includes('uploaded_files')
      ? await column('SELECT "storedName" AS value FROM "uploaded_files" ORDER BY 1')
      : [],
  };
}

/**
 * Dumps the schema DATABASE_URL works in with pg_dump (custom format), from a snapshot exported by
 * a transaction of ours: the facts read in that transaction (counts, migrations, the upload index)
 * are exactly those of the dump, whatever the replicas commit meanwhile.
 */
export async function dumpPostgres(databaseUrl: string, to: string): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string; schema: string | null }>(
      'SELECT pg_export_snapshot() AS snapshot, current_schema() AS schema',
    );
    const { snapshot, schema } = rows[0];
    if (!schema) throw new BackupError('DATABASE_URL names no schema that exists: nothing to back up.');
    const facts = await factsOf(client, schema);
    if (facts.migrations.length === 0)
      throw new BackupError(`Schema "${schema}" holds no migrated database: nothing to back up.`);
    const extensions = (
      await client.query<{ extname: string }>('SELECT extname FROM pg_extension WHERE extname = ANY($1)', [PRODUCT_EXTENSIONS])
    ).rows.map((row) => `--extension=${row.extname}`);
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--schema=${schema}`, ...extensions, `--file=${to}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('COMMIT');
    return { entry: DATABASE_ENTRY.postgres, path: to, postgresSchema: schema, ...facts };
  } finally {
    await client.end();
  }
}

/**
 * The schema DATABASE_URL works in (null when its search_path names none that exists) and how many
 * tables, sequences and functions it holds, an extension's own (pg_trgm's in public) aside.
 */
export async function postgresTarget(databaseUrl: string): Promise<{ schema: string | null; objects: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ownedByNoExtension = (catalog: string) =>
      `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = o.oid AND d.deptype = 'e')`;
    const { rows } = await client.query<{ schema: string | null; objects: string }>(
      `SELECT current_schema() AS schema,
  (SELECT COUNT(*) FROM pg_class o WHERE o.relnamespace = n.oid AND ${ownedByNoExtension('pg_class')})
  + (SELECT COUNT(*) FROM pg_proc o WHERE o.pronamespace = n.oid AND ${ownedByNoExtension('pg_proc')}) AS objects
FROM (SELECT (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AS oid) n`,
    );
    return { schema: rows[0].schema, objects: Number(rows[0].objects ?? 0) };
  } finally {
    await client.end();
  }
}

/** Reads the facts of the schema DATABASE_URL works in (after a restore, to compare with the manifest). */
export async function readPostgresFacts(databaseUrl: string): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
    return await factsOf(client, rows[0].schema);
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into the (existing, empty) schema DATABASE_URL works in, in one transaction: all
 * of it or nothing. The dump's own CREATE SCHEMA is left out (the schema is there), and so are
 * owners, grants and comments (the restoring role owns what it creates).
 */
export async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const { dbname, env } = libpqConnection(databaseUrl);
  const listing = await runTool('pg_restore', ['--list', dump], env);
  const folder = await mkdtemp(join(tmpdir(), 'sourcing-restore-'));
  try {
    const list = join(folder, 'restore.list');
    await writeFile(
      list,
      listing
        .split('\n')
        .filter((line) => !/^\d+; \d+ \d+ SCHEMA - /.test(line))
        .join('\n'),
    );
    await runTool(
      'pg_restore',
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-comments',
        `--use-list=${list}`,
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
