import { generateKeyPairSync } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { dkimVerify } from 'mailauth';
import { describe, expect, it } from 'vitest';
import { bareAddress, createMessageWriter, newMessageId, type StoredMail } from './compose';

const stored: StoredMail = {
  sender: 'desk@example.com',
  recipients: ['zoë@bücher.example'],
  subject: 'Re: Cocoa beans, grade 1 [INQ-7K2M9Q]',
  messageId: '<6c0f4a43-6b1b-4bde-9a52-1f1f4b4f0b7e@example.com>',
  createdAt: new Date('2026-11-26T09:05:07Z'),
  content: {
    from: '"Desk, Sourcing" <desk@example.com>',
    replyTo: 'desk+k7q2m9xa3d5fh2jq@example.com',
    text: 'Уважаемый Иван,\n\nGrüße aus Köln — 20 t at USD 3,150/t FOB.\n',
    html: '<p>Grüße aus Köln</p>',
    headers: { 'List-Unsubscribe': '<https://example.com/u/abc>' },
    inReplyTo: '<second@example.com>',
    references: ['<first@example.com>', '<second@example.com>'],
  },
};

describe('createMessageWriter', () => {
  it('writes with nodemailer a message a mail reader parses back to what was stored', async () => {
    const parsed = await simpleParser(await createMessageWriter(null)(stored));
    expect(parsed.subject).toBe(stored.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Desk, Sourcing', address: 'desk@example.com' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value).toEqual([{ name: '', address: 'zoë@bücher.example' }]);
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'desk+k7q2m9xa3d5fh2jq@example.com' }]);
    expect(parsed.text).toBe('Уважаемый Иван,\n\nGrüße aus Köln — 20 t at USD 3,150/t FOB.\n');
    expect(parsed.html).toBe('<p>Grüße aus Köln</p>');
    expect(parsed.messageId).toBe(stored.messageId);
    expect(parsed.inReplyTo).toBe('<second@example.com>');
    expect(parsed.references).toEqual(['<first@example.com>', '<second@example.com>']);
    expect(parsed.date).toEqual(stored.createdAt);
    expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <https://example.com/u/abc>',
    );
  });

  it('writes the same Message-ID and Date at every attempt', async () => {
    const write = createMessageWriter(null);
    const [first, second] = await Promise.all([write(stored), write(stored)]);
    const head = (message: Buffer) =>
      message
        .toString()
        .split('\r\n')
        .filter((line) => /^(Message-ID|Date|Subject|In-Reply-To|References):/.test(line));
    expect(head(first)).toHaveLength(5);
    expect(head(first)).toEqual(head(second));
  });

  it('sends a mail queued as finished MIME before mails were written at send time as it is', async () => {
    const raw = 'From: no-reply@localhost\r\nTo: ada@example.com\r\nSubject: Old\r\nMessage-ID: <old@localhost>\r\n\r\nHi\r\n';
    const message = await createMessageWriter(null)({ ...stored, messageId: '<old@localhost>', content: { raw } });
    expect(message.toString()).toBe(raw);
  });

  it('signs with DKIM when configured: the signature verifies against the public key and breaks when the body is altered', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim = {
      domainName: 'example.com',
      keySelector: 'mail2026',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'mail2026._domainkey.example.com') return [[record]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const message = await createMessageWriter(dkim)(stored);
    expect(message.toString()).toMatch(
      /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=example\.com;\r\n q=dns\/txt; s=mail2026;/,
    );

    const verified = await dkimVerify(message, { resolver });
    expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);
    const altered = Buffer.from(message.toString().replace('USD 3,150', 'USD 1,150'));
    const broken = await dkimVerify(altered, { resolver });
    expect(broken.results.map((r) => r.status)).toEqual([
      expect.objectContaining({ result: 'neutral', comment: 'body hash did not verify' }),
    ]);
  });
});

describe('newMessageId', () => {
  it('draws a new Message-ID on the sender’s own domain for every mail', () => {
    const first = newMessageId('Sourcing <no-reply@Sourcing.Example>');
    expect(first).toMatch(/^<[0-9a-f-]{36}@sourcing\.example>$/);
    expect(newMessageId('Sourcing <no-reply@sourcing.example>')).not.toBe(first);
  });
});

describe('bareAddress', () => {
  it('answers the address of a mailbox with or without a name, quotes or a comment', () => {
    expect(bareAddress('no-reply@localhost')).toBe('no-reply@localhost');
    expect(bareAddress('Desk <desk@example.com>')).toBe('desk@example.com');
    expect(bareAddress('"Desk, Sourcing" <desk@example.com>')).toBe('desk@example.com');
    expect(bareAddress('ops@jõgeva.ee (Ops)')).toBe('ops@jõgeva.ee');
  });
});
