import { Client } from 'pg';

/** `url` with `search_path` set to one schema, so each test server has its own tables. */
export function postgresUrlWithSchema(url: string, schema: string): string {
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

/** `url` on another database of the same server. */
export function postgresUrlOfDatabase(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

/** One short-lived connection for setup and clean-up (schemas, counts). */
export async function withPostgres<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
