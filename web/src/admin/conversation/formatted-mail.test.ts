import { describe, expect, it } from 'vitest';
import { MAIL_POLICY, MAIL_POLICY_REMOTE_IMAGES, mailDocument } from './formatted-mail';

/** The policies a document declares, in order. */
const policiesOf = (document: string) =>
  [...document.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((match) => match[1]);

describe('the document a mail’s HTML is shown in', () => {
  it('loads nothing but inline styles and images inside the mail, its policy declared before the mail', () => {
    const document = mailDocument('<p>Hello <img data-src="https://tracker.example/p.gif"></p>', false);
    expect(policiesOf(document)).toEqual([MAIL_POLICY]);
    expect(MAIL_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(document.indexOf('Content-Security-Policy')).toBeLessThan(document.indexOf('<p>Hello'));
    expect(document).toContain('<body><p>Hello <img data-src="https://tracker.example/p.gif"></p></body>');
  });

  it('lets remote images load only when staff asked for them', () => {
    expect(policiesOf(mailDocument('<p>Hi</p>', true))).toEqual([MAIL_POLICY_REMOTE_IMAGES]);
    expect(MAIL_POLICY_REMOTE_IMAGES).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:");
  });

  it('sends no referrer and opens links in a new tab', () => {
    const document = mailDocument('<a href="https://buyer.example">site</a>', false);
    expect(document).toContain('<meta name="referrer" content="no-referrer">');
    expect(document).toContain('<base target="_blank">');
  });
});
