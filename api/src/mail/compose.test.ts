import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import { composeMessage, messageText, type OutgoingMail } from './compose';

const base: OutgoingMail = {
  from: 'Sourcing desk <desk@example.com>',
  to: ['buyer@example.com'],
  subject: 'We received your inquiry — INQ-2026-000123',
  text: 'Dear Ana,\n\nThank you for your inquiry.\n',
  html: '<p>Dear Ana,</p><p>Thank you for your inquiry.</p>',
};

// One mail for each way nodemailer encodes a part or a header.
const mails: Record<string, OutgoingMail> = {
  'short ASCII lines (7bit)': base,
  'a line longer than 76 characters (quoted-printable)': { ...base, text: `Notes: ${'cocoa beans '.repeat(20)}\n` },
  'mostly Latin with accents (quoted-printable)': {
    ...base,
    text: 'Grüße aus Köln, Zoë — café crème\n',
    html: '<p>Grüße, Zoë</p>',
  },
  'mostly non-Latin (base64)': { ...base, text: 'Уважаемый Иван,\n\n感谢您的询价。'.repeat(8), html: '<p>感谢您的询价</p>' },
  'trailing whitespace and formula-like text': { ...base, text: 'ends in spaces   \n=SUM(A1) \t\n' },
  'display names, reply-to and extra headers': {
    ...base,
    from: '"Desk, Sourcing" <desk@example.com>',
    to: ['Zoë Müller <zoe@example.com>', 'Ops <ops@example.com>'],
    replyTo: 'Ana Núñez <ana@example.com>',
    headers: { 'List-Unsubscribe': '<https://example.com/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  },
  'an empty HTML part': { ...base, html: '' },
};

describe('composeMessage', () => {
  for (const [name, mail] of Object.entries(mails)) {
    it(`writes the same bytes as nodemailer's streaming build: ${name}`, async () => {
      const tree = new MailComposer(mail).compile();
      const streamed = (await tree.build()).toString('utf8');
      expect(messageText(tree)).toBe(streamed);
    });
  }

  it('writes a message a mail reader parses back to what was sent', async () => {
    const mail = mails['display names, reply-to and extra headers'];
    const parsed = await simpleParser(composeMessage({ ...mail, text: mails['mostly non-Latin (base64)'].text }));
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Desk, Sourcing', address: 'desk@example.com' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ana Núñez', address: 'ana@example.com' }]);
    expect(parsed.text).toBe(mails['mostly non-Latin (base64)'].text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(parsed.messageId).toMatch(/^<.+@example\.com>$/);
  });
});
