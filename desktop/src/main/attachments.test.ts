import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_ERRORS, attachmentDownloadUrl, createAttachmentOpener, sanitizeFileName } from './attachments';

describe('sanitizeFileName', () => {
  it('keeps ordinary names as they are', () => {
    expect(sanitizeFileName('Quality certificate 2026.pdf')).toBe('Quality certificate 2026.pdf');
    expect(sanitizeFileName('Spécification cuivre.docx')).toBe('Spécification cuivre.docx');
  });

  it('drops folders and characters file systems refuse', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('a<b>c:d"e|f?g*h.txt')).toBe('a_b_c_d_e_f_g_h.txt');
    expect(sanitizeFileName('tab\there\nnewline.txt')).toBe('tab here newline.txt');
    expect(sanitizeFileName('bell\u0007.txt')).toBe('bell_.txt');
  });

  it('never makes hidden, empty or reserved names', () => {
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('...')).toBe('attachment');
    expect(sanitizeFileName('')).toBe('attachment');
    expect(sanitizeFileName('name. ')).toBe('name');
    expect(sanitizeFileName('CON.txt')).toBe('_CON.txt');
    expect(sanitizeFileName('lpt1')).toBe('_lpt1');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(180);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDownloadUrl', () => {
  const server = 'https://sourcing.example.com';

  it('resolves the API’s relative signed URL against the configured server', () => {
    expect(attachmentDownloadUrl('/api/uploads/abc.pdf?expires=1&sig=x', server)).toBe(
      'https://sourcing.example.com/api/uploads/abc.pdf?expires=1&sig=x',
    );
    expect(attachmentDownloadUrl('https://sourcing.example.com/api/uploads/abc.pdf', server)).toBe(
      'https://sourcing.example.com/api/uploads/abc.pdf',
    );
  });

  it('refuses URLs that point anywhere else', () => {
    for (const url of ['https://evil.test/x', '//evil.test/x', 'file:///etc/passwd', 'https://sourcing.example.com.evil.test/']) {
      expect(() => attachmentDownloadUrl(url, server), url).toThrow(ATTACHMENT_ERRORS.otherServer);
    }
    expect(() => attachmentDownloadUrl('/api/uploads/x', null)).toThrow(ATTACHMENT_ERRORS.noServer);
  });
});

describe('opening an attachment', () => {
  const server = 'https://sourcing.example.com';
  const folder = join(tmpdir(), `sourcing-attachments-${process.pid}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const opener = (calls: string[]) =>
    createAttachmentOpener({
      fetch: (url) => {
        calls.push(`fetch ${url}`);
        return Promise.resolve(new Response('hello'));
      },
      folder,
      serverOrigin: () => server,
      openPath: (path) => {
        calls.push(`open ${path}`);
        return Promise.resolve('');
      },
    });

  it('never fetches or opens a file whose name the system would run, whatever the server says', async () => {
    const names = [
      'payment-details.bat',
      'invoice.js',
      'invoice.hta',
      'spec.vbs',
      'report.ps1',
      'open-me.command',
      'update.desktop',
      'doc.url',
      'setup.exe',
      'invoice.pdf.lnk',
      'Invoice.BAT',
      'trailing.bat. ',
      'no-extension',
    ];
    for (const fileName of names) {
      const calls: string[] = [];
      await expect(opener(calls).open({ url: '/api/uploads/x.txt', fileName, apiBaseUrl: server }), fileName).rejects.toThrow(
        'is not opened from the app',
      );
      expect(calls, fileName).toEqual([]);
    }
  });

  it('opens documents, pictures and text under their names', async () => {
    for (const fileName of ['spec.pdf', 'photo.JPG', 'notes.md.txt', 'prices.xlsx']) {
      const calls: string[] = [];
      const saved = await opener(calls).open({ url: '/api/uploads/x', fileName, apiBaseUrl: server });
      expect(saved.endsWith(fileName)).toBe(true);
      expect(calls).toEqual([`fetch ${server}/api/uploads/x`, `open ${saved}`]);
    }
  });
});
