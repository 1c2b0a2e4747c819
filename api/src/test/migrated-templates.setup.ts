import { createMigratedTemplates } from './migrated-templates';

/**
 * The api project's global setup: the migrated databases every test server of the run starts from
 * a copy of (test/migrated-templates.ts), named to the run's test processes in their environment.
 */
export default async function setup() {
  const templates = await createMigratedTemplates(process.env.TEST_DATABASE_URL);
  Object.assign(process.env, templates.names);
  return async () => {
    for (const name of Object.keys(templates.names)) delete process.env[name];
    await templates.remove();
  };
}
