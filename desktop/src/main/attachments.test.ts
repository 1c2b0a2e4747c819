import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ERRORS, attachmentDownloadUrl, sanitizeFileName } from './attachments';

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
