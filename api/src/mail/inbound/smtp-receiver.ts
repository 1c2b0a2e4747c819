import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { InboundConfig } from '../../config';
import { receiveInbound, type InboundDeps } from './receive-inbound';

export interface SmtpReceiver {
  /** The port it listens on (the configured one, or the one the system gave for port 0). */
  port: number;
  close(): Promise<void>;
}

/** An SMTP reply: its code tells the sending server whether to give up (5xx) or try again (4xx). */
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** REPLY_TO_ADDRESS's mailbox: `desk@example.com` and any `desk+<tag>@example.com`, in any letter case. */
function ourMailbox(replyToAddress: string): (address: string) => boolean {
  const at = replyToAddress.lastIndexOf('@');
  const local = replyToAddress.slice(0, at).toLowerCase();
  const domain = replyToAddress.slice(at + 1).toLowerCase();
  return (address) => {
    const split = address.lastIndexOf('@');
    if (split < 1) return false;
    const [name] = address.slice(0, split).toLowerCase().split('+', 1);
    return name === local && address.slice(split + 1).toLowerCase() === domain;
  };
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The SMTP receiver (docs/mail.md#answers-over-smtp), for an MX or a relay in front of it: it
 * takes mail for REPLY_TO_ADDRESS's mailbox only (so it relays nothing), refuses a message over
 * INBOUND_MAX_MB with 552, and answers 250 only once the message is committed: a crash before
 * that leaves the sending server to try again (and the Message-ID keeps the retry from making a
 * second entry). A failure to store answers 451, try again later.
 */
export async function startSmtpReceiver(
  deps: InboundDeps,
  config: Pick<InboundConfig, 'smtpHost' | 'smtpPort' | 'maxBytes'>,
  replyToAddress: string,
): Promise<SmtpReceiver> {
  const accepts = ourMailbox(replyToAddress);
  const server = new SMTPServer({
    name: replyToAddress.slice(replyToAddress.lastIndexOf('@') + 1),
    banner: 'Sourcing desk mail receiver',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: config.maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (accepts(address.address)) return callback();
      callback(smtpError(550, `No mailbox here by that name: ${address.address}`));
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw smtpError(552, `Message too large: the limit is ${config.maxBytes} bytes`);
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          await receiveInbound(deps, raw, 'smtp', recipients);
          callback();
        })
        .catch((error: unknown) => {
          if (error instanceof Error && 'responseCode' in error) return callback(error);
          deps.logger.error('inbound mail not stored', { error: error instanceof Error ? error.message : String(error) });
          callback(smtpError(451, 'The message could not be stored: try again later'));
        });
    },
  });
  server.on('error', (error) => deps.logger.error('smtp receiver error', { error: error.message }));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtpPort ?? 0, config.smtpHost, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
