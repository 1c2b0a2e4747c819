import { describe, expect, it } from 'vitest';
import { confirmationMail, looksLikeName } from './confirmation-mail';

describe('looksLikeName', () => {
  it.each([
    'Ada Lovelace',
    'Zoë Müller-Lüdenscheidt',
    "Seán O'Brien",
    'J. R. R. Tolkien',
    'Nguyễn Thị Minh Khai',
    '王小明',
    'Д’Артаньян',
  ])('greets %j by name', (name) => expect(looksLikeName(name)).toBe(true));

  it.each([
    ['a web address', 'Your bank: verify at http://phish.example.test/login'],
    ['a bare domain', 'Visit phish.example'],
    ['www.', 'www example www.x'],
    ['an e-mail address', 'support@bank.example'],
    ['a phone number', 'Call 0800 123 456'],
    ['a single digit', 'Agent 7'],
    ['a colon', 'Urgent: your account'],
    ['line breaks', 'Ada\nClick here'],
    ['61 characters', 'A'.repeat(61)],
    ['nothing', '   '],
  ])('greets neutrally a name with %s', (_what, name) => expect(looksLikeName(name)).toBe(false));
});

describe('confirmationMail', () => {
  const facts = { kind: 'inquiry' as const, reference: 'INQ-7K2M9Q', siteUrl: 'https://sourcing.example' };

  it('says the reference, the kind of request and the site, greeting a name by name', () => {
    expect(confirmationMail({ ...facts, name: ' Asha Rao ' })).toEqual({
      subject: 'We received your inquiry — INQ-7K2M9Q',
      text:
        'Dear Asha Rao,\n\nThank you for your inquiry. Your reference is INQ-7K2M9Q: please quote it when you contact us.\n\n' +
        'If you did not contact us, please ignore this e-mail.\n\nOur website: https://sourcing.example\n',
      html:
        '<p>Dear Asha Rao,</p><p>Thank you for your inquiry. Your reference is INQ-7K2M9Q: please quote it when you contact us.</p>' +
        '<p>If you did not contact us, please ignore this e-mail.</p>' +
        '<p>Our website: <a href="https://sourcing.example">https://sourcing.example</a></p>',
    });
  });

  it('greets a phishing-shaped name neutrally and repeats none of it', () => {
    const mail = confirmationMail({
      ...facts,
      kind: 'contact',
      name: 'Your bank, call 0800 123 456 or see http://phish.example.test',
    });
    expect(mail.text.startsWith('Hello,\n\nThank you for your message.')).toBe(true);
    expect(JSON.stringify(mail)).not.toMatch(/bank|0800|phish/);
  });
});
