import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

/** A claimed mail, as the transport needs it. */
export interface MailToDeliver {
  id: string;
  sender: string;
  recipients: string[];
  message: string;
}

/** Where mails go: an SMTP server (SMTP_URL), or .eml files under DATA_DIR/mail when there is none. */
export interface MailTransport {
  readonly delivers: 'sent' | 'filed';
  deliver(mail: MailToDeliver): Promise<void>;
  close(): void;
}

/** Where a mail is kept when there is no SMTP server: DATA_DIR/mail/<id>.eml. */
export const filedMailPath = (dataDir: string, id: string) => join(dataDir, 'mail', `${id}.eml`);

/** Well under the outbox lease: a hung server fails the attempt long before another replica may take the mail over. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(config: MailConfig, dataDir: string): MailTransport {
  if (!config.smtpUrl) {
    const folder = join(dataDir, 'mail');
    return {
      delivers: 'filed',
      async deliver(mail) {
        const file = filedMailPath(dataDir, mail.id);
        // The folder is made by the first mail, and again should it be removed while the server runs.
        await writeFile(file, mail.message).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          await mkdir(folder, { recursive: true });
          await writeFile(file, mail.message);
        });
      },
      close() {},
    };
  }
  const smtp = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    delivers: 'sent',
    async deliver(mail) {
      await smtp.sendMail({ envelope: { from: mail.sender, to: mail.recipients }, raw: mail.message });
    },
    close: () => smtp.close(),
  };
}
