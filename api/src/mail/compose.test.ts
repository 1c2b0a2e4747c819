import { afterEach, describe, expect, it, vi } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import addressparser from 'nodemailer/lib/addressparser';
import { bareAddress, composeMessage, writeMessage, type MessageIdentity, type OutgoingMail } from './compose';

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
  'a quoted-printable part ending in spaces': { ...base, text: `Grüße aus Köln, ${'Zoë '.repeat(30)}  ` },
  'a quoted-printable part longer than the encoder takes at once (64 KiB)': {
    ...base,
    text: `${'Grüße aus Köln, Zoë — café crème, '.repeat(4)}\n`.repeat(600),
  },
  'display names, reply-to and extra headers': {
    ...base,
    from: '"Desk, Sourcing" <desk@example.com>',
    to: ['Zoë Müller <zoe@example.com>', 'Ops <ops@example.com>'],
    replyTo: 'Ana Núñez <ana@example.com>',
    headers: { 'List-Unsubscribe': '<https://example.com/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  },
  'an international domain and a long subject': {
    ...base,
    to: ['zoë@bücher.example', 'ops@jõgeva.ee'],
    subject: `Supplier offer — ${'Ethiopian Yirgacheffe coffee, grade 1, '.repeat(4)}(SUP-7K3P9Q)`,
  },
  'an empty HTML part (text only)': { ...base, html: '' },
  'an empty text part (HTML only)': { ...base, text: '' },
  'no content at all': { ...base, text: '', html: '' },
};

/** nodemailer's own message for the mail, with the same Message-ID, boundary and date. */
async function nodemailerMessage(mail: OutgoingMail, identity: MessageIdentity): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(identity.date);
  const tree = new MailComposer({ ...mail, messageId: identity.messageId, baseBoundary: identity.baseBoundary }).compile();
  vi.useRealTimers();
  return (await tree.build()).toString('utf8');
}

const identity: MessageIdentity = {
  messageId: '<6c0f4a43-6b1b-4bde-9a52-1f1f4b4f0b7e@example.com>',
  baseBoundary: '5eeebbd0dbdc42c18c32eb317f9bc98f',
  date: new Date('2026-11-26T09:05:07Z'),
};

/** A small seeded generator, so a failing generated mail can be found again. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const words = [
    'cocoa',
    'Zoë',
    'Müller',
    'Иван',
    '感谢',
    '—',
    '"quoted"',
    'a,b',
    "O'Brien",
    '=?x?=',
    '=',
    '.',
    '\t',
    '  ',
    '😀',
    'é',
    'grade-1',
    '(note)',
    '<tag>',
    '&amp;',
    'ß',
  ];
  const phrase = (max: number) =>
    Array.from({ length: 1 + Math.floor(next() * max) }, () => pick(words)).join(pick([' ', '', ' ']));
  const lines = (max: number) =>
    Array.from({ length: 1 + Math.floor(next() * max) }, () => phrase(next() < 0.2 ? 40 : 8)).join(pick(['\n', '\n\n', '\r\n']));
  const address = () => pick(['buyer@example.com', 'zoë@bücher.example', 'o.brien+desk@example.co.uk', 'ops@jõgeva.ee']);
  const named = () => (next() < 0.5 ? address() : `${phrase(3).replace(/[<>]/g, '')} <${address()}>`);
  return (): OutgoingMail => ({
    from: named(),
    to: Array.from({ length: 1 + Math.floor(next() * 2) }, named),
    ...(next() < 0.5 ? { replyTo: named() } : {}),
    subject: phrase(next() < 0.2 ? 30 : 6),
    text: next() < 0.1 ? '' : lines(6),
    html: next() < 0.2 ? '' : `<p>${lines(4)}</p>`,
    ...(next() < 0.3 ? { headers: { 'List-Unsubscribe': `<https://example.com/u/${phrase(2)}>` } } : {}),
  });
}

describe('composeMessage', () => {
  afterEach(() => vi.useRealTimers());

  for (const [name, mail] of Object.entries(mails)) {
    it(`writes the bytes nodemailer's MailComposer builds: ${name}`, async () => {
      expect(writeMessage(mail, identity)).toBe(await nodemailerMessage(mail, identity));
    });
  }

  it('writes the bytes nodemailer builds for 300 generated mails (names, scripts, long lines, line breaks)', async () => {
    const nextMail = generator(20261126);
    for (let i = 0; i < 300; i++) {
      const mail = nextMail();
      expect(writeMessage(mail, identity), JSON.stringify(mail)).toBe(await nodemailerMessage(mail, identity));
    }
  });

  it('draws a new Message-ID at the sender domain and a new boundary for every message', () => {
    const first = composeMessage(base);
    const second = composeMessage(base);
    const idOf = (message: string) => /^Message-ID: (<[^>]+@example\.com>)$/m.exec(message)?.[1];
    const boundaryOf = (message: string) => /boundary="([^"]+)"/.exec(message)?.[1];
    expect(idOf(first)).toBeDefined();
    expect(idOf(first)).not.toBe(idOf(second));
    expect(boundaryOf(first)).not.toBe(boundaryOf(second));
  });

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

describe('bareAddress', () => {
  it('answers the address nodemailer reads from a plain address or one with a name, quotes or a comment', () => {
    const addresses = [
      'buyer@example.com',
      'Zoë.Müller+desk@Bücher.example',
      "o'brien@example.co.uk",
      'Desk <desk@example.com>',
      '"Desk, Sourcing" <desk@example.com>',
      'ops@jõgeva.ee (Ops)',
    ];
    for (const address of addresses) expect(bareAddress(address)).toBe(addressparser(address, { flatten: true })[0].address);
  });
});
