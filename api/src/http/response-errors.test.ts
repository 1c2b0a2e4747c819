/** What fails after a response began goes to the JSON log, a client that went away only as a debug line. */
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { logResponseErrors } from './response-errors';
import { createApp } from '../app';
import { startTestServer } from '../test/support';

const codeError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('errors after a response began', () => {
  const logged = () => {
    const lines: { level: string; msg: string; path?: string }[] = [];
    const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as (typeof lines)[number]));
    return { lines, logger, report: logResponseErrors(logger) };
  };

  it('logs a client that went away as debug, anything else as an error', () => {
    const { lines, report } = logged();
    const ctx = { method: 'GET', path: '/api/contact/export.csv' };
    report(codeError('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'), ctx);
    report(codeError('read ECONNRESET', 'ECONNRESET'), ctx);
    report(codeError('write EPIPE', 'EPIPE'), ctx);
    report(new Error('disk read failed'), ctx);
    expect(lines.map((l) => [l.level, l.path])).toEqual([
      ['debug', ctx.path],
      ['debug', ctx.path],
      ['debug', ctx.path],
      ['error', ctx.path],
    ]);
  });

  it('is how the app reports them, to the server logger', async () => {
    const { lines, logger } = logged();
    const server = await startTestServer({ logger });
    try {
      const app = createApp(server.deps);
      app.emit('error', codeError('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'), { method: 'GET', path: '/logo.png' });
      app.emit('error', new Error('disk read failed'), { method: 'GET', path: '/logo.png' });
      const reported = lines.filter((l) => l.path === '/logo.png').map((l) => l.level);
      expect(reported).toEqual(['debug', 'error']);
    } finally {
      await server.close();
    }
  });
});
