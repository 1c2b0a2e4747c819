import { ConfigError, loadConfig } from './config';
import { guardProcess } from './escaped-errors';
import { startServer } from './server';

/** `npm start`: serve the API and the built web on PORT (SQLite under DATA_DIR unless DATABASE_URL). */
async function main() {
  const config = loadConfig();
  const running = await startServer(config);
  const { logger } = running.deps;
  guardProcess(logger);
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  logger.info('server started', {
    url: publicUrl,
    listening: running.url,
    database: running.deps.engine,
    dataDir: config.dataDir,
  });
  if (config.logLevel !== 'silent') console.log(`Sourcing is running at ${publicUrl} (admin: ${publicUrl}/admin)`);
  const { firstAdmin } = running;
  if (firstAdmin.kind === 'generated') {
    // Printed whatever LOG_LEVEL says: this is the only time the password is shown.
    console.log(
      `First admin created. Sign in at ${publicUrl}/admin with\n  e-mail:   ${firstAdmin.email}\n  password: ${firstAdmin.password}\n` +
        'Keep it safe: it is not shown again (reset it with `npm run admin -- reset-password <email>`).',
    );
  } else if (firstAdmin.kind === 'created-from-env') {
    console.log(`First admin ${firstAdmin.email} created from ADMIN_EMAIL/ADMIN_PASSWORD.`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
