import MailComposer from 'nodemailer/lib/mail-composer';
import addressparser from 'nodemailer/lib/addressparser';

/** A mail as the code that causes it writes it. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The complete message (headers, Message-ID, text and HTML parts), built once so every retry sends the same bytes. */
export async function composeMessage(mail: OutgoingMail): Promise<string> {
  const message = await new MailComposer(mail).compile().build();
  return message.toString('utf8');
}

/** The bare address of 'Name <address>' (the SMTP envelope wants only the address). */
export function bareAddress(address: string): string {
  const [first] = addressparser(address, { flatten: true });
  return first?.address || address;
}

/** Text safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
