import { describe, expect, it } from 'vitest';
import { attachmentHref, formatFileSize, previewKind } from './attachments';

describe('attachmentHref', () => {
  it('resolves a relative signed URL against the API origin, or the page origin when that is empty', () => {
    const file = { url: '/api/uploads/abc.pdf?sig=1' };
    expect(attachmentHref(file, 'https://api.example.com', 'http://localhost')).toBe(
      'https://api.example.com/api/uploads/abc.pdf?sig=1',
    );
    expect(attachmentHref(file, '', 'http://127.0.0.1:3231')).toBe('http://127.0.0.1:3231/api/uploads/abc.pdf?sig=1');
  });

  it('keeps an absolute URL', () => {
    expect(attachmentHref({ url: 'https://files.example.com/x' }, '', 'http://localhost')).toBe('https://files.example.com/x');
  });
});

describe('previewKind', () => {
  it('previews images and PDFs only', () => {
    expect(previewKind({ mimeType: 'image/png' })).toBe('image');
    expect(previewKind({ mimeType: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ mimeType: 'text/csv' })).toBe('none');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12_300)).toBe('12 KB');
    expect(formatFileSize(3_565_158)).toBe('3.4 MB');
  });
});
