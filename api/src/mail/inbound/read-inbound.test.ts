import { describe, expect, it } from 'vitest';
import { readInbound, sanitiseMailHtml } from './read-inbound';

const raw = (headers: string[], body = 'Hello.') =>
  Buffer.from([...headers, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n'));

describe('an inbound mail as read', () => {
  it('tells automatic replies by their headers or an out-of-office subject, and people’s answers from them', async () => {
    const kindOf = async (...headers: string[]) =>
      (await readInbound(raw(['From: a@buyer.example', 'Subject: Re: price', ...headers]))).kind;
    expect(await kindOf()).toBe('reply');
    expect(await kindOf('Auto-Submitted: no')).toBe('reply');
    expect(await kindOf('Auto-Submitted: auto-replied')).toBe('auto-reply');
    expect(await kindOf('Auto-Submitted: auto-generated')).toBe('auto-reply');
    expect(await kindOf('X-Autoreply: yes')).toBe('auto-reply');
    expect(await kindOf('Precedence: bulk')).toBe('auto-reply');
    expect(await kindOf('Precedence: auto_reply')).toBe('auto-reply');
    expect((await readInbound(raw(['From: a@buyer.example', 'Subject: Out of Office: back Monday']))).kind).toBe('auto-reply');
    expect((await readInbound(raw(['From: a@buyer.example', 'Subject: Automatic reply: Re: price']))).kind).toBe('auto-reply');
  });

  it('splits the new words from the quoted history, and keys a mail without a Message-ID by its bytes', async () => {
    const body =
      'Yes, 500 t.\n\nOn Thu, 26 Nov 2026 at 10:00, Sourcing <desk@sourcing.example> wrote:\n> Can you take 500 t?\n> Reference: INQ-7K2M9Q';
    const first = await readInbound(raw(['From: Asha <a@buyer.example>', 'Subject: Re: price'], body));
    expect(first.replyText).toBe('Yes, 500 t.');
    expect(first.text).toContain('> Can you take 500 t?');
    expect(first.from).toEqual({ address: 'a@buyer.example', name: 'Asha' });
    expect(first.messageId).toMatch(/^<[0-9a-f]{64}@inbound\.invalid>$/);
    expect((await readInbound(raw(['From: Asha <a@buyer.example>', 'Subject: Re: price'], body))).messageId).toBe(
      first.messageId,
    );
  });

  it('reads where a relay delivered it and what it answers', async () => {
    const mail = await readInbound(
      raw([
        'From: a@buyer.example',
        'To: Desk <desk@sourcing.example>',
        'Cc: b@buyer.example',
        'Delivered-To: desk+abcdefghijklmnop@sourcing.example',
        'X-Original-To: desk+abcdefghijklmnop@sourcing.example',
        'In-Reply-To: <one@sourcing.example>',
        'References: <zero@sourcing.example> <one@sourcing.example>',
        'Subject: Re: price',
      ]),
    );
    expect(mail).toMatchObject({
      to: ['desk@sourcing.example'],
      cc: ['b@buyer.example'],
      deliveredTo: ['desk+abcdefghijklmnop@sourcing.example', 'desk+abcdefghijklmnop@sourcing.example'],
      inReplyTo: '<one@sourcing.example>',
      references: ['<zero@sourcing.example>', '<one@sourcing.example>'],
    });
  });
});

describe('HTML mail shown to staff', () => {
  it('keeps the words and layout, and drops scripts, handlers, forms, frames and javascript: links', () => {
    const html = sanitiseMailHtml(
      `<p onclick="steal()">Price <b>1,150</b></p><script>alert(1)</script><iframe src="https://evil.example"></iframe>
<form action="https://evil.example"><input name="password"></form><a href="javascript:alert(1)">x</a><a href="https://ok.example">site</a>
<style>body{background:url(https://tracker.example/a.png)}</style><table><tr><td colspan="2">cell</td></tr></table>`,
    );
    expect(html).toContain('<p>Price <b>1,150</b></p>');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">site</a>');
    for (const gone of ['script', 'onclick', 'iframe', '<form', '<input', 'javascript:', '<style', 'tracker.example']) {
      expect(html).not.toContain(gone);
    }
  });

  it('loads no remote image until staff ask: the address waits in data-src', () => {
    const html = sanitiseMailHtml(
      '<img src="https://tracker.example/open.gif?id=42" alt="logo" width="1"><img src="cid:logo@x">',
    );
    expect(html).toBe('<img alt="logo" width="1" data-src="https://tracker.example/open.gif?id=42" /><img />');
  });
});
