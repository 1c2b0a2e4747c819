import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
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
 * Connections from one address at a time: a new one past `limit` is refused (421, try again
 * later), so one sender cannot hold every connection the receiver has.
 */
function connectionsPerAddress(limit: number) {
  const open = new Map<string, number>();
  const admitted = new Set<string>();
  return {
    admit(session: SMTPServerSession): boolean {
      const count = open.get(session.remoteAddress) ?? 0;
      if (count >= limit) return false;
      open.set(session.remoteAddress, count + 1);
      admitted.add(session.id);
      return true;
    },
    /** A session ends: only one admitted counts down (a refused one never counted). */
    release(session: SMTPServerSession): void {
      if (!admitted.delete(session.id)) return;
      const count = (open.get(session.remoteAddress) ?? 1) - 1;
      if (count > 0) open.set(session.remoteAddress, count);
      else open.delete(session.remoteAddress);
    },
  };
}

/**
 * The SMTP receiver (docs/mail.md#answers-over-smtp), for an MX or a relay in front of it: it
 * takes mail for REPLY_TO_ADDRESS's mailbox only (so it relays nothing), refuses a message over
 * INBOUND_MAX_MB with 552, and answers 250 only once the message is committed: a crash before
 * that leaves the sending server to try again (and the Message-ID keeps the retry from making a
 * second entry). A failure to store answers 451, try again later. With a certificate it offers
 * STARTTLS; it holds at most INBOUND_SMTP_MAX_CLIENTS connections, INBOUND_SMTP_CLIENTS_PER_ADDRESS
 * of them from one address.
 */
export async function startSmtpReceiver(
  deps: InboundDeps,
  config: Pick<InboundConfig, 'smtpHost' | 'smtpPort' | 'maxBytes' | 'smtpTls' | 'smtpMaxClients' | 'smtpClientsPerAddress'>,
  replyToAddress: string,
): Promise<SmtpReceiver> {
  const accepts = ourMailbox(replyToAddress);
  const connections = connectionsPerAddress(config.smtpClientsPerAddress);
  const server = new SMTPServer({
    name: replyToAddress.slice(replyToAddress.lastIndexOf('@') + 1),
    banner: 'Sourcing desk mail receiver',
    authOptional: true,
    disabledCommands: config.smtpTls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(config.smtpTls ?? {}),
    maxClients: config.smtpMaxClients,
    size: config.maxBytes,
    logger: false,
    onConnect(session, callback) {
      if (connections.admit(session)) return callback();
      callback(smtpError(421, 'Too many connections from your address: try again later'));
    },
    onClose(session) {
      connections.release(session);
    },
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
