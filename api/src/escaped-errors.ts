import type { Logger } from './http/logger';

let escaped = 0;

/** How many errors reached the process without a handler since it started (GET /api/health shows it). */
export const escapedErrorCount = () => escaped;

/**
 * The last line of defence of the server process (main.ts): an error no stream, socket or request
 * handled is logged as `escaped error` with its stack and counted, instead of ending the process
 * and every request and connection in it. Every stream the server reads or writes has its own
 * handler (docs/hardening.md#no-input-ends-the-process), so this count stays 0; tests run the
 * server without this guard, where such an error fails the test.
 */
export function guardProcess(logger: Logger): void {
  const record = (kind: string) => (error: unknown) => {
    escaped += 1;
    logger.error('escaped error', { kind, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  };
  process.on('uncaughtException', record('uncaught exception'));
  process.on('unhandledRejection', record('unhandled rejection'));
}
