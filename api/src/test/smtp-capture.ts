import { buffer } from 'node:stream/consumers';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './replica-process';

/** A received message: its envelope, its bytes as they arrived and the parsed mail. */
export interface CapturedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  mail: ParsedMail;
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message and parses it. `stop` and
 * `start` again on the same port play an outage; `waitFor(n)` resolves once n messages arrived.
 */
export interface SmtpCapture {
  port: number;
  url: string;
  received: CapturedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
}

export async function smtpCapture(options: { started?: boolean } = {}): Promise<SmtpCapture> {
  const port = await freePort();
  const received: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  let server: SMTPServer | null = null;

  const capture: SmtpCapture = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          buffer(stream).then(
            async (raw) => {
              const mail = await simpleParser(raw);
              received.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((r) => r.address),
                },
                raw,
                mail,
              });
              for (const wake of waiters.splice(0)) wake();
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
  };
  if (options.started ?? true) await capture.start();
  return capture;
}
